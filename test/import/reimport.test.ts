// Re-importing adds nothing: for files imported by the code before readable descriptions
// (a store made then, test/fixtures/import/pre-i15), and for every fixture with today's code.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { describeEachEngine } from '../support/engines.js';
import { allTransactions, copyOfEarlierStore, runImport, statementFixture, storeWithBank } from './import-support.js';

/**
 * Rows the earlier code never stored, which a re-import now adds: [added, conflicts]. Every
 * row it did store is found again (a duplicate), whatever its description reads like now.
 */
const NEW_ON_REIMPORT: Record<string, [number, number]> = {
  'ofx1-no-name.ofx': [3, 0], // refused for having no NAME
  'qif-no-text.qif': [3, 0], // refused for having no P or M line
  'mt940-citi-blank-entry-date.sta': [2, 0], // refused: entry date filled with spaces
  'camt053-v04-status-and-names.xml': [1, 0], // an entry without status, dropped without a word
  'mt940-two-statements.sta': [1, 0], // refused for having no :86: text
  'mt940-shared-reference.sta': [0, 1], // dropped as a "duplicate" of another transaction's bank id
};

describe('re-importing files imported before readable descriptions [sqlite]', () => {
  let earlier: Awaited<ReturnType<typeof copyOfEarlierStore>>;
  before(async () => {
    earlier = await copyOfEarlierStore('pre-i15');
  });
  after(() => earlier.close());

  it('finds every row stored before, and adds only rows the earlier code refused or dropped', async () => {
    const { store, imports } = earlier;
    assert.ok(imports.length >= 25, 'the store holds the fixtures');
    const everything = await allTransactions(store);
    for (const { file, bank, profile } of imports) {
      const before = everything.filter((transaction) => transaction.bank === bank);
      assert.ok(before.length > 0, `${file} was imported`);
      const { result } = await runImport(store, statementFixture(file), { bank, profile: profile ?? undefined, skipInvalid: true });
      assert.equal(result.duplicates, before.length, `${file}: every row imported before is a duplicate`);
      assert.deepEqual([result.added, result.conflicts], NEW_ON_REIMPORT[file] ?? [0, 0], `${file}: rows new to the store`);
      const after = (await allTransactions(store)).filter((transaction) => transaction.bank === bank);
      assert.deepEqual(after.slice(0, before.length), before, `${file}: the stored rows are untouched`);
    }
  });
});

/** Fixtures no profile is picked for by header (their layouts are too plain to tell apart). */
const PROFILE: Record<string, string> = {
  'us-bank-parentheses.csv': 'us-bank', 'uk-bank-preamble.csv': 'uk-bank', 'de-soll-haben-win1252.csv': 'de-soll-haben',
  'balance-lines-es.csv': fileURLToPath(new URL('../fixtures/import/es-bank-profile.json', import.meta.url)),
};

/** Fixtures of files that are refused whole, each saying why (test/importers/camt053.test.ts). */
const REFUSED = new Set([
  'german-export-unknown-columns.csv', 'camt052-account-report.xml', 'camt053-no-entries.xml', 'camt053-pending-only.xml',
  'camt053-unknown-namespace.xml', 'camt054-notification.xml',
]);

describeEachEngine('re-importing any fixture', ({ freshStore }) => {
  it('adds nothing the second time, for every statement fixture', async () => {
    const files = (await readdir(fileURLToPath(new URL('../fixtures/statements/', import.meta.url)))).filter((name) => !REFUSED.has(name));
    const store = await storeWithBank(freshStore);
    for (const file of files) {
      const bank = file.replace(/\W+/g, '-').toLowerCase();
      await store.catalogue.addBank({ id: bank, name: file, aggregatorId: null });
      const options = { bank, skipInvalid: true, profile: PROFILE[file] };
      const first = await runImport(store, statementFixture(file), options);
      assert.ok(first.result.added > 0, `${file}: imported`);
      const again = await runImport(store, statementFixture(file), options);
      assert.deepEqual(
        [again.result.added, again.result.conflicts, again.result.duplicates, again.result.invalid, again.result.skipped],
        [0, 0, first.result.added + first.result.conflicts + first.result.duplicates, first.result.invalid, first.result.skipped],
        `${file}: the second import adds nothing`,
      );
    }
  });
});
