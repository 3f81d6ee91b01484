import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import type { NewRule, Rule } from '../domain/rules/rule.js';
import type { Database, RulesTable } from './schema.js';
import type { TransactionRow } from './queries.js';

export type RuleRow = Selectable<RulesTable>;

export interface RulesVersionRow {
  n: number | string;
  max_id: number | string | null;
}

const RULE_COLUMNS = ['id', 'category', 'description_contains', 'description_pattern', 'min_value', 'max_value', 'bank_id', 'priority'] as const;

/** Rules and the keyset scan `rules apply` and `rules suggest` walk transactions with. Both engines. */
export class RulesQueries {
  constructor(private readonly db: Kysely<Database>) {}

  listRules(): CompiledQuery<RuleRow> {
    return this.db.selectFrom('rules').select(RULE_COLUMNS).orderBy('priority', 'desc').orderBy('id', 'asc').compile();
  }

  insertRule(rule: NewRule): CompiledQuery<{ id: number }> {
    return this.db
      .insertInto('rules')
      .values({
        category: rule.category,
        description_contains: rule.descriptionContains,
        description_pattern: rule.descriptionMatches,
        min_value: rule.minValue,
        max_value: rule.maxValue,
        bank_id: rule.bank,
        priority: rule.priority,
      })
      .returning('id')
      .compile();
  }

  /** Rules giving the category `from` give `to` instead (a category merge). */
  recategoriseRules(from: string, to: string): CompiledQuery {
    return this.db.updateTable('rules').set({ category: to }).where('category', '=', from).compile();
  }

  deleteRule(id: number): CompiledQuery {
    return this.db.deleteFrom('rules').where('id', '=', id).compile();
  }

  /**
   * Changes whenever a rule is added or removed: ids are never handed out twice, so the pair
   * (count, largest id) cannot come back to an earlier value with a different set of rules.
   */
  rulesVersion(): CompiledQuery<RulesVersionRow> {
    return this.db
      .selectFrom('rules')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('id').as('max_id')])
      .compile() as CompiledQuery<RulesVersionRow>;
  }

  /** The next page of transactions by id, for scans that update as they go (offsets would shift). */
  transactionsAfter(afterId: number, limit: number, uncategorisedOnly: boolean): CompiledQuery<TransactionRow> {
    let builder = this.db
      .selectFrom('transactions')
      .select(['id', 'date', 'description', 'value', 'category', 'bank_id'])
      .where('id', '>', afterId);
    if (uncategorisedOnly) builder = builder.where('category', 'is', null);
    return builder.orderBy('id', 'asc').limit(limit).compile();
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
  return row === undefined ? '0:0' : `${Number(row.n)}:${Number(row.max_id ?? 0)}`;
}
