import type { World } from './fuzz-requests.js';

/**
 * What the accounts' operations say in prose, and a schema cannot, made true of the fuzzer's valid
 * requests (so a 400 for them is still a failure; docs/accounts.md):
 * - an account's currency is an ISO 4217 code Moneta knows, its IBAN passes the mod-97 check, its
 *   opening balance comes with its date and has no more decimals than the currency;
 * - a transaction with `account` names an open account of the world, in its currency's decimals,
 *   with that account's bank or none; `status` needs an account and is never `reconciled` on creation;
 * - deleteAccount: `moveTo` only with transactions=move, another existing account; the seeded
 *   accounts are not removed, closed or moved to another bank (later requests name them).
 */
type Values = Record<string, unknown>;

/** A valid IBAN (the ISO 13616 example). */
const IBAN = 'DE89370400440532013000';

const cents = (value: unknown) => (typeof value === 'number' ? Math.round(value * 100) / 100 : value);

export function accountBodyAsDescribed(operationId: string, body: unknown, world: World, pick: number): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const values = { ...(body as Values) };
  if (operationId === 'createTransaction') {
    if (values.account === undefined) {
      delete values.status;
      return values;
    }
    const account = world.accounts[pick % world.accounts.length]!;
    values.account = account.id;
    if (values.bank !== undefined) values.bank = account.bank;
    values.value = cents(values.value);
    if (values.status === 'reconciled') values.status = 'cleared';
    return values;
  }
  if (operationId !== 'createAccount' && operationId !== 'updateAccount') return body;
  if (values.currency !== undefined) values.currency = ['EUR', 'GBP', 'USD'][pick % 3];
  if (typeof values.iban === 'string') values.iban = IBAN;
  if (typeof values.bankId === 'string') values.bankId = world.banks[pick % world.banks.length];
  if (operationId === 'createAccount') {
    // The name is unique: a drawn one may repeat, which is a 409, documented; but make most differ.
    // By code points, so no surrogate pair is cut in two; a name may not end with white space.
    if (typeof values.name === 'string') values.name = `${[...values.name].slice(0, 80).join('').trimEnd()} ${pick}`.trimStart();
    if ((values.openingBalance === undefined) !== (values.openingDate === undefined)) {
      values.openingBalance ??= 0;
      values.openingDate ??= '2024-01-01';
    }
    values.openingBalance = cents(values.openingBalance);
    return values;
  }
  // The seeded accounts stay open and at their banks: later valid requests put rows into them.
  if (values.closedOn !== undefined) values.closedOn = null;
  delete values.bankId;
  if (Object.keys(values).length === 0) values.type = 'checking';
  // A PATCH keeps the pair whole: both set or both cleared.
  if (values.openingBalance !== undefined || values.openingDate !== undefined) {
    if (values.openingBalance === null || values.openingDate === null) {
      values.openingBalance = null;
      values.openingDate = null;
    } else {
      values.openingBalance = cents(values.openingBalance ?? 0);
      values.openingDate ??= '2024-01-01';
    }
  }
  // A currency change of an account that holds transactions is a 409 (documented); the decimals of
  // the opening balance are checked against the new currency, and two-decimal ones are drawn.
  return values;
}

export function accountQueryAsDescribed(operationId: string, query: Values, path: Values, world: World, pick: number): Values {
  if (operationId !== 'deleteAccount') return query;
  const { moveTo: _moveTo, ...rest } = query;
  if (rest.transactions !== 'move') return rest;
  const targets = world.accounts.filter((account) => String(account.id) !== String(path.accountId));
  return { ...rest, moveTo: String(targets[pick % targets.length]!.id) };
}

/** The seeded accounts stay: one removed here would turn later valid requests naming it into 400s. */
export function accountPathAsDescribed(operationId: string, path: Values, world: World): Values {
  if (operationId === 'deleteAccount' && world.accounts.some((account) => String(account.id) === String(path.accountId))) return { ...path, accountId: '999999' };
  return path;
}
