/**
 * Backup downloads are bounded (issue 28, item 18): six stalled downloads held 2.8 GB of
 * temporary copies, and a 1 KB/s reader was still served after 87 s. Now a few at once (503 with
 * Retry-After beyond), a deadline per download, and the copy (an unlinked file held open while it
 * is sent) closed when the download is cut off. The store here is a file larger than the socket
 * buffers, so a client that stops reading holds its download for as long as the server lets it.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { LimitOptions } from '../../src/config/limits.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { buildTestApp, call } from '../support/app.js';

const BALLAST_BYTES = 24 * 1024 * 1024;

/** A store file of about 24 MiB: a table of zeroes beside the schema, which the online backup copies too. */
async function bigStore(): Promise<SqliteStore> {
  const dir = mkdtempSync(join(tmpdir(), 'moneta-backup-limits-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'store.db');
  const db = new Database(path);
  db.exec(`CREATE TABLE ballast (b BLOB); INSERT INTO ballast VALUES (zeroblob(${BALLAST_BYTES}));`);
  db.close();
  const store = new SqliteStore({ path });
  await store.lifecycle.migrate();
  after(() => store.lifecycle.close());
  return store;
}

async function listening(limits: Partial<LimitOptions>): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildTestApp(await bigStore(), { security: { limits } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** A download whose client reads the status line and headers, then stops reading. */
async function stalledDownload(port: number): Promise<{ socket: Socket; head: string; received: () => number }> {
  const socket = connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  after(() => socket.destroy());
  await once(socket, 'connect');
  socket.write(`GET /manage/backup HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  const [first] = (await once(socket, 'data')) as [Buffer];
  socket.pause();
  let received = first.length;
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  return { socket, head: first.toString('latin1'), received: () => received };
}

/** Descriptors of this process open on a backup copy (unlinked, so Linux shows "(deleted)"). */
function openCopies(): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.includes('moneta-download-backup-'));
}

/**
 * Asks again, one request after the other, until a download is not refused: the server has let go
 * of the last one. Each answer's status line is read, then the connection dropped.
 */
async function servedAgain(port: number): Promise<void> {
  for (;;) {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.on('error', () => {});
    await once(socket, 'connect');
    socket.write(`GET /manage/backup HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const [first] = (await once(socket, 'data')) as [Buffer];
    socket.destroy();
    const status = first.toString('latin1').slice(9, 12);
    if (status === '200') return;
    assert.equal(status, '503', first.toString('latin1').slice(0, 300));
  }
}

const BOUNDED = { timeout: 60_000 };

describe('Backup downloads: a cap, a deadline, and no copy held by a stalled client (item 18)', () => {
  it('beyond the cap a download is refused with 503 and Retry-After; once the first client is gone another is served', BOUNDED, async () => {
    const { app, port } = await listening({ maxBackupDownloads: 1, backupTimeoutMs: 60_000 });
    const first = await stalledDownload(port);
    assert.match(first.head, /^HTTP\/1\.1 200 /);
    const refused = await call(app, 'GET', '/manage/backup');
    assert.equal(refused.status, 503, refused.text.slice(0, 300));
    assert.equal(refused.headers['retry-after'], '5');
    assert.match(refused.text, /1 backup downloads are being made or sent, the limit \(--max-backup-downloads 1\)/);
    const [held] = openCopies();
    assert.ok(held, 'the copy is open while it is sent');
    first.socket.destroy();
    await servedAgain(port);
    assert.ok(!openCopies().includes(held), 'the first download\'s copy is closed');
  });

  it('a download not sent within the backup deadline is cut off, and its copy closed', BOUNDED, async () => {
    const { app, port } = await listening({ maxBackupDownloads: 1, backupTimeoutMs: 500 });
    const serverSide = once(app.server, 'connection') as Promise<[Socket]>;
    const stalled = await stalledDownload(port);
    assert.match(stalled.head, /^HTTP\/1\.1 200 /);
    const length = Number(/\r\ncontent-length: (\d+)\r\n/i.exec(stalled.head)?.[1]);
    assert.ok(length > BALLAST_BYTES);
    // The client never reads on: the server closes the connection.
    const [held] = openCopies();
    assert.ok(held, 'the copy is open while it is sent');
    const [connection] = await serverSide;
    if (!connection.destroyed) await once(connection, 'close');
    assert.ok(stalled.received() < length, `cut off: ${stalled.received()} of ${length} bytes`);
    await servedAgain(port);
    assert.ok(!openCopies().includes(held), 'the cut-off download\'s copy is closed');
  });
});
