import { DomainError } from '../domain/errors.js';
import { UsageError } from './cli-support.js';

/**
 * The accounts and ledger services name body and query properties (`openingBalance`,
 * `moveTo`, `force=true`); on the command line the person typed flags. These spell a service's
 * problem with the flags of the command that called it, so the message names what can be typed.
 */
export type FlagNames = Readonly<Record<string, string>>;

/** The flags `moneta accounts add|edit|remove` and the ledger commands give the services' properties. */
export const ACCOUNT_FLAGS: FlagNames = {
  name: '--name',
  type: '--type',
  currency: '--currency',
  bankId: '--bank',
  iban: '--iban',
  accountNumber: '--account-number',
  openingBalance: '--opening-balance',
  openingDate: '--opening-date',
  closedOn: '--closed-on',
  transactions: '--transactions',
  moveTo: '--move-to',
  force: '--force',
  balance: '--balance',
  date: '--date',
  account: '--to-account',
  from: '--from',
  to: '--to',
  interval: '--interval',
  accountId: '<account>',
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message with the services' property names written as these flags. */
export function spelledWithFlags(message: string, leading: string | undefined, flags: FlagNames): string {
  let text = message;
  // The field a message starts with ("openingBalance has more decimals ..."), whatever its name.
  if (leading !== undefined && flags[leading] !== undefined && text.startsWith(`${leading} `)) text = `${flags[leading]}${text.slice(leading.length)}`;
  for (const [property, flag] of Object.entries(flags)) {
    // `force=true`, `force: true` -> --force; `transactions=move` -> `--transactions move`.
    text = text.replace(new RegExp(`\\b${escaped(property)}(?:=|: )true\\b`, 'g'), flag);
    text = text.replace(new RegExp(`\\b${escaped(property)}=([A-Za-z0-9_-]+)`, 'g'), `${flag} $1`);
    // A property written as code (camelCase) is never an ordinary word of a sentence.
    if (/[A-Z]/.test(property)) text = text.replace(new RegExp(`(?<![-\\w])${escaped(property)}\\b`, 'g'), flag);
  }
  return text;
}

/** Runs a use case; a DomainError it throws is said again with the flags' names. */
export async function withFlagNames<T>(flags: FlagNames, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fields = error.fields.map((field) => ({ ...field, name: flags[field.name] ?? field.name, message: spelledWithFlags(field.message, undefined, flags) }));
    throw new DomainError(error.code, spelledWithFlags(error.message, error.fields[0]?.name, flags), fields);
  }
}

/** An account id as typed (`moneta accounts list` shows them). */
export function accountIdOf(text: string, what: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new UsageError(`${what} must be an account id such as 3 (see \`moneta accounts list\`; got "${text}")`);
  return Number(text);
}

/** An amount as typed: 1180.23, -45, 0.5 (a point for decimals, no thousands separators). */
export function amountOf(text: string, flag: string): number {
  if (!/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(text) || !Number.isFinite(Number(text))) {
    throw new UsageError(`${flag} must be an amount such as 1180.23 or -45 (a point before the decimals, no thousands separators; got "${text}")`);
  }
  return Number(text);
}

/** A calendar day, YYYY-MM-DD, that exists. */
export function dateOf(text: string, flag: string): string {
  const day = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) {
    throw new UsageError(`${flag} must be a date, YYYY-MM-DD (got "${text}")`);
  }
  return text;
}

/** A whole number from `min` to `max`. */
export function countOf(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < min || value > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${text}")`);
  return value;
}
