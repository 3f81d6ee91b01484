/**
 * Temporary files of a killed server (issue 28, item 21): kill -9 during an import left its
 * received statement and report spool behind. They are named for their process, and `moneta serve`
 * removes those of processes that are gone when it starts, never a live process's.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { makeTempDir, removeDeadTempDirs } from '../../src/services/temp-dirs.js';
import { whenInDirectory } from '../support/file-events.js';
import { spawnServer } from '../support/spawned-server.js';

function privateDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('Temporary files of processes that are gone (item 21)', () => {
  it('a server killed with SIGKILL mid-upload leaves its statement; the next `moneta serve` removes it and keeps a live process\'s', async () => {
    const temp = privateDir('moneta-leftovers-');
    const db = join(privateDir('moneta-leftovers-db-'), 'store.db');
    const env = { TMPDIR: temp };
    // This test process is alive: its directory (another mark, as a second server's) must stay.
    const live = join(temp, `moneta-import-${process.pid}.0badc0de-live`);
    mkdirSync(live);
    // Not named by this version (no process id): left alone, as any other program's files.
    const foreign = join(temp, 'moneta-upload-abc123');
    mkdirSync(foreign);

    const first = await spawnServer(['--db', db, '--workers', '1'], env);
    const { port } = new URL(first.baseUrl);
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    socket.on('error', () => {});
    after(() => socket.destroy());
    await once(socket, 'connect');
    socket.write(`POST /imports?bank=ing&fileName=big.csv HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/csv\r\nContent-Length: 100000\r\n\r\nDate,Description,Amount\n`);
    const uploads = () => readdirSync(temp).filter((name) => name.startsWith(`moneta-upload-${first.child.pid}.`));
    await whenInDirectory(temp, () => uploads().length === 1, first.exited, 'it received the statement');
    const [leftover] = uploads();
    assert.ok(leftover);
    first.child.kill('SIGKILL');
    await first.exited;
    assert.ok(existsSync(join(temp, leftover)), 'SIGKILL left the received statement behind');

    const second = await spawnServer(['--db', db, '--workers', '1'], env);
    assert.equal(existsSync(join(temp, leftover)), false, 'removed when the next server started');
    assert.ok(existsSync(live), 'a live process\'s directory stays');
    assert.ok(existsSync(foreign), 'a name of no process stays');
    await second.line(/removed 1 temporary directories of processes that are gone/);
  });

  it('removes a dead process\'s directories and one of a former process with this process\'s id; keeps the living and its own', async () => {
    const temp = privateDir('moneta-sweep-');
    const own = await makeTempDir('upload', temp);
    const names = {
      dead: `moneta-download-backup-999999.0a0b0c0d-x`,
      reused: `moneta-import-${process.pid}.ffffffff-x`,
      alive: `moneta-upload-424242.01020304-x`,
    };
    for (const name of Object.values(names)) mkdirSync(join(temp, name));
    const removed = await removeDeadTempDirs({ parent: temp, isAlive: (pid) => pid === 424242 });
    assert.deepEqual(removed.sort(), [names.dead, names.reused].sort());
    assert.deepEqual(readdirSync(temp).sort(), [names.alive, own.slice(temp.length + 1)].sort());
  });
});
