import { setImmediate as nextTurn } from 'node:timers/promises';
import { DomainError, invalidField } from '../domain/errors.js';
import { foldForMatching } from '../domain/matching-text.js';
import { checkedRule, jsonRuleNames, parseRuleInput, type RuleFieldNames, type RuleInput } from '../domain/rules/rule-input.js';
import { RuleSet, type NewRule, type Rule } from '../domain/rules/rule.js';
import { SuggestionLearner, type RuleSuggestion } from '../domain/rules/suggest.js';
import type { TransactionRecord } from '../domain/transaction.js';
import type { RuleMatches, RulesRepository, Store } from '../store/store.js';

/** The rules as they apply now, compiled. */
export async function loadRuleSet(rules: RulesRepository): Promise<RuleSet> {
  return new RuleSet(await rules.list());
}

export interface ApplyReport {
  /** Per rule, in the order rules apply: how many transactions it changed (or would). */
  perRule: Array<{ rule: Rule; changed: number }>;
  /** How many transactions were in scope. */
  examined: number;
  changed: number;
  dryRun: boolean;
}

/**
 * Which transactions applying rules considers: without a category (`uncategorised`), or every one
 * (`all`) except those whose category a person set (a category with no source), unless
 * `overwriteManual`.
 */
export interface RuleScope {
  scope: 'uncategorised' | 'all';
  overwriteManual: boolean;
}

export interface RulePreview {
  count: number;
  transactions: TransactionRecord[];
}

/** A change to a rule: the fields given replace the rule's (null removes a condition). */
export type RuleChanges = Partial<NewRule>;

const PAGE = 1000;
/**
 * Suggestions are learned from the newest this many transactions (by id): on a store of 1,000,000
 * the whole pass took 13.7 s of one core (issue 28, item 15), and a merchant's habits show in the
 * recent rows. Smaller stores are read whole.
 */
export const SUGGESTION_SAMPLE = 200_000;
const JSON_NAMES = jsonRuleNames();

export class RulesService {
  constructor(
    private readonly store: Pick<Store, 'rules' | 'catalogue' | 'transactions'>,
    private readonly suggestionSample = SUGGESTION_SAMPLE,
  ) {}

  list(): Promise<Rule[]> {
    return this.store.rules.list();
  }

  async ruleSet(): Promise<RuleSet> {
    return loadRuleSet(this.store.rules);
  }

  /** A rule as typed on the command line. */
  async add(input: RuleInput): Promise<Rule> {
    const rule = parseRuleInput(input);
    await this.checkBank(rule, '--bank');
    return this.store.rules.add(rule);
  }

  /** A rule as a JSON body (createRule): problems name its properties. */
  async create(rule: NewRule, names: RuleFieldNames = JSON_NAMES): Promise<Rule> {
    const checked = checkedRule(rule, names);
    await this.checkBank(checked, names.bank);
    return this.store.rules.add(checked);
  }

  /** A bank the request names is checked before the rule is looked up: a bad request is a 400 either way. */
  async update(id: number, changes: RuleChanges): Promise<Rule> {
    if (typeof changes.bank === 'string') await this.checkBank({ bank: changes.bank }, JSON_NAMES.bank);
    const current = await this.find(id);
    const rule = checkedRule({ ...withoutId(current), ...definedOnly(changes) }, JSON_NAMES);
    if (!(await this.store.rules.update(id, rule))) throw notFound(id);
    return { ...rule, id };
  }

  async remove(id: number): Promise<void> {
    if (!(await this.store.rules.remove(id))) throw notFound(id);
  }

  /** `ids`: every rule once, first to apply first. Returns the rules in their new order. */
  async reorder(ids: readonly number[]): Promise<Rule[]> {
    const outcome = await this.store.rules.reorder(ids);
    if (outcome.status === 'mismatch') {
      const parts = [
        outcome.missing.length > 0 ? `leaves out ${outcome.missing.join(', ')}` : '',
        outcome.unknown.length > 0 ? `names no rule ${outcome.unknown.join(', ')}` : '',
      ].filter((part) => part !== '');
      throw invalidField('body', 'ids', `must list every rule exactly once; it ${parts.join(' and ') || 'repeats an id'}`);
    }
    return this.store.rules.list();
  }

  /**
   * What one rule, saved (`ruleId`) or not (`rule`), would change on its own, over the same
   * transactions applyRules considers: how many, and `limit` of them after `offset`, by id.
   */
  async preview(which: { ruleId: number } | { rule: NewRule }, scope: RuleScope, page: { limit: number; offset: number }): Promise<RulePreview> {
    const rule = 'ruleId' in which ? await this.find(which.ruleId, 'ruleId') : { ...checkedRule(which.rule, jsonRuleNames('rule.')), id: 0 };
    if ('rule' in which) await this.checkBank(rule, 'rule.bank');
    const transactions: TransactionRecord[] = [];
    let count = 0;
    await this.scan(new RuleSet([rule]), scope, (transaction) => {
      if (count >= page.offset && transactions.length < page.limit) transactions.push(transaction);
      count += 1;
    });
    return { count, transactions };
  }

