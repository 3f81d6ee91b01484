import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { formatAmount, formatCount, formatShortDate } from '../lib/format.js';
import { formatName } from '../lib/formats.js';
import { duplicateRule, reportPage, STATUS_WORDS, summaryLine, visibleRecord, type ReportRow, type StatusFilter } from '../lib/import-report.js';
import type { ImportReport } from './import-calls.js';
import { MatchedRow } from './MatchedRow.js';
import { appDateStyle, appLocale } from '../app/preferences.js';

interface Props {
  report: ImportReport;
  bankName(id: string): string;
}


/** The per-row report of a dry run or an import: the counts, how the file was read, and the rows a page at a time. */
export function ReportView({ report, bankName }: Props) {
  const locale = appLocale();
  const today = new Date().toISOString().slice(0, 10);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(0);
  const [matched, setMatched] = useState<{ id: number; line: number; rule: string } | null>(null);
  const shown = reportPage(report.rows, status, page);
  const counts: Array<[StatusFilter, number]> = [
    ['all', report.rows.length],
    ['added', report.added],
    ['duplicate', report.duplicates],
    ['conflict', report.conflicts],
    ['invalid', report.invalid],
    ['skipped', report.skipped],
  ];

  const what = (row: ReportRow) => {
    if (row.status === 'duplicate') {
      const rule = duplicateRule(row.reason);
      if (row.duplicateOf === undefined) return <>Repeats an earlier row of this file ({rule}).</>;
      const id = row.duplicateOf;
      return (
        <>
          Already there as{' '}
          <button type="button" class="link-button" aria-label={`Show #${id}, the transaction line ${row.line} matches`} onClick={() => setMatched({ id, line: row.line, rule })}>
            #{id}
          </button>{' '}
          ({rule}).
        </>
      );
    }
    if (row.status === 'invalid') return <>{row.reason}<span class="small row-hint">Fix it in the file, or try another CSV profile or format.</span></>;
    if (row.status === 'added') return row.id !== undefined ? <>Added as #{row.id}.</> : <>Will be added.</>;
    return <>{row.reason}</>;
  };

  /** The row as the file gave it: what the transaction is (or would be), or the record's own text. */
  const asRead = (row: ReportRow) => {
    if (row.date === undefined) {
      if (row.raw === undefined) return <td class="row-read" colSpan={3} />;
      return (
        <td class="row-read" colSpan={3}>
          <span class="small raw-label">The file has:</span> <code class="raw-record">{visibleRecord(row.raw)}</code>
        </td>
      );
    }
    const amount = row.value === undefined ? null : formatAmount(row.value, locale);
    return (
      <>
        <td class="row-date" title={row.date}>
          {formatShortDate(row.date, locale, today, appDateStyle())}
        </td>
        <td class="row-description">{row.description === '' ? <span class="small">(no description)</span> : row.description}</td>
        <td class={`num row-amount ${amount?.kind ?? ''}`}>{amount?.text ?? '?'}</td>
      </>
    );
  };

  return (
    <div class="import-report">
      <h3 class="report-summary" aria-live="polite" data-summary={`${report.added}/${report.duplicates}/${report.invalid}`}>
        {summaryLine(report, locale, report.outcome === 'imported')}
      </h3>
      <p class="small">
        Read as {formatName(report.format)}
        {report.fileName !== 'statement' && <> from {report.fileName}</>}, into {bankName(report.bank)}.
        {report.duplicatesByRule['bank-id'] > 0 && <> {formatCount(report.duplicatesByRule['bank-id'], locale)} already there by the bank's own transaction id.</>}
        {report.duplicatesByRule.fingerprint > 0 && <> {formatCount(report.duplicatesByRule.fingerprint, locale)} already there by date, amount and description.</>}
      </p>
      {report.notes.length > 0 && (
        <ul class="report-notes">
          {report.notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
      {report.rowsTruncated && <p class="note">The report lists the first {formatCount(report.rows.length, locale)} rows of the file; the counts above are for every row.</p>}
      <div class="report-controls">
        <span class="report-filter">
          <label for="report-status">Rows to show</label>
          <select
            id="report-status"
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value as StatusFilter);
              setPage(0);
            }}
          >
            {counts
              .filter(([key, count]) => key === 'all' || count > 0)
              .map(([key, count]) => (
                <option key={key} value={key}>
                  {key === 'all' ? 'Every row' : STATUS_WORDS[key]} ({formatCount(count, locale)})
                </option>
              ))}
          </select>
        </span>
        {shown.pages > 1 && (
          <span class="pager">
            <button type="button" class="button" disabled={shown.page === 0} onClick={() => setPage(shown.page - 1)}>
              Previous
            </button>
            <span class="small">
              Rows {formatCount(shown.first, locale)}–{formatCount(shown.last, locale)} of {formatCount(shown.total, locale)}
            </span>
            <button type="button" class="button" disabled={shown.page >= shown.pages - 1} onClick={() => setPage(shown.page + 1)}>
              Next
            </button>
          </span>
        )}
      </div>
      {shown.total === 0 ? (
        <p class="empty-note">The file has no rows to report.</p>
      ) : (
        <table class="report-rows">
          <thead>
            <tr>
              <th scope="col" class="num">
                Line
              </th>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col" class="num">
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">What happens</th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row, index) => (
              <Fragment key={`${shown.page}-${index}`}>
                <tr data-status={row.status}>
                  <td class="num row-line">{row.line}</td>
                  {asRead(row)}
                  <td class="row-status">
                    <span class={`status status-${row.status}`}>{STATUS_WORDS[row.status]}</span>
                  </td>
                  <td class="row-what">{what(row)}</td>
                </tr>
                {matched !== null && matched.line === row.line && row.status === 'duplicate' && (
                  <tr class="matched-line">
                    <td colSpan={6}>
                      <MatchedRow {...matched} bankName={bankName} onClose={() => setMatched(null)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
