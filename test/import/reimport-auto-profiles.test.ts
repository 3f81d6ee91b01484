// Bank profiles are picked by header now, also for files the generic profile reads (Amex, Chase,
// Wise...), and they read rows differently (signs, bank ids, descriptions). Files imported the
// generic way before still re-import as nothing new: a store made by main 97c3ae9
// (test/fixtures/import/before-auto-profiles), and the generic reading of today's code.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeEachEngine } from '../support/engines.js';
import { allTransactions, copyOfEarlierStore, runImport, statementFixture, storeWithBank } from './import-support.js';

/** Files that store's code read with the generic profile and today's picks a bank profile for. */
const SWITCHED: Record<string, string> = {
  'amex.csv': 'amex', 'barclays.csv': 'barclays', 'capital-one.csv': 'capital-one', 'chase.csv': 'chase',
  'wise.csv': 'wise', 'wise-balance-statement.csv': 'wise', 'sparkasse-csv-camt.csv': 'sparkasse-csv-camt',
  'sparkasse-csv-camt-pending.csv': 'sparkasse-csv-camt', 'sparkasse-csv-mt940.csv': 'sparkasse-csv-mt940',
};

describe('re-importing files imported before bank profiles were picked by header [sqlite]', () => {
  let earlier: Awaited<ReturnType<typeof copyOfEarlierStore>>;
  before(async () => {
    earlier = await copyOfEarlierStore('before-auto-profiles');
  });
  after(() => earlier.close());

  it('adds nothing for any file, including those now read with a bank profile, and leaves the stored rows alone', async () => {
    const { store, imports } = earlier;
    assert.ok(imports.length >= 35, 'the store holds the fixtures');
    const everything = await allTransactions(store);
    const switched: Record<string, string> = {};
    for (const { file, bank, profile } of imports) {
      const before = everything.filter((transaction) => transaction.bank === bank);
      assert.ok(before.length > 0, `${file} was imported`);
      const { result } = await runImport(store, statementFixture(file), { bank, profile: profile ?? undefined, skipInvalid: true });
      const picked = /^read with the built-in CSV profile "([^"]+)": the header has its columns/.exec(result.notes[0] ?? '')?.[1];
      if (picked) switched[file] = picked;
      assert.deepEqual([result.added, result.conflicts, result.duplicates], [0, 0, before.length], `${file}: every row is a duplicate, none new`);
      const after = (await allTransactions(store)).filter((transaction) => transaction.bank === bank);
      assert.deepEqual(after, before, `${file}: the stored rows are untouched`);
    }
    for (const [file, profile] of Object.entries(SWITCHED)) assert.equal(switched[file], profile, `${file} is read with the ${profile} profile now`);
  });
});

describeEachEngine('former readings in an import', ({ freshStore }) => {
  it('rows the generic profile imported are duplicates when a bank profile reads the file: Amex signs, Wise bank ids', async () => {
    const store = await storeWithBank(freshStore);
    for (const file of ['amex.csv', 'wise.csv']) {
      const earlier = await runImport(store, statementFixture(file), { profile: 'generic' });
      assert.equal(earlier.result.added, 3, `${file}: imported the generic way`);
      const { result, rows } = await runImport(store, statementFixture(file));
      assert.deepEqual([result.added, result.conflicts, result.duplicates, result.duplicatesByRule.fingerprint], [0, 0, 3, 3], file);
      assert.deepEqual(rows.map((row) => row.duplicateOf), earlier.rows.map((row) => row.id), `${file}: each row names the transaction it duplicates`);
    }
  });

  it('a charge and a refund whose readings swap signs are not taken for each other', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'moneta-swap-'));
    try {
      const header = 'Date,Description,Amount,Extended Details,Appears On Your Statement As\n';
      const charge = '03/19/2024,BOOKSHOP CAMBRIDGE,10.00,,BOOKSHOP CAMBRIDGE\n';
      const refund = '03/19/2024,BOOKSHOP CAMBRIDGE,-10.00,,BOOKSHOP CAMBRIDGE\n';
      await writeFile(join(dir, 'first.csv'), header + charge);
      await writeFile(join(dir, 'both.csv'), header + charge + refund);
      const store = await storeWithBank(freshStore);
      assert.equal((await runImport(store, join(dir, 'first.csv'))).result.added, 1);
      // The refund's generic reading (-10) has the key the charge has as Amex reads it (-10).
      const both = await runImport(store, join(dir, 'both.csv'));
      assert.deepEqual([both.result.added, both.result.duplicates], [1, 1]);
      assert.deepEqual((await allTransactions(store)).map((t) => t.value), [-10, 10]);
      assert.deepEqual([(await runImport(store, join(dir, 'both.csv'))).result.added], [0]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
