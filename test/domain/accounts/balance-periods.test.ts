import assert from 'node:assert/strict';
import { it } from 'node:test';
import { balancePointDates, defaultBalanceRange } from '../../../src/domain/accounts/balance-periods.js';

it('ends each point at its period end, the last on `to`', () => {
  assert.deepEqual(balancePointDates('2024-01-15', '2024-03-10', 'month'), ['2024-01-31', '2024-02-29', '2024-03-10']);
  // 2024-01-03 is a Wednesday: its week ends on Sunday the 7th.
  assert.deepEqual(balancePointDates('2024-01-03', '2024-01-21', 'week'), ['2024-01-07', '2024-01-14', '2024-01-21']);
  assert.deepEqual(balancePointDates('2024-02-28', '2024-03-01', 'day'), ['2024-02-28', '2024-02-29', '2024-03-01']);
  assert.deepEqual(balancePointDates('2024-05-05', '2024-05-05', 'month'), ['2024-05-05']);
});

it('refuses more than the limit before making them', () => {
  assert.equal(balancePointDates('2000-01-01', '2010-01-07', 'day')?.length, 3660);
  assert.equal(balancePointDates('2000-01-01', '2010-01-08', 'day'), undefined);
});

it('reads years 0 to 99 as themselves, and never defaults to before year 0', () => {
  assert.deepEqual(defaultBalanceRange('0099-12-31'), { from: '0099-01-01', to: '0099-12-31' });
  assert.deepEqual(balancePointDates('0099-01-15', '0099-03-02', 'month'), ['0099-01-31', '0099-02-28', '0099-03-02']);
  assert.deepEqual(defaultBalanceRange('0000-03-01'), { from: '0000-01-01', to: '0000-03-01' });
  assert.deepEqual(defaultBalanceRange('2024-06-15'), { from: '2023-07-01', to: '2024-06-15' });
});
