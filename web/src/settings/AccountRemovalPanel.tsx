import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { accountRemovalQuery, accountRemovalSentence, moveTargets, type AccountRemovalChoice } from '../lib/account-form.js';
import type { Account } from '../lib/accounts.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  account: Account;
  accounts: Account[];
  onRemoved(message: string): void;
  onCancel(): void;
}

/** Remove an account, choosing where its transactions go (move to an account of the same currency, unassign, trash); a 409 in words. */
export function AccountRemovalPanel({ account, accounts, onRemoved, onCancel }: Props) {
  const locale = appLocale();
  const targets = moveTargets(accounts, account);
  const [count, setCount] = useState<number | null>(null);
  const [choice, setChoice] = useState<AccountRemovalChoice>({ transactions: targets.length > 0 ? 'move' : 'unassign', moveTo: targets[0] ? String(targets[0].id) : '', force: false });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void api
      .GET('/transactions', { params: { query: { account: account.id, limit: 0 } } })
      .then(({ response }) => setCount(response.ok ? Number(response.headers.get('x-total-count')) : null))
      .catch(() => setCount(null));
  }, [account.id]);
  const nameOf = (id: string) => accounts.find((each) => String(each.id) === id)?.name ?? id;

  const remove = async () => {
    setBusy(true);
    try {
      const { data, error, response } = await api.DELETE('/accounts/{accountId}', { params: { path: { accountId: account.id }, query: accountRemovalQuery(choice, count ?? 1) } });
      if (data) {
        const what = data.moved > 0 ? `; ${data.moved} moved to ${nameOf(choice.moveTo)}` : data.unassigned > 0 ? `; ${data.unassigned} left in no account` : data.trashed > 0 ? `; ${data.trashed} moved to the trash` : '';
        return onRemoved(`${account.name} was removed${what}.`);
      }
      const detail = (error as Problem | undefined)?.detail ?? `Moneta answered ${response.status}`;
      setRefusal(
        response.status === 409
          ? /reconcil/i.test(detail)
            ? `Not removed: some of its transactions are reconciled (locked by a reconciliation). Tick "Also reconciled ones" to go ahead. Moneta said: ${detail}`
            : `Not removed: ${detail}`
          : `Not removed: ${detail}`,
      );
    } catch {
      setRefusal('Moneta did not answer; try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="removal-panel" role="group" aria-label={`Remove ${account.name}`}>
      {count !== null && count > 0 && (
        <fieldset class="removal-choice">
          <legend>{count === 1 ? 'Its transaction' : `Its ${new Intl.NumberFormat(locale).format(count)} transactions`}</legend>
          <span class="removal-move">
          <label class="check">
            <input type="radio" name={`fate-${account.id}`} checked={choice.transactions === 'move'} disabled={targets.length === 0} onChange={() => setChoice((was) => ({ ...was, transactions: 'move' }))} /> Move them to
          </label>
          <select aria-label="The account that receives them" value={choice.moveTo} disabled={choice.transactions !== 'move' || targets.length === 0} onChange={(event) => setChoice((was) => ({ ...was, moveTo: event.currentTarget.value }))}>
            {targets.length === 0 && <option value="">No other open {account.currency} account</option>}
            {targets.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
          </span>
          <label class="check">
            <input type="radio" name={`fate-${account.id}`} checked={choice.transactions === 'unassign'} onChange={() => setChoice((was) => ({ ...was, transactions: 'unassign' }))} /> Keep them, in no account
          </label>
          <label class="check">
            <input type="radio" name={`fate-${account.id}`} checked={choice.transactions === 'trash'} onChange={() => setChoice((was) => ({ ...was, transactions: 'trash' }))} /> Move them to the trash
          </label>
          <label class="check">
            <input type="checkbox" checked={choice.force} onChange={(event) => setChoice((was) => ({ ...was, force: event.currentTarget.checked }))} /> Also reconciled ones
          </label>
        </fieldset>
      )}
      <p>{count === null ? 'Counting its transactions…' : accountRemovalSentence(account, choice, count, nameOf, locale)}</p>
      <div class="form-actions">
        <button type="button" class="button danger" disabled={busy || count === null} onClick={() => void remove()}>
          Remove {account.name}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {refusal !== null && (
        <p class="field-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
