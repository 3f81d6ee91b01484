import assert from 'node:assert/strict';
import { it } from 'node:test';
import { categoryReport, cashflowReport, payeeReport, totalsReport } from '../../src/domain/reports/reports.js';
import type { ReportPeriod } from '../../src/domain/reports/periods.js';
import type { ReportPart } from '../../src/domain/reports/report-parts.js';
import { wholeCents, type StoredSplitLine } from '../../src/domain/splits.js';
import { foldForSearch } from '../../src/domain/text.js';
import type { TransactionFilter } from '../../src/domain/transaction-filter.js';
import { ReportsService } from '../../src/services/reports.service.js';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine } from '../support/engines.js';
import { allRows, FILTERS, GROUPINGS, matches, seedStore, seeded } from '../reports/report-support.js';

const LINE_CATEGORIES = ['Groceries', 'Coffee', 'Salary', null, 'Household'];

/** Splits about a third of the rows whose value is whole hundredths into 1 to 3 lines (some of the opposite sign). */
async function splitSome(store: Store, seed: number): Promise<number> {
  const random = seeded(seed);
  let split = 0;
  for (const row of await allRows(store)) {
    const total = wholeCents(row.value);
    if (total === undefined || random() > 0.35) continue;
    const count = 1 + Math.floor(random() * 3);
    const lines: StoredSplitLine[] = [];
    let left = total;
    for (let i = 0; i < count - 1; i += 1) {
      const amount = Math.round((random() - 0.3) * 2000);
      lines.push({ amountCents: amount, category: LINE_CATEGORIES[Math.floor(random() * LINE_CATEGORIES.length)] ?? null, memo: null });
      left -= amount;
    }
    lines.push({ amountCents: left, category: LINE_CATEGORIES[Math.floor(random() * LINE_CATEGORIES.length)] ?? null, memo: i18n(split) });
    assert.equal((await store.splits.put(row.id, row.value, lines, Date.now())).status, 'split');
    split += 1;
  }
  return split;
}

function i18n(n: number): string | null {
  return n % 2 === 0 ? `memo ${n}` : null;
}

/**
 * The reports as a plain reading of the rows and their lines gives them: a row that is not split
 * as itself; a split row as its lines (those in the filter's category, if it has one), each line's
 * amount added exactly, counted once per category of its lines where categories are told apart
 * (grouped or filtered by category), else once.
 */
async function plainParts(store: Store, filter: TransactionFilter, byCategory: boolean): Promise<ReportPart[]> {
  const groups = new Map((await store.catalogue.listCategories()).map((category) => [category.name, category.group]));
  const parts: ReportPart[] = [];
  const part = (row: { date: string; description: string }, category: string | null, count: number, value: number | null): ReportPart => ({
    month: row.date.slice(0, 7),
    category,
    group: category === null ? null : (groups.get(category) ?? null),
    descriptionFolded: foldForSearch(row.description),
    count,
    incomeCents: '0',
    expensesCents: '0',
    value,
  });
  for (const row of await allRows(store)) {
    if (!row.split) {
      if (matches(row, filter)) parts.push(part(row, row.category, 1, row.value));
      continue;
    }
    if (!matches(row, { ...filter, category: undefined })) continue;
    const lines = (await store.splits.lines(row.id)).filter((line) => filter.category === undefined || line.category === filter.category);
    if (lines.length === 0) continue;
    for (const line of lines) parts.push(part(row, line.category, 0, line.amountCents / 100));
    const counted = byCategory || filter.category !== undefined;
    const categories = counted ? [...new Set(lines.map((line) => line.category))] : [lines[0]?.category ?? null];
    for (const category of categories) parts.push(part(row, category, 1, null));
  }
  return parts;
}

async function assertReportsUseLines(store: Store, label: string): Promise<void> {
  const reports = new ReportsService(store);
  for (const [name, filter] of Object.entries(FILTERS)) {
    const flat = await plainParts(store, filter, false);
    const context = `${label}: ${name}`;
    assert.deepEqual(await reports.totals(filter), totalsReport(flat), `${context}: totals`);
    assert.deepEqual(await reports.topPayees(filter, 1000), payeeReport(flat, 1000), `${context}: payees`);
    const page = await store.transactions.list({ ...filter, sort: [], limit: 0, offset: 0 });
    assert.equal(page.total, totalsReport(flat).count, `${context}: X-Total-Count`);
    const listed = await store.transactions.list({ ...filter, sort: [], limit: 100_000, offset: 0 });
    assert.equal(listed.rows.length, page.total, `${context}: the list has as many rows as it counts (each once)`);
    const byCategory = await plainParts(store, filter, true);
    for (const period of GROUPINGS as readonly ReportPeriod[]) {
      assert.deepEqual(await reports.byCategory(filter, period), categoryReport(byCategory, period), `${context}: by category, ${period}`);
      assert.deepEqual(await reports.cashflow(filter, period), cashflowReport(flat, period), `${context}: cashflow, ${period}`);
    }
  }
}

describeEachEngine('reports and the list with split transactions', ({ freshStore }) => {
  it('use the lines: equal to the plain reading of the rows and their lines for every filter and period', async () => {
    const store = await freshStore();
    await seedStore(store, 120);
    const split = await splitSome(store, 5);
    assert.ok(split > 15, `enough rows split (${split})`);
    await assertReportsUseLines(store, 'split');
  });

  it('stay equal after lines are replaced, a split is removed, and a split row is trashed and restored', async () => {
    const store = await freshStore();
    await seedStore(store, 60);
    await splitSome(store, 9);
    const splitRows = (await allRows(store)).filter((row) => row.split);
    const [first, second, third] = splitRows;
    assert.ok(first && second && third);
    assert.equal((await store.splits.put(first.id, first.value, [{ amountCents: wholeCents(first.value)!, category: 'Coffee', memo: null }], Date.now())).status, 'split');
    assert.equal((await store.splits.remove(second.id, Date.now())).status, 'removed');
    await assertReportsUseLines(store, 'after changes');
    assert.equal(await store.transactions.delete({ ids: [third.id] }, Date.now(), { reason: 'request' }), 1);
    await assertReportsUseLines(store, 'a split row in the trash');
    await store.trash.restore([third.id]);
    assert.equal((await store.transactions.findById(third.id))?.split, true, 'restored with its lines');
    await assertReportsUseLines(store, 'restored');
  });
});
