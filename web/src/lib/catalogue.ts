import type { components } from '../../../src/http/contract.gen.js';

type FieldError = components['schemas']['FieldError'];
type Rule = components['schemas']['Rule'];
type CategoryReport = components['schemas']['CategoryReport'];

/** "1 transaction", "1,204 transactions": a count with its noun, grouped by the locale. */
export function counted(count: number, noun: string, locale: string, plural = `${noun}s`): string {
  return `${new Intl.NumberFormat(locale).format(count)} ${count === 1 ? noun : plural}`;
}

/** Transactions per category name from a by-category report over all time (`period=all`). */
export function countsByCategory(report: CategoryReport): Map<string, number> {
  const counts = new Map<string, number>();
  for (const period of report.periods) {
    for (const totals of period.categories) {
      if (totals.category !== undefined) counts.set(totals.category, (counts.get(totals.category) ?? 0) + totals.count);
    }
  }
  return counts;
}

/** How many rules name the bank, or put transactions in the category. */
export function rulesNaming(rules: readonly Rule[], what: { bank: string } | { category: string }): number {
  return rules.filter((rule) => ('bank' in what ? rule.bank === what.bank : rule.category === what.category)).length;
}

/** What removing a bank does with its transactions and the rules naming it. */
export interface BankRemovalChoice {
  transactions: 'move' | 'trash';
  rules: 'remove' | 'retarget';
  /** The bank that receives moved transactions and retargeted rules ('' when none is chosen). */
  moveTo: string;
}

export type BankRemovalQuery = { transactions?: 'move' | 'trash'; rules?: 'remove' | 'retarget'; moveTo?: string };

/**
 * deleteBank's query for the choice: a part only where there is something to decide (no
 * transactions: no `transactions`), and `moveTo` only when something moves there.
 */
export function bankRemovalQuery(choice: BankRemovalChoice, transactions: number, rules: number): BankRemovalQuery {
  const query: BankRemovalQuery = {};
  if (transactions > 0) query.transactions = choice.transactions;
  if (rules > 0) query.rules = choice.rules;
  if (query.transactions === 'move' || query.rules === 'retarget') query.moveTo = choice.moveTo;
  return query;
}

/** The sentence a bank's removal is confirmed with: exactly what will happen, with numbers. */
export function bankRemovalSentence(bank: string, choice: BankRemovalChoice, transactions: number, rules: number, locale: string, bankName: (id: string) => string): string {
  const parts: string[] = [];
  if (transactions > 0) {
    parts.push(
      choice.transactions === 'move'
        ? `${counted(transactions, 'transaction', locale)} will be moved to ${bankName(choice.moveTo)}`
        : `${counted(transactions, 'transaction', locale)} will be moved to the trash`,
    );
  }
  if (rules > 0) {
    parts.push(choice.rules === 'remove' ? `${counted(rules, 'rule', locale)} naming it will be removed` : `${counted(rules, 'rule', locale)} naming it will name ${bankName(choice.moveTo)} instead`);
  }
  return parts.length === 0 ? `${bank} has no transactions and no rules; it will be removed.` : `${bank} will be removed: ${parts.join('; ')}.`;
}

/** The sentence a category's removal is confirmed with. */
export function categoryRemovalSentence(name: string, transactions: number, rules: number, rulesTo: string, locale: string): string {
  const parts = [`${counted(transactions, 'transaction', locale)} will become uncategorised`];
  if (rules > 0) parts.push(rulesTo === '' ? `${counted(rules, 'rule', locale)} naming it will be removed` : `${counted(rules, 'rule', locale)} naming it will name ${rulesTo} instead`);
  return `${name} will be removed: ${parts.join('; ')}.`;
}

/** The sentence a merge is confirmed with. */
export function mergeSentence(from: string, into: string, transactions: number, rules: number, locale: string): string {
  const moved = [counted(transactions, 'transaction', locale)];
  if (rules > 0) moved.push(counted(rules, 'rule', locale));
  return `${from} will be merged into ${into}: ${moved.join(' and ')} will move to ${into}, and ${from} will be removed.`;
}

/** The sentence a group's removal is confirmed with. */
export function groupRemovalSentence(group: string, categories: number, transactions: number, locale: string): string {
  return `${group} will be removed: its ${counted(categories, 'category', locale, 'categories')} (${counted(transactions, 'transaction', locale)}) will stay, without a group.`;
}

/**
 * Each form field's first error from a problem body: `fields` maps the field names the API uses
 * (body properties, query parameters, path parameters, with their `in`) to the form's fields.
 * An error no field owns, and a refusal without field errors (409, 404), goes to `fallback`.
 */
export function errorsByField<Field extends string>(
  problem: { detail: string; errors: readonly FieldError[] } | undefined,
  fields: Record<string, Field>,
  fallback: Field,
): Partial<Record<Field, string>> {
  if (problem === undefined) return { [fallback]: 'Moneta did not answer; try again.' } as Partial<Record<Field, string>>;
  const out: Partial<Record<Field, string>> = {};
  for (const error of problem.errors) {
    // Body errors may name a nested property as a pointer or a path (`/group/name`, `group.name`).
    const name = error.name.replace(/^\//, '').split(/[./]/)[0] ?? '';
    const field = fields[`${error.in}:${name}`] ?? fallback;
    out[field] ??= field === fallback && fields[`${error.in}:${name}`] === undefined ? `${error.name}: ${error.message}` : error.message;
  }
  if (Object.keys(out).length === 0) out[fallback] = problem.detail;
  return out;
}
