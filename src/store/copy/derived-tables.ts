import { sql, type RawBuilder } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';
import { centsSql } from '../engine/sql-terms.js';

/** One grouped row, column name to value (as table-access.ts's Row, which imports this file). */
type Row = Record<string, unknown>;

/**
 * The tables kept by triggers from `transactions` (migrations 0004 and 0008): never copied, but
 * rebuilt where the copy turns the triggers off (PostgreSQL) and always checked by the copy's own
 * verification against the rows the target really holds. Each has one definition of its truth
 * (the grouped transactions), used both to rebuild it and to check it.
 */
export interface DerivedTable {
  name: string;
  /** The grouping columns, as both queries below return them. */
  keys: readonly string[];
  /** The summed columns (whole numbers), after the keys. */
  sums: readonly string[];
  /** What the table says, one row per key, keys whose sums are all zero left out (PostgreSQL keeps signed deltas). */
  stored(): RawBuilder<Row>;
  /** What the transactions say, in the same shape. */
  truth(engine: EngineName): RawBuilder<Row>;
}

const REPORT_TOTALS = [
  { name: 'report_months', key: 'month', of: () => 'substr(date, 1, 7)' },
  { name: 'report_days', key: 'day', of: () => 'date' },
] as const;

function reportTotals({ name, key, of }: (typeof REPORT_TOTALS)[number]): DerivedTable {
  return {
    name,
    keys: [key, 'category', 'bank_id'],
    sums: ['n', 'income', 'expenses'],
    stored: () =>
      sql<Row>`SELECT ${sql.ref(key)} AS ${sql.ref(key)}, category, bank_id, sum(n) AS n, sum(income) AS income, sum(expenses) AS expenses
        FROM ${sql.table(name)} GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(income) <> 0 OR sum(expenses) <> 0 ORDER BY 1, 2, 3`,
    truth: (engine) => {
      const cents = centsSql('value', engine);
      // SQLite's two-argument max/min are PostgreSQL's greatest/least.
      const [greatest, least] = engine === 'sqlite' ? ['max', 'min'] : ['greatest', 'least'];
      return sql<Row>`SELECT ${sql.raw(of())} AS ${sql.ref(key)}, coalesce(category, '') AS category, coalesce(bank_id, '') AS bank_id, count(*) AS n,
          coalesce(sum(${sql.raw(greatest)}(coalesce(${sql.raw(cents)}, 0), 0)), 0) AS income,
          coalesce(sum(${sql.raw(least)}(coalesce(${sql.raw(cents)}, 0), 0)), 0) AS expenses
        FROM transactions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    },
  };
}

export const DERIVED_TABLES: readonly DerivedTable[] = [
  {
    name: 'transaction_counts',
    keys: ['category', 'bank_id'],
    sums: ['n'],
    stored: () => sql<Row>`SELECT category, bank_id, sum(n) AS n FROM transaction_counts GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2`,
    truth: () =>
      sql<Row>`SELECT coalesce(category, '') AS category, coalesce(bank_id, '') AS bank_id, count(*) AS n FROM transactions GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  ...REPORT_TOTALS.map(reportTotals),
  {
    // Migration 0019: per (account, day, status), its rows and whole cents.
    name: 'account_days',
    keys: ['account_id', 'day', 'status'],
    sums: ['n', 'cents', 'odd'],
    stored: () =>
      sql<Row>`SELECT account_id, day, status, sum(n) AS n, sum(cents) AS cents, sum(odd) AS odd FROM account_days GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(cents) <> 0 OR sum(odd) <> 0 ORDER BY 1, 2, 3`,
    truth: (engine) =>
      sql<Row>`SELECT account_id, date AS day, coalesce(status, '') AS status, count(*) AS n, coalesce(sum(coalesce(${sql.raw(centsSql('value', engine))}, 0)), 0) AS cents,
          sum(CASE WHEN ${sql.raw(centsSql('value', engine))} IS NULL THEN 1 ELSE 0 END) AS odd
        FROM transactions WHERE account_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  },
];

/** Statements that empty a derived table and fill it from the transactions, as its migration first did. */
export function rebuildDerived(table: DerivedTable, engine: EngineName): RawBuilder<unknown>[] {
  return [
    sql`DELETE FROM ${sql.table(table.name)}`,
    sql`INSERT INTO ${sql.table(table.name)} (${sql.join([...table.keys, ...table.sums].map((column) => sql.ref(column)))}) ${table.truth(engine)}`,
  ];
}
