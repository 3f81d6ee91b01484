/**
 * A change-feed cursor names the store and the epoch it came from (migration 0015; issue 28): a
 * cursor this store never gave out is refused with a 410 naming `since`, telling the client to
 * read again from the start, instead of a 200 with nothing (a client whose cursor predates a
 * restore of an older backup would silently skip changes, and its copy drift).
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { decodeCursor, encodeCursor, FEED_START, type PlacedCursor } from '../../src/domain/change-feed.js';
import { copyStore } from '../../src/store/copy/copy-store.js';
import { openTableAccess } from '../../src/store/open-table-access.js';
import { openMigratedStore } from '../../src/store/open-store.js';
import { backupDatabase, restoreDatabase } from '../../src/store/sqlite/backup.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';
import { served } from '../support/change-pages.js';
import { describeEachEngine } from '../support/engines.js';

interface ProblemBody {
  detail: string;
  errors: { in: string; name: string; message: string }[];
}

/** GET /changes from `since` (a cursor text): its status and body. */
async function changesFrom(app: FastifyInstance, since: string | undefined) {
  const answer = await call(app, 'GET', `/changes?limit=100${since === undefined ? '' : `&since=${since}`}`);
  return { status: answer.status, body: answer.body as { next: string; changes: unknown[] } & ProblemBody, text: answer.text };
}

/** A 410 naming `since` that says to read again from the start, for the reason given. */
function assertRefused(answer: Awaited<ReturnType<typeof changesFrom>>, reason: RegExp) {
  assert.equal(answer.status, 410, answer.text);
  assert.match(answer.body.detail, /read again from the start \(without since\)/);
  assert.equal(answer.body.errors.length, 1);
  assert.equal(answer.body.errors[0]?.in, 'query');
  assert.equal(answer.body.errors[0]?.name, 'since');
  assert.match(answer.body.errors[0]?.message ?? '', reason);
}

async function someChanges(store: Store, label: string) {
  await store.catalogue.saveCategory({ name: `Food ${label}`, group: null });
  await store.transactions.create({ date: '2024-01-01', description: `row ${label}`, value: 1 });
}

/** The cursor after everything the store holds now. */
async function latest(store: Store): Promise<PlacedCursor> {
  let cursor = served(await store.changes.after(FEED_START, 1000));
  while (cursor.more) cursor = served(await store.changes.after(cursor.next, 1000));
  return cursor.next;
}

