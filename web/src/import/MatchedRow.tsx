import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Transaction } from '../api/types.js';
import { formatAmount, formatShortDate } from '../lib/format.js';
import { appDateStyle, appLocale } from '../app/preferences.js';

interface Props {
  id: number;
  /** Which report line matched it, and by which rule (in words). */
  line: number;
  rule: string;
  bankName(id: string): string;
  onClose(): void;
}

/** The stored transaction a duplicate row matched (getTransaction), beside the report. */
export function MatchedRow({ id, line, rule, bankName, onClose }: Props) {
  const locale = appLocale();
  const today = new Date().toISOString().slice(0, 10);
  const [row, setRow] = useState<Transaction | null | 'missing'>(null);
  useEffect(() => {
    let current = true;
    setRow(null);
    api
      .GET('/transactions/{transactionId}', { params: { path: { transactionId: id } } })
      .then(({ data }) => current && setRow(data ?? 'missing'))
      .catch(() => current && setRow('missing'));
    return () => {
      current = false;
    };
  }, [id]);
  const amount = row !== null && row !== 'missing' ? formatAmount(row.value, locale) : null;
  return (
    <section class="matched" aria-labelledby="matched-title" aria-live="polite">
      <h3 id="matched-title">
        Line {line} is already there as #{id}
      </h3>
      <p class="small">Matched by: {rule}.</p>
      {row === null ? (
        <p class="small">Reading #{id}…</p>
      ) : row === 'missing' ? (
        <p class="field-error">#{id} could not be read (it may have been deleted since).</p>
      ) : (
        <dl class="matched-row" data-matched-id={row.id}>
          <div>
            <dt>Date</dt>
            <dd title={row.date}>{formatShortDate(row.date, locale, today, appDateStyle())}</dd>
          </div>
          <div>
            <dt>Description</dt>
            <dd class="matched-description">{row.description}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd class={`amount ${amount?.kind === 'income' ? 'income' : ''}`}>{amount?.text}</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>{row.category ?? <span class="muted">none</span>}</dd>
          </div>
          {row.bank !== undefined && (
            <div>
              <dt>Bank</dt>
              <dd>{bankName(row.bank)}</dd>
            </div>
          )}
        </dl>
      )}
      <button type="button" class="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
