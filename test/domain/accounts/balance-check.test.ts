import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkBalance, formatAmount } from '../../../src/domain/accounts/balance-check.js';

describe('balance check', () => {
  it('says by how much and which dates to look at when the balances disagree', () => {
    const check = checkBalance({
      statementDate: '2026-10-31', statementBalance: 1180.23, computedBalance: 1168.23, currencyDecimals: 2,
      periodFrom: '2026-10-01', periodTo: '2026-10-31',
    });
    assert.deepEqual(check, {
      statementDate: '2026-10-31',
      statementBalance: 1180.23,
      computedBalance: 1168.23,
      difference: 12,
      agrees: false,
      message: 'the statement ends at 1,180.23; Moneta has 1,168.23 on 2026-10-31: 12.00 missing or extra between 2026-10-01 and 2026-10-31',
    });
  });

  it('agrees when the exact difference is zero, and says so', () => {
    const check = checkBalance({ statementDate: '2026-10-31', statementBalance: 1180.23, computedBalance: 1180.23, currencyDecimals: 2 });
    assert.equal(check.agrees, true);
    assert.equal(check.difference, 0);
    assert.equal(check.message, "agrees with the statement's balance of 1,180.23 on 2026-10-31");
  });

  it('subtracts exactly: 0.3 - (0.1 + 0.2 summed exactly) agrees, a cent apart does not', () => {
    assert.equal(checkBalance({ statementDate: '2026-01-01', statementBalance: 0.3, computedBalance: 0.3, currencyDecimals: 2 }).agrees, true);
    const apart = checkBalance({ statementDate: '2026-01-01', statementBalance: 100000000.01, computedBalance: 100000000.02, currencyDecimals: 2 });
    assert.equal(apart.agrees, false);
    assert.equal(apart.difference, -0.01); // float subtraction gives -0.009999990463256836
  });

  it('counts a difference too small for a double to hold as a disagreement', () => {
    const check = checkBalance({ statementDate: '2026-01-01', statementBalance: 1e-300, computedBalance: 0, currencyDecimals: 2 });
    assert.equal(check.agrees, false);
  });

  it('without a period, looks on or before the statement date; negative balances keep their sign', () => {
    const check = checkBalance({ statementDate: '2026-03-31', statementBalance: -1234.5, computedBalance: -1200, currencyDecimals: 2 });
    assert.equal(check.difference, -34.5);
    assert.equal(check.message, 'the statement ends at -1,234.50; Moneta has -1,200.00 on 2026-03-31: 34.50 missing or extra on or before 2026-03-31');
  });

  it('writes amounts with the currency decimals and "," between thousands', () => {
    assert.equal(formatAmount(1234567.891, 3), '1,234,567.891');
    assert.equal(formatAmount(1234567, 0), '1,234,567');
    assert.equal(formatAmount(999, 2), '999.00');
    assert.equal(formatAmount(0.5, 0), '1');
    assert.equal(formatAmount(-0.004, 2), '0.00');
    assert.equal(formatAmount(1.005, 2), '1.01'); // the decimal 1.005, not its binary 1.00499...
    assert.equal(formatAmount(12.3456, 4), '12.3456');
    assert.equal(formatAmount(1e21, 2), '1,000,000,000,000,000,000,000.00');
  });
});
