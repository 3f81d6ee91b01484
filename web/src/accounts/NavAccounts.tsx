import { AccountList } from './AccountList.js';
import { useAccounts } from './use-accounts.js';
import './accounts.css';

/** The navigation's accounts (desktop; on a phone the Accounts tab lists them): balances by type, net worth per currency. */
export function NavAccounts({ current, tick }: { current: number | null; tick: string }) {
  const { accounts } = useAccounts(tick);
  if (accounts === null || accounts.length === 0) return null;
  return (
    <section class="nav-accounts" aria-label="Accounts and balances">
      <AccountList accounts={accounts} current={current} headingId="nav-accounts" />
    </section>
  );
}
