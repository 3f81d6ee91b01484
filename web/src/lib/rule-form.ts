import type { components } from '../../../src/http/contract.gen.js';

type Rule = components['schemas']['Rule'];
type NewRule = components['schemas']['NewRule'];
type RuleUpdate = components['schemas']['RuleUpdate'];
type FieldError = components['schemas']['FieldError'];

/** The rule form as typed: every field a string, '' for "no condition". */
export interface RuleFields {
  category: string;
  /** Which description condition the text is. */
  match: 'contains' | 'matches';
  text: string;
  minValue: string;
  maxValue: string;
  bank: string;
}

export const EMPTY_RULE_FIELDS: RuleFields = { category: '', match: 'contains', text: '', minValue: '', maxValue: '', bank: '' };

export type RuleField = 'category' | 'text' | 'minValue' | 'maxValue' | 'bank';

export function fieldsOf(rule: Rule): RuleFields {
  return {
    category: rule.category,
    match: rule.descriptionMatches !== undefined ? 'matches' : 'contains',
    text: rule.descriptionMatches ?? rule.descriptionContains ?? '',
    minValue: rule.minValue === undefined ? '' : String(rule.minValue),
    maxValue: rule.maxValue === undefined ? '' : String(rule.maxValue),
    bank: rule.bank ?? '',
  };
}

/**
 * A number field as the API is sent it: '' is absent; anything else is sent as typed when it is
 * not a number, so the API, not the form, says what is wrong with it beside the field.
 */
const number = (text: string): number | string | undefined => {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
};

/** The body of createRule (and of an unsaved rule's preview). Only what is filled in is sent. */
export function newRule(fields: RuleFields): NewRule {
  const rule: Record<string, unknown> = { category: fields.category };
  if (fields.text !== '') rule[fields.match === 'contains' ? 'descriptionContains' : 'descriptionMatches'] = fields.text;
  const minValue = number(fields.minValue);
  const maxValue = number(fields.maxValue);
  if (minValue !== undefined) rule.minValue = minValue;
  if (maxValue !== undefined) rule.maxValue = maxValue;
  if (fields.bank !== '') rule.bank = fields.bank;
  return rule as NewRule;
}

/** The body of updateRule: what changed, with null for a condition removed. */
export function ruleUpdate(before: RuleFields, after: RuleFields): RuleUpdate {
  const update: Record<string, unknown> = {};
  if (after.category !== before.category) update.category = after.category;
  const key = (match: RuleFields['match']) => (match === 'contains' ? 'descriptionContains' : 'descriptionMatches');
  if (after.match !== before.match || after.text !== before.text) {
    if (before.text !== '' && after.match !== before.match) update[key(before.match)] = null;
    update[key(after.match)] = after.text === '' ? null : after.text;
  }
  for (const name of ['minValue', 'maxValue'] as const) {
    if (after[name] !== before[name]) update[name] = number(after[name]) ?? null;
  }
  if (after.bank !== before.bank) update.bank = after.bank === '' ? null : after.bank;
  return update as RuleUpdate;
}

/** The form field a problem's error belongs beside (`rule.bank` in a preview is the bank field). */
export function formField(error: FieldError): RuleField | null {
  if (error.in !== 'body') return null;
  const name = error.name.replace(/^(rule[./])|^\//, '');
  if (name === 'descriptionContains' || name === 'descriptionMatches') return 'text';
  return (['category', 'minValue', 'maxValue', 'bank'] as const).find((field) => field === name) ?? null;
}

/** Each field's first error from a problem; errors no field owns go under `form`. */
export function fieldErrors(errors: readonly FieldError[]): Partial<Record<RuleField | 'form', string>> {
  const out: Partial<Record<RuleField | 'form', string>> = {};
  for (const error of errors) {
    const field = formField(error) ?? 'form';
    out[field] ??= field === 'form' ? `${error.name} ${error.message}` : error.message;
  }
  return out;
}

/** A rule in words, for the list (`description contains "tesco", at most -10.00`). */
export function describeRule(rule: Rule, bankName: (id: string) => string): string {
  const parts: string[] = [];
  if (rule.descriptionContains !== undefined) parts.push(`description contains "${rule.descriptionContains}"`);
  if (rule.descriptionMatches !== undefined) parts.push(`description matches /${rule.descriptionMatches}/`);
  if (rule.minValue !== undefined) parts.push(`amount ≥ ${rule.minValue}`);
  if (rule.maxValue !== undefined) parts.push(`amount ≤ ${rule.maxValue}`);
  if (rule.bank !== undefined) parts.push(`bank ${bankName(rule.bank)}`);
  return parts.join(', ');
}

/** The ids in a new order: the one at `from` moved by `delta` places (clamped). */
export function moved(ids: readonly number[], from: number, delta: number): number[] {
  const to = Math.max(0, Math.min(ids.length - 1, from + delta));
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
}
