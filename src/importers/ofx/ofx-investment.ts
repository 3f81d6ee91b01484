// Investment statements (INVSTMTRS), as brokerages and cash-management accounts export them.
// Their transaction list mixes bank rows, ordinary STMTTRN wrapped in INVBANKTRAN, with
// securities trades. The bank rows are money in and out of the account like any statement's;
// a trade moves securities (and cash inside the brokerage), which Moneta does not track: each
// is reported as skipped, with what it is.
import { skippedItem, type ParsedItem } from '../types.js';

/** The investment transaction aggregates of OFX 1.x/2.x (INVTRANLIST), in words. */
export const SECURITIES_TRADES: ReadonlyMap<string, string> = new Map([
  ['BUYDEBT', 'a purchase of a bond'],
  ['BUYMF', 'a purchase of mutual fund shares'],
  ['BUYOPT', 'a purchase of an option'],
  ['BUYOTHER', 'a purchase of a security'],
  ['BUYSTOCK', 'a purchase of stock'],
  ['CLOSUREOPT', 'an option closed, exercised or expired'],
  ['INCOME', 'income from a security: dividend, interest, capital gains'],
  ['INVEXPENSE', 'an expense on a security'],
  ['JRNLFUND', 'cash moved between the sub-accounts of the investment account'],
  ['JRNLSEC', 'securities moved between the sub-accounts of the investment account'],
  ['MARGININTEREST', 'interest on a margin loan'],
  ['REINVEST', 'income reinvested in the security'],
  ['RETOFCAP', 'a return of capital'],
  ['SELLDEBT', 'a sale of a bond'],
  ['SELLMF', 'a sale of mutual fund shares'],
  ['SELLOPT', 'a sale of an option'],
  ['SELLOTHER', 'a sale of a security'],
  ['SELLSTOCK', 'a sale of stock'],
  ['SPLIT', 'a stock split'],
  ['TRANSFER', 'securities transferred in or out'],
]);

export function skippedTrade(name: string, entry: number): ParsedItem {
  const what = SECURITIES_TRADES.get(name) ?? 'a securities transaction';
  return skippedItem(entry, `${name} is a securities trade (${what}), not a bank transaction: only the bank rows (INVBANKTRAN) of an investment statement are imported`);
}

/** The note an investment statement's report carries: what was read, and what was left out. */
export function investmentNote(bankRows: number, trades: readonly string[]): string {
  const kinds = [...new Set(trades)].sort().join(', ');
  const skipped = trades.length === 0 ? 'it has no securities trades' : `its ${trades.length} securities trade${trades.length === 1 ? '' : 's'} (${kinds}) ${trades.length === 1 ? 'is' : 'are'} skipped, as they are not bank transactions`;
  return `investment statement: its ${bankRows} bank row${bankRows === 1 ? '' : 's'} (INVBANKTRAN) ${bankRows === 1 ? 'is' : 'are'} read; ${skipped}`;
}
