import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import { ruleSource } from '../../domain/category-source.js';
import type { NewRule, Rule } from '../../domain/rules/rule.js';
import type { Database, RulesTable } from '../engine/schema.js';
import type { DialectQuirks } from '../engine/dialect-quirks.js';

/** The rows one rule matched in a scan, for applyMatches. */
export interface RuleMatches {
  ruleId: number;
  category: string;
  ids: readonly number[];
}

export type RuleRow = Selectable<RulesTable>;

export interface RulesVersionRow {
  n: number | string;
  max_id: number | string | null;
  revision: number | string | null;
}

const RULE_COLUMNS = ['id', 'category', 'description_contains', 'description_pattern', 'min_value', 'max_value', 'bank_id', 'priority'] as const;

/** Rules and the keyset scan `rules apply` and `rules suggest` walk transactions with. Both engines. */
export class RulesQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
  ) {}

  listRules(): CompiledQuery<RuleRow> {
    return this.db.selectFrom('rules').select(RULE_COLUMNS).orderBy('priority', 'desc').orderBy('id', 'asc').compile();
  }

  insertRule(rule: NewRule): CompiledQuery<{ id: number }> {
    return this.db.insertInto('rules').values(ruleColumns(rule)).returning('id').compile();
  }

  findRule(id: number): CompiledQuery<RuleRow> {
    return this.db.selectFrom('rules').select(RULE_COLUMNS).where('id', '=', id).compile();
  }

  updateRule(id: number, rule: NewRule): CompiledQuery {
    return this.db.updateTable('rules').set(ruleColumns(rule)).where('id', '=', id).compile();
  }

  setRulePriority(id: number, priority: number): CompiledQuery {
    return this.db.updateTable('rules').set({ priority }).where('id', '=', id).compile();
  }

  /** Every change of an existing rule raises the revision (migration 0010), so caches reload. */
  raiseRevision(): CompiledQuery {
    return this.db
      .updateTable('rules_revision')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('singleton', '=', 1)
      .compile();
  }

  /**
   * One rule's category for the rows it matched, unless a row changed meanwhile: it must still be
   * in scope (uncategorised; or not set by a person, unless overwriting is asked for) and not
   * already in the category.
   */
  applyRule(match: RuleMatches, scope: { uncategorisedOnly: boolean; overwriteManual: boolean }, tx: number): CompiledQuery {
    let builder = this.db
      .updateTable('transactions')
      .set({ category: match.category, category_source: ruleSource(match.ruleId), change_tx: tx })
      .where(this.quirks.amongIds('id', match.ids))
      .where('category', 'is distinct from', match.category)
      // A split row (migration 0020) has no category of its own: its lines carry them.
      .where('split', 'is', null);
    if (scope.uncategorisedOnly) builder = builder.where('category', 'is', null);
    else if (!scope.overwriteManual) builder = builder.where((eb) => eb.or([eb('category', 'is', null), eb('category_source', 'is not', null)]));
    return builder.compile();
  }

  /** Rules giving the category `from` give `to` instead (a category merge). */
  recategoriseRules(from: string, to: string): CompiledQuery {
    return this.db.updateTable('rules').set({ category: to }).where('category', '=', from).compile();
  }

  deleteRule(id: number): CompiledQuery {
    return this.db.deleteFrom('rules').where('id', '=', id).compile();
  }

  /**
   * Changes whenever a rule is added, removed or changed: ids are never handed out twice, so the
   * pair (count, largest id) cannot come back to an earlier value with a different set of rules,
   * and every change of an existing rule raises the revision.
   */
  rulesVersion(): CompiledQuery<RulesVersionRow> {
    return this.db
      .selectFrom('rules')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.max('id').as('max_id'),
        eb.selectFrom('rules_revision').select('revision').where('singleton', '=', 1).as('revision'),
      ])
      .compile() as CompiledQuery<RulesVersionRow>;
  }
}

export function toRule(row: RuleRow): Rule {
  return {
    id: Number(row.id),
    category: row.category,
    descriptionContains: row.description_contains,
    descriptionMatches: row.description_pattern,
    minValue: row.min_value === null ? null : Number(row.min_value),
    maxValue: row.max_value === null ? null : Number(row.max_value),
    bank: row.bank_id,
    priority: Number(row.priority),
  };
}

export function toRulesVersion(row: RulesVersionRow | undefined): string {
  return row === undefined ? '0:0:0' : `${Number(row.n)}:${Number(row.max_id ?? 0)}:${Number(row.revision ?? 0)}`;
}

function ruleColumns(rule: NewRule) {
  return {
    category: rule.category,
    description_contains: rule.descriptionContains,
    description_pattern: rule.descriptionMatches,
    min_value: rule.minValue,
    max_value: rule.maxValue,
    bank_id: rule.bank,
    priority: rule.priority,
  };
}
