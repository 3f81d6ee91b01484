/** A streamed page (limit above STREAMED_PAGE_LIMIT) is byte for byte the buffered pages joined. */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { STREAMED_PAGE_LIMIT } from '../../src/http/stream-page.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { buildTestApp } from '../support/app.js';

describe('GET /transactions with a limit past STREAMED_PAGE_LIMIT', async () => {
  const store = new SqliteStore({ path: join(mkdtempSync(join(tmpdir(), 'moneta-big-page-')), 'moneta.db') });
  await store.lifecycle.migrate();
  after(() => store.lifecycle.close());
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  const rows = STREAMED_PAGE_LIMIT * 2 + 123;
  for (let start = 0; start < rows; start += 500) {
    const writes = [];
    for (let i = start; i < Math.min(rows, start + 500); i += 1) {
      writes.push(store.transactions.create({
        date: '2024-03-01',
        // Escapes, non-ASCII and an optional field left out now and then: the serialiser's work.
        description: i % 7 === 0 ? `quote " back \\ tab \t é ${i}` : `shop ${i}`,
        value: (i % 1000) / 100 - 5,
        category: i % 3 === 0 ? null : 'Shopping',
        bank: i % 5 === 0 ? null : 'ing',
      }));
    }
    await Promise.all(writes);
  }
  const app = await buildTestApp(store);

  async function buffered(query: string): Promise<{ body: string; total: string | undefined }> {
    const parts: string[] = [];
    let total: string | undefined;
    for (let offset = 0; ; offset += STREAMED_PAGE_LIMIT) {
      const response = await app.inject({ method: 'GET', url: `/transactions?${query}&limit=${STREAMED_PAGE_LIMIT}&offset=${offset}` });
      total = response.headers['x-total-count'] as string;
      if (response.statusCode === 204) break;
      parts.push(response.body.slice(1, -1));
    }
    return { body: `[${parts.join(',')}]`, total };
  }

  for (const query of ['', 'category=Shopping', 'description=%C3%A9&sort=-value', 'bank=ing&category=']) {
    it(`is the same bytes and headers as buffered pages (${query || 'no filter'})`, async () => {
      const expected = await buffered(query);
      const response = await app.inject({ method: 'GET', url: `/transactions?${query}&limit=1000000` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['x-total-count'], expected.total);
      assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(response.body, expected.body);
    });
  }

  it('answers 204 with the total when the page is empty', async () => {
    const response = await app.inject({ method: 'GET', url: `/transactions?limit=1000000&offset=${rows}` });
    assert.equal(response.statusCode, 204);
    assert.equal(response.headers['x-total-count'], String(rows));
    assert.equal(response.body, '');
  });
});
