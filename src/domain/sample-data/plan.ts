/**
 * Everything about a dataset that is fixed before the first row: banks, merchants compiled per
 * bank, the chosen monthly items and how many rows each day gets. Planning costs O(days +
 * merchants x banks), so generation itself can stream rows in constant memory.
 */
import { BANK_SPECS, CATEGORY_SPECS, CITIES, STATEMENT_FORMATS, type BankSpec, type CategorySpec, type PaymentKind, type Region } from './catalogue.js';
import { MERCHANTS } from './merchants.js';
import { createRandom, hashUnit, mixSeed, uuidV4From, type Random } from './random.js';
import { RECURRING_SLOTS } from './recurring.js';
import { compileTemplate, embedTemplate, type Template } from './statement-text.js';

export interface PlannedBank { id: string; name: string; aggregatorId?: string }

export interface CalendarDay { index: number; year: number; month: number; day: number; weekday: number }

/** A merchant as the generator sees it: amounts in cents and text compiled per bank. */
export interface RowSource {
  readonly category: string;
  readonly sign: 1 | -1;
  readonly minCents: number;
  readonly spanCents: number;
  readonly stepCents: number;
  /** [bank][variant] */
  readonly templatesByBank: readonly (readonly Template[])[];
  readonly stores: readonly string[];
  readonly cities: readonly string[];
  readonly citiesUpper: readonly string[];
}

export interface Schedule {
  readonly category: string;
  readonly sign: 1 | -1;
  readonly template: Template;
  readonly bank: string;
  readonly baseCents: number;
  readonly minCents: number;
  readonly spanCents: number;
  readonly stepCents: number;
  readonly varies: boolean;
  readonly yearlyRaise: number;
}

export interface Plan {
  readonly banks: readonly PlannedBank[];
  readonly rowSources: readonly RowSource[];
  readonly rowSourceCumulative: Float64Array;
  readonly bankCumulative: Float64Array;
  /** Indexed by day of month. */
  readonly schedulesByDay: readonly (readonly Schedule[])[];
  readonly start: CalendarDay;
  readonly dayCount: number;
  readonly daySeed: number;
  readonly totalDayWeight: number;
  readonly randomCount: number;
  readonly uncategorisedShare: number;
  readonly rowSeed: number;
}

export interface PlanInput { transactions: number; years: number; banks: number; seed: number; endDate: string; uncategorisedShare: number }

const SALT = { setup: 1, rows: 2, days: 3, places: 4, formats: 5 } as const;
export const LOCATIONS_PER_MERCHANT = 6;
/** Monthly items never take more than this share of a dataset, so small ones stay varied. */
const MAX_RECURRING_SHARE = 0.25;
/** The first bank is the main account: it gets half the card spending when there are several. */
const MAIN_BANK_SHARE = 0.5;
const WEEKDAY_FACTOR = [0.7, 0.9, 0.9, 0.95, 1, 1.25, 1.35]; // Sunday first, as getUTCDay
const MONTH_FACTOR = [0.85, 0.9, 1, 1, 1, 1, 1.05, 1.1, 1, 1, 1.05, 1.3];

export function planSampleData(input: PlanInput): Plan {
  const setup = createRandom(mixSeed(input.seed, SALT.setup));
  const banks = planBanks(input.banks, setup);
  const start = startDay(input.endDate, input.years);
  const dayCount = daysBetween(start, input.endDate) + 1;
  const daySeed = mixSeed(input.seed, SALT.days);
  let totalDayWeight = 0;
  const dayOfMonthCounts = new Array<number>(32).fill(0);
  for (const day of calendarDays(start, dayCount)) {
    totalDayWeight += dayWeight(daySeed, day);
    dayOfMonthCounts[day.day] = (dayOfMonthCounts[day.day] ?? 0) + 1;
  }
  const { schedulesByDay, count } = planRecurring(input, banks, setup, dayOfMonthCounts);
  const rowSources = MERCHANTS.map((merchant, index) => planRowSource(input.seed, banks, index, merchant.category, merchant.region, merchant.templates, merchant.min, merchant.max));
  return {
    banks,
    rowSources,
    rowSourceCumulative: cumulative(MERCHANTS.map((merchant) => merchant.weight * categoryShareOf(merchant.category) / categoryWeightOf(merchant.category))),
    bankCumulative: cumulative(banks.map((_, index) => (banks.length === 1 ? 1 : index === 0 ? MAIN_BANK_SHARE : (1 - MAIN_BANK_SHARE) / (banks.length - 1)))),
    schedulesByDay,
    start,
    dayCount,
    daySeed,
    totalDayWeight,
    randomCount: input.transactions - count,
    uncategorisedShare: input.uncategorisedShare,
    rowSeed: mixSeed(input.seed, SALT.rows),
  };
}

