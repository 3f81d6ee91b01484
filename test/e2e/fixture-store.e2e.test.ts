import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import type { components } from '../../src/http/contract.gen.js';
import { projectFile } from '../../src/project-root.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { runCli, spawnServer } from '../support/spawned-server.js';

/**
 * A user's store from before the persistence rebuild (issue 11): written by main at 292b00f
 * through the CLI (scripts/make-fixture-stores.sh: demo data, three rules, two tokens, two
 * statement imports). Today's code must open it (migrating it when migrations were added since)
 * and read the same thing through what users run: `moneta serve` and the CLI.
 *
 * Every expected value below was read from the fixture by main at 292b00f, not from today's code.
 */
const FIXTURE = '292b00f';
const fixtureFile = (suffix: string) => projectFile(`test/fixtures/stores/${FIXTURE}.${suffix}`);

interface EngineExpectation {
  /** sha256 of every transaction as [id, date, description, value, category, bank], by id. */
  rowsDigest: string;
  tokens: { name: string; readOnly: boolean; createdAt: string }[];
}

const EXPECTED: Record<'sqlite' | 'postgres', EngineExpectation> = {
  sqlite: {
    rowsDigest: 'bb023311f0b2aa66065346caa2b5003f3e94d517bdb272d1073d30a71db11650',
    tokens: [
      { name: 'fixture-reader', readOnly: true, createdAt: '2026-11-23T09:16:41.702Z' },
      { name: 'fixture-writer', readOnly: false, createdAt: '2026-11-23T09:16:45.079Z' },
    ],
  },
  // The demo loads 256 transactions at a time, so PostgreSQL's pool handed out ids in another order.
  postgres: {
    rowsDigest: '00811f9a1ea9057bf6aaba9e586bd8cefc4f014d331d30103f080126ee62571b',
    tokens: [
      { name: 'fixture-reader', readOnly: true, createdAt: '2026-11-23T09:17:29.805Z' },
      { name: 'fixture-writer', readOnly: false, createdAt: '2026-11-23T09:17:36.847Z' },
    ],
  },
};

const BANKS = [
  { id: 'chase', name: 'Chase' },
  { id: 'ing', name: 'ING', aggregatorId: '2cce65c3-2ebe-4195-8bc3-5aeb189c29b8' },
  { id: 'monzo', name: 'Monzo Bank', aggregatorId: 'fe8a62fb-0d54-4253-92e6-811641daf92c' },
];

const grouped = (group: string, names: string[]) => names.map((name) => ({ name, group: { name: group } }));
const CATEGORIES = [
  ...grouped('Finance', ['Fees', 'Insurance', 'Savings']),
  ...grouped('Food', ['Coffee', 'Groceries', 'Restaurants']),
  ...grouped('Housing', ['Rent', 'Utilities']),
  ...grouped('Income', ['Refunds', 'Salary']),
  ...grouped('Leisure', ['Sports', 'Streaming', 'Travel']),
  ...grouped('Shopping', ['Clothing', 'Electronics', 'Online shopping']),
  ...grouped('Transport', ['Fuel', 'Public transport', 'Taxi']),
  // No group: "Health" from the demo; "Kaffee" and "Strom" created when a rule first applied on import.
  { name: 'Health' },
  { name: 'Kaffee' },
  { name: 'Strom' },
];

const RULES = [
  { id: 1, category: 'Kaffee', descriptionContains: 'coffee', descriptionMatches: null, minValue: null, maxValue: 0, bank: null, priority: 5 },
  { id: 2, category: 'Strom', descriptionContains: null, descriptionMatches: '^stadtwerke\\b', minValue: -5000, maxValue: null, bank: 'ing', priority: 0 },
  { id: 3, category: 'Salary', descriptionContains: 'gehalt', descriptionMatches: null, minValue: 0, maxValue: null, bank: null, priority: 0 },
];

