import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CURRENCY_DECIMALS, currencyDecimals, hasAtMostDecimals, isCurrency } from '../../../src/domain/accounts/currencies.js';

describe('currencies', () => {
  it('knows the minor units of ISO 4217 currencies', () => {
    assert.equal(currencyDecimals('EUR'), 2);
    assert.equal(currencyDecimals('USD'), 2);
    for (const code of ['JPY', 'KRW', 'CLP', 'ISK', 'VND', 'XOF']) assert.equal(currencyDecimals(code), 0, code);
    for (const code of ['BHD', 'KWD', 'JOD', 'OMR', 'TND', 'LYD', 'IQD']) assert.equal(currencyDecimals(code), 3, code);
    for (const code of ['CLF', 'UYW']) assert.equal(currencyDecimals(code), 4, code);
    assert.equal(currencyDecimals('XAU'), undefined);
    assert.equal(currencyDecimals('eur'), undefined);
  });

  it('tells a code from anything else', () => {
    assert.equal(isCurrency('GBP'), true);
    assert.equal(isCurrency('CHF'), true);
    for (const code of ['', 'EU', 'EURO', 'ABC', 'XXX', 'gbp']) assert.equal(isCurrency(code), false, code);
    for (const code of CURRENCY_DECIMALS.keys()) assert.match(code, /^[A-Z]{3}$/);
    assert.ok(CURRENCY_DECIMALS.size > 150);
  });

  it('counts decimals as a person wrote the number, exactly', () => {
    assert.equal(hasAtMostDecimals(12.34, 2), true);
    assert.equal(hasAtMostDecimals(12.345, 2), false);
    assert.equal(hasAtMostDecimals(0.1 + 0.2, 2), false); // 0.30000000000000004
    assert.equal(hasAtMostDecimals(1.1, 1), true);
    assert.equal(hasAtMostDecimals(100, 0), true);
    assert.equal(hasAtMostDecimals(0.5, 0), false);
    assert.equal(hasAtMostDecimals(1e21, 0), true);
    assert.equal(hasAtMostDecimals(1e307, 2), true); // value * 100 would overflow
    assert.equal(hasAtMostDecimals(1e-7, 4), false);
    assert.equal(hasAtMostDecimals(-0.001, 3), true);
    assert.equal(hasAtMostDecimals(Number.NaN, 2), false);
    assert.equal(hasAtMostDecimals(Number.POSITIVE_INFINITY, 2), false);
  });
});
