import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL for tests. MONETA_TEST_PG_URL names a server (default: the local one, database
 * `test`); each call to createTestDatabase makes a fresh database and drop removes it, so test
 * runs never see each other's data. Where the server is unreachable the PostgreSQL half is
 * skipped with a loud notice, unless MONETA_REQUIRE_POSTGRES=1 (set by .ci/run) makes it fail.
 */
export const ADMIN_URL = process.env.MONETA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const POSTGRES_REQUIRED = process.env.MONETA_REQUIRE_POSTGRES === '1';

let availability: Promise<string | null> | undefined;

/** null when reachable, else the reason. */
export function postgresUnavailableReason(): Promise<string | null> {
  availability ??= (async () => {
    // A refused connection answers at once; a slow one (a loaded machine) gets three tries of 10 s.
    let reason: string | null = null;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      reason = await tryConnect();
      if (reason === null || !/timeout/i.test(reason)) return reason;
    }
    return reason;
  })();
  return availability;
}

async function tryConnect(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Resolves to the skip reason for a PostgreSQL test, or throws when PostgreSQL is required. */
export async function postgresSkipReason(): Promise<string | false> {
  const reason = await postgresUnavailableReason();
  if (reason === null) return false;
  const notice = `PostgreSQL at ${ADMIN_URL} is unreachable (${reason}). Start it, or set MONETA_TEST_PG_URL; MONETA_REQUIRE_POSTGRES=1 turns this skip into a failure.`;
  if (POSTGRES_REQUIRED) throw new Error(`PostgreSQL is required for this run: ${notice}`);
  process.stderr.write(`\n!!! SKIPPING POSTGRESQL TESTS: ${notice}\n\n`);
  return `PostgreSQL unreachable: ${reason}`;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `moneta_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A pool on a test database that survives the database being dropped. pool.end() resolves once
 * every client has been asked to end, not once its socket has closed; a DROP DATABASE ... WITH
 * (FORCE) right after (the afterEach of describeEachEngine) can then make the server send
 * "terminating connection" to a client still closing, which pg-pool re-emits as the pool's
 * 'error': with no listener that is an uncaught exception failing whichever test is running.
 */
export function testPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
