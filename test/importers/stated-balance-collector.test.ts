// The collector's rules, item by item: which opening and closing win, how CSV balance lines and
// running balances become stated balances, and when a file states none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RunningBalances } from '../../src/importers/csv/running-balance.js';
import type { ParsedItem, StatedBalance, StatementRow } from '../../src/importers/index.js';
import { collectStatedBalances, fromBalanceLine } from '../../src/importers/stated-balances.js';

const row = (line: number, date: string, value: number, account?: string): ParsedItem => ({
  kind: 'row', row: { line, date, value, description: `row ${line}`, ...(account ? { account } : {}) },
});
const stated = (line: number, balance: StatedBalance): ParsedItem => ({ kind: 'balance', line, balance });

describe('the stated balance collector', () => {
  it('keeps the earliest opening (the first of one date) and the latest closing (the last of one date)', async () => {
    const [account] = await collectStatedBalances([
      stated(1, { role: 'opening', date: '2024-03-01', value: 100, account: 'A' }),
      stated(2, { role: 'closing', date: '2024-03-04', value: 90, account: 'A' }),
      stated(3, { role: 'opening', date: '2024-03-01', value: 999, account: 'A' }),
      row(4, '2024-03-02', -10, 'A'),
      stated(5, { role: 'closing', date: '2024-03-04', value: 91, account: 'A' }),
      stated(6, { role: 'closing', date: '2024-03-03', value: 555, account: 'A' }),
    ]);
    assert.equal(account?.opening?.value, 100);
    assert.equal(account?.closing?.value, 91);
    assert.equal(account?.gap, 1);
  });

  it('moves an opening dated after the first row back to it, and a closing dated before the last row on to it', async () => {
    const [account] = await collectStatedBalances([
      stated(1, { role: 'opening', date: '2024-02-01', value: 100 }),
      row(2, '2024-01-31', 5),
      row(3, '2024-02-03', 5),
      stated(4, { role: 'closing', date: '2024-02-02', value: 110 }),
    ]);
    assert.deepEqual([account?.opening?.date, account?.closing?.date, account?.gap], ['2024-01-31', '2024-02-03', 0]);
  });

  it('gives balances that name no account to the one account the rows name', async () => {
    const found = await collectStatedBalances([
      { kind: 'skipped', line: 1, reason: 'balance line', balance: { label: 'Opening balance', date: '2024-03-01', value: 10 } },
      row(2, '2024-03-02', 0.1, 'NL20INGB0001234567'),
      row(3, '2024-03-02', 0.2, 'NL20INGB0001234567'),
      { kind: 'skipped', line: 4, reason: 'balance line', balance: { label: 'Closing balance', date: '2024-03-31', value: 10.3 } },
    ]);
    assert.equal(found.length, 1);
    assert.deepEqual([found[0]?.account, found[0]?.opening?.account, found[0]?.sum, found[0]?.gap], ['NL20INGB0001234567', 'NL20INGB0001234567', 0.3, 0]);
  });

  it('keeps accounts apart and states nothing for an account without balances', async () => {
    const found = await collectStatedBalances([row(1, '2024-03-01', 1, 'A'), stated(2, { role: 'closing', date: '2024-03-01', value: 1, account: 'B' })]);
    assert.deepEqual(found.map((a) => [a.account, a.rows, a.closing?.value, a.gap]), [['A', 1, undefined, undefined], ['B', 0, 1, undefined]]);
  });
});

describe('CSV balance lines as stated balances', () => {
  it('reads openings at the start of their date, previous balances at the start of the next day, the rest as closings', () => {
    assert.deepEqual(fromBalanceLine({ label: 'Anfangssaldo', date: '2024-03-01', value: 1 }), { role: 'opening', date: '2024-03-01', value: 1 });
    assert.deepEqual(fromBalanceLine({ label: 'Saldo Anterior', date: '2024-02-29', value: 2 }), { role: 'opening', date: '2024-03-01', value: 2 });
    assert.deepEqual(fromBalanceLine({ label: 'Balance brought forward', date: '2024-12-31', value: 3 }), { role: 'opening', date: '2025-01-01', value: 3 });
    assert.deepEqual(fromBalanceLine({ label: 'Kontostand am 31.03.2024', date: '2024-03-31', value: 4 }), { role: 'closing', date: '2024-03-31', value: 4 });
    assert.deepEqual(fromBalanceLine({ label: 'S A L D O', date: '2024-03-31', value: 5 }), { role: 'closing', date: '2024-03-31', value: 5 });
    assert.equal(fromBalanceLine({ label: 'Saldo disponible', date: '2024-03-31', value: 6 }), undefined);
    assert.equal(fromBalanceLine({ label: 'Endsaldo', value: 7 }), undefined);
    assert.equal(fromBalanceLine({ label: 'Endsaldo', date: '2024-03-31' }), undefined);
  });
});

describe('CSV running balances', () => {
  const seen = (rows: Array<[line: number, date: string, value: number, balance: number | undefined, account?: string]>) => {
    const running = new RunningBalances();
    for (const [line, date, value, balance, account] of rows) {
      const r: StatementRow = { line, date, value, description: '', ...(account ? { account } : {}) };
      running.see(r, balance);
    }
    return running.items().map((item) => (item.kind === 'balance' ? [item.balance.role, item.balance.date, item.balance.value, item.line] : item.kind));
  };

  it('oldest first: the first row opens (its balance less its value), the last closes', () => {
    assert.deepEqual(seen([[2, '2024-03-01', -0.1, 99.9], [3, '2024-03-02', -0.2, 99.7]]), [['opening', '2024-03-01', 100, 2], ['closing', '2024-03-02', 99.7, 3]]);
  });

  it('newest first: read from the other end, rows of one day in the file\'s order', () => {
    assert.deepEqual(seen([[2, '2024-03-02', 5, 120], [3, '2024-03-01', 10, 115], [4, '2024-03-01', 5, 105]]), [['opening', '2024-03-01', 100, 4], ['closing', '2024-03-02', 120, 2]]);
  });

  it('all rows on one day: the order is told by the balances', () => {
    assert.deepEqual(seen([[2, '2024-03-01', 5, 120], [3, '2024-03-01', 10, 115]]), [['opening', '2024-03-01', 105, 3], ['closing', '2024-03-01', 120, 2]]);
    assert.deepEqual(seen([[2, '2024-03-01', 5, 105], [3, '2024-03-01', 10, 115]]), [['opening', '2024-03-01', 100, 2], ['closing', '2024-03-01', 115, 3]]);
  });

  it('states nothing when a row has no balance, or the rows are of several accounts', () => {
    assert.deepEqual(seen([[2, '2024-03-01', 5, 105], [3, '2024-03-02', 10, undefined]]), []);
    assert.deepEqual(seen([[2, '2024-03-01', 5, 105, 'A'], [3, '2024-03-02', 10, 115, 'B']]), []);
    assert.deepEqual(seen([]), []);
  });
});
