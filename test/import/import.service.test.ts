import assert from 'node:assert/strict';
import { it } from 'node:test';
import { OccurrenceCounter } from '../../src/services/import/occurrence-counter.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';
import { allTransactions, importFixture, runImport, statementFixture, storeWithBank } from './import-support.js';

describeEachEngine('ImportService', ({ freshStore }) => {
  it('imports a second transaction with the same bank id as a conflict, never as a duplicate, and finds it again', async () => {
    const store = await storeWithBank(freshStore);
    const { result, rows } = await runImport(store, statementFixture('mt940-shared-reference.sta'));
    assert.deepEqual([result.added, result.conflicts, result.duplicates], [3, 1, 0]);
    const rent = rows[0]?.id;
    assert.deepEqual(rows[1], {
      line: 9, status: 'conflict', id: rows[1]?.id, duplicateOf: null,
      reason: 'bank id "55555" is already on line 6 of this file (2024-01-31, -800) with another value: imported as a transaction of its own',
      read: { date: '2024-01-31', description: 'Muster Technik GmbH Lohn Januar 2024', value: 3000 },
      raw: null,
    });
    const salary = (await allTransactions(store)).find((transaction) => transaction.id === rows[1]?.id);
    assert.deepEqual([salary?.value, salary?.description], [3000, 'Muster Technik GmbH Lohn Januar 2024']);
    const again = await runImport(store, statementFixture('mt940-shared-reference.sta'));
    assert.deepEqual([again.result.added, again.result.conflicts, again.result.duplicates], [0, 0, 4]);
    assert.deepEqual(again.rows.slice(0, 2).map((row) => [row.status, row.duplicateOf, row.reason]), [['duplicate', rent, 'bank-id'], ['duplicate', rows[1]?.id, 'bank-id']]);
  });

  it('reports a reused bank id against the stored transaction when the files differ, batch by batch', async () => {
    const store = await storeWithBank(freshStore);
    const first = await runImport(store, statementFixture('mt940-shared-reference.sta'), { batchSize: 1 });
    assert.deepEqual([first.result.added, first.result.conflicts], [3, 1]);
    assert.match(first.rows[1]?.reason ?? '', new RegExp(`^bank id "55555" is already on transaction ${first.rows[0]?.id} \\(2024-01-31, -800\\) with another value`));
  });

  it('reports every entry: pending and not booked entries as skipped, with the reason', async () => {
    const store = await storeWithBank(freshStore);
    const { result, rows } = await runImport(store, statementFixture('camt053-v04-status-and-names.xml'));
    assert.deepEqual([result.added, result.skipped, result.invalid], [4, 3, 0]);
    assert.deepEqual(rows.filter((row) => row.status === 'skipped').map((row) => [row.line, row.reason]), [
      [4, 'no status and no booking date: not a booked entry'],
      [6, 'pending (status PDNG): not booked yet'],
      [7, 'information only (status INFO): not booked'],
    ]);
    assert.deepEqual(result.firstSkipped.map((row) => row.line), [4, 6, 7]);
  });

  it('adds every row of a new file and reports each one as added with its new id', async () => {
    const store = await storeWithBank(freshStore);
    const { result, rows } = await runImport(store, importFixture('january.csv'));
    assert.equal(result.outcome, 'imported');
    assert.deepEqual([result.added, result.duplicates, result.invalid], [5, 0, 0]);
    const stored = await allTransactions(store);
    assert.deepEqual(
      rows.map((row) => [row.line, row.status, row.id]),
      stored.map((transaction, index) => [index + 2, 'added', transaction.id]),
    );
    assert.deepEqual(stored[2], { id: stored[2]?.id, date: '2024-01-03', description: 'REWE Markt Berlin', value: -42.17, category: null, bank: 'ing', categorySource: null, account: null, status: null, split: null });
  });

  it('adds nothing when the same file is imported again, and says which rows it duplicates', async () => {
    const store = await storeWithBank(freshStore);
    const first = await runImport(store, importFixture('january.csv'));
    const again = await runImport(store, importFixture('january.csv'));
    assert.deepEqual([again.result.added, again.result.duplicates], [0, 5]);
    assert.deepEqual(
      again.rows.map((row) => [row.status, row.duplicateOf, row.reason]),
      first.rows.map((row) => ['duplicate', row.id, 'fingerprint']),
    );
    assert.equal((await allTransactions(store)).length, 5);
  });

  it('keeps two identical purchases on one day as two rows, also across batches', async () => {
    const store = await storeWithBank(freshStore);
    const { rows } = await runImport(store, importFixture('january.csv'), { batchSize: 1 });
    assert.deepEqual(rows.slice(0, 2).map((row) => row.status), ['added', 'added']);
    const coffees = (await allTransactions(store)).filter((transaction) => transaction.description === 'Coffee Corner Main St');
    assert.equal(coffees.length, 2);
    const again = await runImport(store, importFixture('january.csv'), { batchSize: 2 });
    assert.equal(again.result.added, 0);
  });

  it('adds only the new rows of an overlapping later statement', async () => {
    const store = await storeWithBank(freshStore);
    const january = await runImport(store, importFixture('january.csv'));
    const { result, rows } = await runImport(store, importFixture('january-february-overlap.csv'));
    assert.deepEqual([result.added, result.duplicates], [2, 2]);
    assert.deepEqual(
      rows.map((row) => [row.line, row.status, row.duplicateOf]),
      [
        [2, 'duplicate', january.rows[3]?.id],
        [3, 'duplicate', january.rows[4]?.id],
        [4, 'added', null],
        [5, 'added', null],
      ],
    );
    assert.equal((await allTransactions(store)).length, 7);
  });

  it('de-duplicates by the bank transaction id when the file has one, whatever the description says', async () => {
    const store = await storeWithBank(freshStore);
    const first = await runImport(store, importFixture('with-bank-ids.csv'));
    assert.equal(first.result.added, 3, 'same date, value and description but different bank ids are different rows');
    const again = await runImport(store, importFixture('with-bank-ids.csv'));
    assert.deepEqual(again.rows.map((row) => row.reason), ['bank-id', 'bank-id', 'bank-id']);
  });

  it('keeps the same bank and row apart per bank: another bank imports the file in full', async () => {
    const store = await storeWithBank(freshStore);
    await store.catalogue.addBank({ id: 'dkb', name: 'DKB', aggregatorId: null });
    await runImport(store, importFixture('january.csv'));
    const other = await runImport(store, importFixture('january.csv'), { bank: 'dkb' });
    assert.equal(other.result.added, 5);
  });

  it('imports nothing from a file with one invalid row, and reports that row', async () => {
    const store = await storeWithBank(freshStore);
    const { result, rows } = await runImport(store, importFixture('one-bad-row.csv'));
    assert.equal(result.outcome, 'rejected');
    assert.deepEqual([result.added, result.invalid], [3, 1]);
    assert.deepEqual(rows[2], { line: 4, status: 'invalid', id: null, duplicateOf: null, reason: 'amount "abc" has no digits', read: null, raw: '2024-03-02,not a number row,abc' });
    assert.ok(rows.every((row) => row.id === null), 'no ids: nothing was written');
    assert.equal((await allTransactions(store)).length, 0);
    assert.deepEqual(await store.catalogue.listCategories(), []);
  });

  it('imports the valid rows with skipInvalid', async () => {
    const store = await storeWithBank(freshStore);
    const { result, rows } = await runImport(store, importFixture('one-bad-row.csv'), { skipInvalid: true });
    assert.equal(result.outcome, 'imported');
    assert.deepEqual(rows.map((row) => row.status), ['added', 'added', 'invalid', 'added']);
    assert.equal((await allTransactions(store)).length, 3);
  });

  it('changes nothing in a dry run but reports the same decisions', async () => {
    const store = await storeWithBank(freshStore);
    await runImport(store, importFixture('january.csv'));
    const before = await allTransactions(store);
    const dry = await runImport(store, importFixture('january-february-overlap.csv'), { dryRun: true });
    assert.equal(dry.result.outcome, 'dry-run');
    assert.deepEqual(dry.rows.map((row) => [row.status, row.id]), [['duplicate', null], ['duplicate', null], ['added', null], ['added', null]]);
    assert.deepEqual(await allTransactions(store), before);
    const real = await runImport(store, importFixture('january-february-overlap.csv'));
    assert.deepEqual(real.rows.map((row) => [row.status, row.duplicateOf]), dry.rows.map((row) => [row.status, row.duplicateOf]));
  });

  it('gives imported rows without a category the category of the first matching rule; a category in the file wins', async () => {
    const store = await storeWithBank(freshStore);
    await store.rules.add({ category: 'Coffee', descriptionContains: 'coffee', descriptionMatches: null, minValue: null, maxValue: null, bank: null, priority: 0 });
    const corner = await store.rules.add({ category: 'Eating out', descriptionContains: 'corner', descriptionMatches: null, minValue: null, maxValue: null, bank: 'ing', priority: 5 });
    await runImport(store, statementFixture('generic-bom-crlf.csv'), { skipInvalid: true });
    const byDescription = new Map((await allTransactions(store)).map((transaction) => [transaction.description, transaction]));
    // "Coffee Corner, Main St" carries the category "Eating out" in the file itself: the import's, not the rule's.
    assert.deepEqual([byDescription.get('Coffee Corner, Main St')?.category, byDescription.get('Coffee Corner, Main St')?.categorySource], ['Eating out', 'import']);
    assert.deepEqual([byDescription.get('Refund web shop')?.category, byDescription.get('Refund web shop')?.categorySource], [null, null], 'no category, no rule: no source');
    const { rows } = await runImport(store, importFixture('january.csv'));
    const coffee = await store.transactions.findById(rows[0]?.id ?? 0);
    assert.equal(coffee?.category, 'Eating out', 'priority 5 beats priority 0');
    // The rule set it, and says so: `rules apply --scope all` may change it again, as a person's choice would not be.
    assert.equal(coffee?.categorySource, `rule:${corner.id}`);
    assert.ok((await store.catalogue.listCategories()).some((category) => category.name === 'Eating out'));
  });

  it('numbers occurrences right when counts are set aside to the store (unsorted dates, tiny memory limit)', async () => {
    const store = await storeWithBank(freshStore);
    const session = await store.imports.begin('ing');
    try {
      const counter = new OccurrenceCounter(session, { limit: 2 });
      const dates = ['2024-01-03', '2024-01-01', '2024-01-02', '2024-01-01', '2024-01-03', '2024-01-01', '2024-01-02', '2024-01-04'];
      const fingerprints = dates.flatMap((date, i) => [`${date}:coffee`, `${date}:tea${i % 2}`]);
      const numbered: number[] = [];
      for (let i = 0; i < fingerprints.length; i += 3) numbered.push(...(await counter.number(fingerprints.slice(i, i + 3))));
      const expected = fingerprints.map((fp, i) => fingerprints.slice(0, i + 1).filter((other) => other === fp).length);
      assert.deepEqual(numbered, expected);
    } finally {
      await session.rollback();
    }
  });

  it('keeps two counters of one import apart by their tags when both set counts aside', async () => {
    const store = await storeWithBank(freshStore);
    const session = await store.imports.begin('ing');
    try {
      const current = new OccurrenceCounter(session, { limit: 1 });
      const former = new OccurrenceCounter(session, { limit: 1, tag: 'former:' });
      assert.deepEqual(await current.number(['2024-01-01:a', '2024-01-01:a', '2024-01-02:b']), [1, 2, 1]); // sets a = 2 aside
      assert.deepEqual(await former.number(['2024-01-01:a', '2024-01-02:b']), [1, 1]); // sets its own a = 1 aside
      assert.deepEqual(await current.number(['2024-01-01:a']), [3]);
      assert.deepEqual(await former.number(['2024-01-01:a']), [2]);
    } finally {
      await session.rollback();
    }
  });
}, { setups: EVERY_SETUP });
