/**
 * GET /transactions: X-Total-Count and the page come from one snapshot, on the path `serve`
 * runs (the app over a file store with its writer thread on SQLite, whose pages are the
 * engine-written JSON), while another connection commits: the rows of a whole-table page always
 * number exactly the total beside them. test/store/page-snapshot.test.ts checks the store's row
 * pages; this checks what the server sends.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { openMigratedStore } from '../../src/store/open-store.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

const ROUNDS = 150;
const PARALLEL = 4;
const PAGES = ['/transactions?limit=5000', '/transactions?limit=5000&category=Even', '/transactions?limit=5000&category=&sort=-value', '/transactions?limit=5000&description=w1'];

describeEachEngine('GET /transactions, its page and its total', ({ engine, freshDbSetting }) => {
  it('come from one snapshot while another connection commits writes', async (t) => {
    const db = await freshDbSetting();
    // The server's store, as `serve` opens it, and another store on the same data whose commits
    // run beside the reads (SQLite: in its writer thread; PostgreSQL: on its own connections).
    const served = await openMigratedStore({ db, writer: 'thread' });
    const other = await openMigratedStore({ db, writer: 'thread' });
    t.after(async () => {
      await served.lifecycle.close();
      await other.lifecycle.close();
    });
    const app = await buildTestApp(served);

    let writing = true;
    const writes = (async () => {
      try {
        for (let round = 0; round < ROUNDS; round += 1) {
          await Promise.all(
            Array.from({ length: PARALLEL }, (_, k) =>
              other.transactions.create({ date: '2024-01-01', description: `w${round}.${k}`, value: round, category: k % 2 === 0 ? 'Even' : null, bank: null }),
            ),
          );
        }
      } finally {
        writing = false;
      }
    })();

    let reads = 0;
    const totalsSeen = new Set<number>();
    while (writing) {
      for (const url of PAGES) {
        const response = await call(app, 'GET', url);
        const total = Number(response.headers['x-total-count']);
        const rows = response.status === 204 ? 0 : (response.body as unknown[]).length;
        assert.equal(rows, total, `${engine} ${url}: X-Total-Count ${total} beside ${rows} rows`);
        if (url === PAGES[0]) totalsSeen.add(total);
        reads += 1;
      }
      // Lets the other store's acknowledgements arrive, so it sends its next writes.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writes;
    // The reads overlapped the writes: they saw the table at several sizes on the way.
    assert.ok(totalsSeen.size >= 3, `the reads saw only ${totalsSeen.size} table sizes in ${reads} reads`);
    const final = await call(app, 'GET', PAGES[0] ?? '');
    assert.equal(final.headers['x-total-count'], String(ROUNDS * PARALLEL));
  });
});
