import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Bank, Problem } from '../api/types.js';
import { accountPatch, ACCOUNT_FIELDS, draftOf, newAccountBody, type AccountDraft, type AccountField } from '../lib/account-form.js';
import { ACCOUNT_TYPES, type Account, type AccountType } from '../lib/accounts.js';
import { errorsByField } from '../lib/catalogue.js';

interface Props {
  /** The account edited, or null to add one. */
  account: Account | null;
  banks: Bank[];
  onSaved(account: Account): void;
  onCancel(): void;
}

/** Add or edit an account: name, type, currency, bank, IBAN or number, opening balance and date; the API's field errors at their fields. */
export function AccountForm({ account, banks, onSaved, onCancel }: Props) {
  const [draft, setDraft] = useState<AccountDraft>(() => draftOf(account));
  const [errors, setErrors] = useState<Partial<Record<AccountField, string>>>({});
  const [busy, setBusy] = useState(false);
  const prefix = account === null ? 'new-account' : `account-${account.id}`;
  const set = (field: keyof AccountDraft) => (event: Event) => setDraft((was) => ({ ...was, [field]: (event.currentTarget as HTMLInputElement).value }));

  const send = (): Promise<{ data?: Account; error?: unknown; response: Response }> | Partial<Record<AccountField, string>> | null => {
    if (account === null) {
      const created = newAccountBody(draft);
      return 'errors' in created ? created.errors : api.POST('/accounts', { body: created.body });
    }
    const patch = accountPatch(account, draft);
    if (patch === null) return null;
    return 'errors' in patch ? patch.errors : api.PATCH('/accounts/{accountId}', { params: { path: { accountId: account.id } }, body: patch.body });
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const request = send();
    if (request === null) return onCancel();
    if (!(request instanceof Promise)) return setErrors(request);
    setBusy(true);
    try {
      const answer = await request;
      if (answer.data) return onSaved(answer.data);
      const next = errorsByField(answer.error as Problem | undefined, ACCOUNT_FIELDS, 'form');
      // A second account of the same name is a 409 without field errors: it belongs at the name.
      if (answer.response.status === 409 && next.form !== undefined && /name/i.test(next.form)) {
        next.name = next.form;
        delete next.form;
      }
      setErrors(next);
    } catch {
      setErrors({ form: 'Moneta did not answer; try again.' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: AccountField) => ({
    id: `${prefix}-${name}`,
    'aria-invalid': errors[name] !== undefined,
    'aria-describedby': errors[name] !== undefined ? `${prefix}-${name}-error` : undefined,
  });
  const fieldError = (name: AccountField) =>
    errors[name] !== undefined && (
      <p class="field-error" id={`${prefix}-${name}-error`}>
        {errors[name]}
      </p>
    );

  return (
    <form class="account-form" onSubmit={(event) => void save(event)} aria-label={account === null ? 'Add an account' : `Edit ${account.name}`}>
      <div class="form-grid">
        <div class="form-field">
          <label for={`${prefix}-name`}>Name</label>
          <input {...field('name')} value={draft.name} required maxLength={100} onInput={set('name')} />
          {fieldError('name')}
        </div>
        <div class="form-field">
          <label for={`${prefix}-type`}>Type</label>
          <select {...field('type')} value={draft.type} onChange={(event) => setDraft((was) => ({ ...was, type: event.currentTarget.value as AccountType }))}>
            {ACCOUNT_TYPES.map((each) => (
              <option key={each.type} value={each.type}>
                {each.label}
              </option>
            ))}
          </select>
          {fieldError('type')}
        </div>
        <div class="form-field">
          <label for={`${prefix}-currency`}>Currency</label>
          <input {...field('currency')} value={draft.currency} required maxLength={3} size={4} onInput={set('currency')} />
          {fieldError('currency')}
        </div>
        <div class="form-field">
          <label for={`${prefix}-bankId`}>Bank</label>
          <select {...field('bankId')} value={draft.bankId} onChange={set('bankId')}>
            <option value="">None</option>
            {banks.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.name}
              </option>
            ))}
          </select>
          {fieldError('bankId')}
        </div>
        <div class="form-field">
          <label for={`${prefix}-number`}>IBAN or account number</label>
          <input {...field('number')} value={draft.number} maxLength={42} autoComplete="off" onInput={set('number')} />
          {fieldError('number')}
        </div>
        <div class="form-field">
          <label for={`${prefix}-openingBalance`}>Opening balance</label>
          <input {...field('openingBalance')} value={draft.openingBalance} inputMode="decimal" onInput={set('openingBalance')} />
          {fieldError('openingBalance')}
        </div>
        <div class="form-field">
          <label for={`${prefix}-openingDate`}>Opening date</label>
          <input {...field('openingDate')} type="date" value={draft.openingDate} onInput={set('openingDate')} />
          {fieldError('openingDate')}
        </div>
      </div>
      <div class="form-actions">
        <button type="submit" class="button primary" disabled={busy}>
          {account === null ? 'Add account' : 'Save'}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {errors.form !== undefined && (
        <p class="field-error" role="alert">
          {errors.form}
        </p>
      )}
    </form>
  );
}