/** X-Total-Count of GET /transactions?limit=0&<query>, as main answered it. */
const TOTALS: Record<string, number> = {
  '': 2008,
  'category=Kaffee': 2,
  'category=Strom': 1,
  'bank=ing': 1059,
  'category=Groceries&bank=chase': 89,
  'description=coffee': 71,
  'description=d%C3%BCsseldorf': 45,
};

/** The imported rows (ids 2001-2008 on both engines: the imports ran after the demo). */
// Migration 0019 puts every bank's rows into an account named after the bank (ids by bank id:
// chase 1, ing 2, monzo 3). Rows it knows were imported become cleared; this store was written
// before imports were recorded (migration 0009), so none is known to be.
const IMPORTED = [
  { id: 2001, date: '2024-01-02', description: 'Coffee Corner Main St', value: -3.8, category: 'Kaffee', bank: 'chase', account: 1 },
  { id: 2002, date: '2024-01-02', description: 'Coffee Corner Main St', value: -3.8, category: 'Kaffee', bank: 'chase', account: 1 },
  { id: 2003, date: '2024-01-03', description: 'REWE Markt Berlin', value: -42.17, bank: 'chase', account: 1 },
  { id: 2004, date: '2024-01-05', description: 'Salary ACME Corp', value: 2500, bank: 'chase', account: 1 },
  { id: 2005, date: '2024-01-09', description: 'NETFLIX.COM', value: -12.99, bank: 'chase', account: 1 },
  { id: 2006, date: '2024-01-02', description: 'Stadtwerke Düsseldorf Abschlag Strom Januar 2024', value: -1234.56, category: 'Strom', bank: 'ing', account: 2 },
  { id: 2007, date: '2024-01-03', description: 'Arbeitgeber GmbH Gehalt Januar', value: 2500, category: 'Salary', bank: 'ing', account: 2 },
  { id: 2008, date: '2024-01-04', description: 'Bäckerei Schäfer Brötchen', value: -4.2, bank: 'ing', account: 2 },
];

/** The accounts migration 0019 makes of the fixture's banks. */
const ACCOUNT_OF_BANK: Record<string, number> = { chase: 1, ing: 2, monzo: 3 };

type Row = components['schemas']['Transaction'];

const digest = (rows: Row[]) =>
  createHash('sha256')
    .update(JSON.stringify(rows.map((row) => [row.id, row.date, row.description, row.value, row.category ?? null, row.bank ?? null])))
    .digest('hex');

