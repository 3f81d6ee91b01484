import { inApp } from '../app/navigate.js';
import { AccountList } from './AccountList.js';
import { useAccounts } from './use-accounts.js';
import './accounts.css';

/** Every account with its balance and net worth per currency: the way to the accounts on a phone, where the navigation has no room for them. */
export function AccountsScreen({ readOnly, retryTick }: { readOnly: boolean; retryTick: number }) {
  const { accounts } = useAccounts(String(retryTick));
  return (
    <section class="account-screen accounts-screen" aria-labelledby="accounts-title">
      <header class="screen-head">
        <h1 id="accounts-title">Accounts</h1>
      </header>
      {accounts === null ? null : accounts.length === 0 ? (
        <p>
          No accounts yet.{' '}
          {!readOnly && (
            <>
              Add one in{' '}
              <a href="/app/settings#accounts" onClick={(event) => inApp(event, '/app/settings#accounts')}>
                Settings
              </a>{' '}
              or when importing a statement.
            </>
          )}
        </p>
      ) : (
        <AccountList accounts={accounts} current={null} headingId="accounts-screen" />
      )}
      {!readOnly && accounts !== null && accounts.length > 0 && (
        <p class="small">
          <a href="/app/settings#accounts" onClick={(event) => inApp(event, '/app/settings#accounts')}>
            Add, edit, close or remove accounts in Settings
          </a>
        </p>
      )}
    </section>
  );
}
