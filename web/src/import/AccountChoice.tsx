import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { ACCOUNT_TYPES, type Account, type AccountType } from '../lib/accounts.js';

interface Props {
  /** The accounts (listAccounts); null while they are read. */
  accounts: Account[] | null;
  /** The bank chosen: the accounts at it are offered, and a new one is at it. */
  bank: string;
  bankName: string;
  account: number | null;
  error: string | undefined;
  onChoose(account: number | null): void;
  onCreated(account: Account): void;
}

type NewAccountErrors = { name?: string; type?: string; currency?: string; form?: string };

/** The account the statement is of (optional): its rows go into it and the file's closing balance is checked against it. */
export function AccountChoice({ accounts, bank, bankName, account, error, onChoose, onCreated }: Props) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [type, setType] = useState<AccountType>('checking');
  const [currency, setCurrency] = useState('EUR');
  const [errors, setErrors] = useState<NewAccountErrors>({});
  const [busy, setBusy] = useState(false);
  // An account without a bank may take this one with the import (imported rows are recognised per bank).
  const atBank = (accounts ?? []).filter((each) => (each.bankId === bank || each.bankId === undefined) && each.closedOn === undefined);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { data, error: problem, response } = await api.POST('/accounts', { body: { name: name.trim(), type, currency: currency.trim().toUpperCase(), bankId: bank } });
      if (data) {
        setAdding(false);
        setName('');
        setErrors({});
        return onCreated(data);
      }
      const body = problem as Problem | undefined;
      const next: NewAccountErrors = {};
      for (const each of body?.errors ?? []) {
        const field = each.name.replace(/^\//, '');
        if (field === 'name' || field === 'type' || field === 'currency') next[field] ??= each.message;
      }
      if (response.status === 409 && next.name === undefined) next.name = `an account named "${name.trim()}" exists already; choose it above (or give this one another name)`;
      if (next.name === undefined && next.type === undefined && next.currency === undefined) next.form = body?.detail ?? `Moneta answered ${response.status}.`;
      setErrors(next);
    } catch {
      setErrors({ form: 'Moneta did not answer; try again.' });
    } finally {
      setBusy(false);
    }
  };

  const field = (id: string, message: string | undefined) => ({ 'aria-invalid': message !== undefined, 'aria-describedby': message !== undefined ? `${id}-error` : undefined });
  const fieldError = (id: string, message: string | undefined) =>
    message !== undefined && (
      <p class="field-error" id={`${id}-error`}>
        {message}
      </p>
    );

  return (
    <div class="import-account">
      <div class="form-field">
        <label for="import-account">Account (optional)</label>
        <select id="import-account" value={account ?? ''} {...field('import-account', error)} onChange={(event) => onChoose(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}>
          <option value="">No account: the bank only</option>
          {atBank.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name} ({each.currency}
              {each.ibanMasked !== undefined ? `, ${each.ibanMasked}` : ''})
              {each.bankId === undefined ? ` — no bank yet: takes ${bankName}` : ''}
            </option>
          ))}
        </select>
        <span class="small">With an account, Moneta checks the statement's closing balance against it.</span>
        {fieldError('import-account', error)}
      </div>
      {!adding ? (
        <button type="button" class="link-button" onClick={() => setAdding(true)}>
          Add an account at {bankName}
        </button>
      ) : (
        <form class="new-bank" onSubmit={(event) => void create(event)} aria-label="Add an account">
          <div class="form-field">
            <label for="new-account-name">Account name</label>
            <input id="new-account-name" value={name} required maxLength={100} {...field('new-account-name', errors.name)} onInput={(event) => setName(event.currentTarget.value)} />
            {fieldError('new-account-name', errors.name)}
          </div>
          <div class="form-field">
            <label for="new-account-type">Type</label>
            <select id="new-account-type" value={type} {...field('new-account-type', errors.type)} onChange={(event) => setType(event.currentTarget.value as AccountType)}>
              {ACCOUNT_TYPES.map((each) => (
                <option key={each.type} value={each.type}>
                  {each.label}
                </option>
              ))}
            </select>
            {fieldError('new-account-type', errors.type)}
          </div>
          <div class="form-field">
            <label for="new-account-currency">Currency</label>
            <input id="new-account-currency" value={currency} required maxLength={3} size={4} {...field('new-account-currency', errors.currency)} onInput={(event) => setCurrency(event.currentTarget.value)} />
            {fieldError('new-account-currency', errors.currency)}
          </div>
          <div class="form-actions">
            <button type="submit" class="button primary" disabled={busy}>
              Add account
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
    </div>
  );
}
