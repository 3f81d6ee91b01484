import { foldForMatching } from '../matching-text.js';
import { patternProblem } from './regex-safety.js';

/** A categorisation rule as stored. Conditions that are null do not restrict. */
export interface Rule {
  id: number;
  category: string;
  /** Matched literally against the folded description (case and accents ignored). */
  descriptionContains: string | null;
  /** A regular expression (flags i and u) matched against the folded description. */
  descriptionMatches: string | null;
  minValue: number | null;
  maxValue: number | null;
  bank: string | null;
  /** Higher applies first; ties go to the older rule (lower id). */
  priority: number;
}

export type NewRule = Omit<Rule, 'id'>;

/** What a rule is matched against: the fields a transaction has when it is created. */
export interface RuleSubject {
  description: string;
  value: number;
  bank?: string | null;
}

export interface CompiledRule {
  rule: Rule;
  matches(subject: RuleSubject, foldedDescription: string): boolean;
}

/** Highest priority first, then lower id: the order rules are tried in. */
export function compareRules(a: Rule, b: Rule): number {
  return b.priority - a.priority || a.id - b.id;
}

export function compileRule(rule: Rule): CompiledRule {
  const needle = rule.descriptionContains === null ? null : foldForMatching(rule.descriptionContains);
  const pattern = rule.descriptionMatches === null ? null : compilePattern(rule.descriptionMatches);
  return {
    rule,
    matches(subject, folded) {
      if (rule.bank !== null && subject.bank !== rule.bank) return false;
      if (rule.minValue !== null && !(subject.value >= rule.minValue)) return false;
      if (rule.maxValue !== null && !(subject.value <= rule.maxValue)) return false;
      if (needle !== null && !folded.includes(needle)) return false;
      if (pattern !== null && !pattern.test(folded)) return false;
      return true;
    },
  };
}

/**
 * The pattern is folded the same way as the text where that is safe (accents removed; case is
 * left to the i flag, since lower-casing would turn \S into \s).
 */
export function compilePattern(source: string): RegExp {
  const problem = patternProblem(source);
  if (problem) throw new Error(`unsafe pattern reached the matcher: ${problem}`);
  return new RegExp(source.normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC'), 'iu');
}

/** An ordered, compiled set of rules: the first match decides. */
export class RuleSet {
  private readonly compiled: CompiledRule[];

  constructor(rules: readonly Rule[]) {
    this.compiled = [...rules].sort(compareRules).map(compileRule);
  }

  get size(): number {
    return this.compiled.length;
  }

  /** The first matching rule, or null. */
  match(subject: RuleSubject): Rule | null {
    if (this.compiled.length === 0) return null;
    const folded = foldForMatching(subject.description);
    for (const candidate of this.compiled) if (candidate.matches(subject, folded)) return candidate.rule;
    return null;
  }
}
