import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';
import { request, spawnServer, type HttpResult, type SpawnedServer } from '../support/spawned-server.js';
import { TcpProxy } from '../support/tcp-proxy.js';

const STATEMENT_TIMEOUT_MS = 1000;
/** Health checks after the database is back before the test gives up: each waits for the server's answer. */
const HEALTH_TRIES = 200;

const skip = await postgresSkipReason();

function assertUnavailable(response: HttpResult, what: string): void {
  assert.equal(response.status, 503, `${what}: expected 503, got ${response.status} ${JSON.stringify(response.body)}`);
  const retryAfter = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter > 0, `${what}: Retry-After is "${response.headers.get('retry-after')}"`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
}

function assertProblem(response: HttpResult): void {
  const body = response.body as { status?: unknown; type?: unknown; detail?: unknown; requestId?: unknown };
  assert.equal(body.status, 503);
  assert.equal(typeof body.type, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(typeof body.requestId, 'string');
  // The driver's error text stays in the log.
  assert.doesNotMatch(String(body.detail), /ECONN|terminat|timeout exceeded/i);
}

/**
 * Asks /healthz until it answers 200, proving the server recovered without a restart: a bounded
 * number of tries, each one waiting for the server's answer (no sleeps: a try is a real event).
 */
async function waitUntilHealthy(server: SpawnedServer): Promise<void> {
  let last: HttpResult | undefined;
  for (let attempt = 0; attempt < HEALTH_TRIES; attempt += 1) {
    last = await request(server.baseUrl, 'GET', '/healthz');
    if (last.status === 200) return;
  }
  assert.fail(`still unhealthy after ${HEALTH_TRIES} health checks: ${last?.status} ${JSON.stringify(last?.body)}`);
}

const sample = (n: number) => ({ date: '2024-03-01', description: `outage probe ${n}`, value: n + 0.25 });

describe('PostgreSQL outages against a running server', { skip }, () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await database?.drop();
  });

  for (const mode of ['refuse', 'blackhole'] as const) {
    it(`answers 503 with Retry-After while the database is ${mode === 'refuse' ? 'refusing connections' : 'silent'}, then serves again`, async () => {
      const proxy = await TcpProxy.start('127.0.0.1', Number(new URL(database.url).port || 5432));
      after(() => proxy.close());
      const viaProxy = new URL(database.url);
      viaProxy.port = String(proxy.port);
      const server = await spawnServer(['--db', viaProxy.toString(), '--workers', '1', '--statement-timeout', String(STATEMENT_TIMEOUT_MS)]);

      const created = await request(server.baseUrl, 'POST', '/transactions', sample(1));
      assert.equal(created.status, 201);
      assert.equal((await request(server.baseUrl, 'GET', '/healthz')).status, 200);

      // Cut while requests are in flight: connections die checked out, between two queries of a
      // transaction. Each answer is a success or a proper 503; none is a dropped socket or a crash.
      const statementSent = proxy.nextClientData();
      const burst = Array.from({ length: 40 }, (_, n) =>
        n % 2 === 0 ? request(server.baseUrl, 'GET', '/transactions') : request(server.baseUrl, 'POST', '/transactions', sample(1000 + n)),
      );
      await statementSent;
      proxy.setMode(mode);
      for (const response of await Promise.all(burst)) {
        if (response.status >= 300) {
          assertUnavailable(response, 'a request in flight when the database went away');
          assertProblem(response);
        }
      }
      for (const [method, path, payload] of [
        ['GET', '/transactions', undefined],
        ['POST', '/transactions', sample(2)],
        ['PUT', `/transactions/${(created.body as { id: number }).id}`, { category: 'Groceries' }],
        ['GET', '/banks', undefined],
      ] as const) {
        const response = await request(server.baseUrl, method, path, payload);
        assertUnavailable(response, `${method} ${path}`);
        assertProblem(response);
      }
      const health = await request(server.baseUrl, 'GET', '/healthz');
      assertUnavailable(health, 'GET /healthz');
      assert.deepEqual((health.body as { store: { reachable: boolean } }).store.reachable, false);
      assert.equal(server.child.exitCode, null, `the server process is still running:\n${server.output.slice(-20).join('\n')}`);

      proxy.setMode('forward');
      await waitUntilHealthy(server);
      const again = await request(server.baseUrl, 'POST', '/transactions', sample(3));
      assert.equal(again.status, 201);
      const listed = await request(server.baseUrl, 'GET', '/transactions?description=outage+probe');
      assert.equal(listed.status, 200);
      const descriptions = (listed.body as { description: string }[]).map((row) => row.description);
      assert.ok(descriptions.includes('outage probe 1') && descriptions.includes('outage probe 3'), descriptions.join(', '));
      assert.equal(server.child.exitCode, null);
      assert.equal(await server.stop(), 0, 'shuts down cleanly after the outage');
    });
  }

  it('recovers when PostgreSQL terminates every connection of the database (pg_terminate_backend)', async () => {
    const server = await spawnServer(['--db', database.url, '--workers', '1', '--statement-timeout', String(STATEMENT_TIMEOUT_MS)]);
    // Fill the pool with several connections, so more than one is cut.
    const warmUp = await Promise.all(Array.from({ length: 8 }, (_, n) => request(server.baseUrl, 'POST', '/transactions', sample(100 + n))));
    assert.deepEqual(warmUp.map((r) => r.status), Array(8).fill(201));

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ terminated: boolean }>(
        'SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      assert.ok(rows.length > 0 && rows.every((row) => row.terminated), `terminated ${rows.length} connections`);
    } finally {
      await admin.end();
    }
    // Every answer is either served or a proper 503; none is a 500, a hang or a dropped socket.
    const during = await Promise.all(Array.from({ length: 8 }, (_, n) => request(server.baseUrl, 'POST', '/transactions', sample(200 + n))));
    for (const response of during) {
      if (response.status !== 201) {
        assertUnavailable(response, 'POST right after the termination');
        assertProblem(response);
      }
    }
    await waitUntilHealthy(server);
    const after = await request(server.baseUrl, 'GET', '/transactions?limit=0&description=outage+probe');
    assert.equal(after.status, 204);
    const acknowledged = 8 + during.filter((r) => r.status === 201).length;
    assert.ok(Number(after.headers.get('x-total-count')) >= acknowledged);
    assert.equal(server.child.exitCode, null);
  });
});
