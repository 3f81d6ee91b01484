import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem, Transaction } from '../api/types.js';
import { useKeys } from '../app/use-keys.js';
import { reconcileDifference, type Account } from '../lib/accounts.js';
import { formatAmount, formatCount } from '../lib/format.js';
import { currencyDecimals, decimalText, formatMoney, isZero, parseTypedAmount, subtract, type Decimal } from '../lib/money.js';
import type { components, Readable } from '../../../src/http/contract.gen.js';
import { appLocale } from '../app/preferences.js';

type Preview = Readable<components['schemas']['Reconciliation']>;

interface Props {
  account: Account;
  onClose(): void;
  /** Completed: the screen reads the account again. */
  onReconciled(message: string): void;
}

/** A row ticked here: its amount and the change that cleared it (undone to untick it). */
interface Ticked {
  value: number;
  change: number;
}

const problemText = (error: unknown, status: number) => (error as Problem | undefined)?.detail ?? `Moneta answered ${status}`;

/**
 * Reconcile: the statement's date and balance, the cleared balance and the difference, the rows
 * up to the date that are not cleared; ticking a row clears it on the server (setTransactionStatus),
 * unticking undoes that change, and Complete (completeReconciliation) is offered at a difference of 0.
 */
export function Reconcile({ account, onClose, onReconciled }: Props) {
  const locale = appLocale();
  const decimals = currencyDecimals(account.currency);
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<{ date?: string; balance?: string; form?: string }>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [statement, setStatement] = useState<Decimal | null>(null);
  const [ticked, setTicked] = useState<ReadonlyMap<number, Ticked>>(new Map());
  const [busy, setBusy] = useState(false);
  const money = (value: Decimal | number) => formatMoney(value, account.currency, locale);

  const compare = async (event: Event) => {
    event.preventDefault();
    const balance = parseTypedAmount(typed, decimals);
    if (balance === null) return setErrors({ balance: `Write the statement's balance as an amount with at most ${decimals} decimals, such as ${(1234.5).toFixed(decimals)}.` });
    if (date === '') return setErrors({ date: 'Choose the statement\'s date.' });
    setBusy(true);
    try {
      const { data, error, response } = await api.GET('/accounts/{accountId}/reconciliation', { params: { path: { accountId: account.id }, query: { date, balance: Number(decimalText(balance)) } } });
      if (!data) {
        const problem = error as Problem | undefined;
        const named = Object.fromEntries((problem?.errors ?? []).map((each) => [each.name.replace(/^\//, ''), each.message]));
        return setErrors({ date: named.date, balance: named.balance, ...(named.date === undefined && named.balance === undefined && { form: problemText(error, response.status) }) });
      }
      setErrors({});
      setStatement(balance);
      setTicked(new Map());
      setPreview(data);
    } catch {
      setErrors({ form: 'Moneta did not answer; try again.' });
    } finally {
      setBusy(false);
    }
  };

  const tick = async (row: Transaction, on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const { data, error, response } = await api.POST('/manage/transactions/status', { body: { ids: [row.id], status: 'cleared', force: false } });
        if (!data || data.change === undefined) return setErrors({ form: `Not cleared: ${problemText(error, response.status)}.` });
        const change = data.change;
        setTicked((was) => new Map([...was, [row.id, { value: row.value, change }]]));
      } else {
        const was = ticked.get(row.id);
        if (!was) return;
        const { data, error, response } = await api.POST('/changes/{change}/undo', { params: { path: { change: was.change } } });
        if (!data) return setErrors({ form: `Not undone: ${problemText(error, response.status)}.` });
        setTicked((before) => new Map([...before].filter(([id]) => id !== row.id)));
      }
      setErrors({});
    } catch {
      setErrors({ form: 'Moneta did not answer; try again.' });
    } finally {
      setBusy(false);
    }
  };

  const difference = preview && statement ? reconcileDifference(statement, preview.clearedBalance, [...ticked.values()].map((each) => each.value)) : null;
  const canComplete = difference !== null && isZero(difference) && !busy;

  const complete = async () => {
    if (!preview || !statement) return;
    setBusy(true);
    try {
      const { data, error, response } = await api.POST('/accounts/{accountId}/reconciliation', { params: { path: { accountId: account.id } }, body: { date: preview.date, balance: Number(decimalText(statement)) } });
      if (data) return onReconciled(`Reconciled to ${money(statement)} on ${data.date}: ${formatCount(data.reconciled ?? 0, locale)} transactions are now locked.`);
      setErrors({
        form:
          response.status === 409
            ? `Not completed: Moneta's cleared balance on ${preview.date} does not equal the statement's (${problemText(error, response.status)}). Compare again to see what changed.`
            : `Not completed: ${problemText(error, response.status)}.`,
      });
    } catch {
      setErrors({ form: 'Moneta did not answer; try again.' });
    } finally {
      setBusy(false);
    }
  };
  useKeys(!busy, { Escape: onClose });

  const rows = preview?.uncleared ?? [];
  return (
    <section class="account-card reconcile" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title">Reconcile with a statement</h2>
      <form class="form-grid" onSubmit={(event) => void compare(event)}>
        <div class="form-field">
          <label for="reconcile-date">Statement date</label>
          <input id="reconcile-date" type="date" value={date} required aria-invalid={errors.date !== undefined} aria-describedby={errors.date !== undefined ? 'reconcile-date-error' : undefined} onInput={(event) => setDate(event.currentTarget.value)} />
          {errors.date !== undefined && (
            <p class="field-error" id="reconcile-date-error">
              {errors.date}
            </p>
          )}
        </div>
        <div class="form-field">
          <label for="reconcile-balance">Statement balance ({account.currency})</label>
          <input
            id="reconcile-balance"
            inputMode="decimal"
            value={typed}
            required
            aria-invalid={errors.balance !== undefined}
            aria-describedby={errors.balance !== undefined ? 'reconcile-balance-error' : undefined}
            onInput={(event) => setTyped(event.currentTarget.value)}
          />
          {errors.balance !== undefined && (
            <p class="field-error" id="reconcile-balance-error">
              {errors.balance}
            </p>
          )}
        </div>
        <div class="form-actions">
          <button type="submit" class="button primary" disabled={busy}>
            Compare
          </button>
          <button type="button" class="button" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
      {preview && statement && difference && (
        <>
          <dl class="reconcile-figures">
            <div>
              <dt>Statement</dt>
              <dd>{money(statement)}</dd>
            </div>
            <div>
              <dt>Cleared in Moneta</dt>
              <dd data-testid="reconcile-cleared">{money(subtract(statement, difference))}</dd>
            </div>
            <div class={isZero(difference) ? 'agrees' : 'differs'}>
              <dt>Difference</dt>
              <dd data-testid="reconcile-difference">{money(difference)}</dd>
            </div>
          </dl>
          <p class="small" role="status">
            {isZero(difference)
              ? 'The balances agree: complete the reconciliation to lock the cleared rows up to this date.'
              : `Tick the rows the statement lists until the difference is ${money(0)}.`}
          </p>
          {rows.length > 0 ? (
            <ul class="uncleared" aria-label="Rows up to the statement date that are not cleared">
              {rows.map((row) => {
                const amount = formatAmount(row.value, locale);
                return (
                  <li key={row.id}>
                    <label class="check">
                      <input type="checkbox" checked={ticked.has(row.id)} disabled={busy} onChange={(event) => void tick(row, event.currentTarget.checked)} />
                      <span class="uncleared-date">{row.date}</span>
                      <span class="uncleared-description">{row.description}</span>
                      {row.status === 'pending' && <span class="status status-pending">Pending</span>}
                      <span class={`amount ${amount.kind}`}>{amount.text}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p class="small">Every row up to {preview.date} is cleared.</p>
          )}
          {preview.unclearedCount > rows.length && <p class="small">The first {formatCount(rows.length, locale)} of {formatCount(preview.unclearedCount, locale)} are shown; compare again after clearing them.</p>}
          <div class="form-actions">
            <button type="button" class="button primary" disabled={!canComplete} onClick={() => void complete()}>
              Complete
            </button>
            {!isZero(difference) && <span class="small">Complete is offered when the difference is {money(0)}.</span>}
          </div>
        </>
      )}
      {errors.form !== undefined && (
        <p class="field-error" role="alert">
          {errors.form}
        </p>
      )}
    </section>
  );
}

