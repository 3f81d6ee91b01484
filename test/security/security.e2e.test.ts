import assert from 'node:assert/strict';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { runCli } from '../support/spawned-server.js';
import { spawnServer } from '../support/spawned-server.js';

const dataFile = () => join(mkdtempSync(join(tmpdir(), 'moneta-sec-')), 'moneta.db');
const tx = { date: '2024-03-01', description: 'RENT', value: -950 };

async function send(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('Security end to end: binding', () => {
  it('refuses a non-loopback address without a token, saying how to create one; --insecure-no-auth overrides', async () => {
    const db = dataFile();
    const refused = await runCli(['serve', '--db', db, '--port', '0', '--host', '0.0.0.0', '--workers', '1']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /refusing to listen on 0\.0\.0\.0/);
    assert.match(refused.stderr, /moneta tokens create <name>/);
    const insecure = await spawnServer(['--db', db, '--host', '0.0.0.0', '--workers', '1', '--insecure-no-auth']);
    assert.equal(await insecure.stop(), 0);
  });

  it('with a token, 0.0.0.0 starts; a CLI revoke takes effect in the running server', async () => {
    const db = dataFile();
    const created = await runCli(['tokens', 'create', 'laptop', '--db', db]);
    assert.equal(created.code, 0, created.stderr);
    const token = created.stdout.trim();
    assert.match(created.stderr, /shown only this once/);
    assert.equal(statSync(db).mode & 0o777, 0o600);
    // No token cache: the next request reads the list the CLI changed (the cache's expiry is
    // tested with a fake clock in test/security/auth.http.test.ts).
    const server = await spawnServer(['--db', db, '--host', '0.0.0.0', '--workers', '1', '--token-cache', '0']);
    const base = server.baseUrl.replace('0.0.0.0', '127.0.0.1');
    assert.equal((await send(base, 'GET', '/banks')).status, 401);
    assert.equal((await send(base, 'GET', '/banks', undefined, { authorization: `Bearer ${token}` })).status, 204);
    const listed = await runCli(['tokens', 'list', '--json', '--db', db]);
    assert.deepEqual(JSON.parse(listed.stdout).map((t: { name: string; readOnly: boolean }) => [t.name, t.readOnly]), [['laptop', false]]);
    assert.ok(!listed.stdout.includes(token));
    assert.equal((await runCli(['tokens', 'revoke', 'laptop', '--db', db])).code, 0);
    // Every token revoked on a network-facing server: nothing gets in.
    assert.equal((await send(base, 'GET', '/banks', undefined, { authorization: `Bearer ${token}` })).status, 401);
    await server.stop();
  });

  it('the loopback server refuses a rebinding Host, and over-long headers get a JSON 431', async () => {
    const server = await spawnServer(['--db', dataFile(), '--workers', '1']);
    const port = new URL(server.baseUrl).port;
    assert.equal((await send(server.baseUrl, 'GET', '/banks')).status, 204);
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/banks', headers }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    assert.equal((await raw({ host: `evil.example:${port}` })).status, 403);
    assert.equal((await raw({ host: `localhost:${Number(port) + 1}` })).status, 403);
    assert.equal((await raw({ host: `localhost:${port}` })).status, 204);
    const big = await raw({ 'x-filler': 'a'.repeat(20_000) });
    assert.equal(big.status, 431);
    assert.equal(JSON.parse(big.body).type, 'urn:moneta:problem:headers-too-large');
    await server.stop();
  });
});

describe('Security end to end: idempotency survives a restart', () => {
  it('a retry after a restart returns the first response and creates nothing', async () => {
    const db = dataFile();
    const first = await spawnServer(['--db', db, '--workers', '1']);
    const created = await send(first.baseUrl, 'POST', '/transactions', tx, { 'idempotency-key': 'restart-1' });
    assert.equal(created.status, 201);
    await first.stop();
    const second = await spawnServer(['--db', db, '--workers', '1']);
    const retry = await send(second.baseUrl, 'POST', '/transactions', tx, { 'idempotency-key': 'restart-1' });
    assert.equal(retry.status, 201);
    assert.equal(retry.text, created.text);
    assert.equal(retry.headers.get('location'), created.headers.get('location'));
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal((await send(second.baseUrl, 'GET', '/transactions?limit=0')).headers.get('x-total-count'), '1');
    await second.stop();
  });
});

describe('Security end to end: backup and restore', () => {
  it('backs up a live store under write load to a consistent 0600 copy, and restores it', async () => {
    const db = dataFile();
    const server = await spawnServer(['--db', db, '--workers', '1']);
    for (let i = 0; i < 50; i += 1) await send(server.baseUrl, 'POST', '/transactions', { ...tx, value: i });
    // Writes keep arriving while the backup runs.
    let writing = true;
    const load = (async () => {
      let n = 0;
      while (writing) n += (await send(server.baseUrl, 'POST', '/transactions', { ...tx, value: 1000 + n })).status === 201 ? 1 : 0;
      return n;
    })();
    const copy = join(mkdtempSync(join(tmpdir(), 'moneta-backup-')), 'copy.db');
    const backup = await runCli(['backup', copy, '--db', db]);
    writing = false;
    await load;
    assert.equal(backup.code, 0, backup.stderr);
    assert.equal(statSync(copy).mode & 0o777, 0o600);
    const snapshot = new Database(copy, { readonly: true });
    const rows = snapshot.prepare('SELECT id, value FROM transactions ORDER BY id').all() as { id: number; value: number }[];
    assert.equal((snapshot.pragma('integrity_check', { simple: true }) as string), 'ok');
    snapshot.close();
    // Consistent: a prefix of the live data with no gaps, and it holds at least the first 50.
    assert.ok(rows.length >= 50);
    rows.forEach((row, index) => assert.equal(row.id, index + 1));
    const live = JSON.parse((await send(server.baseUrl, 'GET', `/transactions?limit=${rows.length}`)).text) as { id: number; value: number }[];
    assert.deepEqual(rows, live.map(({ id, value }) => ({ id, value })));
    assert.equal((await runCli(['backup', copy, '--db', db])).code, 1, 'never overwrites');

    const inUse = await runCli(['restore', copy, '--db', db]);
    assert.equal(inUse.code, 1);
    assert.match(inUse.stderr, /is in use/);
    await server.stop();

    const restored = await runCli(['restore', copy, '--db', db]);
    assert.equal(restored.code, 0, restored.stderr);
    assert.match(restored.stdout, /kept as .*before-restore-/);
    const after = await spawnServer(['--db', db, '--workers', '1']);
    assert.equal((await send(after.baseUrl, 'GET', '/transactions?limit=0')).headers.get('x-total-count'), String(rows.length));
    await after.stop();
  });

  it('restore refuses a corrupt file, a non-Moneta database and a missing file, and changes nothing', async () => {
    const db = dataFile();
    assert.equal((await runCli(['categories', 'add', 'Groceries', '--db', db])).code, 0);
    const dir = mkdtempSync(join(tmpdir(), 'moneta-bad-'));
    const corrupt = join(dir, 'corrupt.db');
    const good = join(dir, 'good.db');
    assert.equal((await runCli(['backup', good, '--db', db])).code, 0);
    const bytes = Buffer.from(await import('node:fs').then((fs) => fs.readFileSync(good)));
    bytes.fill(0x5a, 4096, 8192);
    writeFileSync(corrupt, bytes);
    const foreign = join(dir, 'foreign.db');
    new Database(foreign).exec('CREATE TABLE t (x)');
    const before = statSync(db).mtimeMs;
    for (const [file, message] of [
      [corrupt, /integrity check|not a usable SQLite database|malformed/],
      [foreign, /not a Moneta one/],
      [join(dir, 'missing.db'), /cannot be opened/],
    ] as const) {
      const result = await runCli(['restore', file, '--db', db]);
      assert.equal(result.code, 1, file);
      assert.match(result.stderr, message);
    }
    assert.equal(statSync(db).mtimeMs, before);
  });
});
