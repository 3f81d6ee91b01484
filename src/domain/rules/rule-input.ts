import { checkedCategoryName, checkedName } from '../bank-rules.js';
import { invalidField, type FieldLocation } from '../errors.js';
import { patternProblem } from './rule-pattern.js';
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

/** How a client names a rule's fields in problems: the CLI's options, or the JSON body's properties. */
export interface RuleFieldNames {
  location: FieldLocation;
  category: string;
  descriptionContains: string;
  descriptionMatches: string;
  minValue: string;
  maxValue: string;
  bank: string;
  priority: string;
}

export const CLI_RULE_NAMES: RuleFieldNames = {
  location: 'body',
  category: '--category',
  descriptionContains: '--description-contains',
  descriptionMatches: '--description-matches',
  minValue: '--min-value',
  maxValue: '--max-value',
  bank: '--bank',
  priority: '--priority',
};

/** Names in a JSON body, under `prefix` (`rule.` when the rule is nested). */
export function jsonRuleNames(prefix = ''): RuleFieldNames {
  const name = (field: string) => `${prefix}${field}`;
  return {
    location: 'body',
    category: name('category'),
    descriptionContains: name('descriptionContains'),
    descriptionMatches: name('descriptionMatches'),
    minValue: name('minValue'),
    maxValue: name('maxValue'),
    bank: name('bank'),
    priority: name('priority'),
  };
}

const PRIORITY_LIMIT = 1_000_000;
const CONTAINS_MAX = 200;

/** Validates and converts; throws DomainError naming the option at fault. */
export function parseRuleInput(input: RuleInput): NewRule {
  const names = CLI_RULE_NAMES;
  return checkedRule(
    {
      category: input.category,
      descriptionContains: input.descriptionContains ?? null,
      descriptionMatches: input.descriptionMatches ?? null,
      minValue: input.minValue === undefined ? null : decimal(names.minValue, input.minValue),
      maxValue: input.maxValue === undefined ? null : decimal(names.maxValue, input.maxValue),
      bank: input.bank ?? null,
      priority: input.priority === undefined ? 0 : integer(names.priority, input.priority),
    },
    names,
  );
}

/**
 * The checks every rule passes, however it arrived (typed or as JSON): a category name, at most
 * one description condition, a safe pattern, a value range that can hold, a priority in range,
 * and at least one condition. Returns the rule with its names normalised (NFC).
 */
export function checkedRule(rule: NewRule, names: RuleFieldNames): NewRule {
  const { location } = names;
  const category = checkedCategoryName(rule.category, location, names.category);
  if (rule.descriptionContains !== null && rule.descriptionMatches !== null) {
    throw invalidField(location, names.descriptionMatches, `cannot be combined with ${names.descriptionContains}: give one of them`);
  }
  let contains: string | null = null;
  if (rule.descriptionContains !== null) {
    contains = checkedName(rule.descriptionContains, location, names.descriptionContains);
    // Counted in code points, as the contract's maxLength counts (a string's length counts UTF-16 units).
    if ([...contains].length > CONTAINS_MAX) throw invalidField(location, names.descriptionContains, `must be at most ${CONTAINS_MAX} characters`);
  }
  if (rule.descriptionMatches !== null) {
    const problem = patternProblem(rule.descriptionMatches);
    if (problem) throw invalidField(location, names.descriptionMatches, problem);
  }
  const { minValue, maxValue } = rule;
  if (minValue !== null && maxValue !== null && minValue > maxValue) {
    throw invalidField(location, names.maxValue, `must not be below ${names.minValue} (${minValue} > ${maxValue})`);
  }
  if (!Number.isInteger(rule.priority) || Math.abs(rule.priority) > PRIORITY_LIMIT) {
    throw invalidField(location, names.priority, `must be between -${PRIORITY_LIMIT} and ${PRIORITY_LIMIT}`);
  }
  if (contains === null && rule.descriptionMatches === null && minValue === null && maxValue === null && rule.bank === null) {
    const conditions = [names.descriptionContains, names.descriptionMatches, names.minValue, names.maxValue, names.bank];
    throw invalidField(location, names.category, `needs at least one condition: ${conditions.slice(0, -1).join(', ')} or ${names.bank}`);
  }
  return { ...rule, category, descriptionContains: contains };
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
