import type pg from 'pg';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

const INTERVAL_MS = 2000;

/**
 * PostgreSQL keeps counts as appended deltas (migration 0004): this folds them into one row per
 * (category, bank). Safe beside writers and other compactions: each delta row is deleted, and
 * so moved, exactly once; rows appended meanwhile wait for the next run.
 */
export function compactCounts(db: Kysely<Database>): CompiledQuery {
  return sql`WITH moved AS (DELETE FROM transaction_counts RETURNING category, bank_id, n)
    INSERT INTO transaction_counts (category, bank_id, n)
    SELECT category, bank_id, sum(n) FROM moved GROUP BY category, bank_id HAVING sum(n) <> 0`.compile(db);
}

/** The report totals (migration 0008) are appended deltas too: folded the same way, per key. */
export function compactReportTotals(db: Kysely<Database>, table: 'report_months' | 'report_days'): CompiledQuery {
  const key = sql.ref(table === 'report_months' ? 'month' : 'day');
  return sql`WITH moved AS (DELETE FROM ${sql.table(table)} RETURNING ${key}, category, bank_id, n, income, expenses)
    INSERT INTO ${sql.table(table)} (${key}, category, bank_id, n, income, expenses)
    SELECT ${key}, category, bank_id, sum(n), sum(income), sum(expenses) FROM moved GROUP BY ${key}, category, bank_id HAVING sum(n) <> 0`.compile(db);
}

export function reportTotalsDeltaStats(db: Kysely<Database>, table: 'report_months' | 'report_days'): CompiledQuery<{ deltas: number; pairs: number }> {
  const key = sql.ref(table === 'report_months' ? 'month' : 'day');
  return sql<{ deltas: number; pairs: number }>`SELECT count(*) AS deltas, count(DISTINCT (${key}, category, bank_id)) AS pairs FROM ${sql.table(table)}`.compile(db);
}

/** How many delta rows the counts table holds, and for how many (category, bank) pairs. */
export function countDeltaStats(db: Kysely<Database>): CompiledQuery<{ deltas: number; pairs: number }> {
  return db
    .selectFrom('transaction_counts')
    .select((eb) => [eb.fn.countAll<number>().as('deltas'), sql<number>`count(DISTINCT (category, bank_id))`.as('pairs')])
    .compile();
}

/** A table of appended deltas: how to measure it and how to fold it. */
export interface DeltaTable {
  stats: CompiledQuery;
  compact: CompiledQuery;
}

/** The delta tables of a PostgreSQL store: the counts (0004) and the report totals (0008). */
export function deltaTables(db: Kysely<Database>): DeltaTable[] {
  return [
    { stats: countDeltaStats(db), compact: compactCounts(db) },
    ...(['report_months', 'report_days'] as const).map((table) => ({ stats: reportTotalsDeltaStats(db, table), compact: compactReportTotals(db, table) })),
  ];
}

/**
 * Folds the appended deltas (counts, migration 0004; report totals, 0008) now and then, so
 * summing them stays a few rows. Totals are exact whether or not it has run; it only keeps the
 * sums short. It checks each table first and compacts only when its deltas clearly outnumber
 * its keys.
 */
export class CountCompactor {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly tables: DeltaTable[],
  ) {
    this.timer = setInterval(() => void this.run(), INTERVAL_MS);
    this.timer.unref();
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        for (const { stats, compact } of this.tables) {
          const { rows } = await this.pool.query<{ deltas: number | string; pairs: number | string }>({ text: stats.sql, values: stats.parameters as unknown[] });
          const deltas = Number(rows[0]?.deltas ?? 0);
          const pairs = Number(rows[0]?.pairs ?? 0);
          if (deltas > 2 * pairs + 100) await this.pool.query({ text: compact.sql, values: compact.parameters as unknown[] });
        }
      } catch {
        // Not migrated yet, or the server is away: the next tick tries again; totals stay exact.
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
