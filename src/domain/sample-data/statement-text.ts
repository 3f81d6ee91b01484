/**
 * Statement text templates, compiled once into token lists so that rendering a row is plain
 * string concatenation (the benchmark renders a million of them).
 */
import type { Random } from './random.js';

const Slot = {
  Store: 0,
  Digits3: 1,
  Digits5: 2,
  Reference: 3,
  City: 4,
  CityUpper: 5,
  MonthName: 6,
  MonthNumber: 7,
  Year: 8,
  Merchant: 9,
} as const;
type Slot = (typeof Slot)[keyof typeof Slot];

const SLOT_NAMES: Readonly<Record<string, Slot>> = {
  store: Slot.Store,
  n3: Slot.Digits3,
  n5: Slot.Digits5,
  ref: Slot.Reference,
  city: Slot.City,
  CITY: Slot.CityUpper,
  month: Slot.MonthName,
  mm: Slot.MonthNumber,
  year: Slot.Year,
  m: Slot.Merchant,
};

export type Token = string | Slot;
export type Template = readonly Token[];

/** What a row's text may refer to; one mutable instance is reused for every row. */
export interface RenderContext {
  store: string;
  city: string;
  cityUpper: string;
  monthName: string;
  monthNumber: string;
  year: string;
}

export function compileTemplate(text: string): Template {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    const slot = SLOT_NAMES[match[1] ?? ''];
    if (slot === undefined) throw new Error(`unknown placeholder ${match[0]} in "${text}"`);
    if (match.index > last) tokens.push(text.slice(last, match.index));
    tokens.push(slot);
    last = match.index + match[0].length;
  }
  if (last < text.length) tokens.push(text.slice(last));
  return tokens;
}

/** Inlines a merchant template into a bank's statement format at its `{m}`. */
export function embedTemplate(format: Template, merchant: Template): Template {
  return format.flatMap((token) => (token === Slot.Merchant ? merchant : [token]));
}

const REFERENCE_SPACE = 36 ** 6;

export function renderTemplate(template: Template, context: RenderContext, random: Random): string {
  let out = '';
  for (const token of template) {
    if (typeof token === 'string') {
      out += token;
      continue;
    }
    switch (token) {
      case Slot.Store: out += context.store; break;
      case Slot.Digits3: out += String(100 + random.below(900)); break;
      case Slot.Digits5: out += String(10000 + random.below(90000)); break;
      case Slot.Reference: out += (random.nextUint32() % REFERENCE_SPACE).toString(36).toUpperCase().padStart(6, '0'); break;
      case Slot.City: out += context.city; break;
      case Slot.CityUpper: out += context.cityUpper; break;
      case Slot.MonthName: out += context.monthName; break;
      case Slot.MonthNumber: out += context.monthNumber; break;
      case Slot.Year: out += context.year; break;
      case Slot.Merchant: break;
    }
  }
  return out;
}
