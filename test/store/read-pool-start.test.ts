/**
 * A read thread's start-up does not count against the statement time limit (issue 28, item 15):
 * under tsx on a loaded machine a new read thread took over 5 s to be ready, and the read handed
 * to it got 503 at the limit. The thread's start is held at a barrier and the limit's time is
 * passed on a fake clock (node:test's mock timers), so nothing here waits for real time.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, before, describe, it, mock } from 'node:test';
import { StoreUnavailableError } from '../../src/domain/errors.js';
import { ReadPool, THREAD_START_LIMIT_MS } from '../../src/store/sqlite/read-pool.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { ThreadBarrier } from '../../src/worker-threads.js';

const LIMIT_MS = 100;
const COUNT = { sql: 'SELECT count(*) AS n FROM transactions', parameters: [] };

describe('read pool: the statement time limit starts when the read thread is ready', () => {
  let path = '';
  before(async () => {
    path = join(mkdtempSync(join(tmpdir(), 'moneta-read-start-')), 'moneta.db');
    const store = new SqliteStore({ path });
    await store.lifecycle.migrate();
    await store.lifecycle.close();
  });
  const pools: ReadPool[] = [];
  const barriers: ThreadBarrier[] = [];
  afterEach(() => {
    mock.timers.reset();
    for (const barrier of barriers.splice(0)) barrier.open();
    for (const pool of pools.splice(0)) pool.close();
  });

  function pool(barriers_: { startBarrier?: ThreadBarrier; readBarrier?: ThreadBarrier }): ReadPool {
    const created = new ReadPool({
      path,
      busyTimeoutMs: 1000,
      threads: 1,
      statementTimeoutMs: LIMIT_MS,
      startBarrier: barriers_.startBarrier?.buffer,
      readBarrier: barriers_.readBarrier?.buffer,
    });
    pools.push(created);
    barriers.push(...Object.values(barriers_));
    return created;
  }

  /** The read's outcome so far, without waiting for it. */
  function watch<T>(read: Promise<T>): { outcome: () => 'pending' | 'read' | Error; read: Promise<T> } {
    let outcome: 'pending' | 'read' | Error = 'pending';
    read.then(
      () => (outcome = 'read'),
      (error: Error) => (outcome = error),
    );
    return { outcome: () => outcome, read };
  }

  it('a read handed to a thread that takes longer than the limit to start is read, not refused', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const start = new ThreadBarrier();
    const reads = pool({ startBarrier: start });
    const count = watch(reads.first<{ n: number }>(COUNT));
    await start.arrived();
    // The thread is starting, and ten times the limit passes.
    mock.timers.tick(LIMIT_MS * 10);
    await nextTurn();
    assert.equal(count.outcome(), 'pending', 'the read was refused while its thread was starting');
    start.open();
    assert.deepEqual(await count.read, { n: 0 });
  });

  it('once the thread is ready, the whole limit applies: a read held past it is answered 503', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const start = new ThreadBarrier();
    const read = new ThreadBarrier();
    const reads = pool({ startBarrier: start, readBarrier: read });
    const count = watch(reads.first(COUNT));
    await start.arrived();
    mock.timers.tick(LIMIT_MS * 10);
    start.open();
    await read.arrived();
    // The thread said it was ready before it took the read: that message is handled by now.
    await nextTurn();
    mock.timers.tick(LIMIT_MS - 1);
    await nextTurn();
    assert.equal(count.outcome(), 'pending', 'refused before its limit');
    mock.timers.tick(1);
    await nextTurn();
    const refused = count.outcome();
    assert.ok(refused instanceof StoreUnavailableError, `refused at its limit: ${String(refused)}`);
    assert.match(refused.message, /statement time limit \(100 ms\)/);
  });

  it('a thread that never becomes ready is given up at the start-up limit, with 503', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const start = new ThreadBarrier();
    const reads = pool({ startBarrier: start });
    const count = watch(reads.first(COUNT));
    await start.arrived();
    mock.timers.tick(THREAD_START_LIMIT_MS);
    await nextTurn();
    const refused = count.outcome();
    assert.ok(refused instanceof StoreUnavailableError, `refused at the start-up limit: ${String(refused)}`);
    assert.match(refused.message, /did not start within/);
  });
});
