import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Category, Problem } from '../api/types.js';
import { categoryRemovalSentence, counted, errorsByField, mergeSentence, rulesNaming } from '../lib/catalogue.js';
import { ConfirmDialog } from '../register/ConfirmDialog.js';
import { CatalogueField, idFor, valueOf } from './CatalogueField.js';
import type { CatalogueFacts } from './use-catalogue-facts.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  category: Category;
  /** Merge it into another category, or remove it (its transactions become uncategorised). */
  mode: 'merge' | 'delete';
  facts: CatalogueFacts;
  onDone(message: string): void;
  onCancel(): void;
}

type Field = 'into' | 'rules' | 'rulesTo' | 'form';

/** Merging or removing a category: the choices, the numbers, then one more question before it runs. */
export function CategoryRemovalPanel({ category, mode, facts, onDone, onCancel }: Props) {
  const locale = appLocale();
  const others = facts.categories.filter((other) => other.name !== category.name);
  const transactions = facts.categoryCounts?.get(category.name) ?? 0;
  const rules = rulesNaming(facts.rules, { category: category.name });
  const [into, setInto] = useState(others[0]?.name ?? '');
  const [ruleChoice, setRuleChoice] = useState<'remove' | 'retarget'>('remove');
  const [rulesTo, setRulesTo] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Nothing to choose: ask at once.
  const nothingToChoose = mode === 'delete' && rules === 0;
  const [confirming, setConfirming] = useState(nothingToChoose);
  const prefix = `category-${mode}-${idFor(category.name)}`;
  const sentence =
    mode === 'merge'
      ? mergeSentence(category.name, into, transactions, rules, locale)
      : categoryRemovalSentence(category.name, transactions, rules, ruleChoice === 'retarget' ? rulesTo.trim() : '', locale);

  const run = async () => {
    setConfirming(false);
    if (mode === 'merge') {
      const { data, error } = await api.POST('/manage/categories/merge', { body: { from: [category.name], into } }).catch(() => ({ data: undefined, error: undefined }));
      if (!data) return setErrors(errorsByField(error as Problem | undefined, { 'body:into': 'into', 'body:from': 'into' }, 'form'));
      return onDone(`Merged ${category.name} into ${data.into.name}: ${counted(data.transactions, 'transaction', locale)} and ${counted(data.rules.length, 'rule', locale)} moved.`);
    }
    const query = rules === 0 ? {} : ruleChoice === 'remove' ? { rules: 'remove' as const } : { rules: 'retarget' as const, rulesTo: rulesTo.trim() };
    const { data, error } = await api
      .DELETE('/manage/categories/{categoryName}', { params: { path: { categoryName: category.name }, query } })
      .catch(() => ({ data: undefined, error: undefined }));
    if (!data) return setErrors(errorsByField(error as Problem | undefined, { 'query:rules': 'rules', 'query:rulesTo': 'rulesTo' }, 'form'));
    const done = [`${counted(data.uncategorised, 'transaction', locale)} now uncategorised`];
    if (data.rulesRemoved.length > 0) done.push(`${counted(data.rulesRemoved.length, 'rule', locale)} removed`);
    if (data.rulesRetargeted.length > 0) done.push(`${counted(data.rulesRetargeted.length, 'rule', locale)} now naming ${data.rulesTo ?? ''}`);
    onDone(`Removed ${data.name}: ${done.join('; ')}.`);
  };

  const cancelQuestion = () => (nothingToChoose ? onCancel() : setConfirming(false));

  return (
    <div class="catalogue-panel" role="group" aria-label={`${mode === 'merge' ? 'Merge' : 'Delete'} ${category.name}`} onKeyDown={(event) => event.key === 'Escape' && !confirming && onCancel()}>
      {mode === 'merge' && (
        <CatalogueField id={`${prefix}-into`} label="Merge into" error={errors.into}>
          {(control) => (
            <select {...control} autoFocus value={into} onChange={(event) => setInto(valueOf(event))}>
              {others.map((other) => (
                <option key={other.name} value={other.name}>
                  {other.name}
                </option>
              ))}
            </select>
          )}
        </CatalogueField>
      )}
      {mode === 'delete' && rules > 0 && (
        <CatalogueField id={`${prefix}-rules`} label={`The ${counted(rules, 'rule', locale)} naming it`} error={errors.rules}>
          {(control) => (
            <select {...control} autoFocus value={ruleChoice} onChange={(event) => setRuleChoice(valueOf(event) as 'remove' | 'retarget')}>
              <option value="remove">Remove them</option>
              <option value="retarget">Name another category instead</option>
            </select>
          )}
        </CatalogueField>
      )}
      {mode === 'delete' && rules > 0 && ruleChoice === 'retarget' && (
        <CatalogueField id={`${prefix}-rules-to`} label="Rules name instead" error={errors.rulesTo}>
          {(control) => <input {...control} list="catalogue-categories" value={rulesTo} autocomplete="off" onInput={(event) => setRulesTo(valueOf(event))} />}
        </CatalogueField>
      )}
      <p class="catalogue-sentence">{sentence}</p>
      {errors.form !== undefined && (
        <p class="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <div class="catalogue-actions">
        <button type="button" class="button danger" disabled={mode === 'merge' && into === ''} onClick={() => setConfirming(true)}>
          {mode === 'merge' ? `Merge ${category.name}…` : `Delete ${category.name}…`}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={mode === 'merge' ? `Merge ${category.name} into ${into}?` : `Delete ${category.name}?`}
          detail={sentence}
          action={mode === 'merge' ? 'Merge' : 'Delete category'}
          onConfirm={() => void run()}
          onCancel={cancelQuestion}
        />
      )}
    </div>
  );
}
