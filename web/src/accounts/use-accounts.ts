import { useEffect, useState } from 'preact/hooks';
import { api, onConnection } from '../api/client.js';
import type { Account } from '../lib/accounts.js';

export interface AccountsSource {
  /** Null until the first answer (or when the server refused). */
  accounts: Account[] | null;
  reload(): void;
}

/**
 * The accounts with their balances (listAccounts), read again when `tick` changes and after every
 * write any screen makes, so a balance is never stale after an import, a move or an undo.
 */
export function useAccounts(tick = ''): AccountsSource {
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [changed, setChanged] = useState(0);
  useEffect(
    () =>
      onConnection((event) => {
        if (event.kind === 'wrote') setChanged((at) => at + 1);
      }),
    [],
  );
  useEffect(() => {
    let current = true;
    api
      .GET('/accounts')
      .then(({ data }) => current && data && setAccounts(data))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [tick, changed]);
  return { accounts, reload: () => setChanged((at) => at + 1) };
}
