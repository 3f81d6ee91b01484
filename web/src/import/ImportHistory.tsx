import { formatCount } from '../lib/format.js';
import { formatName } from '../lib/formats.js';
import { rowsWritten, summaryLine } from '../lib/import-report.js';
import type { ImportSummary } from './import-calls.js';
import type { ImportHistorySource } from './use-import-history.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  source: ImportHistorySource;
  /** Read-only tokens see the history without Undo. */
  canWrite: boolean;
  bankName(id: string): string;
  /** Imports undone on this screen, shown at once (the history as read says so too: rowsInList). */
  undone: ReadonlySet<number>;
  onUndo(entry: ImportSummary): void;
}


/** The imported files, newest first: name, format, bank, time and counts, with Undo for each. */
export function ImportHistory({ source, canWrite, bankName, undone, onUndo }: Props) {
  const locale = appLocale();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const imports = source.imports ?? [];
  return (
    <section class="import-card" aria-labelledby="history-title">
      <h2 id="history-title">Imported files</h2>
      {source.failed && (
        <p class="field-error" role="alert">
          The import history could not be read; Moneta did not answer.
        </p>
      )}
      {source.imports === null ? (
        !source.failed && <div class="skeleton" aria-busy="true" aria-label="Loading the import history" />
      ) : imports.length === 0 ? (
        <p class="empty-note">No files imported yet.</p>
      ) : (
        <ul class={`import-history ${source.loading ? 'loading' : ''}`}>
          {imports.map((entry) => (
            <li key={entry.id} data-import-id={entry.id}>
              <span class="history-what">
                <strong class="history-file">{entry.fileName}</strong>
                <span class="small">
                  {formatName(entry.format)}
                  {entry.profile !== undefined && ` (${entry.profile})`} · {bankName(entry.bank)} · <time dateTime={entry.importedAt}>{time.format(new Date(entry.importedAt))}</time>
                </span>
                <span class="small">{summaryLine(entry, locale, true)}</span>
              </span>
              {undone.has(entry.id) || (rowsWritten(entry) > 0 && !entry.rowsInList) ? (
                <span class="small">Undone: its rows are in the trash</span>
              ) : canWrite && rowsWritten(entry) > 0 && (
                <button type="button" class="button danger" aria-label={`Undo import ${entry.id} (${entry.fileName})`} onClick={() => onUndo(entry)}>
                  Undo
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {imports.length < source.total && (
        <button type="button" class="button" onClick={source.more}>
          Show older imports ({formatCount(source.total - imports.length, locale)} more)
        </button>
      )}
    </section>
  );
}
