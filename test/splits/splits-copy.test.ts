import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { projectFile } from '../../src/project-root.js';
import { openMigratedStore } from '../../src/store/open-store.js';
import { buildTestApp, call } from '../support/app.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';

const skip = await postgresSkipReason();

function moneta(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: projectFile('.'), encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function withApp<T>(db: string, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const store = await openMigratedStore({ db });
  try {
    return await work(await buildTestApp(store));
  } finally {
    await store.lifecycle.close();
  }
}

/** What a client sees of the splits: the rows, each split's lines, a category's totals, and whether the last change can be undone. */
async function visible(app: FastifyInstance) {
  return {
    rows: (await call(app, 'GET', '/transactions?sort=id')).body,
    split1: (await call(app, 'GET', '/splits/1')).body,
    split3: (await call(app, 'GET', '/splits/3')).status,
    household: (await call(app, 'GET', '/reports/totals?category=Household')).body,
    trash: (await call(app, 'GET', '/manage/trash')).body,
  };
}

describe('moneta copy carries split lines (and a trashed row\'s), and their undo images', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'moneta-copy-splits-'));
  const source = join(dir, 'source.db');
  const back = join(dir, 'back.db');
  let target: TestDatabase | undefined;
  after(async () => target?.drop());

  it('SQLite -> PostgreSQL -> SQLite: the same splits, reports, trash; an undo after the copy still puts lines back', async () => {
    target = await createTestDatabase();
    let change = '';
    const seen = await withApp(source, async (app) => {
      for (const [description, value] of [['SUPERMARKET', -52.5], ['SALARY', 2000], ['DIY STORE', -30]] as const) {
        assert.equal((await call(app, 'POST', '/transactions', { date: '2024-03-01', description, value })).status, 201);
      }
      assert.equal((await call(app, 'PUT', '/splits/1', { lines: [{ amount: -40, category: 'Groceries' }, { amount: -12.5, category: 'Household', memo: 'bulbs' }] })).status, 200);
      assert.equal((await call(app, 'PUT', '/splits/3', { lines: [{ amount: -20, category: 'Household' }, { amount: -10 }] })).status, 200);
      const replaced = await call(app, 'PUT', '/splits/1', { lines: [{ amount: -52.5, category: 'Household' }] });
      change = String(replaced.headers['moneta-change']);
      assert.equal((await call(app, 'POST', '/manage/transactions/delete', { ids: [3] })).status, 200);
      return visible(app);
    });
    const there = moneta('copy', '--from', source, '--to', target.url);
    assert.equal(there.status, 0, there.stdout + there.stderr);
    assert.deepEqual(await withApp(target.url, visible), seen);
    const home = moneta('copy', '--from', target.url, '--to', back);
    assert.equal(home.status, 0, home.stdout + home.stderr);
    await withApp(back, async (app) => {
      assert.deepEqual(await visible(app), seen);
      assert.equal((await call(app, 'POST', '/manage/trash/restore', { ids: [3] })).status, 200);
      assert.deepEqual(((await call(app, 'GET', '/splits/3')).body as { lines: unknown[] }).lines, [{ amount: -20, category: 'Household' }, { amount: -10 }]);
      assert.equal((await call(app, 'POST', `/changes/${change}/undo`)).status, 200);
      assert.deepEqual(((await call(app, 'GET', '/splits/1')).body as { lines: unknown[] }).lines, [{ amount: -40, category: 'Groceries' }, { amount: -12.5, category: 'Household', memo: 'bulbs' }]);
    });
  });
});
