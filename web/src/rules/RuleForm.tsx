import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Bank, Category, Problem, Transaction } from '../api/types.js';
import { formatAmount, formatCount, formatShortDate } from '../lib/format.js';
import { EMPTY_RULE_FIELDS, fieldErrors, fieldsOf, newRule, ruleUpdate, type RuleField, type RuleFields } from '../lib/rule-form.js';
import type { Rule } from './use-rules.js';
import { appDateStyle, appLocale } from '../app/preferences.js';

const PREVIEW_DEBOUNCE_MS = 250;
const SAMPLE = 5;

interface Props {
  /** The rule being edited, or null for a new one. */
  rule: Rule | null;
  /** A new rule's first values (an accepted suggestion). */
  initial?: Partial<RuleFields>;
  categories: Category[];
  banks: Bank[];
  onSaved(rule: Rule): void;
  onCancel(): void;
}

type Preview = { count: number; transactions: Transaction[] } | null;

/** Builds a rule; the live preview says how many uncategorised transactions it would change, with a few of them. */
export function RuleForm({ rule, initial, categories, banks, onSaved, onCancel }: Props) {
  const locale = appLocale();
  const today = new Date().toISOString().slice(0, 10);
  const before = rule ? fieldsOf(rule) : { ...EMPTY_RULE_FIELDS, ...initial };
  const [fields, setFields] = useState<RuleFields>(before);
  const [errors, setErrors] = useState<Partial<Record<RuleField | 'form', string>>>({});
  const [preview, setPreview] = useState<Preview>(null);
  const [busy, setBusy] = useState(false);
  const ready = fields.category.trim() !== '' && (fields.text !== '' || fields.minValue !== '' || fields.maxValue !== '' || fields.bank !== '');

  useEffect(() => {
    if (!ready) return setPreview(null);
    let current = true;
    const timer = setTimeout(() => {
      void api
        .POST('/rules/preview', { body: { rule: newRule(fields), limit: SAMPLE } })
        .then(({ data, error }) => {
          if (!current) return;
          setPreview(data ?? null);
          setErrors(data ? {} : fieldErrors((error as Problem | undefined)?.errors ?? []));
        })
        .catch(() => undefined);
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [fields.category, fields.match, fields.text, fields.minValue, fields.maxValue, fields.bank, ready]);

  const set = (name: keyof RuleFields) => (event: Event) => setFields({ ...fields, [name]: (event.currentTarget as HTMLInputElement).value });

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = rule
        ? await api.PATCH('/rules/{ruleId}', { params: { path: { ruleId: rule.id } }, body: ruleUpdate(before, fields) })
        : await api.POST('/rules', { body: newRule(fields) });
      if (answer.data) return onSaved(answer.data);
      const problem = answer.error as Problem | undefined;
      setErrors(problem ? fieldErrors(problem.errors) : { form: `the server answered ${answer.response.status}` });
    } catch {
      setErrors({ form: 'Moneta did not answer; try again.' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: RuleField, label: string, control: (described: Record<string, unknown>) => preact.JSX.Element, hint?: string) => (
    <div class={`form-field f-${name}`}>
      <label for={`rule-${name}`}>{label}</label>
      {control({ id: `rule-${name}`, 'aria-invalid': errors[name] !== undefined, 'aria-describedby': errors[name] !== undefined ? `rule-${name}-error` : hint ? `rule-${name}-hint` : undefined })}
      {errors[name] !== undefined ? (
        <span class="field-error" id={`rule-${name}-error`}>
          {errors[name]}
        </span>
      ) : (
        hint && (
          <span class="small" id={`rule-${name}-hint`}>
            {hint}
          </span>
        )
      )}
    </div>
  );

  return (
    <form class="rule-form" aria-labelledby="rule-form-title" onSubmit={(event) => void save(event)} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <h2 id="rule-form-title">{rule ? `Edit rule ${rule.id}` : 'New rule'}</h2>
      <div class="form-grid">
        {field('category', 'Put in category', (extra) => <input {...extra} list="rule-categories" autoFocus value={fields.category} onInput={set('category')} autocomplete="off" />, 'A category that does not exist yet is created.')}
        <datalist id="rule-categories">
          {categories.map((category) => (
            <option key={category.name} value={category.name} />
          ))}
        </datalist>
        {field('text', 'Description', (extra) => (
          <span class="joined">
            <select aria-label="How the description is compared" value={fields.match} onChange={set('match')}>
              <option value="contains">contains</option>
              <option value="matches">matches the pattern</option>
            </select>
            <input {...extra} value={fields.text} onInput={set('text')} autocomplete="off" />
          </span>
        ), 'Case and accents are ignored.')}
        {field('minValue', 'Amount at least', (extra) => <input {...extra} inputMode="decimal" value={fields.minValue} onInput={set('minValue')} autocomplete="off" />)}
        {field('maxValue', 'Amount at most', (extra) => <input {...extra} inputMode="decimal" value={fields.maxValue} onInput={set('maxValue')} autocomplete="off" />)}
        {field('bank', 'Bank', (extra) => (
          <select {...extra} value={fields.bank} onChange={set('bank')}>
            <option value="">Any bank</option>
            {banks.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.name}
              </option>
            ))}
          </select>
        ))}
      </div>
      {errors.form !== undefined && (
        <p class="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <div class="preview" aria-live="polite">
        {!ready ? (
          <p class="note">Give a category and at least one condition to see what the rule would change.</p>
        ) : preview === null ? (
          <p class="note">…</p>
        ) : (
          <>
            <p data-preview-count={preview.count}>
              Would categorise <strong>{formatCount(preview.count, locale)}</strong> uncategorised {preview.count === 1 ? 'transaction' : 'transactions'}
              {preview.count > preview.transactions.length && preview.transactions.length > 0 ? `, for example:` : preview.count > 0 ? ':' : '.'}
            </p>
            {preview.transactions.length > 0 && (
              <ul class="preview-rows">
                {preview.transactions.map((transaction) => (
                  <li key={transaction.id}>
                    <span class="muted" title={transaction.date}>
                      {formatShortDate(transaction.date, locale, today, appDateStyle())}
                    </span>
                    <span class="description">{transaction.description}</span>
                    <span class={`amount ${formatAmount(transaction.value, locale).kind}`}>{formatAmount(transaction.value, locale).text}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <div class="form-actions">
        <button type="submit" class="button primary" disabled={busy}>
          {rule ? 'Save' : 'Create rule'}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          Cancel <kbd>Esc</kbd>
        </button>
      </div>
    </form>
  );
}
