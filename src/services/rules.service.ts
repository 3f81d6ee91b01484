import { DomainError, invalidField } from '../domain/errors.js';
import { foldForMatching } from '../domain/matching-text.js';
import { parseRuleInput, type RuleInput } from '../domain/rules/rule-input.js';
import { RuleSet, type Rule } from '../domain/rules/rule.js';
import { SuggestionLearner, type RuleSuggestion } from '../domain/rules/suggest.js';
import type { RulesRepository, Store } from '../store/store.js';

/** The rules as they apply now, compiled. */
export async function loadRuleSet(rules: RulesRepository): Promise<RuleSet> {
  return new RuleSet(await rules.list());
}

export interface ApplyReport {
  /** Per rule, in the order rules apply: how many transactions it changed (or would). */
  perRule: Array<{ rule: Rule; changed: number }>;
  examined: number;
  changed: number;
}

const PAGE = 1000;

export class RulesService {
  constructor(private readonly store: Pick<Store, 'rules' | 'catalogue' | 'transactions'>) {}

  list(): Promise<Rule[]> {
    return this.store.rules.list();
  }

  async ruleSet(): Promise<RuleSet> {
    return loadRuleSet(this.store.rules);
  }

  async add(input: RuleInput): Promise<Rule> {
    const rule = parseRuleInput(input);
    if (rule.bank !== null && !(await this.store.catalogue.findBank(rule.bank))) {
      throw invalidField('body', '--bank', `names no known bank ("${rule.bank}"); see \`moneta banks list\``);
    }
    return this.store.rules.add(rule);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.store.rules.remove(id))) throw new DomainError('not_found', `no rule has id ${id}`);
  }

  /**
   * Applies the rules to uncategorised transactions (all of them with recategorise). Only a
   * change counts: a rule that gives a transaction the category it has changes nothing.
   */
  async apply(options: { dryRun: boolean; recategorise: boolean }): Promise<ApplyReport> {
    const rules = await this.store.rules.list();
    const set = new RuleSet(rules);
    const changedBy = new Map<number, number>();
    let examined = 0;
    let afterId = 0;
    for (;;) {
      const page = await this.store.transactions.after(afterId, PAGE, { uncategorisedOnly: !options.recategorise });
      if (page.length === 0) break;
      afterId = page[page.length - 1]?.id ?? afterId;
      examined += page.length;
      const updates: Array<Promise<boolean>> = [];
      for (const transaction of page) {
        const rule = set.match(transaction);
        if (!rule || rule.category === transaction.category) continue;
        changedBy.set(rule.id, (changedBy.get(rule.id) ?? 0) + 1);
        if (!options.dryRun) updates.push(this.store.transactions.setCategory(transaction.id, rule.category));
      }
      await Promise.all(updates);
    }
    const perRule = [...rules].map((rule) => ({ rule, changed: changedBy.get(rule.id) ?? 0 }));
    return { perRule, examined, changed: [...changedBy.values()].reduce((sum, n) => sum + n, 0) };
  }

  /** Proposes rules from categorised transactions; creates nothing. */
  async suggest(options: { minRows?: number; maxContradictionRate?: number } = {}): Promise<RuleSuggestion[]> {
    const learner = new SuggestionLearner();
    let afterId = 0;
    for (;;) {
      const page = await this.store.transactions.after(afterId, PAGE, { uncategorisedOnly: false });
      if (page.length === 0) break;
      afterId = page[page.length - 1]?.id ?? afterId;
      for (const transaction of page) learner.add(transaction);
    }
    const known = new Set(
      (await this.store.rules.list()).flatMap((rule) => (rule.descriptionContains === null ? [] : [`${foldForMatching(rule.descriptionContains)}\u0000${rule.category}`])),
    );
    return learner.suggestions({ minRows: options.minRows ?? 3, maxContradictionRate: options.maxContradictionRate ?? 0.05, known });
  }
}
