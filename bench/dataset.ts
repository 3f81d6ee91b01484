/**
 * Builds the benchmark datasets once and caches them: a SQLite file under bench/.data/ (keyed by
 * row count and a hash of the migrations, so a schema change rebuilds it), a PostgreSQL template
 * database, and json-server's db.json for the peer.
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, fsyncSync, openSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { BENCH_OPTIONS, generateSampleData, type SampleTransaction } from '../src/domain/sample-data.js';
import { foldForSearch } from '../src/domain/text.js';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { PostgresStore } from '../src/store/postgres/postgres-store.js';
import { migrationProvider } from '../src/store/migrations/index.js';
import type { EngineName } from '../src/store/store.js';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { projectFile } from '../src/project-root.js';

export const DATA_DIR = projectFile('bench/.data');
const BATCH = 2000;

/** Changes whenever a migration is added or edited, so a cached dataset never has an old schema. */
export function schemaHash(): string {
  const dir = projectFile('src/store/migrations');
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)));
  return hash.digest('hex').slice(0, 12);
}

/** `banks`: how many banks the rows spread over (each becomes one account: migration 0019); the ledger's runs use one. */
function dataset(rows: number, banks = BENCH_OPTIONS.banks) {
  return generateSampleData({ ...BENCH_OPTIONS, transactions: rows, banks });
}

/** The name part that tells a dataset of other than the default banks apart. */
function banksSuffix(banks: number): string {
  return banks === BENCH_OPTIONS.banks ? '' : `-${banks}bank`;
}

