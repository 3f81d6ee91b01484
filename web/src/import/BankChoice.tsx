import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Bank, Problem } from '../api/types.js';
import { bankIdFrom } from '../lib/import-report.js';

interface Props {
  banks: Bank[];
  bank: string;
  /** The import's error about the bank (an unknown id), shown beside the choice. */
  error: string | undefined;
  onChoose(bankId: string): void;
  /** A bank was created: the catalogue reloads and it is chosen. */
  onCreated(bank: Bank): void;
}

type NewBankErrors = { id?: string; name?: string; form?: string };

/** Step 2: the bank the statement comes from, chosen from the banks or added here (createBank). */
export function BankChoice({ banks, bank, error, onChoose, onCreated }: Props) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [idTouched, setIdTouched] = useState(false);
  const [errors, setErrors] = useState<NewBankErrors>({});
  const [busy, setBusy] = useState(false);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { data, error: problem, response } = await api.POST('/manage/banks', { body: { id, name } });
      if (data) {
        setAdding(false);
        setName('');
        setId('');
        setIdTouched(false);
        setErrors({});
        return onCreated(data);
      }
      const body = problem as Problem | undefined;
      const next: NewBankErrors = {};
      for (const each of body?.errors ?? []) {
        const field = each.name.replace(/^\//, '');
        if (field === 'id' || field === 'name') next[field] ??= each.message;
      }
      if (response.status === 409) next.id = `a bank with the id "${id}" exists already; choose it above`;
      if (next.id === undefined && next.name === undefined) next.form = body?.detail ?? `Moneta answered ${response.status}.`;
      setErrors(next);
    } catch {
      setErrors({ form: 'Moneta did not answer; try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset class="import-step">
      <legend>
        <span class="step-number">2</span> Bank
      </legend>
      <div class="form-field">
        <label for="import-bank">The bank it comes from</label>
        <select id="import-bank" value={bank} aria-invalid={error !== undefined} aria-describedby={error !== undefined ? 'import-bank-error' : undefined} onChange={(event) => onChoose(event.currentTarget.value)}>
          <option value="">Choose a bank…</option>
          {banks.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name} ({each.id})
            </option>
          ))}
        </select>
        {error !== undefined && (
          <p class="field-error" id="import-bank-error">
            {error}
          </p>
        )}
      </div>
      {!adding ? (
        <button type="button" class="link-button" onClick={() => setAdding(true)}>
          Add a new bank
        </button>
      ) : (
        <form class="new-bank" onSubmit={(event) => void create(event)} aria-label="Add a bank">
          <div class="form-field">
            <label for="new-bank-name">Bank name</label>
            <input
              id="new-bank-name"
              value={name}
              required
              maxLength={100}
              aria-invalid={errors.name !== undefined}
              aria-describedby={errors.name !== undefined ? 'new-bank-name-error' : undefined}
              onInput={(event) => {
                const typed = event.currentTarget.value;
                setName(typed);
                if (!idTouched) setId(bankIdFrom(typed));
              }}
            />
            {errors.name !== undefined && (
              <p class="field-error" id="new-bank-name-error">
                {errors.name}
              </p>
            )}
          </div>
          <div class="form-field">
            <label for="new-bank-id">Short id (kept for good)</label>
            <input
              id="new-bank-id"
              value={id}
              required
              maxLength={64}
              aria-invalid={errors.id !== undefined}
              aria-describedby={errors.id !== undefined ? 'new-bank-id-error' : undefined}
              onInput={(event) => {
                setIdTouched(true);
                setId(event.currentTarget.value);
              }}
            />
            {errors.id !== undefined && (
              <p class="field-error" id="new-bank-id-error">
                {errors.id}
              </p>
            )}
          </div>
          <div class="form-actions">
            <button type="submit" class="button primary" disabled={busy}>
              Add bank
            </button>
            <button type="button" class="button" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
          {errors.form !== undefined && (
            <p class="field-error" role="alert">
              {errors.form}
            </p>
          )}
        </form>
      )}
    </fieldset>
  );
}
