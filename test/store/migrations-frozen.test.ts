/**
 * Migrations are append-only: once one has landed, stores in the field have run it, and a store
 * created after an edit would differ from one migrated before it, with nothing to tell them apart.
 * So the statements every migration runs, per engine, are kept as text in
 * test/store/migrations/<name>.<engine>.sql and compared with what the code runs now.
 *
 * - A landed migration's statements changed: fails. Write the next migration instead.
 * - A new migration without its snapshot: fails, saying how to record it:
 *   MONETA_RECORD_MIGRATIONS=1 writes the missing snapshots (never overwrites one).
 * - A snapshot whose migration is gone (deleted or renamed): fails.
 *
 * The statements are captured through Kysely's public Migration interface (migrationProvider),
 * compiled by each engine's own query compiler, without a database: a recording driver answers
 * every statement with no rows.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Kysely, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { projectFile } from '../../src/project-root.js';
import { migrationProvider } from '../../src/store/migrations/index.js';
import type { EngineName } from '../../src/store/store.js';
import { offlineDialect } from '../support/offline-dialect.js';

const SNAPSHOTS = projectFile('test/store/migrations');
const ENGINES: EngineName[] = ['sqlite', 'postgres'];
const RECORD = process.env.MONETA_RECORD_MIGRATIONS === '1';

/** Landed when this test was written (0004 had been edited after landing: see docs/migrations.md). */
const LANDED_AT_FREEZE = [
  '0001-initial-schema',
  '0002-import-and-rules',
  '0003-security',
  '0004-performance',
  '0005-deferred-search-index',
  '0006-stored-row-json',
];

class RecordingConnection implements DatabaseConnection {
  constructor(private readonly statements: CompiledQuery[]) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.statements.push(query);
    return { rows: [] };
  }

  // eslint-disable-next-line require-yield -- no migration streams; one that starts to should fail loudly here
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('a migration streamed a query: record what it reads before freezing it');
  }
}

/** Answers every statement with no rows, and keeps it. */
function recordingDriver(statements: CompiledQuery[]): Driver {
  const connection = new RecordingConnection(statements);
  return {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
}

/** The migration's statements as reviewable text: each statement, then its parameters if any. */
async function statementsOf(engine: EngineName, name: string): Promise<string> {
  const migrations = await migrationProvider(engine).getMigrations();
  const migration = migrations[name];
  assert.ok(migration, `no migration ${name}`);
  const statements: CompiledQuery[] = [];
  const db = new Kysely<unknown>({ dialect: offlineDialect(engine, recordingDriver(statements)) });
  try {
    await migration.up(db);
  } finally {
    await db.destroy();
  }
  const header = `-- ${name} on ${engine}: the statements it runs, in order. Frozen: never edit (see the test).\n`;
  return (
    header +
    statements
      .map((query) => `${query.sql.trim()};${query.parameters.length > 0 ? `\n-- parameters: ${JSON.stringify(query.parameters)}` : ''}\n`)
      .join('\n')
  );
}

const snapshotFile = (name: string, engine: EngineName) => `${SNAPSHOTS}/${name}.${engine}.sql`;

describe('landed migrations are frozen', async () => {
  const names = Object.keys(await migrationProvider('sqlite').getMigrations()).sort();

  it('every migration landed when the freeze began is still there, in order, first', async () => {
    assert.deepEqual(names.slice(0, LANDED_AT_FREEZE.length), LANDED_AT_FREEZE);
    assert.deepEqual(Object.keys(await migrationProvider('postgres').getMigrations()).sort(), names, 'both engines know the same migrations');
  });

  for (const engine of ENGINES) {
    for (const name of names) {
      it(`${name} [${engine}] runs exactly its recorded statements`, async () => {
        const actual = await statementsOf(engine, name);
        const file = snapshotFile(name, engine);
        if (!existsSync(file)) {
          if (RECORD && !LANDED_AT_FREEZE.includes(name)) {
            writeFileSync(file, actual);
            return;
          }
          assert.fail(`${file} is missing: a new migration records its statements with MONETA_RECORD_MIGRATIONS=1 npm test -- test/store/migrations-frozen.test.ts, and commits them`);
        }
        assert.equal(actual, readFileSync(file, 'utf8'), `${name} changed after it landed: undo the edit and add the change as the next migration`);
      });
    }
  }

  it('every snapshot belongs to a migration that still exists', () => {
    const expected = names.flatMap((name) => ENGINES.map((engine) => `${name}.${engine}.sql`)).sort();
    assert.deepEqual(readdirSync(SNAPSHOTS).sort(), expected);
  });
});

