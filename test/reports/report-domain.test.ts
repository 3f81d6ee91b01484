import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ExactSum } from '../../src/domain/reports/exact-sum.js';
import { payeeOf } from '../../src/domain/reports/payees.js';
import { cutAtMonths, periodBounds, periodOfMonth } from '../../src/domain/reports/periods.js';
import { isRealDate } from '../../src/domain/dates.js';
import { foldForSearch } from '../../src/domain/text.js';

describe('report periods', () => {
  it('buckets months into quarters and years at their boundaries', () => {
    const cases: Array<[string, string, string]> = [
      ['2023-12', '2023-Q4', '2023'],
      ['2024-01', '2024-Q1', '2024'],
      ['2024-03', '2024-Q1', '2024'],
      ['2024-04', '2024-Q2', '2024'],
      ['2024-06', '2024-Q2', '2024'],
      ['2024-07', '2024-Q3', '2024'],
      ['2024-09', '2024-Q3', '2024'],
      ['2024-10', '2024-Q4', '2024'],
      ['2024-12', '2024-Q4', '2024'],
    ];
    for (const [month, quarter, year] of cases) {
      assert.deepEqual(
        [periodOfMonth(month, 'month'), periodOfMonth(month, 'quarter'), periodOfMonth(month, 'year'), periodOfMonth(month, 'all')],
        [month, quarter, year, 'all'],
        month,
      );
    }
  });

  it('gives each period its first and last day, leap years included', () => {
    assert.deepEqual(periodBounds('2024-02'), { start: '2024-02-01', end: '2024-02-29' });
    assert.deepEqual(periodBounds('2023-02'), { start: '2023-02-01', end: '2023-02-28' });
    assert.deepEqual(periodBounds('1900-02'), { start: '1900-02-01', end: '1900-02-28' });
    assert.deepEqual(periodBounds('2000-02'), { start: '2000-02-01', end: '2000-02-29' });
    assert.deepEqual(periodBounds('2024-Q1'), { start: '2024-01-01', end: '2024-03-31' });
    assert.deepEqual(periodBounds('2024-Q2'), { start: '2024-04-01', end: '2024-06-30' });
    assert.deepEqual(periodBounds('2024-Q4'), { start: '2024-10-01', end: '2024-12-31' });
    assert.deepEqual(periodBounds('2024'), { start: '2024-01-01', end: '2024-12-31' });
    assert.equal(periodBounds('all'), undefined);
  });

  it('cuts a date range into whole months and edge days', () => {
    assert.deepEqual(cutAtMonths(undefined, undefined), { months: { from: undefined, to: undefined }, days: [] });
    assert.deepEqual(cutAtMonths('2024-01-01', '2024-12-31'), { months: { from: '2024-01', to: '2024-12' }, days: [] });
    assert.deepEqual(cutAtMonths('2024-01-15', '2024-03-10'), {
      months: { from: '2024-02', to: '2024-02' },
      days: [
        { from: '2024-01-15', to: '2024-01-31' },
        { from: '2024-03-01', to: '2024-03-10' },
      ],
    });
    assert.deepEqual(cutAtMonths('2024-02-10', '2024-02-20'), { days: [{ from: '2024-02-10', to: '2024-02-20' }] });
    assert.deepEqual(cutAtMonths('2023-12-31', '2024-01-01'), {
      days: [
        { from: '2023-12-31', to: '2023-12-31' },
        { from: '2024-01-01', to: '2024-01-01' },
      ],
    });
    assert.deepEqual(cutAtMonths('2024-02-29', undefined), { months: { from: '2024-03', to: undefined }, days: [{ from: '2024-02-29', to: '2024-02-29' }] });
    assert.deepEqual(cutAtMonths(undefined, '2024-02-28'), { months: { from: undefined, to: '2024-01' }, days: [{ from: '2024-02-01', to: '2024-02-28' }] });
  });

  it('covers every day of a range exactly once', () => {
    const day = fc.date({ min: new Date('1999-11-01T00:00:00Z'), max: new Date('2001-03-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const cut = cutAtMonths(from, to);
        for (let time = Date.parse('1999-10-01'); time <= Date.parse('2001-04-30'); time += 86_400_000) {
          const date = new Date(time).toISOString().slice(0, 10);
          assert.ok(isRealDate(date));
          const month = date.slice(0, 7);
          const inMonths = cut.months !== undefined && (cut.months.from === undefined || month >= cut.months.from) && (cut.months.to === undefined || month <= cut.months.to);
          const inDays = cut.days.filter((range) => date >= range.from && date <= range.to).length;
          assert.equal(Number(inMonths) + inDays, date >= from && date <= to ? 1 : 0, `${date} in ${from}..${to}: ${JSON.stringify(cut)}`);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('exact sums', () => {
  const sum = (values: number[]) => {
    const total = new ExactSum();
    for (const value of values) total.addValue(value);
    return total.toNumber();
  };

  it('adds the decimals the values stand for, rounding once', () => {
    assert.equal(0.1 + 0.2, 0.30000000000000004);
    assert.equal(sum([0.1, 0.2]), 0.3);
    assert.equal(sum(Array.from({ length: 10 }, () => 0.1)), 1);
    assert.equal(sum([1e16, 1, -1e16]), 1);
    assert.equal(sum([1e-7, 0.3]), 0.3000001);
    assert.equal(sum([-0.1, -0.2]), -0.3);
    assert.equal(sum([3.4028234663852886e38, -3.4028234663852886e38, 5e-324]), 5e-324);
    assert.equal(sum([]), 0);
    assert.ok(Object.is(sum([0.1, -0.1]), 0));
  });

  it('adds whole cents given as integer text beyond 2^53', () => {
    const total = new ExactSum();
    total.addCents('900719925474099200');
    total.addCents('100');
    total.addCents('100');
    // 2^53 + 1 + 1 is 2^53 + 2 exactly; added as doubles, each 1 is lost.
    assert.equal(2 ** 53 + 1 + 1, 2 ** 53);
    assert.equal(total.toNumber(), 2 ** 53 + 2);
    total.addCents(-2n);
    total.addValue(0.01);
    assert.equal(total.toNumber(), 2 ** 53 + 2);
  });

  it('subtracts a sum exactly, and says when the exact sum is zero', () => {
    const rows = new ExactSum();
    rows.addValue(0.1);
    rows.addValue(0.2);
    rows.addCents('12345');
    const gap = new ExactSum();
    gap.addValue(123.75);
    gap.subtractSum(rows);
    assert.equal(gap.toNumber(), 0);
    assert.ok(gap.isZero());
    const tiny = new ExactSum();
    tiny.addValue(5e-324);
    tiny.addCents('1');
    tiny.addValue(-0.01);
    assert.equal(tiny.isZero(), false);
    assert.equal(tiny.toNumber(), 5e-324);
    const cents = new ExactSum();
    cents.addCents('5');
    assert.equal(cents.isZero(), false);
    cents.subtractSum(cents);
    assert.ok(cents.isZero());
  });

  it('equals the sum of integer cents for amounts in cents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e11, max: 1e11 }), { maxLength: 50 }), (cents) => {
        const exact = cents.reduce((all, c) => all + BigInt(c), 0n);
        assert.equal(sum(cents.map((c) => c / 100)), Number(exact) / 100);
      }),
    );
  });
});

describe('payees', () => {
  it('are the merchant words of a description', () => {
    assert.equal(payeeOf('TESCO STORES 3297 LONDON'), 'tesco stores london');
    assert.equal(payeeOf('Tesco Stores 1044 London'), 'tesco stores london');
    assert.equal(payeeOf('CAFÉ Müller'), 'cafe muller');
    assert.equal(payeeOf(' 12 34 '), '12 34');
  });

  it('come out the same from a description folded for search', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (description) => {
        assert.equal(payeeOf(foldForSearch(description)), payeeOf(description));
      }),
      { numRuns: 2000 },
    );
  });
});
