import { useEffect, useState } from 'preact/hooks';
import { api, onConnection } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { useKeys } from '../app/use-keys.js';
import { maskedNumber, typeLabel, yearTo, type Account } from '../lib/accounts.js';
import { formatMoney } from '../lib/money.js';
import { AccountRegister } from './AccountRegister.js';
import { BalanceChart, type BalancePoint } from './BalanceChart.js';
import { Reconcile } from './Reconcile.js';
import './accounts.css';
import { appLocale } from '../app/preferences.js';

interface Props {
  accountId: number;
  readOnly: boolean;
  retryTick: number;
}

/** One account: its header and balances, its balance history, the reconcile flow and its register with running balances. */
export function AccountScreen({ accountId, readOnly, retryTick }: Props) {
  const locale = appLocale();
  const [account, setAccount] = useState<Account | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [points, setPoints] = useState<BalancePoint[] | null>(null);
  const [wrote, setWrote] = useState(0);
  const [reconciling, setReconciling] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(
    () =>
      onConnection((event) => {
        if (event.kind === 'wrote') setWrote((at) => at + 1);
      }),
    [],
  );
  useEffect(() => {
    let current = true;
    api
      .GET('/accounts/{accountId}', { params: { path: { accountId } } })
      .then(({ data, error, response }) => {
        if (!current) return;
        if (data) {
          setAccount(data);
          setMissing(null);
        } else setMissing(response.status === 404 ? 'There is no such account (it may have been removed).' : (error as Problem | undefined)?.detail ?? `Moneta answered ${response.status}.`);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [accountId, wrote, retryTick]);
  // A year of months up to the account's newest transaction (an old account's history is not a flat line to today).
  const asOf = account?.balance.asOf;
  useEffect(() => {
    if (account === null) return;
    let current = true;
    api
      .GET('/accounts/{accountId}/balances', { params: { path: { accountId }, query: { interval: 'month', ...yearTo(asOf ?? new Date().toISOString().slice(0, 10)) } } })
      .then(({ data }) => current && data && setPoints(data.points))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [accountId, wrote, retryTick, asOf, account === null]);
  useEffect(() => {
    if (account) document.title = `${account.name} · Moneta`;
  }, [account?.name]);
  useKeys(!reconciling && !readOnly && account !== null && account.closedOn === undefined, { r: () => setReconciling(true) });

  if (missing !== null)
    return (
      <section class="account-screen">
        <h1>Account</h1>
        <p role="alert">{missing}</p>
      </section>
    );
  if (account === null) return <section class="account-screen" aria-busy="true" />;
  const money = (value: number) => formatMoney(value, account.currency, locale);
  const number = account.ibanMasked ?? account.accountNumberMasked ?? maskedNumber(account.iban ?? account.accountNumber);
  return (
    <section class="account-screen" aria-labelledby="account-title">
      <header class="screen-head account-head">
        <div>
          <h1 id="account-title">{account.name}</h1>
          <p class="small account-facts">
            {typeLabel(account.type)} · {account.currency}
            {number !== undefined && <> · {number}</>}
            {account.closedOn !== undefined && <> · closed on {account.closedOn}</>}
            {account.lastReconciled !== undefined && (
              <>
                {' '}
                · reconciled to {money(account.lastReconciled.balance)} on {account.lastReconciled.date}
              </>
            )}
          </p>
        </div>
        {!readOnly && account.closedOn === undefined && !reconciling && (
          <button type="button" class="button" aria-keyshortcuts="r" onClick={() => setReconciling(true)}>
            Reconcile <kbd>r</kbd>
          </button>
        )}
      </header>
      <dl class="account-balances">
        <div>
          <dt>Current</dt>
          <dd data-testid="balance-current">{money(account.balance.current)}</dd>
        </div>
        <div>
          <dt>Cleared</dt>
          <dd data-testid="balance-cleared">{money(account.balance.cleared)}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd data-testid="balance-pending">{money(account.balance.pending)}</dd>
        </div>
      </dl>
      {message !== null && (
        <p class="banner info" role="status">
          {message}
        </p>
      )}
      {reconciling && (
        <Reconcile
          account={account}
          onClose={() => setReconciling(false)}
          onReconciled={(text) => {
            setReconciling(false);
            setMessage(text);
          }}
        />
      )}
      {points !== null && <BalanceChart points={points} currency={account.currency} locale={locale} />}
      <AccountRegister accountId={account.id} currency={account.currency} tick={wrote + retryTick} keysActive={!reconciling} />
    </section>
  );
}