function planBanks(count: number, random: Random): PlannedBank[] {
  return Array.from({ length: count }, (_, index) => {
    const spec = item(BANK_SPECS, index % BANK_SPECS.length);
    const copy = Math.floor(index / BANK_SPECS.length);
    const id = copy === 0 ? spec.id : `${spec.id}-${copy + 1}`;
    const name = copy === 0 ? spec.name : `${spec.name} ${copy + 1}`;
    const aggregatorId = uuidV4From(random);
    // Every third bank is imported from files rather than linked through an aggregator.
    return index % 3 === 2 ? { id, name } : { id, name, aggregatorId };
  });
}

function planRecurring(input: PlanInput, banks: readonly PlannedBank[], random: Random, dayOfMonthCounts: readonly number[]): { schedulesByDay: Schedule[][]; count: number } {
  const schedulesByDay: Schedule[][] = Array.from({ length: 32 }, () => []);
  const budget = Math.floor(input.transactions * MAX_RECURRING_SHARE);
  let count = 0;
  RECURRING_SLOTS.forEach((slot, slotIndex) => {
    const order = shuffledIndices(slot.candidates.length, random);
    for (const candidateIndex of order.slice(0, slot.pick)) {
      const candidate = item(slot.candidates, candidateIndex);
      const occurrences = dayOfMonthCounts[candidate.day] ?? 0;
      const bankIndex = slot.mainBank ? 0 : random.below(banks.length);
      const spec = categorySpec(slot.category);
      const stepCents = Math.min(spec.stepCents, Math.round(candidate.min * 100));
      const minCents = Math.round(candidate.min * 100);
      const spanCents = Math.round(candidate.max * 100) - minCents;
      const baseCents = roundToStep(minCents + spanCents * random.next(), stepCents);
      if (count + occurrences > budget) continue;
      count += occurrences;
      const format = statementFormat(input.seed, bankIndex, 10_000 + slotIndex * 100 + candidateIndex, slot.kind);
      item(schedulesByDay, candidate.day).push({
        category: slot.category, sign: spec.sign, template: embedTemplate(format, compileTemplate(candidate.template)),
        bank: item(banks, bankIndex).id, baseCents, minCents, spanCents, stepCents, varies: slot.varies, yearlyRaise: slot.yearlyRaise,
      });
    }
  });
  return { schedulesByDay, count };
}

function planRowSource(seed: number, banks: readonly PlannedBank[], index: number, category: string, region: Region, templates: readonly string[], min?: number, max?: number): RowSource {
  const spec = categorySpec(category);
  const minCents = Math.round((min ?? spec.min) * 100);
  const compiled = templates.map(compileTemplate);
  const cityPool = region === 'any' ? Object.values(CITIES).flat() : CITIES[region];
  const placeSeed = mixSeed(mixSeed(seed, SALT.places), index);
  const stores = Array.from({ length: LOCATIONS_PER_MERCHANT }, (_, place) => String(1000 + (mixSeed(placeSeed, place) % 9000)));
  const cities = Array.from({ length: LOCATIONS_PER_MERCHANT }, (_, place) => item(cityPool, mixSeed(placeSeed, place + 100) % cityPool.length));
  return {
    category, sign: spec.sign, minCents, spanCents: Math.round((max ?? spec.max) * 100) - minCents, stepCents: Math.min(spec.stepCents, minCents),
    templatesByBank: banks.map((_, bankIndex) => {
      const format = statementFormat(seed, bankIndex, index, spec.kind);
      return compiled.map((template) => embedTemplate(format, template));
    }),
    stores, cities, citiesUpper: cities.map((city) => city.toUpperCase()),
  };
}