describeEachEngine('Change-feed cursors name their store and epoch', ({ freshStore, freshDbSetting }) => {
  it("serves its own cursors, and refuses another store's with a 410 naming since", async () => {
    const mine = await freshStore();
    const theirs = await freshStore();
    await someChanges(mine, 'a');
    await someChanges(theirs, 'a');
    const app = await buildTestApp(mine);
    const first = await changesFrom(app, undefined);
    assert.equal(first.status, 200, first.text);
    const own = await changesFrom(app, first.body.next);
    assert.equal(own.status, 200, own.text);
    assert.deepEqual(own.body.changes, []);
    assert.equal(own.body.next, first.body.next, 'nothing new: the same cursor');
    // Their cursor sits at the same place in a feed of the same shape: a 200 with nothing, before.
    const foreign = encodeCursor(await latest(theirs));
    assert.notEqual(foreign, first.body.next);
    assertRefused(await changesFrom(app, foreign), /another store/);
  });

  it('refuses a cursor of another epoch, one past the end of the feed, and one of the old form naming no store', async () => {
    const store = await freshStore();
    await someChanges(store, 'a');
    const app = await buildTestApp(store);
    const cursor = decodeCursor((await changesFrom(app, undefined)).body.next) as PlacedCursor;
    assert.ok(cursor.origin, 'the cursor names the store');
    assertRefused(await changesFrom(app, encodeCursor({ ...cursor, origin: { ...cursor.origin, epoch: '0123456789abcdef' } })), /before this store was restored from a backup or copied/);
    assertRefused(await changesFrom(app, encodeCursor({ ...cursor, seq: cursor.seq + 1 })), /past the end/);
    const oldForm = Buffer.from(JSON.stringify([cursor.seq, cursor.phase, cursor.key]), 'utf8').toString('base64url');
    assertRefused(await changesFrom(app, oldForm), /before cursors named their store/);
    // Nothing a client sent changed: its own cursor is still served, and a malformed one is still a 400.
    assert.equal((await changesFrom(app, encodeCursor(cursor))).status, 200);
    assert.equal((await changesFrom(app, Buffer.from('[1,2]').toString('base64url'))).status, 400);
  });

  it('refuses, after `moneta copy`, the cursors the source gave out: the copy is the same store in a new epoch', async () => {
    const sourceDb = await freshDbSetting();
    const targetDb = await freshDbSetting();
    const source = await openMigratedStore({ db: sourceDb });
    let cursor: PlacedCursor;
    try {
      await someChanges(source, 'a');
      cursor = await latest(source);
    } finally {
      await source.lifecycle.close();
    }
    await (await openMigratedStore({ db: targetDb })).lifecycle.close();
    const from = openTableAccess({ db: sourceDb, statementTimeoutMs: 60_000, busyTimeoutMs: 5000 });
    const to = openTableAccess({ db: targetDb, statementTimeoutMs: 60_000, busyTimeoutMs: 5000 });
    try {
      assert.ok((await copyStore(from, to, { force: false, batchSize: 100 })).verified, 'verified, the epoch aside');
    } finally {
      await from.close();
      await to.close();
    }
    const target = await openMigratedStore({ db: targetDb });
    try {
      // A copy may be a restore (a backup file, an older store): the source's cursors cannot be trusted here.
      assert.deepEqual(await target.changes.after(cursor, 100), { refused: 'other-epoch' });
      const fresh = served(await target.changes.after(FEED_START, 100));
      assert.equal(fresh.next.origin.store, cursor.origin.store, 'the same store');
      assert.notEqual(fresh.next.origin.epoch, cursor.origin.epoch, 'in a new epoch');
      assert.equal(fresh.changes.length, 2, 'the whole feed, from the start');
    } finally {
      await target.lifecycle.close();
    }
  });
});

describe('Change-feed cursors and `moneta restore`', () => {
  it('refuses every cursor given out before a restore, from before the backup or after it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'moneta-restore-'));
    const file = join(directory, 'moneta.db');
    const backup = join(directory, 'backup.db');
    let store = await openMigratedStore({ db: file });
    let beforeBackup: PlacedCursor;
    let afterBackup: PlacedCursor;
    try {
      await someChanges(store, 'a');
      beforeBackup = await latest(store);
      await backupDatabase(file, backup);
      await someChanges(store, 'b');
      afterBackup = await latest(store);
    } finally {
      await store.lifecycle.close();
    }
    await restoreDatabase(backup, file, 'test');
    store = await openMigratedStore({ db: file });
    try {
      const app = await buildTestApp(store);
      // Before, the restored feed served beforeBackup with nothing and afterBackup (its seq
      // reached again by new writes) as if it had seen them: both silently wrong for a copy
      // that held the rows of 'b'.
      await someChanges(store, 'c');
      assertRefused(await changesFrom(app, encodeCursor(beforeBackup)), /before this store was restored from a backup or copied/);
      assertRefused(await changesFrom(app, encodeCursor(afterBackup)), /before this store was restored from a backup or copied/);
      const fresh = await changesFrom(app, undefined);
      assert.equal(fresh.status, 200);
      const origin = (decodeCursor(fresh.body.next) as PlacedCursor).origin;
      assert.equal(origin.store, afterBackup.origin.store, 'the same store');
      assert.notEqual(origin.epoch, afterBackup.origin.epoch, 'in a new epoch');
    } finally {
      await store.lifecycle.close();
    }
  });
});
