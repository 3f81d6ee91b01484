/**
 * A deterministic, realistic sample dataset: banks, categories and a stream of transactions in
 * date order. Pure (no I/O, no clock, no Math.random): the same options always give the same
 * bytes. Used by `moneta demo` (DEMO_OPTIONS) and the benchmark (BENCH_OPTIONS).
 */
import { CATEGORY_SPECS, MONTH_NAMES } from './sample-data/catalogue.js';
import { LOCATIONS_PER_MERCHANT, calendarDays, dayWeight, item, pickIndex, planSampleData, roundToStep, type Plan, type Schedule } from './sample-data/plan.js';
import { createRandom, type Random } from './sample-data/random.js';
import { renderTemplate, type RenderContext } from './sample-data/statement-text.js';

export interface SampleBank { id: string; name: string; aggregatorId?: string }
export interface SampleCategory { name: string; group?: string }
export interface SampleTransaction { date: string; description: string; value: number; category?: string; bank: string }

export interface SampleOptions {
  /** Exact number of transactions generated. */
  transactions: number;
  /** Whole years of history, ending at endDate. */
  years: number;
  banks: number;
  seed?: number;
  /** YYYY-MM-DD, default '2026-10-31'. */
  endDate?: string;
  /** Share of transactions without a category, default 0.08. */
  uncategorisedShare?: number;
}

export interface SampleData {
  banks: SampleBank[];
  categories: SampleCategory[];
  /** A fresh generator each call; rows come in date order and the stream is never buffered. */
  transactions(): Generator<SampleTransaction>;
}

export const DEMO_OPTIONS: SampleOptions = Object.freeze({ transactions: 2000, years: 2, banks: 3, seed: 42 });
export const BENCH_OPTIONS: SampleOptions = Object.freeze({ transactions: 1_000_000, years: 5, banks: 5, seed: 7 });

const DEFAULT_SEED = 1;
const DEFAULT_END_DATE = '2026-10-31';
const DEFAULT_UNCATEGORISED_SHARE = 0.08;
const MAX_TRANSACTIONS = 100_000_000;
const MAX_YEARS = 100;
const MAX_BANKS = 1000;

export function generateSampleData(options: SampleOptions): SampleData {
  const plan = planSampleData(validateOptions(options));
  return {
    banks: plan.banks.map((bank) => ({ ...bank })),
    categories: CATEGORY_SPECS.map(({ name, group }) => (group === undefined ? { name } : { name, group })),
    transactions: () => generateTransactions(plan),
  };
}

function validateOptions(options: SampleOptions): { transactions: number; years: number; banks: number; seed: number; endDate: string; uncategorisedShare: number } {
  const { transactions, years, banks, seed = DEFAULT_SEED, endDate = DEFAULT_END_DATE, uncategorisedShare = DEFAULT_UNCATEGORISED_SHARE } = options;
  requireInteger('transactions', transactions, 0, MAX_TRANSACTIONS);
  requireInteger('years', years, 1, MAX_YEARS);
  requireInteger('banks', banks, 1, MAX_BANKS);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  if (!isCalendarDate(endDate)) throw new RangeError(`endDate must be a real YYYY-MM-DD date, got ${JSON.stringify(endDate)}`);
  if (!(uncategorisedShare >= 0 && uncategorisedShare <= 1)) throw new RangeError(`uncategorisedShare must be within 0..1, got ${uncategorisedShare}`);
  return { transactions, years, banks, seed, endDate, uncategorisedShare };
}

function requireInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${name} must be an integer within ${min}..${max}, got ${value}`);
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

function* generateTransactions(plan: Plan): Generator<SampleTransaction> {
  const random = createRandom(plan.rowSeed);
  const context: RenderContext = { store: '', city: '', cityUpper: '', monthName: '', monthNumber: '', year: '' };
  let cumulativeWeight = 0;
  let emitted = 0;
  for (const day of calendarDays(plan.start, plan.dayCount)) {
    const monthNumber = String(day.month).padStart(2, '0');
    const date = `${String(day.year).padStart(4, '0')}-${monthNumber}-${String(day.day).padStart(2, '0')}`;
    context.monthName = item(MONTH_NAMES, day.month - 1);
    context.monthNumber = monthNumber;
    context.year = String(day.year);
    for (const schedule of item(plan.schedulesByDay, day.day)) {
      const cents = scheduledCents(schedule, day.year - plan.start.year, random);
      const description = renderTemplate(schedule.template, context, random);
      yield row(date, description, schedule.sign * cents, schedule.category, schedule.bank, random.next() < plan.uncategorisedShare);
    }
    cumulativeWeight += dayWeight(plan.daySeed, day);
    // Spreading rows by cumulative weight keeps the total exact without buffering any day.
    const target = day.index === plan.dayCount - 1
      ? plan.randomCount
      : Math.min(plan.randomCount, Math.floor((plan.randomCount * cumulativeWeight) / plan.totalDayWeight));
    for (; emitted < target; emitted++) {
      const source = item(plan.rowSources, pickIndex(plan.rowSourceCumulative, random.next()));
      const bankIndex = plan.banks.length === 1 ? 0 : pickIndex(plan.bankCumulative, random.next());
      const variants = item(source.templatesByBank, bankIndex);
      const template = item(variants, variants.length === 1 ? 0 : random.below(variants.length));
      const place = random.below(LOCATIONS_PER_MERCHANT);
      context.store = item(source.stores, place);
      context.city = item(source.cities, place);
      context.cityUpper = item(source.citiesUpper, place);
      const description = renderTemplate(template, context, random);
      const r = random.next();
      // Squaring skews amounts towards the cheap end, as real spending is.
      const cents = roundToStep(source.minCents + source.spanCents * r * r, source.stepCents);
      yield row(date, description, source.sign * cents, source.category, item(plan.banks, bankIndex).id, random.next() < plan.uncategorisedShare);
    }
  }
}

function scheduledCents(schedule: Schedule, yearsSinceStart: number, random: Random): number {
  const base = schedule.varies ? schedule.minCents + schedule.spanCents * random.next() : schedule.baseCents;
  return roundToStep(base * (1 + schedule.yearlyRaise) ** yearsSinceStart, schedule.stepCents);
}

/** Integer cents divided once by 100 is exactly the double nearest the 2-decimal amount. */
function row(date: string, description: string, signedCents: number, category: string, bank: string, uncategorised: boolean): SampleTransaction {
  const value = signedCents / 100;
  return uncategorised ? { date, description, value, bank } : { date, description, value, category, bank };
}
