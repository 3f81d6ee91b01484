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

/** How many delta rows the counts table holds, and for how many (category, bank) pairs. */
export function countDeltaStats(db: Kysely<Database>): CompiledQuery<{ deltas: number; pairs: number }> {
  return db
    .selectFrom('transaction_counts')
    .select((eb) => [eb.fn.countAll<number>().as('deltas'), sql<number>`count(DISTINCT (category, bank_id))`.as('pairs')])
    .compile();
}

/**
 * Folds the appended count deltas (migration 0004) now and then, so summing them stays a few
 * rows. Counts are exact whether or not it has run; it only keeps the sum short. It checks
 * first and compacts only when the deltas clearly outnumber the (category, bank) pairs.
 */
export class CountCompactor {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly stats: CompiledQuery,
    private readonly compact: CompiledQuery,
  ) {
    this.timer = setInterval(() => void this.run(), INTERVAL_MS);
    this.timer.unref();
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        const { rows } = await this.pool.query<{ deltas: number | string; pairs: number | string }>({ text: this.stats.sql, values: this.stats.parameters as unknown[] });
        const deltas = Number(rows[0]?.deltas ?? 0);
        const pairs = Number(rows[0]?.pairs ?? 0);
        if (deltas > 2 * pairs + 100) await this.pool.query({ text: this.compact.sql, values: this.compact.parameters as unknown[] });
      } catch {
        // Not migrated yet, or the server is away: the next tick tries again; counts stay exact.
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
