import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { navigate } from '../app/navigate.js';

/** An empty store: the ways to start, importing a statement or loading the demo data. */
export function FirstRun({ readOnly, onLoaded }: { readOnly: boolean; onLoaded(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    setBusy(true);
    setError(null);
    try {
      const { response, error: problem } = await api.POST('/manage/demo');
      if (response.status === 201) return onLoaded();
      setError((problem as Problem | undefined)?.detail ?? `the server answered ${response.status}`);
    } catch {
      setError('Moneta did not answer; try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="first-run" aria-labelledby="first-run-title">
      <h1 id="first-run-title">Welcome to Moneta</h1>
      <p>There are no transactions yet. How would you like to start?</p>
      <div class="choices">
        <button type="button" class="choice" onClick={() => navigate('/app/import')} disabled={readOnly} aria-describedby="import-what">
          <span class="choice-title">Import a statement</span>
          <span class="choice-line" id="import-what">
            A file your bank exports (CSV, OFX, QIF, CAMT.053 or MT940): check it row by row, then import.
          </span>
        </button>
        <button type="button" class="choice" onClick={() => void load()} disabled={busy || readOnly} aria-describedby="demo-what">
          <span class="choice-title">{busy ? 'Loading demo data…' : 'Load demo data'}</span>
          <span class="choice-line" id="demo-what">
            3 banks, 20 categories and 2,000 transactions over two years, to try things out.
          </span>
        </button>
      </div>
      {readOnly && <p class="note">This token is read-only: it cannot import or load data.</p>}
      {error !== null && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