/** Banks print a given merchant the same way every time, so the format is fixed per pair. */
function statementFormat(seed: number, bankIndex: number, merchantKey: number, kind: PaymentKind): Template {
  const spec: BankSpec = item(BANK_SPECS, bankIndex % BANK_SPECS.length);
  const formats = STATEMENT_FORMATS[spec.style][kind];
  return compileTemplate(item(formats, mixSeed(mixSeed(seed, SALT.formats) ^ bankIndex, merchantKey) % formats.length));
}

export function* calendarDays(start: CalendarDay, count: number): Generator<CalendarDay> {
  const day: CalendarDay = { ...start };
  let monthLength = daysInMonth(day.year, day.month);
  for (let index = 0; index < count; index++) {
    day.index = index;
    yield day;
    day.weekday = (day.weekday + 1) % 7;
    if (++day.day > monthLength) {
      day.day = 1;
      if (++day.month > 12) {
        day.month = 1;
        day.year++;
      }
      monthLength = daysInMonth(day.year, day.month);
    }
  }
}

/** Busier Fridays, Saturdays and Decembers, plus per-day noise that is recomputable by index. */
export function dayWeight(daySeed: number, day: CalendarDay): number {
  return item(WEEKDAY_FACTOR, day.weekday) * item(MONTH_FACTOR, day.month - 1) * (0.6 + 0.8 * hashUnit(daySeed, day.index));
}

export function roundToStep(cents: number, stepCents: number): number {
  return Math.max(stepCents, Math.round(cents / stepCents) * stepCents);
}

/** Binary search of u in [0, 1) over normalised cumulative weights. */
export function pickIndex(cumulativeWeights: Float64Array, u: number): number {
  let low = 0;
  let high = cumulativeWeights.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulativeWeights[middle] ?? 1) > u) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Indexing that fails loudly instead of yielding undefined; the catalogue is static. */
export function item<T>(items: readonly T[], index: number): T {
  const value = items[index];
  if (value === undefined) throw new RangeError(`index ${index} out of range 0..${items.length - 1}`);
  return value;
}

function cumulative(weights: readonly number[]): Float64Array {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const result = new Float64Array(weights.length);
  let running = 0;
  weights.forEach((weight, index) => {
    running += weight;
    result[index] = running / total;
  });
  result[weights.length - 1] = 1;
  return result;
}

function shuffledIndices(length: number, random: Random): number[] {
  const order = Array.from({ length }, (_, index) => index);
  for (let index = length - 1; index > 0; index--) {
    const other = random.below(index + 1);
    [order[index], order[other]] = [item(order, other), item(order, index)];
  }
  return order;
}

function categorySpec(name: string): CategorySpec {
  const spec = CATEGORY_SPECS.find((candidate) => candidate.name === name);
  if (spec === undefined) throw new Error(`unknown category ${name}`);
  return spec;
}

function categoryShareOf(name: string): number {
  return categorySpec(name).share;
}

function categoryWeightOf(name: string): number {
  return MERCHANTS.filter((merchant) => merchant.category === name).reduce((sum, merchant) => sum + merchant.weight, 0);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseDate(text: string): CalendarDay {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  return { index: 0, year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** The day after the same date `years` earlier (Feb 29 falls back to Feb 28). */
function startDay(endDate: string, years: number): CalendarDay {
  const end = parseDate(endDate);
  const year = end.year - years;
  const anniversary = Date.UTC(year, end.month - 1, Math.min(end.day, daysInMonth(year, end.month)));
  const start = new Date(anniversary + 86_400_000);
  return { index: 0, year: start.getUTCFullYear(), month: start.getUTCMonth() + 1, day: start.getUTCDate(), weekday: start.getUTCDay() };
}

function daysBetween(start: CalendarDay, endDate: string): number {
  const end = parseDate(endDate);
  return Math.round((Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day)) / 86_400_000);
}
