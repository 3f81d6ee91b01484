import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { TransactionQuery } from '../../src/domain/transaction.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

const whole = (overrides: Partial<TransactionQuery> = {}): TransactionQuery => ({ sort: [], limit: 5000, offset: 0, ...overrides });

describeEachEngine(
  'a page and its total',
  ({ freshStore }) => {
    it('come from one snapshot while other connections commit writes', async () => {
      const store = await freshStore();
      let writing = true;
      const writes = (async () => {
        try {
          for (let round = 0; round < 150; round += 1) {
            await Promise.all([0, 1, 2, 3].map((k) => store.transactions.create({ date: '2024-01-01', description: `w${round}.${k}`, value: round, category: k % 2 === 0 ? 'Even' : null })));
          }
        } finally {
          writing = false;
        }
      })();
      let reads = 0;
      while (writing) {
        for (const query of [whole(), whole({ category: 'Even' }), whole({ category: null, sort: [{ field: 'value', descending: true }] })]) {
          const page = await store.transactions.list(query);
          assert.equal(page.total, page.rows.length, `${JSON.stringify(query)}: X-Total-Count ${page.total} beside ${page.rows.length} rows`);
          reads += 1;
        }
        // An in-memory store answers without leaving this turn; its writes commit on the next.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await writes;
      assert.ok(reads >= 10, `only ${reads} reads overlapped the writes`);
      assert.equal((await store.transactions.list(whole())).total, 600);
    });
  },
  { setups: EVERY_SETUP },
);
