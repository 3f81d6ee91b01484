import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { BENCH_OPTIONS, DEMO_OPTIONS, generateSampleData, type SampleOptions, type SampleTransaction } from '../../src/domain/sample-data.js';

const BANK_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const INCOME = new Set(['Salary', 'Refunds']);

function rowsOf(options: SampleOptions): SampleTransaction[] {
  return [...generateSampleData(options).transactions()];
}

function isRealDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** Exclusive lower bound of a dataset's dates; a Feb 29 end maps to Feb 28. */
function sameDayYearsEarlier(date: string, years: number): string {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  const lastDayOfMonth = new Date(Date.UTC(year - years, month, 0)).getUTCDate();
  return new Date(Date.UTC(year - years, month - 1, Math.min(day, lastDayOfMonth))).toISOString().slice(0, 10);
}

function share(rows: readonly SampleTransaction[], predicate: (row: SampleTransaction) => boolean): number {
  return rows.filter(predicate).length / rows.length;
}

const demoRows = rowsOf(DEMO_OPTIONS);
const largeOptions: SampleOptions = { transactions: 50_000, years: 5, banks: 5, seed: 3 };
const largeRows = rowsOf(largeOptions);

describe('generateSampleData', () => {
  describe('determinism', () => {
    it('produces byte-identical output for the same options', () => {
      assert.equal(JSON.stringify(rowsOf(DEMO_OPTIONS)), JSON.stringify(demoRows));
      assert.deepEqual(generateSampleData(DEMO_OPTIONS).banks, generateSampleData(DEMO_OPTIONS).banks);
    });

    it('replays the same stream each time transactions() is called', () => {
      const data = generateSampleData(DEMO_OPTIONS);
      assert.deepEqual([...data.transactions()], [...data.transactions()]);
    });

    it('produces different data for different seeds', () => {
      const other = rowsOf({ ...DEMO_OPTIONS, seed: 43 });
      assert.notEqual(JSON.stringify(other), JSON.stringify(demoRows));
      assert.notDeepEqual(generateSampleData({ ...DEMO_OPTIONS, seed: 43 }).banks, generateSampleData(DEMO_OPTIONS).banks);
    });
  });

  describe('counts', () => {
    for (const options of [DEMO_OPTIONS, largeOptions, { transactions: 0, years: 1, banks: 1 }, { transactions: 1, years: 1, banks: 1 }, { transactions: 37, years: 3, banks: 2, seed: 5 }]) {
      it(`yields exactly ${options.transactions} transactions over ${options.years} years`, () => {
        assert.equal(rowsOf(options).length, options.transactions);
      });
    }

    it('streams lazily, so the first benchmark row arrives without generating the rest', () => {
      const first = generateSampleData(BENCH_OPTIONS).transactions().next();
      assert.equal(first.done, false);
    });
  });

  describe('banks', () => {
    it('returns the requested number of realistic banks with valid, unique ids', () => {
      const { banks } = generateSampleData(DEMO_OPTIONS);
      assert.deepEqual(banks.map((bank) => bank.name), ['ING', 'Monzo Bank', 'Chase']);
      for (const options of [DEMO_OPTIONS, { ...DEMO_OPTIONS, banks: 23 }]) {
        const ids = generateSampleData(options).banks.map((bank) => bank.id);
        assert.equal(ids.length, options.banks);
        assert.equal(new Set(ids).size, ids.length);
        for (const id of ids) assert.match(id, BANK_ID);
      }
    });

    it('gives aggregator ids that look like v4 UUIDs to some banks', () => {
      const { banks } = generateSampleData(BENCH_OPTIONS);
      const aggregatorIds = banks.flatMap((bank) => (bank.aggregatorId === undefined ? [] : [bank.aggregatorId]));
      assert.ok(aggregatorIds.length >= 2 && aggregatorIds.length < banks.length);
      for (const id of aggregatorIds) assert.match(id, UUID_V4);
    });
  });

  describe('categories', () => {
    it('has about 20 uniquely named categories in about 6 groups, few ungrouped', () => {
      const { categories } = generateSampleData(DEMO_OPTIONS);
      assert.ok(categories.length >= 18 && categories.length <= 24, `${categories.length} categories`);
      assert.equal(new Set(categories.map((category) => category.name)).size, categories.length);
      const groups = new Set(categories.flatMap((category) => (category.group === undefined ? [] : [category.group])));
      assert.ok(groups.size >= 5 && groups.size <= 8, `${groups.size} groups`);
      const ungrouped = categories.filter((category) => category.group === undefined).length;
      assert.ok(ungrouped <= 2, `${ungrouped} ungrouped`);
    });
  });

  describe('transactions', () => {
    const cases: Array<[string, SampleOptions, SampleTransaction[]]> = [
      ['demo', DEMO_OPTIONS, demoRows],
      ['large', largeOptions, largeRows],
      ['leap-day end', { transactions: 3000, years: 1, banks: 12, seed: 9, endDate: '2024-02-29' }, rowsOf({ transactions: 3000, years: 1, banks: 12, seed: 9, endDate: '2024-02-29' })],
    ];
    for (const [name, options, rows] of cases) {
      it(`are all valid in the ${name} dataset`, () => {
        const data = generateSampleData(options);
        const categoryNames = new Set(data.categories.map((category) => category.name));
        const bankIds = new Set(data.banks.map((bank) => bank.id));
        const endDate = options.endDate ?? '2026-10-31';
        const firstAllowed = sameDayYearsEarlier(endDate, options.years);
        for (const row of rows) {
          assert.ok(isRealDate(row.date), row.date);
          assert.ok(row.date > firstAllowed && row.date <= endDate, `${row.date} outside (${firstAllowed}, ${endDate}]`);
          assert.ok(row.description.length >= 1 && row.description.length <= 1000, row.description);
          assert.equal(row.description, row.description.trim());
          assert.ok(Number.isFinite(row.value) && row.value !== 0, `value ${row.value}`);
          assert.equal(Math.round(row.value * 100) / 100, row.value, `value ${row.value} has more than 2 decimals`);
          assert.equal(Number(row.value.toFixed(2)), row.value);
          if (row.category !== undefined) {
            assert.ok(categoryNames.has(row.category), row.category);
            assert.equal(row.value > 0, INCOME.has(row.category), `${row.category} ${row.value}`);
          }
          assert.ok(bankIds.has(row.bank), row.bank);
        }
      });
    }

    it('come in non-decreasing date order spread over the whole period', () => {
      for (const rows of [demoRows, largeRows]) {
        for (let index = 1; index < rows.length; index++) {
          assert.ok((rows[index - 1]?.date ?? '') <= (rows[index]?.date ?? ''), `row ${index} goes back in time`);
        }
      }
      assert.ok((demoRows[0]?.date ?? '') <= '2024-11-10');
      assert.ok((demoRows.at(-1)?.date ?? '') >= '2026-10-20');
    });

    it('leave roughly uncategorisedShare of rows without a category', () => {
      const uncategorised = (row: SampleTransaction) => row.category === undefined;
      const defaultShare = share(largeRows, uncategorised);
      assert.ok(defaultShare > 0.07 && defaultShare < 0.09, `share ${defaultShare}`);
      assert.equal(share(rowsOf({ ...DEMO_OPTIONS, uncategorisedShare: 0 }), uncategorised), 0);
      assert.equal(share(rowsOf({ ...DEMO_OPTIONS, uncategorisedShare: 1 }), uncategorised), 1);
      const custom = share(rowsOf({ ...largeOptions, uncategorisedShare: 0.3 }), uncategorised);
      assert.ok(custom > 0.28 && custom < 0.32, `share ${custom}`);
    });

    it('pay a salary and rent once a month on a fixed day', () => {
      for (const category of ['Salary', 'Rent']) {
        const rows = rowsOf({ ...DEMO_OPTIONS, uncategorisedShare: 0 }).filter((row) => row.category === category);
        assert.equal(rows.length, 24, category);
        assert.equal(new Set(rows.map((row) => row.date.slice(0, 7))).size, 24);
        assert.equal(new Set(rows.map((row) => row.date.slice(8))).size, 1);
      }
      const salaries = demoRows.filter((row) => row.category === 'Salary');
      for (const row of salaries) assert.ok(row.value >= 2500 && row.value <= 4000, `salary ${row.value}`);
    });

    it('keep amounts in realistic ranges per category', () => {
      const ranges: Record<string, [number, number]> = { Groceries: [-150, -3], Coffee: [-6, -2], Rent: [-1500, -900] };
      for (const row of largeRows) {
        const range = row.category === undefined ? undefined : ranges[row.category];
        if (range !== undefined) assert.ok(row.value >= range[0] && row.value <= range[1], `${row.category} ${row.value}`);
      }
    });
  });

  describe('descriptions', () => {
    it('include accented and other non-ASCII text', () => {
      assert.ok(demoRows.some((row) => /[^ -~]/.test(row.description)));
      assert.ok(largeRows.some((row) => row.description.includes('Müller')));
    });

    it('include literal % and _ so LIKE-escaping has something to find', () => {
      for (const rows of [demoRows, largeRows]) {
        assert.ok(rows.some((row) => row.description.includes('%')));
        assert.ok(rows.some((row) => row.description.includes('_')));
      }
      assert.ok(largeRows.some((row) => row.description.includes('50% OFF')));
      assert.ok(largeRows.some((row) => row.description.includes('SHOP_ONLINE')));
    });

    it('repeat common merchant words in about 1% of rows, as a search benchmark needs', () => {
      const tesco = share(largeRows, (row) => row.description.toLowerCase().includes('tesco'));
      assert.ok(tesco > 0.006 && tesco < 0.02, `tesco share ${tesco}`);
    });

    it('vary a lot, as real statements do', () => {
      const distinct = new Set(largeRows.map((row) => row.description)).size;
      assert.ok(distinct > largeRows.length / 4, `${distinct} distinct descriptions`);
    });
  });

  describe('options', () => {
    for (const [name, options] of [
      ['negative transactions', { transactions: -1, years: 1, banks: 1 }],
      ['fractional years', { transactions: 10, years: 1.5, banks: 1 }],
      ['zero banks', { transactions: 10, years: 1, banks: 0 }],
      ['an impossible end date', { transactions: 10, years: 1, banks: 1, endDate: '2026-02-30' }],
      ['a share above 1', { transactions: 10, years: 1, banks: 1, uncategorisedShare: 1.5 }],
    ] as const) {
      it(`rejects ${name}`, () => {
        assert.throws(() => generateSampleData(options), RangeError);
      });
    }

    it('exports the demo and benchmark presets', () => {
      assert.deepEqual({ ...DEMO_OPTIONS }, { transactions: 2000, years: 2, banks: 3, seed: 42 });
      assert.deepEqual({ ...BENCH_OPTIONS }, { transactions: 1_000_000, years: 5, banks: 5, seed: 7 });
    });
  });
});
