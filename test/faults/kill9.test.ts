import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { request, startServerProcess, type ServerProcess } from './support/server-process.js';
import { WriteLedger, type SentTransaction, type StoredTransaction } from './support/write-ledger.js';

/**
 * kill -9 under write load: clients create and re-categorise transactions as fast as the server
 * answers; the server is SIGKILLed at a random moment, restarted on the same store, and every
 * write it acknowledged must be there, exactly, and the database must pass its integrity check.
 */
const CLIENTS = 8;
const CATEGORIES = ['Groceries', 'Rent', 'Travel', 'Eating out', null];
// The issue asks for 50 and 20; the variables only shorten a run while working on this file.
const SQLITE_ITERATIONS = Number(process.env.MONETA_KILL9_SQLITE_ITERATIONS ?? 50);
const POSTGRES_ITERATIONS = Number(process.env.MONETA_KILL9_POSTGRES_ITERATIONS ?? 20);
const SEED = Number(process.env.MONETA_FAULT_SEED ?? Date.now() % 2 ** 31);

/** Small deterministic PRNG (mulberry32), so a failing run can be replayed with MONETA_FAULT_SEED. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface LoadResult {
  unexpected: string[];
}

/** Runs CLIENTS write loops until `stop` resolves; the server dying ends them. */
async function writeLoad(url: string, ledger: WriteLedger, rng: () => number, round: number, stop: Promise<void>): Promise<LoadResult> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const unexpected: string[] = [];
  let sequence = 0;
  const client = async (clientIndex: number) => {
    // Each client updates only the transactions it created, so a transaction's updates are ordered.
    const own: number[] = [];
    while (!stopped) {
      try {
        if (own.length === 0 || rng() < 0.55) {
          const category = CATEGORIES[Math.floor(rng() * CATEGORIES.length)];
          const sent: SentTransaction = {
            date: `20${10 + Math.floor(rng() * 15)}-0${1 + Math.floor(rng() * 9)}-${10 + Math.floor(rng() * 18)}`,
            description: `kill9 r${round} c${clientIndex} #${(sequence += 1)} ${rng() < 0.2 ? 'Café 100% _x_' : 'TESCO'}`,
            value: Math.round((rng() - 0.5) * 2_000_000) / 100,
            ...(category ? { category } : {}),
          };
          ledger.createSent(sent);
          const response = await request(`${url}/transactions`, 'POST', sent);
          if (response.status === 201) {
            const id = (response.body as { id: number }).id;
            ledger.createAcknowledged(id, sent);
            own.push(id);
          } else unexpected.push(`POST answered ${response.status}: ${JSON.stringify(response.body)}`);
        } else {
          const id = own[Math.floor(rng() * own.length)]!;
          const category = CATEGORIES[Math.floor(rng() * CATEGORIES.length)] ?? null;
          ledger.updateSent(id, category);
          const response = await request(`${url}/transactions/${id}`, 'PUT', { category });
          if (response.status === 204) ledger.updateAcknowledged(id, category);
          else unexpected.push(`PUT answered ${response.status}: ${JSON.stringify(response.body)}`);
        }
      } catch {
        // The connection died with the server: this write is unacknowledged, and the client stops.
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  return { unexpected };
}

async function readAll(url: string): Promise<StoredTransaction[]> {
  const response = await request(`${url}/transactions?limit=2147483647&sort=id`, 'GET', undefined, 60_000);
  if (response.status === 204) return [];
  assert.equal(response.status, 200, `listing after restart: ${JSON.stringify(response.body)}`);
  return response.body as StoredTransaction[];
}

interface Engine {
  name: 'sqlite' | 'postgres';
  iterations: number;
  db: string;
  integrityProblems(): Promise<string[]>;
}

async function crashLoop(engine: Engine): Promise<void> {
  const rng = random(SEED);
  const ledger = new WriteLedger();
  const started = Date.now();
  let unacknowledgedPresent = 0;
  const lost: string[] = [];
  const problems: string[] = [];
  let server: ServerProcess = await startServerProcess(engine.db);
  try {
    for (let round = 1; round <= engine.iterations; round += 1) {
      // A deliberate random delay, not a wait for something nor a timing assertion: it picks a
      // random point in the write load (seeded, MONETA_FAULT_SEED replays it) at which to kill -9.
      // The elapsed time below is only reported, never asserted.
      const killAfterMs = 100 + Math.floor(rng() * 700);
      const current = server;
      const kill = new Promise<void>((resolve) => setTimeout(resolve, killAfterMs)).then(() => current.kill());
      const load = await writeLoad(current.url, ledger, rng, round, kill);
      await kill;
      problems.push(...load.unexpected.map((line) => `round ${round}: ${line}`));
      server = await startServerProcess(engine.db);
      const outcome = ledger.verify(await readAll(server.url));
      lost.push(...outcome.lost.map((line) => `round ${round}: ${line}`));
      problems.push(...outcome.unexplained.map((line) => `round ${round}: ${line}`));
      problems.push(...(await engine.integrityProblems()).map((line) => `round ${round}: integrity: ${line}`));
      unacknowledgedPresent += outcome.unacknowledgedPresent;
    }
  } finally {
    await server.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  // docs/reliability.md quotes this line.
  console.log(
    `kill -9 [${engine.name}]: ${engine.iterations} iterations, ${ledger.acknowledged} writes acknowledged ` +
      `(${ledger.acknowledgedCreates} creates, ${ledger.acknowledgedUpdates} updates), ${lost.length} lost, ` +
      `${unacknowledgedPresent} unacknowledged creates found committed, integrity ${problems.length === 0 ? 'ok' : 'FAILED'}, ${seconds} s (seed ${SEED})`,
  );
  assert.deepEqual(lost, [], 'acknowledged writes were lost');
  assert.deepEqual(problems, []);
  assert.ok(ledger.acknowledged >= engine.iterations * 10, `too few writes acknowledged (${ledger.acknowledged}) for the test to mean anything`);
}

describe('kill -9 under write load', { timeout: 9 * 60_000 }, () => {
  it(`SQLite: ${SQLITE_ITERATIONS} kills lose no acknowledged write and leave an intact file`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'moneta-kill9-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'moneta.db');
    await crashLoop({
      name: 'sqlite',
      iterations: SQLITE_ITERATIONS,
      db: file,
      async integrityProblems() {
        // A second connection while the server runs, as an operator would check a live file.
        const db = new Database(file, { readonly: true });
        try {
          const rows = db.pragma('integrity_check') as { integrity_check: string }[];
          return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
        } finally {
          db.close();
        }
      },
    });
  });

  it(`PostgreSQL: ${POSTGRES_ITERATIONS} kills lose no acknowledged write and leave intact tables and indexes`, async (t) => {
    const skip = await postgresSkipReason();
    if (skip) return t.skip(skip);
    const database = await createTestDatabase();
    t.after(() => database.drop());
    await crashLoop({
      name: 'postgres',
      iterations: POSTGRES_ITERATIONS,
      db: database.url,
      async integrityProblems() {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          await client.query('CREATE EXTENSION IF NOT EXISTS amcheck');
          const problems: string[] = [];
          const tables = await client.query<{ oid: string; name: string }>(
            `SELECT c.oid::text AS oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind = 'r'`,
          );
          for (const table of tables.rows) {
            const heap = await client.query(`SELECT * FROM verify_heapam($1::regclass)`, [table.oid]);
            for (const row of heap.rows) problems.push(`${table.name}: ${JSON.stringify(row)}`);
          }
          const indexes = await client.query<{ oid: string }>(
            `SELECT c.oid::text AS oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am a ON a.oid = c.relam
              WHERE n.nspname = 'public' AND c.relkind = 'i' AND a.amname = 'btree'`,
          );
          // bt_index_check raises on corruption; heapallindexed also proves every row is indexed.
          for (const index of indexes.rows) await client.query('SELECT bt_index_check($1::regclass, true)', [index.oid]);
          return problems;
        } finally {
          await client.end();
        }
      },
    });
  });
});
