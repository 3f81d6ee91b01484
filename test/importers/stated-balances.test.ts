// The balances statements state (OFX LEDGERBAL, CAMT.053 Bal, MT940 :60F:/:62F:, CSV balance
// lines and running balances), gathered per account: on the project's balanced fixtures the
// opening plus the rows is the closing, to the cent; with one row removed, the gap is that row.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExactSum } from '../../src/domain/reports/exact-sum.js';
import { openStatement, type ParsedItem, type StatementRow } from '../../src/importers/index.js';
import { type AccountBalances, collectStatedBalances } from '../../src/importers/stated-balances.js';
import { ImportService } from '../../src/services/import.service.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { fixture, readStatement } from './statement-helpers.js';

async function balancesOf(name: string): Promise<AccountBalances[]> {
  return collectStatedBalances((await openStatement(fixture(name))).items);
}

/** opening + rows - closing, exactly; `opening` replaces the file's (OFX states none). */
function gapOf(account: AccountBalances, opening?: number): ExactSum {
  const gap = new ExactSum();
  const start = opening ?? account.opening?.value;
  assert.ok(start !== undefined && account.closing, `${account.account ?? 'the file'} states an opening and a closing`);
  gap.addValue(account.closing.value);
  gap.addValue(-start);
  gap.addValue(-account.sum);
  return gap;
}

const amount = (sum: ExactSum) => sum.toNumber();

/** Fixtures whose stated balances agree with their rows; OFX's openings come from the file's comment. */
const BALANCED: Array<{ file: string; accounts: number; openings?: Record<string, number> }> = [
  { file: 'ofx2-xml-balanced.ofx', accounts: 2, openings: { '4417003321': 1017.64, '5500000000000004': -310.45 } },
  { file: 'ofx1-sgml-balanced.ofx', accounts: 2, openings: { '000111222333': 500, '000444555666': 10000 } },
  { file: 'camt053-balanced.xml', accounts: 2 },
  { file: 'mt940-balanced.sta', accounts: 2 },
  { file: 'mt940-two-statements.sta', accounts: 2 },
  { file: 'balance-lines-de.csv', accounts: 1 },
  { file: 'balance-lines-en.csv', accounts: 1 },
  { file: 'banco-do-brasil.csv', accounts: 1 },
  { file: 'wise.csv', accounts: 1 },
  { file: 'starling.csv', accounts: 1 },
  { file: 'chase.csv', accounts: 1 },
  { file: 'ing-nl.csv', accounts: 1 },
  { file: 'revolut.csv', accounts: 1 },
];

describe('stated balances of the balanced fixtures', () => {
  for (const { file, accounts, openings } of BALANCED) {
    it(`${file}: the opening plus the rows is the closing, per account`, async () => {
      const found = await balancesOf(file);
      assert.equal(found.length, accounts);
      for (const account of found) {
        const opening = openings?.[account.account ?? ''];
        if (openings) assert.notEqual(opening, undefined, `the test knows ${account.account ?? ''}'s opening`);
        assert.ok(account.rows > 0);
        assert.equal(amount(gapOf(account, opening)), 0, JSON.stringify(account));
        assert.ok(gapOf(account, opening).isZero());
        if (!openings) assert.equal(account.gap, 0);
      }
    });
  }
});

/** The row in `full` that `removed` lacks. */
function removedRow(full: StatementRow[], removed: StatementRow[]): StatementRow {
  const key = (row: StatementRow) => `${row.account ?? ''}|${row.date}|${row.value}|${row.description}`;
  const left = new Set(removed.map(key));
  const gone = full.filter((row) => !left.has(key(row)));
  assert.equal(gone.length, 1, 'exactly one row removed');
  return gone[0] as StatementRow;
}

const rowsOf = (items: ParsedItem[]) => items.flatMap((item) => (item.kind === 'row' ? [item.row] : []));

describe('a statement with one row removed', () => {
  const cases: Array<[full: string, removed: string, openings?: Record<string, number>]> = [
    ['ofx2-xml-balanced.ofx', 'ofx2-xml-balanced-one-row-removed.ofx', { '4417003321': 1017.64, '5500000000000004': -310.45 }],
    ['ofx1-sgml-balanced.ofx', 'ofx1-sgml-balanced-one-row-removed.ofx', { '000111222333': 500, '000444555666': 10000 }],
    ['camt053-balanced.xml', 'camt053-balanced-one-row-removed.xml'],
    ['mt940-balanced.sta', 'mt940-balanced-one-row-removed.sta'],
    ['balance-lines-de.csv', 'balance-lines-de-one-row-removed.csv'],
    ['wise.csv', 'wise-one-row-removed.csv'],
  ];
  for (const [full, removed, openings] of cases) {
    it(`${removed}: states the same balances, and the gap is exactly the removed row's value`, async () => {
      const row = removedRow(rowsOf((await readStatement(fixture(full))).items), rowsOf((await readStatement(fixture(removed))).items));
      const before = await balancesOf(full);
      const after = await balancesOf(removed);
      assert.deepEqual(after.map((a) => [a.account, a.opening, a.closing]), before.map((a) => [a.account, a.opening, a.closing]));
      for (const account of after) {
        const gap = amount(gapOf(account, openings?.[account.account ?? '']));
        assert.equal(gap, account.account === row.account ? row.value : 0, `${account.account ?? 'the file'}`);
        if (!openings) assert.equal(account.gap, gap);
      }
    });
  }
});

