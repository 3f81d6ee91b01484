import { useEffect, useState } from 'preact/hooks';
import '../accounts/accounts.css';
import type { Access } from '../api/access.js';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { useAccounts } from '../accounts/use-accounts.js';
import { maskedNumber, typeLabel, type Account } from '../lib/accounts.js';
import { formatMoney } from '../lib/money.js';
import { useCatalogue } from '../register/use-catalogue.js';
import { AccountForm } from './AccountForm.js';
import { AccountRemovalPanel } from './AccountRemovalPanel.js';
import { appLocale } from '../app/preferences.js';

/** Settings' accounts: the list, add, edit, close or reopen, and remove with a choice for the transactions. */
export function AccountsSection({ access }: { access: Access }) {
  const locale = appLocale();
  const canWrite = access === 'read-write';
  const { accounts, reload } = useAccounts();
  const { banks } = useCatalogue();
  const [open, setOpen] = useState<{ kind: 'add' } | { kind: 'edit' | 'remove'; id: number } | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // The Accounts screen links here (/app/settings#accounts): once the list is drawn, show it.
  const drawn = accounts !== null;
  useEffect(() => {
    if (drawn && location.hash === '#accounts') document.getElementById('accounts')?.scrollIntoView({ block: 'start' });
  }, [drawn]);
  const done = (text: string) => {
    setOpen(null);
    setMessage({ text, error: false });
    reload();
  };

  const closeOrReopen = async (account: Account) => {
    const closedOn = account.closedOn === undefined ? new Date().toISOString().slice(0, 10) : null;
    const { data, error, response } = await api.PATCH('/accounts/{accountId}', { params: { path: { accountId: account.id } }, body: { closedOn } });
    if (data) return done(closedOn === null ? `${account.name} is open again.` : `${account.name} is closed as of ${closedOn}; its transactions stay.`);
    setMessage({ text: `${account.name}: ${(error as Problem | undefined)?.detail ?? `Moneta answered ${response.status}`}`, error: true });
  };

  return (
    <section class="settings-card accounts-section" id="accounts" aria-labelledby="accounts-settings-title">
      <h2 id="accounts-settings-title">Accounts</h2>
      {accounts === null ? (
        <p class="small">Reading the accounts…</p>
      ) : accounts.length === 0 ? (
        <p class="small">No accounts yet. An account holds a balance, checks imported statements against it, and can be reconciled.</p>
      ) : (
        <ul class="accounts-settings-list">
          {accounts.map((account) => (
            <li key={account.id} data-account={account.name}>
              <div class="account-row">
                <span class="account-row-name">
                  <strong>{account.name}</strong>{' '}
                  <span class="small">
                    {typeLabel(account.type)} · {account.currency}
                    {account.bankId !== undefined && ` · ${banks.find((bank) => bank.id === account.bankId)?.name ?? account.bankId}`}
                    {(account.ibanMasked ?? account.accountNumberMasked ?? maskedNumber(account.iban ?? account.accountNumber)) !== undefined && ` · ${account.ibanMasked ?? account.accountNumberMasked ?? maskedNumber(account.iban ?? account.accountNumber)}`}
                    {account.closedOn !== undefined && ` · closed on ${account.closedOn}`}
                  </span>
                </span>
                <span class="amount">{formatMoney(account.balance.current, account.currency, locale)}</span>
                {canWrite && (
                  <span class="account-row-actions">
                    <button type="button" class="button" onClick={() => setOpen({ kind: 'edit', id: account.id })}>
                      Edit<span class="visually-hidden"> {account.name}</span>
                    </button>
                    <button type="button" class="button" onClick={() => void closeOrReopen(account)}>
                      {account.closedOn === undefined ? 'Close' : 'Reopen'}
                      <span class="visually-hidden"> {account.name}</span>
                    </button>
                    <button type="button" class="button danger" onClick={() => setOpen({ kind: 'remove', id: account.id })}>
                      Remove<span class="visually-hidden"> {account.name}</span>
                    </button>
                  </span>
                )}
              </div>
              {open?.kind === 'edit' && open.id === account.id && <AccountForm account={account} banks={banks} onSaved={(saved) => done(`${saved.name} saved.`)} onCancel={() => setOpen(null)} />}
              {open?.kind === 'remove' && open.id === account.id && <AccountRemovalPanel account={account} accounts={accounts} onRemoved={done} onCancel={() => setOpen(null)} />}
            </li>
          ))}
        </ul>
      )}
      {canWrite &&
        (open?.kind === 'add' ? (
          <AccountForm account={null} banks={banks} onSaved={(saved) => done(`${saved.name} added.`)} onCancel={() => setOpen(null)} />
        ) : (
          <button type="button" class="button" onClick={() => setOpen({ kind: 'add' })}>
            Add an account
          </button>
        ))}
      {message !== null && (
        <p class={message.error ? 'field-error' : 'note'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