function* batches(rows: number, banks = BENCH_OPTIONS.banks): Generator<SampleTransaction[]> {
  let batch: SampleTransaction[] = [];
  for (const row of dataset(rows, banks).transactions()) {
    batch.push(row);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** A cached, migrated SQLite file with `rows` transactions; returns its path. */
export async function cachedSqliteFile(rows: number, log: (line: string) => void, banks = BENCH_OPTIONS.banks): Promise<string> {
  mkdirSync(DATA_DIR, { recursive: true });
  const path = join(DATA_DIR, `sqlite-${rows}${banksSuffix(banks)}-${schemaHash()}.db`);
  if (existsSync(path)) return path;
  const started = performance.now();
  log(`building ${rows.toLocaleString('en')}-row SQLite dataset (cached afterwards in ${path})`);
  const building = `${path}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  // The schema as users get it, but the rows go in before the performance migration, which then
  // builds its trigram index and counts in one pass (as when a user upgrades) instead of row by
  // row through its triggers: minutes faster at a million rows.
  // Banks and categories as plain rows too: the store's own writes expect the latest schema.
  await migrateTo(new Kysely({ dialect: new SqliteDialect({ database: new Database(building) }) }), 'sqlite', LOAD_BEFORE);
  const catalogue = new Database(building);
  for (const bank of dataset(0, banks).banks) catalogue.prepare('INSERT INTO banks (id, name, aggregator_id) VALUES (?, ?, ?)').run(bank.id, bank.name, bank.aggregatorId ?? null);
  for (const category of dataset(0).categories) catalogue.prepare('INSERT INTO categories (name, group_name) VALUES (?, ?)').run(category.name, category.group ?? null);
  catalogue.close();
  // Bulk load: one connection, big transactions, no fsync per row. Safe because the file is
  // only renamed into place once complete.
  const db = new Database(building);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const insert = db.prepare(
    'INSERT INTO transactions (date, description, description_folded, value, category, bank_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const load = db.transaction((batch: SampleTransaction[]) => {
    for (const row of batch) {
      insert.run(row.date, row.description, foldForSearch(row.description), row.value, row.category ?? null, row.bank);
    }
  });
  for (const batch of batches(rows, banks)) load(batch);
  db.close();
  const store = new SqliteStore({ path: building });
  await store.lifecycle.migrate();
  await store.lifecycle.close();
  const checkpoint = new Database(building);
  checkpoint.exec('ANALYZE');
  checkpoint.pragma('wal_checkpoint(TRUNCATE)');
  checkpoint.close();
  renameSync(building, path);
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return path;
}

/** A private copy of the cached file, so write scenarios never touch the cache. */
export function workingCopy(cached: string, name: string): string {
  const target = join(DATA_DIR, name);
  for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
  copyFileSync(cached, target);
  // Written to disk now: the copy leaves ~265 MB of dirty pages that the kernel otherwise writes
  // back some 30 s later, in the middle of the first measurements (one full run measured its
  // first ceiling at 6,991 req/s and its last at 8,544 while the disk was busy with it).
  const fd = openSync(target, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return target;
}

/**
 * PostgreSQL: a template database named after rows and schema, built once on the server the URL
 * names; every run gets a fresh copy (CREATE DATABASE ... TEMPLATE), so writes never leak
 * between runs. Returns the URL of the copy.
 */
export async function postgresWorkingDatabase(serverUrl: string, rows: number, log: (line: string) => void, banks = BENCH_OPTIONS.banks): Promise<string> {
  const template = `moneta_bench_${rows}${banksSuffix(banks).replace('-', '_')}_${schemaHash()}`;
  const work = `moneta_bench_run${banksSuffix(banks).replace('-', '_')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      const started = performance.now();
      log(`building ${rows.toLocaleString('en')}-row PostgreSQL dataset (cached afterwards as database ${template})`);
      await admin.query(`DROP DATABASE IF EXISTS ${template}_building WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template}_building`);
      await loadPostgres(withDatabase(serverUrl, `${template}_building`), rows, banks);
      // Backends of the closed connections can take a moment to exit on the server.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await admin.query(`ALTER DATABASE ${template}_building RENAME TO ${template}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${work} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${work} TEMPLATE ${template}`);
    // As with the SQLite copy: the copy's pages go to disk now, not during the measurements.
    // CHECKPOINT needs a superuser (or pg_checkpoint); without one the run goes on as it is.
    await admin.query('CHECKPOINT').catch((error: Error) => log(`CHECKPOINT before measuring skipped: ${error.message}`));
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, work);
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function loadPostgres(url: string, rows: number, banks = BENCH_OPTIONS.banks): Promise<void> {
  // The migrator destroys its Kysely, and with it the pool it was given: a pool of its own.
  await migrateTo(new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) }), 'postgres', LOAD_BEFORE);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // Banks and categories as plain rows too: the store's own writes expect the latest schema.
  for (const bank of dataset(0, banks).banks) await pool.query('INSERT INTO banks (id, name, aggregator_id) VALUES ($1, $2, $3)', [bank.id, bank.name, bank.aggregatorId ?? null]);
  for (const category of dataset(0).categories) await pool.query('INSERT INTO categories (name, group_name) VALUES ($1, $2)', [category.name, category.group ?? null]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const batch of batches(rows, banks)) {
      await client.query(
        `INSERT INTO transactions (date, description, description_folded, value, category, bank_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[], $6::text[])`,
        [
          batch.map((row) => row.date),
          batch.map((row) => row.description),
          batch.map((row) => foldForSearch(row.description)),
          batch.map((row) => row.value),
          batch.map((row) => row.category ?? null),
          batch.map((row) => row.bank),
        ],
      );
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
    await pool.end();
  }
  const store = new PostgresStore({ url, statementTimeoutMs: 600_000 });
  await store.lifecycle.migrate();
  await store.lifecycle.close();
  const vacuum = new pg.Client({ connectionString: url });
  await vacuum.connect();
  await vacuum.query('VACUUM ANALYZE');
  await vacuum.end();
}

/** The last migration applied before the rows are loaded (see cachedSqliteFile). */
const LOAD_BEFORE = '0003-security';

async function migrateTo(db: Kysely<unknown>, engine: EngineName, name: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider(engine),
    // The stores' own bookkeeping tables, so store.lifecycle.migrate() later carries on from here.
    migrationTableName: 'moneta_migrations',
    migrationLockTableName: 'moneta_migrations_lock',
  });
  const { error } = await migrator.migrateTo(name);
  await db.destroy();
  if (error) throw error;
}

/** json-server's db.json: the same generator, written as the peer expects it. */
export async function cachedPeerFile(rows: number): Promise<string> {
  mkdirSync(DATA_DIR, { recursive: true });
  const path = join(DATA_DIR, `peer-${rows}.json`);
  if (existsSync(path)) return path;
  const building = `${path}.building`;
  const out = createWriteStream(building);
  const write = (text: string) => new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
  await write('{"transactions":[\n');
  let id = 0;
  for (const batch of batches(rows)) {
    const lines = batch.map((row) => {
      id += 1;
      return JSON.stringify({ id, date: row.date, description: row.description, value: row.value, category: row.category ?? null, bank: row.bank });
    });
    await write((id > batch.length ? ',\n' : '') + lines.join(',\n'));
  }
  await write('\n]}\n');
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  renameSync(building, path);
  return path;
}

export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
