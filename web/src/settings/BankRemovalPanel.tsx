import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Bank, Problem } from '../api/types.js';
import { bankRemovalQuery, bankRemovalSentence, counted, errorsByField, rulesNaming, type BankRemovalChoice } from '../lib/catalogue.js';
import { ConfirmDialog } from '../register/ConfirmDialog.js';
import { CatalogueField, idFor, valueOf } from './CatalogueField.js';
import type { CatalogueFacts } from './use-catalogue-facts.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  bank: Bank;
  facts: CatalogueFacts;
  /** Removed: what the API says was done. */
  onDone(message: string): void;
  onCancel(): void;
}

type Field = 'transactions' | 'rules' | 'moveTo' | 'form';

/** Where a used bank's transactions and rules go, said in numbers, then asked once more before it is removed. */
export function BankRemovalPanel({ bank, facts, onDone, onCancel }: Props) {
  const locale = appLocale();
  const others = facts.banks.filter((other) => other.id !== bank.id);
  const transactions = facts.bankCounts.get(bank.id) ?? 0;
  const rules = rulesNaming(facts.rules, { bank: bank.id });
  const [choice, setChoice] = useState<BankRemovalChoice>({ transactions: others.length > 0 ? 'move' : 'trash', rules: 'remove', moveTo: others[0]?.id ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const query = bankRemovalQuery(choice, transactions, rules);
  const nameOf = (id: string) => facts.banks.find((other) => other.id === id)?.name ?? id;
  const sentence = bankRemovalSentence(bank.name, choice, transactions, rules, locale, nameOf);
  const prefix = `bank-remove-${idFor(bank.id)}`;

  const remove = async () => {
    setConfirming(false);
    const { data, error } = await api.DELETE('/manage/banks/{bankId}', { params: { path: { bankId: bank.id }, query } }).catch(() => ({ data: undefined, error: undefined }));
    if (!data) return setErrors(errorsByField(error as Problem | undefined, { 'query:transactions': 'transactions', 'query:rules': 'rules', 'query:moveTo': 'moveTo' }, 'form'));
    const done = [
      data.transactionsMoved > 0 && `${counted(data.transactionsMoved, 'transaction', locale)} moved to ${nameOf(data.moveTo ?? '')}`,
      data.transactionsTrashed > 0 && `${counted(data.transactionsTrashed, 'transaction', locale)} moved to the trash`,
      data.rulesRemoved.length > 0 && `${counted(data.rulesRemoved.length, 'rule', locale)} removed`,
      data.rulesRetargeted.length > 0 && `${counted(data.rulesRetargeted.length, 'rule', locale)} now naming ${nameOf(data.moveTo ?? '')}`,
    ].filter((part): part is string => part !== false);
    onDone(`Removed ${bank.name}${done.length > 0 ? `: ${done.join('; ')}` : ''}.`);
  };

  return (
    <div class="catalogue-panel" role="group" aria-label={`Delete ${bank.name}`} onKeyDown={(event) => event.key === 'Escape' && !confirming && onCancel()}>
      {transactions > 0 && (
        <CatalogueField id={`${prefix}-transactions`} label={`Its ${counted(transactions, 'transaction', locale)}`} error={errors.transactions}>
          {(control) => (
            <select {...control} autoFocus value={choice.transactions} onChange={(event) => setChoice({ ...choice, transactions: valueOf(event) as BankRemovalChoice['transactions'] })}>
              {others.length > 0 && <option value="move">Move to another bank</option>}
              <option value="trash">Move to the trash</option>
            </select>
          )}
        </CatalogueField>
      )}
      {rules > 0 && (
        <CatalogueField id={`${prefix}-rules`} label={`The ${counted(rules, 'rule', locale)} naming it`} error={errors.rules}>
          {(control) => (
            <select {...control} value={choice.rules} onChange={(event) => setChoice({ ...choice, rules: valueOf(event) as BankRemovalChoice['rules'] })}>
              <option value="remove">Remove them</option>
              {others.length > 0 && <option value="retarget">Name the receiving bank instead</option>}
            </select>
          )}
        </CatalogueField>
      )}
      {query.moveTo !== undefined && (
        <CatalogueField id={`${prefix}-move-to`} label="Receiving bank" error={errors.moveTo}>
          {(control) => (
            <select {...control} value={choice.moveTo} onChange={(event) => setChoice({ ...choice, moveTo: valueOf(event) })}>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name} ({other.id})
                </option>
              ))}
            </select>
          )}
        </CatalogueField>
      )}
      <p class="catalogue-sentence">{sentence}</p>
      {errors.form !== undefined && (
        <p class="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <div class="catalogue-actions">
        <button type="button" class="button danger" onClick={() => setConfirming(true)}>
          Delete {bank.name}…
        </button>
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {confirming && <ConfirmDialog title={`Delete ${bank.name}?`} detail={sentence} action="Delete bank" onConfirm={() => void remove()} onCancel={() => setConfirming(false)} />}
    </div>
  );
}
