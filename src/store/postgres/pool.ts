import pg from 'pg';

/** int8 (ids, counts, millisecond times) as numbers, as the store reads them: ids are assigned from 1 and stay far below 2^53. */
const INT8_OID = 20;
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export interface PoolSettings {
  url: string;
  /** Connections at most. */
  max: number;
  /** The server's statement_timeout for each connection. */
  statementTimeoutMs: number;
  /** How long waiting for a connection may take (none when absent). */
  connectTimeoutMs?: number;
  /** How long the client waits for one query's answer before giving up on it (none when absent). */
  queryTimeoutMs?: number;
  /** An idle connection is closed after this long (node-postgres' default when absent). */
  idleTimeoutMs?: number;
}

/**
 * Every pool of connections to a PostgreSQL store (the store's own, its streams', a copy's):
 * int8 read as numbers, and connections that the server drops never crash the process.
 */
export function openPostgresPool(settings: PoolSettings): pg.Pool {
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.max,
    statement_timeout: settings.statementTimeoutMs,
    // No JIT compilation: Moneta's statements are short reads by index, and a plan whose cost
    // passes jit_above_cost only because the planner cannot estimate a guard (the ledger's reads
    // of values that are not whole cents, run only when an account has some) spent 60 ms of a
    // 98 ms register page compiling, and several times that under load (docs/performance.md).
    options: '-c jit=off',
    ...(settings.connectTimeoutMs !== undefined && { connectionTimeoutMillis: settings.connectTimeoutMs }),
    ...(settings.queryTimeoutMs !== undefined && { query_timeout: settings.queryTimeoutMs }),
    ...(settings.idleTimeoutMs !== undefined && { idleTimeoutMillis: settings.idleTimeoutMs }),
    types: typeParsers,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool discards it and the next request opens a new one.
  pool.on('error', () => {});
  // A connection dropped while checked out but between two queries (inside a transaction,
  // or just handed to a request) emits 'error' on the client itself, where no pool listener
  // is attached: without this listener the process crashed. The work in flight still fails
  // (its next query, or the ROLLBACK, rejects), and the pool never reuses the broken client.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