describe('what each format states', () => {
  it('OFX: LEDGERBAL is the closing, in CURDEF, per statement; AVAILBAL and openings are not read', async () => {
    const { balances } = await readStatement(fixture('ofx2-xml-balanced.ofx'));
    assert.deepEqual(balances, [
      { role: 'closing', date: '2024-03-31', value: 2199.84, currency: 'USD', account: '4417003321' },
      { role: 'closing', date: '2024-03-31', value: -207.8, currency: 'USD', account: '5500000000000004' },
    ]);
    assert.deepEqual((await readStatement(fixture('ofx1-sgml-balanced.ofx'))).balances.map((b) => [b.account, b.value]), [
      ['000111222333', 1745.16],
      ['000444555666', 10300.21],
    ]);
  });

  it('CAMT.053: OPBD opens on its date, PRCD the day after its date, CLBD closes; DBIT is negative; CLAV is not read', async () => {
    const { balances } = await readStatement(fixture('camt053-balanced.xml'));
    assert.deepEqual(balances, [
      { role: 'opening', date: '2024-03-01', value: 1520.33, currency: 'EUR', account: 'DE44500105175407324931' },
      { role: 'closing', date: '2024-03-31', value: 2836.53, currency: 'EUR', account: 'DE44500105175407324931' },
      { role: 'opening', date: '2024-03-01', value: -150, currency: 'CHF', account: 'CH9300762011623852957' },
      { role: 'closing', date: '2024-03-31', value: 237.05, currency: 'CHF', account: 'CH9300762011623852957' },
    ]);
  });

  it('MT940: every page\'s balance is read; the first page\'s :60F: and the last page\'s :62F: win; :64: is not read', async () => {
    const { balances } = await readStatement(fixture('mt940-balanced.sta'));
    assert.deepEqual(balances.map((b) => [b.role, b.date, b.value]), [
      ['opening', '2024-03-01', 1520.33], ['closing', '2024-03-04', 3596.83],
      ['opening', '2024-03-05', 3596.83], ['closing', '2024-03-31', 2836.53],
      ['opening', '2024-03-01', -150], ['closing', '2024-03-31', 237.05],
    ]);
    const [first] = await balancesOf('mt940-balanced.sta');
    assert.deepEqual([first?.opening?.value, first?.opening?.date, first?.closing?.value, first?.closing?.date], [1520.33, '2024-03-01', 2836.53, '2024-03-31']);
  });

  it('CSV running balance: files newest first read from the other end; the opening is the oldest row\'s balance less its value', async () => {
    const [wise] = await balancesOf('wise.csv'); // newest first
    assert.deepEqual([wise?.opening, wise?.closing], [
      { role: 'opening', date: '2024-03-14', value: 0 },
      { role: 'closing', date: '2024-03-18', value: 995.8 },
    ]);
    const [chase] = await balancesOf('chase.csv');
    assert.deepEqual([chase?.opening?.value, chase?.closing?.value], [473.04, 2411.92]);
  });

  it('balance items are neither rows nor skipped: an import counts what it counted before, and returns the balances', async () => {
    const store = new SqliteStore({ path: ':memory:' });
    try {
      await store.lifecycle.migrate();
      await store.catalogue.addBank({ id: 'bank', name: 'Bank', aggregatorId: null });
      const result = await new ImportService(store).importFile(fixture('camt053-balanced.xml'), { bank: 'bank', dryRun: true, keepRows: false });
      await result.dispose();
      assert.deepEqual([result.added, result.duplicates, result.conflicts, result.invalid, result.skipped], [6, 0, 0, 0, 1]);
      assert.deepEqual(result.statedBalances.map((a) => [a.account, a.opening?.value, a.closing?.value, a.gap]), [
        ['DE44500105175407324931', 1520.33, 2836.53, 0],
        ['CH9300762011623852957', -150, 237.05, 0],
      ]);
    } finally {
      await store.lifecycle.close();
    }
  });
});