  /**
   * Applies the rules in order to the transactions in scope: each gets the category of the first
   * rule that matches it (source rule:<id>). Only a change counts: a rule that gives a transaction
   * the category it has changes nothing. The rows are found in one scan; the writes are one
   * statement per rule, all in one commit.
   */
  async apply(options: RuleScope & { dryRun: boolean }): Promise<ApplyReport> {
    const rules = await this.store.rules.list();
    const ids = new Map<number, number[]>(rules.map((rule) => [rule.id, []]));
    const examined = await this.scan(new RuleSet(rules), options, (transaction, rule) => ids.get(rule.id)?.push(transaction.id));
    const matches: RuleMatches[] = rules.map((rule) => ({ ruleId: rule.id, category: rule.category, ids: ids.get(rule.id) ?? [] }));
    const changed = options.dryRun
      ? matches.map((match) => match.ids.length)
      : await this.store.rules.applyMatches(matches, { uncategorisedOnly: options.scope === 'uncategorised', overwriteManual: options.overwriteManual });
    const perRule = rules.map((rule, index) => ({ rule, changed: changed[index] ?? 0 }));
    return { perRule, examined, changed: changed.reduce((sum, n) => sum + n, 0), dryRun: options.dryRun };
  }

  /** Proposes rules from the newest SUGGESTION_SAMPLE transactions; creates nothing. */
  async suggest(options: { minRows?: number; maxContradictionRate?: number } = {}): Promise<RuleSuggestion[]> {
    const learner = new SuggestionLearner();
    const start = await this.store.transactions.newestFrom(this.suggestionSample);
    await this.eachTransaction(false, (transaction) => learner.add(transaction), start);
    const known = new Set(
      (await this.store.rules.list()).flatMap((rule) => (rule.descriptionContains === null ? [] : [`${foldForMatching(rule.descriptionContains)}\u0000${rule.category}`])),
    );
    return learner.suggestions({ minRows: options.minRows ?? 3, maxContradictionRate: options.maxContradictionRate ?? 0.05, known });
  }

  /** Visits each transaction in scope that a rule of `set` would change, with that rule; returns how many were in scope. */
  private async scan(set: RuleSet, scope: RuleScope, visit: (transaction: TransactionRecord, rule: Rule) => void): Promise<number> {
    let examined = 0;
    await this.eachTransaction(scope.scope === 'uncategorised', (transaction) => {
      if (!inScope(transaction, scope)) return;
      examined += 1;
      const rule = set.match(transaction);
      if (rule && rule.category !== transaction.category) visit(transaction, rule);
    });
    return examined;
  }

  /**
   * Visits every transaction (or every uncategorised one) by id, a page at a time. Each page is read
   * on the store's bounded read path (a read thread on SQLite); between pages the event loop
   * answers other requests (setImmediate), so a pass over a million rows never holds it for
   * longer than one page's matching (issue 28, item 15).
   */
  private async eachTransaction(uncategorisedOnly: boolean, visit: (transaction: TransactionRecord) => void, fromId = 0): Promise<void> {
    let afterId = fromId;
    for (;;) {
      const page = await this.store.transactions.after(afterId, PAGE, { uncategorisedOnly });
      if (page.length === 0) return;
      afterId = page[page.length - 1]?.id ?? afterId;
      for (const transaction of page) visit(transaction);
      await nextTurn();
    }
  }

  private async find(id: number, field?: string): Promise<Rule> {
    const rule = (await this.store.rules.list()).find((candidate) => candidate.id === id);
    if (!rule) throw field === undefined ? notFound(id) : invalidField('body', field, `names no rule (${id})`);
    return rule;
  }

  private async checkBank(rule: Pick<NewRule, 'bank'>, field: string): Promise<void> {
    if (rule.bank !== null && !(await this.store.catalogue.findBank(rule.bank))) {
      throw invalidField('body', field, `names no known bank ("${rule.bank}")`);
    }
  }
}

function inScope(transaction: TransactionRecord, scope: RuleScope): boolean {
  if (transaction.category === null) return true;
  if (scope.scope === 'uncategorised') return false;
  return scope.overwriteManual || transaction.categorySource !== null;
}

function notFound(id: number): DomainError {
  return new DomainError('not_found', `no rule has id ${id}`);
}

function withoutId(rule: Rule): NewRule {
  const { id: _id, ...rest } = rule;
  return rest;
}

function definedOnly(changes: RuleChanges): RuleChanges {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as RuleChanges;
}