async function send(baseUrl: string, method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** The fixture as a store of its own: the committed files are never opened in place. */
async function restore(engine: 'sqlite' | 'postgres'): Promise<{ db: string; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const db = join(mkdtempSync(join(tmpdir(), 'moneta-fixture-')), 'moneta.db');
    copyFileSync(fixtureFile('sqlite'), db);
    return { db, drop: async () => {} };
  }
  const database = await createTestDatabase();
  // pg_dump 15.14+ brackets the dump in psql's \restrict ... \unrestrict: psql commands, not SQL.
  const dump = readFileSync(fixtureFile('postgres.sql'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(dump);
  } finally {
    await client.end();
  }
  return { db: database.url, drop: () => database.drop() };
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`a store written by main at ${FIXTURE} [${engine}]`, async () => {
    const skip = engine === 'postgres' ? await postgresSkipReason() : false;
    const expected = EXPECTED[engine];
    const token = (role: 'reader' | 'writer') => readFileSync(fixtureFile(`${engine}.${role}.token`), 'utf8').trim();

    it('opens with today\'s code and reads the same rows, totals, banks, categories, rules and tokens', { skip }, async (t) => {
      const store = await restore(engine);
      t.after(() => store.drop());
      const cli = async (args: string[]) => {
        const result = await runCli([...args, '--db', store.db]);
        assert.equal(result.code, 0, result.stderr);
        return result.stdout;
      };

      // The CLI migrates the store first, as every command that touches data does.
      assert.deepEqual(JSON.parse(await cli(['rules', 'list', '--json'])), RULES);
      assert.deepEqual(JSON.parse(await cli(['tokens', 'list', '--json'])), expected.tokens);

      const server = await spawnServer(['--db', store.db, '--workers', '1']);
      const writer = token('writer');
      const reader = token('reader');

      // Tokens exist, so nothing gets in without one; both still authenticate, with their rights.
      assert.equal((await send(server.baseUrl, 'GET', '/transactions', undefined)).status, 401);
      assert.equal((await send(server.baseUrl, 'GET', '/transactions', 'moneta_not-a-token')).status, 401);
      assert.equal((await send(server.baseUrl, 'POST', '/transactions', reader, { date: '2024-02-01', description: 'x', value: 1 })).status, 403);
      const all = await send(server.baseUrl, 'GET', '/transactions?limit=5000', reader);
      assert.equal(all.status, 200);
      const rows = all.body as Row[];
      assert.equal(all.headers.get('x-total-count'), '2008');
      assert.equal(rows.length, 2008);
      assert.equal(digest(rows), expected.rowsDigest, 'every transaction, field for field');
      assert.deepEqual(rows.slice(-IMPORTED.length), IMPORTED);
      assert.deepEqual(
        rows.filter((row) => (row.bank === undefined ? row.account !== undefined : row.account !== ACCOUNT_OF_BANK[row.bank])),
        [],
        'every row of a bank is in its account, and no other row is in one',
      );
      const accounts = (await send(server.baseUrl, 'GET', '/accounts', reader)).body as Array<{ id: number; name: string; bankId: string; currency: string }>;
      assert.deepEqual(
        accounts.map(({ id, name, bankId, currency }) => ({ id, name, bankId, currency })),
        [
          { id: 1, name: 'Chase', bankId: 'chase', currency: 'EUR' },
          { id: 2, name: 'ING', bankId: 'ing', currency: 'EUR' },
          { id: 3, name: 'Monzo Bank', bankId: 'monzo', currency: 'EUR' },
        ],
      );

      for (const [query, total] of Object.entries(TOTALS)) {
        const page = await send(server.baseUrl, 'GET', `/transactions?limit=0${query === '' ? '' : `&${query}`}`, writer);
        assert.equal(page.headers.get('x-total-count'), String(total), query);
      }
      // Every category's count (the stored counts table on both engines) agrees with the rows.
      for (const { name } of CATEGORIES) {
        const page = await send(server.baseUrl, 'GET', `/transactions?limit=0&category=${encodeURIComponent(name)}`, writer);
        assert.equal(page.headers.get('x-total-count'), String(rows.filter((row) => row.category === name).length), name);
      }

      assert.deepEqual((await send(server.baseUrl, 'GET', '/banks', writer)).body, BANKS);
      assert.deepEqual((await send(server.baseUrl, 'GET', '/categories', writer)).body, CATEGORIES);

      // The rules still apply to new transactions, and the new ones get the next id.
      const created = await send(server.baseUrl, 'POST', '/transactions', writer, {
        date: '2024-02-01',
        description: 'STADTWERKE Köln',
        value: -80,
        bank: 'ing',
      });
      assert.equal(created.status, 201);
      // The rule that chose the category is named (categorySource, migration 0009).
      assert.deepEqual(created.body, { id: 2009, date: '2024-02-01', description: 'STADTWERKE Köln', value: -80, category: 'Strom', bank: 'ing', categorySource: 'rule:2' });
      assert.equal(await server.stop(), 0, server.output.join('\n'));

      // The import keys survived: the same statement again adds nothing.
      const again = JSON.parse(await cli(['import', projectFile('test/fixtures/import/january.csv'), '--bank', 'chase', '--json'])) as {
        added: number;
        duplicates: number;
      };
      assert.equal(again.added, 0);
      assert.equal(again.duplicates, 5);
    });
  });
}
