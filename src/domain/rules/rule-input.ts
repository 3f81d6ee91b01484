import { checkedCategoryName, checkedName } from '../bank-rules.js';
import { invalidField } from '../errors.js';
import { patternProblem } from './regex-safety.js';
import type { NewRule } from './rule.js';

/** A rule as typed on the command line: numbers still text. */
export interface RuleInput {
  category: string;
  descriptionContains?: string;
  descriptionMatches?: string;
  minValue?: string;
  maxValue?: string;
  bank?: string;
  priority?: string;
}

const PRIORITY_LIMIT = 1_000_000;
const CONTAINS_MAX = 200;

/** Validates and converts; throws DomainError naming the option at fault. */
export function parseRuleInput(input: RuleInput): NewRule {
  const category = checkedCategoryName(input.category, 'body', '--category');
  if (input.descriptionContains !== undefined && input.descriptionMatches !== undefined) {
    throw invalidField('body', '--description-matches', 'cannot be combined with --description-contains: give one of them');
  }
  let contains: string | null = null;
  if (input.descriptionContains !== undefined) {
    contains = checkedName(input.descriptionContains, 'body', '--description-contains');
    if (contains.length > CONTAINS_MAX) throw invalidField('body', '--description-contains', `must be at most ${CONTAINS_MAX} characters`);
  }
  if (input.descriptionMatches !== undefined) {
    const problem = patternProblem(input.descriptionMatches);
    if (problem) throw invalidField('body', '--description-matches', problem);
  }
  const minValue = input.minValue === undefined ? null : decimal('--min-value', input.minValue);
  const maxValue = input.maxValue === undefined ? null : decimal('--max-value', input.maxValue);
  if (minValue !== null && maxValue !== null && minValue > maxValue) {
    throw invalidField('body', '--max-value', `must not be below --min-value (${minValue} > ${maxValue})`);
  }
  const priority = input.priority === undefined ? 0 : integer('--priority', input.priority);
  const rule: NewRule = {
    category,
    descriptionContains: contains,
    descriptionMatches: input.descriptionMatches ?? null,
    minValue,
    maxValue,
    bank: input.bank ?? null,
    priority,
  };
  if (contains === null && rule.descriptionMatches === null && minValue === null && maxValue === null && rule.bank === null) {
    throw invalidField('body', '--category', 'needs at least one condition: --description-contains, --description-matches, --min-value, --max-value or --bank');
  }
  return rule;
}

function decimal(name: string, text: string): number {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text.trim())) throw invalidField('body', name, `must be a decimal number such as -12.50 (got "${text}")`);
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > 3.4028234663852886e38) throw invalidField('body', name, `is out of range (got "${text}")`);
  return value;
}

function integer(name: string, text: string): number {
  if (!/^[+-]?\d+$/.test(text.trim())) throw invalidField('body', name, `must be a whole number (got "${text}")`);
  const value = Number(text);
  if (Math.abs(value) > PRIORITY_LIMIT) throw invalidField('body', name, `must be between -${PRIORITY_LIMIT} and ${PRIORITY_LIMIT}`);
  return value;
}
