import type { components } from '../../../src/http/contract.gen.js';
import { formatCount, formatShortDate } from './format.js';

export type InboxGroup = components['schemas']['InboxReport']['groups'][number];
export type NewRule = components['schemas']['NewRule'];

/** A payee made of merchant words (3 or more letters each), as the API names payees. */
const MERCHANT_WORDS = /^\p{L}{3,}( \p{L}{3,})*$/u;
/** The longest pattern a rule takes (the API's limit). */
const PATTERN_MAX = 200;

/**
 * The rule that "Always" creates for a group: one that matches every description of the payee.
 * A payee is the description's merchant words, in order, with anything between them; so a
 * single word is a literal `descriptionContains`, several are `descriptionMatches` with `.*`
 * between them (the words are letters only: nothing to escape). A payee without merchant words
 * is the folded description itself: a literal. The rule may match more rows than the group;
 * the preview's count says how many.
 */
export function ruleForPayee(payee: string, category: string): NewRule {
  if (!MERCHANT_WORDS.test(payee)) return { category, descriptionContains: payee.trim() };
  const words = payee.split(' ');
  const pattern = words.join('.*');
  if (words.length === 1 || pattern.length > PATTERN_MAX) {
    const longest = words.reduce((best, word) => (word.length > best.length ? word : best));
    return { category, descriptionContains: words.length === 1 ? payee : longest };
  }
  return { category, descriptionMatches: pattern };
}

/** `12 Mar – 31 Oct` (one date when the group has one day); see formatShortDate. */
export function dateSpan(first: string, last: string, locale: string, today: string, style: 'short' | 'iso' = 'short'): string {
  const from = formatShortDate(first, locale, today, style);
  return first === last ? from : `${from} – ${formatShortDate(last, locale, today, style)}`;
}

/** The inbox's headline: `161 rows in 23 groups`. */
export function inboxSummary(count: number, groupCount: number, locale: string): string {
  const rows = `${formatCount(count, locale)} ${count === 1 ? 'row' : 'rows'}`;
  return `${rows} in ${formatCount(groupCount, locale)} ${groupCount === 1 ? 'group' : 'groups'}`;
}

/** The cursor after a group at `removed` leaves a list of `length` (before removal): it stays on the next group. */
export function cursorAfterRemoval(cursor: number, removed: number, length: number): number {
  const left = length - 1;
  if (left <= 0) return 0;
  const next = removed < cursor ? cursor - 1 : cursor;
  return Math.min(next, left - 1);
}
