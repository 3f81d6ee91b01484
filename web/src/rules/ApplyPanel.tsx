import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { formatCount } from '../lib/format.js';
import { appLocale } from '../app/preferences.js';

type Scope = 'uncategorised' | 'all';
type Outcome = { dryRun: boolean; examined: number; changed: number };

/** Apply the rules to existing transactions: first a dry run says how many would change, then Apply does it. */
export function ApplyPanel({ onApplied }: { onApplied(): void }) {
  const locale = appLocale();
  const [scope, setScope] = useState<Scope>('uncategorised');
  const [overwriteManual, setOverwriteManual] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const { data, error: problem, response } = await api.POST('/rules/apply', { body: { dryRun, scope, ...(scope === 'all' && { overwriteManual }) } });
      if (data) {
        setOutcome(data);
        if (!dryRun) onApplied();
      } else setError((problem as Problem | undefined)?.detail ?? `the server answered ${response.status}`);
    } catch {
      setError('Moneta did not answer; try again.');
    } finally {
      setBusy(false);
    }
  };
  const reset = (next: () => void) => {
    next();
    setOutcome(null);
  };

  return (
    <section class="rules-card" aria-labelledby="apply-title">
      <h2 id="apply-title">Apply to existing transactions</h2>
      <div class="apply-options">
        <label>
          Transactions
          <select value={scope} onChange={(event) => reset(() => setScope(event.currentTarget.value as Scope))}>
            <option value="uncategorised">Uncategorised only</option>
            <option value="all">All (not those a person categorised)</option>
          </select>
        </label>
        {scope === 'all' && (
          <label class="check">
            <input type="checkbox" checked={overwriteManual} onChange={(event) => reset(() => setOverwriteManual(event.currentTarget.checked))} />
            Also those a person categorised
          </label>
        )}
      </div>
      <div class="apply-actions" aria-live="polite">
        {outcome === null || !outcome.dryRun ? (
          <button type="button" class="button" disabled={busy} onClick={() => void run(true)}>
            Check what would change
          </button>
        ) : (
          <>
            <span data-would-change={outcome.changed}>
              {formatCount(outcome.changed, locale)} of {formatCount(outcome.examined, locale)} would change.
            </span>
            <button type="button" class="button primary" disabled={busy || outcome.changed === 0} onClick={() => void run(false)}>
              Apply to {formatCount(outcome.changed, locale)}
            </button>
            <button type="button" class="button" onClick={() => setOutcome(null)}>
              Cancel
            </button>
          </>
        )}
        {outcome !== null && !outcome.dryRun && <span role="status">Done: {formatCount(outcome.changed, locale)} changed.</span>}
      </div>
      {error !== null && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
