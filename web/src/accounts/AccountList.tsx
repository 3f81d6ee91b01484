import { useState } from 'preact/hooks';
import { inApp } from '../app/navigate.js';
import { groupByType, netWorthByCurrency, type Account } from '../lib/accounts.js';
import { formatMoney } from '../lib/money.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  accounts: Account[];
  /** The account on screen, marked as the current page. */
  current: number | null;
  /** The heading's id (the sidebar and the accounts screen each have one). */
  headingId: string;
}

/** The accounts by type with their current balance, net worth per currency, closed ones behind a toggle. */
export function AccountList({ accounts, current, headingId }: Props) {
  const [withClosed, setWithClosed] = useState(false);
  const locale = appLocale();
  const groups = groupByType(accounts, withClosed);
  const closed = accounts.filter((account) => account.closedOn !== undefined).length;
  const totals = netWorthByCurrency(accounts);
  return (
    <div class="account-list">
      {groups.map((group) => (
        <section key={group.type} class="account-group" aria-label={group.label}>
          <h3 class="account-group-title">{group.label}</h3>
          <ul>
            {group.accounts.map((account) => {
              const href = `/app/accounts/${account.id}`;
              return (
                <li key={account.id}>
                  <a href={href} aria-current={account.id === current ? 'page' : undefined} class={account.closedOn !== undefined ? 'closed' : undefined} onClick={(event) => inApp(event, href)}>
                    <span class="account-name">{account.name}</span>
                    <span class={`account-balance${account.balance.current < 0 ? ' negative' : ''}`}>{formatMoney(account.balance.current, account.currency, locale)}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {totals.length > 0 && (
        <dl class="net-worth" aria-labelledby={`${headingId}-net`}>
          <dt id={`${headingId}-net`}>Net worth</dt>
          {totals.map((each) => (
            <dd key={each.currency} data-currency={each.currency}>
              {formatMoney(each.total, each.currency, locale)}
            </dd>
          ))}
        </dl>
      )}
      {closed > 0 && (
        <button type="button" class="link-button closed-toggle" aria-pressed={withClosed} onClick={() => setWithClosed((was) => !was)}>
          {withClosed ? 'Hide closed accounts' : `Show ${closed} closed`}
        </button>
      )}
    </div>
  );
}
