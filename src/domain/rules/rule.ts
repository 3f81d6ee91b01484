import { foldForMatching } from '../matching-text.js';
import { PatternSet, patternProblem } from './rule-pattern.js';

/** A categorisation rule as stored. Conditions that are null do not restrict. */
export interface Rule {
  id: number;
  category: string;
  /** Matched literally against the folded description (case and accents ignored). */
  descriptionContains: string | null;
  /** A regular expression (RE2 syntax, case-insensitive) matched against the folded description. */
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

/** Highest priority first, then lower id: the order rules are tried in. */
export function compareRules(a: Rule, b: Rule): number {
  return b.priority - a.priority || a.id - b.id;
}

/** Why a stored rule's pattern matches nothing, or null when it is usable. */
export function unusableRulePattern(rule: Pick<Rule, 'descriptionMatches'>): string | null {
  return rule.descriptionMatches === null ? null : patternProblem(rule.descriptionMatches);
}

/** An ordered, compiled set of rules: the first match decides. */
export class RuleSet {
  private readonly rules: { rule: Rule; needle: string | null; pattern: number | null }[];
  private readonly patterns: PatternSet;

  constructor(rules: readonly Rule[]) {
    // A stored pattern RE2 refuses (saved by an older Moneta) is left out of the set: its rule
    // matches nothing instead of stopping every import; unusableRulePattern says why.
    this.patterns = new PatternSet(rules.flatMap((rule) => (rule.descriptionMatches === null ? [] : [rule.descriptionMatches])));
    this.rules = [...rules].sort(compareRules).map((rule) => ({
      rule,
      needle: rule.descriptionContains === null ? null : foldForMatching(rule.descriptionContains),
      pattern: rule.descriptionMatches === null ? null : this.patterns.idOf(rule.descriptionMatches),
    }));
  }

  get size(): number {
    return this.rules.length;
  }

  /** The first matching rule, or null. */
  match(subject: RuleSubject): Rule | null {
    if (this.rules.length === 0) return null;
    const folded = foldForMatching(subject.description);
    let matchedPatterns: readonly number[] | undefined;
    for (const { rule, needle, pattern } of this.rules) {
      if (rule.bank !== null && subject.bank !== rule.bank) continue;
      if (rule.minValue !== null && !(subject.value >= rule.minValue)) continue;
      if (rule.maxValue !== null && !(subject.value <= rule.maxValue)) continue;
      if (needle !== null && !folded.includes(needle)) continue;
      if (pattern !== null && !(matchedPatterns ??= this.patterns.matching(folded)).includes(pattern)) continue;
      return rule;
    }
    return null;
  }
}
