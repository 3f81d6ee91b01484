import { formatCount } from '../lib/format.js';
import type { ExportState } from './use-export.js';

/** "Export CSV" for the filtered rows; while it reads, how far it is and Cancel. */
export function ExportButton({ state, locale }: { state: ExportState; locale: string }) {
  if (state.progress) {
    const { done, total } = state.progress;
    return (
      <span class="export-progress">
        <progress max={Math.max(total, 1)} value={done} aria-label="Export progress" />
        <span role="status">{total === 0 ? 'Exporting…' : `Exporting ${formatCount(done, locale)} of ${formatCount(total, locale)} rows…`}</span>
        <button type="button" class="button" onClick={state.cancel}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <span class="export">
      <button type="button" class="button" onClick={state.start} title="Download the filtered rows as a CSV file">
        Export CSV
      </button>
      {state.error && (
        <span class="field-error" role="alert">
          {state.error}
        </span>
      )}
    </span>
  );
}
