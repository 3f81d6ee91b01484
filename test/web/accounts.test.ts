import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupByType, netWorthByCurrency, reconcileDifference, type Account } from '../../web/src/lib/accounts.js';
import { decimalText, formatMoney, parseTypedAmount, sum } from '../../web/src/lib/money.js';

const account = (id: number, name: string, type: Account['type'], currency: string, current: number, closedOn?: string): Account => ({
  id,
  name,
  type,
  currency,
  balance: { current, cleared: current, pending: 0 },
  ...(closedOn !== undefined && { closedOn }),
});

describe('web: accounts in the sidebar', () => {
  const accounts = [
    account(1, 'Visa', 'credit_card', 'EUR', -250.1),
    account(2, 'Giro', 'checking', 'EUR', 1180.23),
    account(3, 'Barclays', 'checking', 'GBP', 0.1),
    account(4, 'Old savings', 'savings', 'EUR', 999, '2025-01-31'),
    account(5, 'Amex', 'credit_card', 'GBP', 0.2),
  ];

  it('groups by type in the design order, names sorted, closed ones hidden unless asked', () => {
    assert.deepEqual(
      groupByType(accounts, false).map((group) => [group.label, group.accounts.map((each) => each.name)]),
      [
        ['Checking', ['Barclays', 'Giro']],
        ['Credit cards', ['Amex', 'Visa']],
      ],
    );
    assert.deepEqual(groupByType(accounts, true).map((group) => group.label), ['Checking', 'Savings', 'Credit cards']);
  });

  it('totals net worth per currency, exactly, never adding currencies, closed accounts left out', () => {
    const totals = netWorthByCurrency(accounts).map((each) => [each.currency, decimalText(each.total), each.accounts]);
    // 0.1 + 0.2 in floats is 0.30000000000000004; 1180.23 - 250.1 is 930.1300000000001.
    assert.deepEqual(totals, [
      ['EUR', '930.13', 2],
      ['GBP', '0.3', 2],
    ]);
  });

  it('formats with the currency, from the exact decimal', () => {
    assert.equal(formatMoney(sum([0.1, 0.2]), 'GBP', 'en-GB'), '£0.30');
    assert.equal(formatMoney(-1234.5, 'EUR', 'en-US'), '-€1,234.50');
    assert.equal(formatMoney(1234, 'JPY', 'en-US'), '¥1,234');
  });
});

describe('web: the reconcile difference', () => {
  it('is the statement minus the cleared balance minus the ticked rows, exact', () => {
    const statement = parseTypedAmount('1,180.23', 2)!;
    assert.equal(decimalText(reconcileDifference(statement, 1168.23, [])), '12.00');
    assert.equal(decimalText(reconcileDifference(statement, 1168.23, [12.1, -0.1])), '0.00');
    assert.equal(decimalText(reconcileDifference(statement, 1168.23, [0.1, 0.2])), '11.70');
  });

  it('reads typed amounts with either decimal mark, refuses more decimals than the currency', () => {
    assert.equal(decimalText(parseTypedAmount('1.234,56', 2)!), '1234.56');
    assert.equal(decimalText(parseTypedAmount('-0,30', 2)!), '-0.30');
    assert.equal(decimalText(parseTypedAmount('1,234', 2)!), '1234');
    assert.equal(decimalText(parseTypedAmount('−12', 2)!), '-12');
    assert.equal(parseTypedAmount('1.2345', 2), null);
    assert.equal(parseTypedAmount('twelve', 2), null);
    assert.equal(parseTypedAmount('', 2), null);
  });
});

describe('web: the balance chart\'s year', () => {
  it('is the twelve months up to the newest transaction\'s month', async () => {
    const { yearTo, maskedNumber } = await import('../../web/src/lib/accounts.js');
    assert.deepEqual(yearTo('2024-03-10'), { from: '2023-04-01', to: '2024-03-10' });
    assert.deepEqual(yearTo('2024-12-31'), { from: '2024-01-01', to: '2024-12-31' });
    assert.equal(maskedNumber('DE44 5001 0517 5407 3249 31'), '••••••••4931');
  });
});

describe('web: the account screens\' paths', () => {
  it('/app/accounts lists them, /app/accounts/<id> shows one, anything else there is not found', async () => {
    const { accountAt, screenAt, titleOf } = await import('../../web/src/app/screens.js');
    assert.equal(screenAt('/app/accounts'), 'accounts');
    assert.equal(screenAt('/app/accounts/12'), 'account');
    assert.equal(accountAt('/app/accounts/12/'), 12);
    assert.equal(screenAt('/app/accounts/0'), 'not-found');
    assert.equal(screenAt('/app/accounts/abc'), 'not-found');
    assert.equal(titleOf('account'), 'Account · Moneta');
  });
});
