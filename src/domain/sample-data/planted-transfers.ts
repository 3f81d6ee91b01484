/**
 * A two-account dataset with transfers planted in it (issue 24): what the transfer suggestions are
 * measured against. A checking account with everyday spending, a monthly salary and card refunds;
 * cash withdrawals of round amounts; a savings account with interest and gifts of round amounts
 * (which now and then equal a withdrawal a few days away: the decoys a matcher must live with);
 * between them a monthly standing order, ad-hoc transfers both ways (some written plainly, some
 * with only a bank reference, some of the standing order's amount in the same week), each
 * arriving 0 or 1 day after it left (into savings) or 0 to 3 days (out of it). Pure and seeded: the same options give the same rows.
 */
import { createRandom, type Random } from './random.js';

export interface PlantedRow {
  /** 0: checking, 1: savings. */
  account: 0 | 1;
  date: string;
  description: string;
  value: number;
  /** The planted transfer this row belongs to (both rows share it); absent for every other row. */
  pair?: number;
}

export interface PlantedTransfersOptions {
  seed: number;
  /** Whole months of history ending with endMonth. */
  months: number;
  /** YYYY-MM, the last month. */
  endMonth: string;
}

export interface PlantedTransfers {
  accounts: Array<{ name: string; type: 'checking' | 'savings' }>;
  rows: PlantedRow[];
  /** How many transfers were planted (pairs 0 .. pairs - 1). */
  pairs: number;
}

const SHOPS = ['TESCO STORES', 'SAINSBURYS', 'PRET A MANGER', 'SHELL', 'AMAZON MKTPLACE', 'UBER *TRIP', 'BOOTS', 'TFL TRAVEL', 'DELIVEROO', 'SPOTIFY'];
const PLAIN_OUT = ['TRANSFER TO SAVINGS', 'To Savings account', 'ONLINE TRANSFER REF'];
const PLAIN_IN = ['TRANSFER FROM CURRENT', 'From Current account', 'INTERNAL TRANSFER'];
const OPAQUE = ['FASTER PAYMENT REF', 'BGC', 'MOBILE PAYMENT REF'];

function day(year: number, month: number, dayOfMonth: number): string {
  return new Date(Date.UTC(year, month - 1, dayOfMonth)).toISOString().slice(0, 10);
}

function shifted(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Cents as a value, exact to the cent (no float arithmetic on the amount). */
function money(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[random.below(items.length)] as T;
}

export function plantedTransfers(options: PlantedTransfersOptions): PlantedTransfers {
  const random = createRandom(options.seed);
  const rows: PlantedRow[] = [];
  let pairs = 0;
  const [endYear, endMonth] = options.endMonth.split('-').map(Number) as [number, number];
  const transfer = (from: 0 | 1, date: string, cents: number, plain: boolean) => {
    // Into savings at the same bank: booked the same day or the next; out of it: up to 3 days.
    const lag = random.below(from === 0 ? 2 : 4);
    const ref = String(10_000 + random.below(90_000));
    const out = plain ? (from === 0 ? pick(random, PLAIN_OUT) : 'TRANSFER TO CURRENT') : `${pick(random, OPAQUE)} ${ref}`;
    const into = plain ? (from === 0 ? pick(random, PLAIN_IN) : 'FROM SAVINGS') : `${pick(random, OPAQUE)} ${ref}`;
    rows.push({ account: from, date, description: out, value: -money(cents), pair: pairs });
    rows.push({ account: from === 0 ? 1 : 0, date: shifted(date, lag), description: into, value: money(cents), pair: pairs });
    pairs += 1;
  };
  for (let m = options.months - 1; m >= 0; m -= 1) {
    const year = endYear + Math.floor((endMonth - 1 - m) / 12);
    const month = ((((endMonth - 1 - m) % 12) + 12) % 12) + 1;
    // Everyday spending, about three a day; now and then a card refund of an earlier purchase.
    for (let d = 1; d <= 28; d += 1) {
      const count = random.below(6);
      for (let i = 0; i < count; i += 1) {
        const cents = 150 + random.below(random.next() < 0.9 ? 6_000 : 40_000);
        rows.push({ account: 0, date: day(year, month, d), description: `${pick(random, SHOPS)} ${1000 + random.below(9000)}`, value: -money(cents) });
        if (random.next() < 0.02) rows.push({ account: 0, date: day(year, month, Math.min(28, d + 1 + random.below(5))), description: 'REFUND', value: money(cents) });
      }
    }
    const withdrawals = 2 + random.below(5);
    for (let i = 0; i < withdrawals; i += 1) rows.push({ account: 0, date: day(year, month, 1 + random.below(28)), description: `ATM ${pick(random, SHOPS.slice(0, 3))}`, value: -10 * (2 + random.below(19)) });
    rows.push({ account: 0, date: day(year, month, 25), description: 'SALARY ACME LTD', value: money(320_000 + random.below(20_000)) });
    rows.push({ account: 0, date: day(year, month, 2), description: 'RENT', value: -1450 });
    rows.push({ account: 1, date: day(year, month, 28), description: 'INTEREST', value: money(200 + random.below(3_000)) });
    if (random.next() < 0.3) rows.push({ account: 1, date: day(year, month, 1 + random.below(28)), description: 'GIFT', value: 10 * (2 + random.below(30)) });
    // The standing order, then ad-hoc transfers both ways, round and odd amounts.
    transfer(0, day(year, month, 1), 50_000, random.next() < 0.7);
    if (random.next() < 0.2) transfer(0, day(year, month, 2 + random.below(4)), 50_000, random.next() < 0.5);
    const adHoc = 1 + random.below(4);
    for (let i = 0; i < adHoc; i += 1) {
      const cents = random.next() < 0.5 ? 100 * (10 + random.below(190)) * 5 : 1_000 + random.below(200_000);
      transfer(random.next() < 0.75 ? 0 : 1, day(year, month, 1 + random.below(28)), cents, random.next() < 0.5);
    }
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { accounts: [{ name: 'Current', type: 'checking' }, { name: 'Savings', type: 'savings' }], rows, pairs };
}
