import type { NewRule, Rule } from '../../domain/rules/rule.js';
import type { EngineAccess } from '../engine/engine-access.js';
import type { RuleOrderOutcome, RulePrograms } from './rule-writes.js';
import { toRule, toRulesVersion, type RuleMatches, type RuleRow, type RulesQueries, type RulesVersionRow } from './rules-queries.js';

export interface RulesRepository {
  /** Categorisation rules, in the order they apply. */
  list(): Promise<Rule[]>;
  /** The bank, when given, must exist (the caller checks; the foreign key enforces). */
  add(rule: NewRule): Promise<Rule>;
  /** False when there is no such rule. */
  remove(id: number): Promise<boolean>;
  /** Changes whenever a rule is added, removed or changed; one cheap query, so caches can ask often. */
  version(): Promise<string>;
  /** False when there is no such rule. The bank, when given, must exist. */
  update(id: number, rule: NewRule): Promise<boolean>;
  /** Sets the order rules apply in: `ids` must list every rule once. */
  reorder(ids: readonly number[]): Promise<RuleOrderOutcome>;
  /** Gives each rule's rows its category (source rule:<id>) in one commit; per rule, how many changed. */
  applyMatches(matches: readonly RuleMatches[], scope: { uncategorisedOnly: boolean; overwriteManual: boolean }): Promise<number[]>;
}

export function rulesRepository(db: EngineAccess<{ rules: RulesQueries }, RulePrograms>): RulesRepository {
  const { rules } = db.queries;
  return {
    async list() {
      return (await db.all<RuleRow>(rules.listRules())).map(toRule);
    },
    add: (rule) => db.write('addRule', rule),
    remove: (id) => db.write('removeRule', id),
    update: (id, rule) => db.write('updateRule', id, rule),
    reorder: (ids) => db.write('reorderRules', ids),
    applyMatches: (matches, scope) => db.write('applyRules', matches, scope),
    async version() {
      return toRulesVersion(await db.first<RulesVersionRow>(rules.rulesVersion()));
    },
  };
}
