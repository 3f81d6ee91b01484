import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from './postgres.js';

const skipPostgres = await postgresSkipReason();

/** The engines a command-line test runs on: a new SQLite file, or a new PostgreSQL database dropped after the test. */
export function cliEngines(prefix: string): { name: string; skip: string | false; db: () => Promise<string> }[] {
  return [
    { name: 'SQLite', skip: false, db: async () => join(mkdtempSync(join(tmpdir(), prefix)), 'moneta.db') },
    {
      name: 'PostgreSQL',
      skip: skipPostgres,
      db: async () => {
        const database: TestDatabase = await createTestDatabase();
        after(() => database.drop());
        return database.url;
      },
    },
  ];
}
