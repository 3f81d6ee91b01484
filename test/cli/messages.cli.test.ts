import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { on, once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { projectFile } from '../../src/project-root.js';
import { ADMIN_URL, postgresSkipReason } from '../support/postgres.js';
import { runCli, spawnServer } from '../support/spawned-server.js';

const freshDb = () => join(mkdtempSync(join(tmpdir(), 'moneta-msg-')), 'moneta.db');
const skipPostgres = await postgresSkipReason();

/** A one-line message with the fix in it, no stack trace. */
function assertMessage(run: { code: number | null; stderr: string }, code: number, fix: RegExp): void {
  assert.equal(run.code, code, run.stderr);
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, run.stderr);
  assert.match(lines[0] ?? '', /^moneta: error: /);
  assert.match(run.stderr, fix);
}

// Terminal control: colour, clear screen, set the window title, C1 CSI, a right-to-left override.
const HOSTILE = '\u001b[31mred\u001b[2J\u001b]0;pwned\u0007\u009b1m\u202eevil';
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

describe('Command-line messages say what to do, never print a stack trace', () => {
  it('a port in use', async () => {
    const db = freshDb();
    const running = await spawnServer(['--db', db, '--workers', '1']);
    const port = new URL(running.baseUrl).port;
    for (const workers of ['1', '2']) {
      const second = await runCli(['serve', '--db', db, '--port', port, '--workers', workers]);
      assert.equal(second.code, 1, second.stderr);
      assert.match(second.stderr, new RegExp(`^moneta: error: 127\\.0\\.0\\.1:${port} is in use by another program.*choose another port with --port`, 'm'));
      assert.doesNotMatch(second.stderr, /\n\s+at |unexpected error/);
      // The store it shared stays; a store the failed start made for itself does not (issue 27 item 12).
      const fresh = freshDb();
      const own = await runCli(['serve', '--db', fresh, '--port', port, '--workers', workers]);
      assert.equal(own.code, 1, own.stderr);
      assert.match(own.stderr, /removed the new store at .*: the server did not start/);
      assert.deepEqual(readdirSync(dirname(fresh)), [], `${workers} worker(s): no store file left behind`);
    }
    assert.ok(existsSync(db), 'the running server\'s store is untouched');
    await running.stop();
  });

  it('a PostgreSQL database or role that does not exist', { skip: skipPostgres }, async () => {
    const url = new URL(ADMIN_URL);
    url.pathname = '/moneta_no_such_database';
    assertMessage(await runCli(['banks', 'list', '--db', url.toString()]), 1, /has no database "moneta_no_such_database": create it \(e\.g\. `createdb /);
    const role = new URL(ADMIN_URL);
    role.username = 'moneta_no_such_role';
    assertMessage(await runCli(['serve', '--port', '0', '--db', role.toString()]), 1, /has no role "moneta_no_such_role": create it \(e\.g\. `createuser /);
  });

  it('a bad option value exits 2, as documented', async () => {
    const db = freshDb();
    assert.equal((await runCli(['categories', 'add', 'Groceries', '--db', db])).code, 0);
    for (const args of [
      ['serve', '--port', 'eighty', '--db', db],
      ['serve', '--log-level', 'loud', '--db', db],
      ['banks', 'list', '--busy-timeout', '-1', '--db', db],
      ['rules', 'suggest', '--min-rows', '0', '--db', db],
      ['rules', 'remove', 'first', '--db', db],
      ['copy', '--from', db, '--to', freshDb(), '--batch-size', '0'],
    ]) {
      const run = await runCli(args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, /^moneta: error: .*(must|got)/, args.join(' '));
    }
  });
});

describe('Text from outside is printed with control characters escaped', () => {
  it('category and rule names in the lists and messages, plain and --json', async () => {
    const db = freshDb();
    assert.equal((await runCli(['categories', 'add', 'Groceries', '--db', db])).code, 0);
    // As an older version or another client could have stored them.
    let raw = new Database(db);
    raw.prepare('INSERT INTO categories (name, group_name) VALUES (?, ?)').run(`Cat ${HOSTILE}`, `Group ${HOSTILE}`);
    raw.prepare('INSERT INTO rules (category, description_contains, priority) VALUES (?, ?, 0)').run(`Cat ${HOSTILE}`, `shop ${HOSTILE}`);
    raw.close();
    for (const args of [['categories', 'list'], ['categories', 'list', '--json'], ['rules', 'list'], ['rules', 'list', '--json'], ['rules', 'apply', '--dry-run']]) {
      const run = await runCli([...args, '--db', db]);
      assert.equal(run.code, 0, run.stderr);
      assert.doesNotMatch(run.stdout, RAW_CONTROLS, args.join(' '));
      assert.match(run.stdout, /\\x1b\[31mred|\\u001b\[31mred/, args.join(' '));
      // The JSON still says exactly what is stored.
      if (args.includes('--json')) assert.ok(JSON.stringify(JSON.parse(run.stdout)).includes(JSON.stringify(HOSTILE).slice(1, -1)));
    }
    // A stored name today's rules refuse can still be renamed, merged and removed (legacy data).
    raw = new Database(db);
    raw.prepare('INSERT INTO categories (name) VALUES (?), (?)').run(`Old ${HOSTILE}`, `Older ${HOSTILE}`);
    raw.close();
    const renamed = await runCli(['categories', 'rename', `Old ${HOSTILE}`, 'Renamed', '--db', db]);
    assert.equal(renamed.code, 0, renamed.stderr);
    const merged = await runCli(['categories', 'merge', `Older ${HOSTILE}`, 'Renamed', '--db', db]);
    assert.equal(merged.code, 0, merged.stderr);
    const names = (JSON.parse((await runCli(['categories', 'list', '--json', '--db', db])).stdout) as { name: string }[]).map((category) => category.name);
    assert.ok(names.includes('Renamed') && !names.some((name) => name.startsWith('Old')), names.join(', '));
    const removed = await runCli(['categories', 'remove', `Cat ${HOSTILE}`, '--rules', 'remove', '--db', db]);
    assert.equal(removed.code, 0, removed.stderr);
    assert.doesNotMatch(removed.stdout, RAW_CONTROLS);
    const missing = await runCli(['categories', 'remove', `Cat ${HOSTILE}`, '--db', db]);
    assert.equal(missing.code, 1);
    assert.doesNotMatch(missing.stderr, RAW_CONTROLS);
  });

  it('statement contents in the import report, plain and --json', async () => {
    const db = freshDb();
    assert.equal((await runCli(['banks', 'add', 'ing', 'ING', '--db', db])).code, 0);
    const statement = join(mkdtempSync(join(tmpdir(), 'moneta-msg-')), 'statement.csv');
    writeFileSync(statement, `Date,Description,Amount\n2024-03-01,Bakery ${HOSTILE},-2.40\n2024-03-02,Bad row,-2${HOSTILE}\n`);
    for (const extra of [[], ['--json']]) {
      const run = await runCli(['import', statement, '--bank', 'ing', '--db', db, '--dry-run', '--skip-invalid', ...extra]);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /invalid/);
      assert.doesNotMatch(run.stdout, RAW_CONTROLS, extra.join(' '));
      assert.match(run.stdout, /\\x1b\[31mred|\\u001b\[31mred/, extra.join(' '));
    }
  });
});

describe('moneta serve starts with one line saying where', () => {
  it('prints the address and the /docs page on stderr, once, besides the JSON log on stdout', async () => {
    const db = freshDb();
    assert.equal((await runCli(['categories', 'add', 'Groceries', '--db', db])).code, 0);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0', '--workers', '1', '--max-event-loop-delay', '0', '--db', db], {
      cwd: projectFile('.'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const closed = once(child, 'close');
    const stderr: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line: string) => stderr.push(line));
    // The JSON log says when it listens; the line for people is checked once the process has ended.
    const log = createInterface({ input: child.stdout });
    let address: string | undefined;
    for await (const [line] of on(log, 'line') as AsyncIterable<[string]>) {
      address = /"address":"(http:\/\/[^"]+)"/.exec(line)?.[1];
      if (address !== undefined) break;
    }
    assert.equal((await fetch(`${address}/docs`)).status, 200);
    child.kill('SIGTERM');
    await closed;
    assert.deepEqual(stderr, [`moneta listening on ${address} (API reference: ${address}/docs; data: ${db})`]);
  });
});
