import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine } from '../support/engines.js';
import { request, spawnServer, type HttpResult } from '../support/spawned-server.js';

const POSTS = 400;
const CLIENTS = 32;

interface Created {
  id: number;
  description: string;
  value: number;
}

/** Runs `tasks` with at most `clients` in flight, like that many independent HTTP clients. */
async function withClients<T>(clients: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

// The default busy timeout (5 s) must turn cross-process lock contention on SQLite into a wait.
describeEachEngine('serve --workers 2 under concurrent writes', ({ engine, freshDbSetting }) => {
  it(`acknowledges ${POSTS} POSTs from ${CLIENTS} clients with distinct ids, loses none, counts exactly`, async () => {
    const server = await spawnServer(['--db', await freshDbSetting(), '--workers', '2']);

    const posts = Array.from({ length: POSTS }, (_, n) => async () => {
      const response = await request(server.baseUrl, 'POST', '/transactions', {
        date: `2024-${String((n % 12) + 1).padStart(2, '0')}-15`,
        description: `worker load ${n}`,
        // Not exactly representable in decimal: a double must come back bit for bit.
        value: (n + 1) / 3,
      });
      return { n, response };
    });
    const created = await withClients(CLIENTS, posts);
    const failures = created.filter(({ response }) => response.status !== 201);
    assert.deepEqual(failures.map(({ response }) => `${response.status} ${JSON.stringify(response.body)}`), [], `${engine}: every POST is acknowledged`);

    const rows = created.map(({ n, response }) => ({ n, row: response.body as Created }));
    const ids = rows.map(({ row }) => row.id);
    assert.equal(new Set(ids).size, POSTS, 'every 201 carries a distinct id');

    // Re-categorise every created row while more POSTs arrive, all from many clients at once.
    const category = (n: number) => `Load ${n % 7}`;
    const mixed: (() => Promise<HttpResult>)[] = [
      ...rows.map(({ n, row }) => () => request(server.baseUrl, 'PUT', `/transactions/${row.id}`, { category: category(n) })),
      ...Array.from({ length: 100 }, (_, n) => () =>
        request(server.baseUrl, 'POST', '/transactions', { date: '2025-01-01', description: `worker late ${n}`, value: -n - 0.1 }),
      ),
    ];
    const mixedResults = await withClients(CLIENTS, mixed);
    const puts = mixedResults.slice(0, rows.length);
    const latePosts = mixedResults.slice(rows.length);
    assert.deepEqual([...new Set(puts.map((r) => r.status))], [204], 'every PUT is acknowledged');
    assert.deepEqual([...new Set(latePosts.map((r) => r.status))], [201], 'every later POST is acknowledged');
    const allIds = [...ids, ...latePosts.map((r) => (r.body as Created).id)];
    assert.equal(new Set(allIds).size, POSTS + 100, 'ids stay distinct across both waves');

    const list = await request(server.baseUrl, 'GET', '/transactions?limit=1000&sort=id');
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), String(POSTS + 100), 'X-Total-Count is exact');
    const stored = new Map((list.body as (Created & { category: string | null })[]).map((row) => [row.id, row]));
    assert.equal(stored.size, POSTS + 100);
    for (const { n, row } of rows) {
      const found = stored.get(row.id);
      assert.ok(found, `acknowledged id ${row.id} is stored`);
      assert.equal(found.description, `worker load ${n}`);
      assert.equal(found.value, (n + 1) / 3);
      assert.equal(found.category, category(n), `the acknowledged PUT on ${row.id} is stored`);
    }
    const counted = await request(server.baseUrl, 'GET', '/transactions?limit=0&description=worker+load');
    assert.equal(counted.headers.get('x-total-count'), String(POSTS));
    // Both workers answered: the load really crossed processes (access-log lines carry the pid).
    const servedBy = new Set(server.output.filter((line) => line.includes('"msg":"request"')).map((line) => (JSON.parse(line) as { pid: number }).pid));
    assert.equal(servedBy.size, 2, `requests were served by ${servedBy.size} processes`);
    assert.equal(await server.stop(), 0);
  });
});
