import assert from 'node:assert/strict';
import { it } from 'node:test';
import { plantedTransfers } from '../../src/domain/sample-data/planted-transfers.js';
import { describeEachEngine } from '../support/engines.js';
import { addAccount } from '../support/ledger.js';

/**
 * The suggestions against a generated two-account dataset with transfers planted in it (issue 24,
 * Done when): at least 95 % of the planted pairs found, no more than 1 % of the suggestions false.
 */
describeEachEngine('transfer suggestions on a dataset with planted transfers', ({ freshStore }) => {
  it('find at least 95 % of the planted pairs, and no more than 1 % of the suggestions are false', async (t) => {
    const store = await freshStore();
    const data = plantedTransfers({ seed: 24, months: 36, endMonth: '2026-10' });
    const accounts = [await addAccount(store, { name: data.accounts[0]!.name }), await addAccount(store, { name: data.accounts[1]!.name })];
    const pairOf = new Map<number, number>();
    for (let start = 0; start < data.rows.length; start += 100) {
      const batch = data.rows.slice(start, start + 100);
      const created = await Promise.all(
        batch.map((row) => store.transactions.create({ date: row.date, description: row.description, value: row.value, account: accounts[row.account]! })),
      );
      created.forEach((record, index) => {
        const pair = batch[index]!.pair;
        if (pair !== undefined) pairOf.set(record.id, pair);
      });
    }
    const suggestions = await store.transfers.suggestions(4, 100_000);
    const planted = suggestions.filter((suggestion) => {
      const pair = pairOf.get(suggestion.outflow.transactionId);
      return pair !== undefined && pairOf.get(suggestion.inflow.transactionId) === pair;
    });
    const found = new Set(planted.map((suggestion) => pairOf.get(suggestion.outflow.transactionId)));
    const recall = found.size / data.pairs;
    const falseShare = (suggestions.length - planted.length) / suggestions.length;
    const figures = `${found.size} of ${data.pairs} planted pairs found, ${suggestions.length - planted.length} false of ${suggestions.length}`;
    t.diagnostic(figures);
    for (const s of suggestions.filter((x) => !planted.includes(x))) t.diagnostic(JSON.stringify(s));
    assert.ok(data.pairs >= 120, `enough planted pairs to measure: ${data.pairs}`);
    assert.ok(recall >= 0.95, figures);
    assert.ok(falseShare <= 0.01, figures);
  });
});
