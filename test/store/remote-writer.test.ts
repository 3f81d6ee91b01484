import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { RemoteWriter, type WriterTransport } from '../../src/store/sqlite/remote-writer.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { threadTransport } from '../../src/store/sqlite/writer-transports.js';

/**
 * A writer thread that dies (here: it is sent a message it cannot read, which throws in its
 * message handler like any bug would) must not leave the server refusing every write until it
 * restarts: the writes it had not answered fail, later ones go to a new thread.
 */
const dir = mkdtempSync(join(tmpdir(), 'moneta-remote-writer-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

async function migratedPath(): Promise<string> {
  const path = join(dir, `store-${(files += 1)}.db`);
  const store = new SqliteStore({ path, writer: 'inline' });
  await store.lifecycle.migrate();
  await store.lifecycle.close();
  return path;
}

function writerOn(path: string, restart: boolean): { writer: RemoteWriter; transports: WriterTransport[] } {
  const transports: WriterTransport[] = [];
  const writer = new RemoteWriter(() => {
    const transport = threadTransport({ path, busyTimeoutMs: 5000 });
    transports.push(transport);
    return transport;
  }, { restart });
  return { writer, transports };
}

function crash(transport: WriterTransport): void {
  // Not a list of requests: the thread's handler throws, and the thread exits with the error.
  transport.send(42 as never);
}

const row = (description: string) => ({ date: '2024-01-01', description, value: 1, category: null, bank: null });

async function count(path: string): Promise<number> {
  const store = new SqliteStore({ path, writer: 'inline' });
  try {
    return (await store.transactions.list({ sort: [], limit: 0, offset: 0 })).total;
  } finally {
    await store.lifecycle.close();
  }
}

describe('RemoteWriter over a writer thread that crashes', () => {
  it('fails the writes the thread had not answered, then writes through a new thread', async () => {
    const path = await migratedPath();
    const { writer, transports } = writerOn(path, true);
    try {
      await writer.submit('createTransaction', row('before'));
      // Queued now, sent at this turn's end: after the message that stops the thread.
      const inFlight = writer.submit('createTransaction', row('in flight'));
      crash(transports[0]!);
      await assert.rejects(inFlight, /may or may not be stored/);
      const { value: afterCrash } = await writer.submit('createTransaction', row('after'));
      assert.equal(transports.length, 2, 'a second thread was started');
      assert.equal(afterCrash.status === 'created' && afterCrash.record.description, 'after');
    } finally {
      await writer.close();
    }
    // 'in flight' reached the first thread after the message that stopped it: never committed.
    assert.equal(await count(path), 2, 'before and after');
  });

  it('gives up after three restarts in a minute: later writes fail instead of restarting forever', async () => {
    const path = await migratedPath();
    const { writer, transports } = writerOn(path, true);
    try {
      for (let restart = 0; restart < 3; restart += 1) {
        await writer.submit('createTransaction', row(`round ${restart}`));
        const exited = writer.submit('createTransaction', row('lost'));
        crash(transports.at(-1)!);
        await assert.rejects(exited);
      }
      await writer.submit('createTransaction', row('last good'));
      const exited = writer.submit('createTransaction', row('lost'));
      crash(transports.at(-1)!);
      await assert.rejects(exited);
      // The cause of the last stop, for every write from now on.
      await assert.rejects(writer.submit('createTransaction', row('refused')), /requests is not iterable/);
      assert.equal(transports.length, 4, 'the first thread and three restarts');
    } finally {
      await writer.close();
    }
  });

  it('without restart (the primary of serve --workers) every later write fails', async () => {
    const path = await migratedPath();
    const { writer, transports } = writerOn(path, false);
    try {
      const exited = writer.submit('createTransaction', row('lost'));
      crash(transports[0]!);
      await assert.rejects(exited);
      await assert.rejects(writer.submit('createTransaction', row('refused')));
      assert.equal(transports.length, 1);
    } finally {
      await writer.close();
    }
  });

  it('fails every later write when the new host cannot even be started', async () => {
    let stop: ((error: Error) => void) | undefined;
    let opened = 0;
    const writer = new RemoteWriter(() => {
      opened += 1;
      if (opened > 1) throw new Error('cannot start a thread: out of memory');
      return {
        send: () => {},
        listen: (_onReplies, onFailure) => {
          stop = onFailure;
        },
        hold: () => {},
        close: async () => {},
      };
    }, { restart: true });
    const unanswered = writer.submit('createTransaction', row('sent, never answered'));
    await new Promise((resolve) => setImmediate(resolve));
    stop?.(new Error('the writer thread stopped (exit code 1)'));
    await assert.rejects(unanswered, /may or may not be stored/);
    await assert.rejects(writer.submit('createTransaction', row('refused')), /cannot start a thread/);
    assert.equal(opened, 2);
    await writer.close();
  });
});
