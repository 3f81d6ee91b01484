import type { NewRule } from '../../domain/rules/rule.js';
import type { ChangeFeedQueries } from '../changes/change-feed-queries.js';
import type { Queries } from '../transactions/transactions-queries.js';
import type { RuleRow, RulesQueries } from './rules-queries.js';
import type { RuleMatches, RuleOrderOutcome } from '../store.js';
import { changeRecorded, changes, changeToken, type StepResult, type WriteProgram } from '../engine/write-steps.js';

/**
 * The write programs of rules (see writes.ts) beyond adding and removing one: changing a rule,
 * their order, and applying them to existing transactions. Each is one transaction.
 */
export function rulePrograms(q: { transactions: Queries; rules: RulesQueries; changes: ChangeFeedQueries }) {
  const { transactions: t, rules, changes: feed } = q;
  return {
    *updateRule(id: number, rule: NewRule): WriteProgram<boolean> {
      if ((yield* changes(rules.updateRule(id, rule))) === 0) return false;
      yield rules.raiseRevision();
      return true;
    },

    /** `ids` must list every rule once (checked here, inside the transaction); the first gets the highest priority. */
    *reorderRules(ids: readonly number[]): WriteProgram<RuleOrderOutcome> {
      const existing = new Set(((yield rules.listRules()) as StepResult).rows.map((row) => Number((row as RuleRow).id)));
      const listed = new Set(ids);
      const missing = [...existing].filter((id) => !listed.has(id));
      const unknown = ids.filter((id) => !existing.has(id));
      if (missing.length > 0 || unknown.length > 0 || listed.size !== ids.length) return { status: 'mismatch', missing, unknown };
      for (const [index, id] of ids.entries()) yield rules.setRulePriority(id, ids.length - 1 - index);
      yield rules.raiseRevision();
      return { status: 'reordered' };
    },

    /**
     * Gives each rule's matched rows its category, one UPDATE per rule, stamped and recorded in
     * the change feed. The UPDATE checks again what the scan saw (still in scope, not already in
     * the category), so a row a person categorised meanwhile is left alone. Returns, per rule,
     * how many rows changed.
     */
    *applyRules(matches: readonly RuleMatches[], scope: { uncategorisedOnly: boolean; overwriteManual: boolean }): WriteProgram<number[]> {
      const tx = yield* changeToken(feed);
      const changed: number[] = [];
      for (const match of matches) {
        if (match.ids.length === 0) {
          changed.push(0);
          continue;
        }
        yield t.insertCategoryIfMissing(match.category, tx);
        changed.push(yield* changes(rules.applyRule(match, scope, tx)));
      }
      if (changed.some((n) => n > 0)) yield* changeRecorded(feed, tx);
      return changed;
    },
  };
}
