import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Transaction } from '../api/types.js';
import { useKeys } from '../app/use-keys.js';
import { formatAmount, formatCount, formatShortDate } from '../lib/format.js';
import { formatMoney } from '../lib/money.js';
import { appDateStyle, appLocale } from '../app/preferences.js';

/** Rows read per page: the screen shows the first at once and reads more on request. */
export const REGISTER_PAGE = 100;

interface Row {
  transaction: Transaction;
  balance: number;
}

interface Props {
  accountId: number;
  currency: string;
  /** Changes after a write any screen made: the pages read so far are read again. */
  tick: number;
  keysActive: boolean;
}

const STATUS_WORDS: Record<NonNullable<Transaction['status']> | 'none', string> = {
  pending: 'Pending',
  cleared: 'Cleared',
  reconciled: 'Reconciled',
  none: 'Not cleared',
};

/** The account's transactions newest first with the balance after each (accountRegister), a page at a time. */
export function AccountRegister({ accountId, currency, tick, keysActive }: Props) {
  const locale = appLocale();
  const today = new Date().toISOString().slice(0, 10);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState(0);
  const [stale, setStale] = useState(false);
  const [cursor, setCursor] = useState(0);
  // How many rows are shown: a write re-reads as many in one request; "Show more" reads the next page only.
  const shown = useRef(REGISTER_PAGE);
  const read = async (offset: number, limit: number): Promise<{ rows: Row[]; total: number } | null> => {
    const { data, response } = await api.GET('/accounts/{accountId}/register', { params: { path: { accountId }, query: { limit, offset } } });
    return data ? { rows: data.rows, total: Number(response.headers.get('x-total-count') ?? data.rows.length) } : null;
  };
  useEffect(() => {
    let current = true;
    setStale(true);
    read(0, shown.current)
      .then((page) => {
        if (!current || !page) return;
        setRows(page.rows);
        setTotal(page.total);
        setStale(false);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [accountId, tick]);
  const more = async () => {
    if (!rows) return;
    setStale(true);
    const page = await read(rows.length, REGISTER_PAGE).catch(() => null);
    setStale(false);
    if (!page) return;
    shown.current = rows.length + REGISTER_PAGE;
    setRows([...rows, ...page.rows]);
    setTotal(page.total);
  };
  const move = (by: number) => {
    if (!rows || rows.length === 0) return;
    const next = Math.min(rows.length - 1, Math.max(0, cursor + by));
    setCursor(next);
    document.getElementById(`account-row-${next}`)?.scrollIntoView({ block: 'nearest' });
  };
  useKeys(keysActive, { j: () => move(1), k: () => move(-1), ArrowDown: () => move(1), ArrowUp: () => move(-1) });

  if (rows === null) return <p class="small account-card">Reading the register…</p>;
  return (
    <section class="account-card" aria-labelledby="account-register-title">
      <h2 id="account-register-title">
        Register <span class="small">{formatCount(total, locale)} transactions, newest first</span>
      </h2>
      {rows.length === 0 ? (
        <p class="small">No transactions in this account yet. Import a statement into it.</p>
      ) : (
        <div class="table-scroll" tabIndex={0} role="region" aria-label="The register, scrolls sideways">
          <table class={`account-register${stale ? ' stale' : ''}`}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col" class="optional">
                  Category
                </th>
                {/* On a phone the running balance stays in view; the status gives way. */}
                <th scope="col" class="optional">
                  Status
                </th>
                <th scope="col" class="amount">
                  Amount
                </th>
                <th scope="col" class="amount">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const amount = formatAmount(row.transaction.value, locale);
                const status = row.transaction.status ?? 'none';
                return (
                  <tr key={row.transaction.id} id={`account-row-${index}`} class={index === cursor ? 'cursor' : undefined} onMouseDown={() => setCursor(index)}>
                    <td title={row.transaction.date}>{formatShortDate(row.transaction.date, locale, today, appDateStyle())}</td>
                    <td class="description">{row.transaction.description}</td>
                    <td class="optional">{row.transaction.category ?? ''}</td>
                    <td class="optional">
                      <span class={`status status-${status}`}>{STATUS_WORDS[status]}</span>
                    </td>
                    <td class={`amount ${amount.kind}`}>{amount.text}</td>
                    <td class="amount balance">{formatMoney(row.balance, currency, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.length < total && (
        <button type="button" class="button" disabled={stale} onClick={() => void more()}>
          Show {formatCount(Math.min(REGISTER_PAGE, total - rows.length), locale)} more
        </button>
      )}
    </section>
  );
}
