import { categoryReport, cashflowReport, payeeReport, totalsReport } from '../../src/domain/reports/reports.js';
import type { ReportPeriod } from '../../src/domain/reports/periods.js';
import type { ReportPart } from '../../src/domain/reports/report-parts.js';
import { foldForSearch } from '../../src/domain/text.js';
import type { TransactionRecord } from '../../src/domain/transaction.js';
import type { TransactionFilter } from '../../src/domain/transaction-filter.js';
import type { Store } from '../../src/store/store.js';

/** A filter's meaning, written plainly over records: the oracle the stores are compared with. */
export function matches(row: TransactionRecord, filter: TransactionFilter): boolean {
  if (filter.category !== undefined && row.category !== filter.category) return false;
  if (filter.bank !== undefined && row.bank !== filter.bank) return false;
  if (filter.descriptionContains !== undefined && !foldForSearch(row.description).includes(filter.descriptionContains)) return false;
  if (filter.from !== undefined && row.date < filter.from) return false;
  if (filter.to !== undefined && row.date > filter.to) return false;
  if (filter.minValue !== undefined && row.value < filter.minValue) return false;
  if (filter.maxValue !== undefined && row.value > filter.maxValue) return false;
  return true;
}

/** Every transaction of the store, by a plain read (no totals, no report statement). */
export async function allRows(store: Store): Promise<TransactionRecord[]> {
  return (await store.transactions.list({ sort: [], limit: 10_000_000, offset: 0 })).rows;
}

/**
 * Each matching row as a part of its own, its value added exactly: no cents, no totals tables.
 * `left out`: the ids of rows no report counts (those of confirmed transfers).
 */
async function plainParts(store: Store, filter: TransactionFilter, leftOut: ReadonlySet<number>): Promise<ReportPart[]> {
  const groups = new Map((await store.catalogue.listCategories()).map((category) => [category.name, category.group]));
  return (await allRows(store))
    .filter((row) => matches(row, filter) && !leftOut.has(row.id))
    .map((row) => ({
      month: row.date.slice(0, 7),
      category: row.category,
      group: row.category === null ? null : (groups.get(row.category) ?? null),
      descriptionFolded: foldForSearch(row.description),
      count: 1,
      incomeCents: '0',
      expensesCents: '0',
      value: row.value,
    }));
}

/** The four reports as the plain reading gives them. */
export async function plainReports(store: Store, filter: TransactionFilter, period: ReportPeriod, leftOut: ReadonlySet<number> = new Set()) {
  const parts = await plainParts(store, filter, leftOut);
  return {
    totals: totalsReport(parts),
    byCategory: categoryReport(parts, period),
    cashflow: cashflowReport(parts, period),
    payees: payeeReport(parts, 1000),
  };
}

/** A small deterministic generator (the same rows every run). */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const VALUES = [-12.5, -0.01, 0.1, 0.2, -0.3, 1234.56, -99.99, 2500, 1e-7, -0.333, 0.125, 1e12, -5e9, 0];
const DESCRIPTIONS = ['TESCO STORES 3297 LONDON', 'Tesco Stores 1044 London', 'Café Müller', 'SALARY ACME LTD', 'PRET A MANGER 12', '100%_off \\ shop', 'ß Straße 7'];
const DATES = ['2023-11-30', '2023-12-01', '2023-12-31', '2024-01-01', '2024-01-15', '2024-01-31', '2024-02-01', '2024-02-29', '2024-03-01', '2024-03-17', '2024-04-01'];

export const CATEGORIES = [
  { name: 'Groceries', group: 'Living' },
  { name: 'Coffee', group: 'Living' },
  { name: 'Salary', group: null },
];
export const BANKS = ['ing', 'monzo'];

/** Banks, grouped and ungrouped categories, and `count` transactions over edge dates and awkward values. */
export async function seedStore(store: Store, count: number, seed = 7): Promise<void> {
  for (const id of BANKS) await store.catalogue.addBank({ id, name: id.toUpperCase(), aggregatorId: null });
  for (const category of CATEGORIES) await store.catalogue.saveCategory(category);
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  for (let i = 0; i < count; i += 1) {
    await store.transactions.create({
      date: pick(DATES),
      description: pick(DESCRIPTIONS),
      value: pick(VALUES),
      category: random() < 0.25 ? null : pick(CATEGORIES).name,
      bank: random() < 0.2 ? null : pick(BANKS),
    });
  }
}

/** Filters the totals answer, filters they cannot (a scan), and the edges of months. */
export const FILTERS: Record<string, TransactionFilter> = {
  'everything': {},
  'a category': { category: 'Groceries' },
  'uncategorised': { category: null },
  'a bank': { bank: 'monzo' },
  'a category and a bank': { category: 'Coffee', bank: 'ing' },
  'whole months': { from: '2023-12-01', to: '2024-02-29' },
  'edge days on both sides': { from: '2023-12-31', to: '2024-03-01' },
  'within one month': { from: '2024-01-02', to: '2024-01-31' },
  'from only': { from: '2024-01-15' },
  'to only': { to: '2024-01-01' },
  'dates, uncategorised, a bank': { category: null, bank: 'ing', from: '2023-12-15', to: '2024-02-29' },
  'a description': { descriptionContains: 'tesco' },
  'a value range': { minValue: -100, maxValue: 0.2 },
  'everything, by a scan': { minValue: -3.4028234663852886e38 },
  'a bank no transaction has': { bank: 'nobank' },
};

export const GROUPINGS = ['month', 'quarter', 'year', 'all'] as const;
