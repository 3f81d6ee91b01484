import type { NewRule, Rule } from '../../domain/rules/rule.js';
import type { ChangeRecording, UndoRecording } from '../engine/write-steps.js';
import type { Queries } from '../transactions/transactions-queries.js';
import type { RuleMatches, RuleRow, RulesQueries } from './rules-queries.js';
import { changeRecorded, changes, changeToken, insertedId, undoKept, type StepResult, type WriteProgram } from '../engine/write-steps.js';

/** `missing`: rules the list left out; `unknown`: ids that name no rule (or are listed twice). */
export type RuleOrderOutcome = { status: 'reordered' } | { status: 'mismatch'; missing: number[]; unknown: number[] };

/**
 * The write programs of rules (see ../writes.ts): adding, changing and removing one, their
 * order, and applying them to existing transactions. Each is one transaction.
 */
export function rulePrograms(q: { transactions: Queries; rules: RulesQueries; changes: ChangeRecording; undo: UndoRecording }) {
  const { transactions: t, rules, changes: feed, undo } = q;
  return {
    *addRule(rule: NewRule): WriteProgram<Rule> {
      return { ...rule, id: yield* insertedId(rules.insertRule(rule)) };
    },

    *removeRule(id: number): WriteProgram<boolean> {
      return (yield* changes(rules.deleteRule(id))) > 0;
    },

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
      if (changed.some((n) => n > 0)) {
        yield* undoKept(undo, tx);
        yield* changeRecorded(feed, tx);
      }
      return changed;
    },
  };
}

export type RulePrograms = ReturnType<typeof rulePrograms>;
