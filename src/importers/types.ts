// The contract every statement parser satisfies. The import service only ever sees these
// types, so a new bank format is one new parser file and never a change to the service.

import type { StatementFormat } from './formats.js';

export type { StatementFormat };

export interface StatementRow {
  /**
   * Where a user finds this record in the file, 1-based:
   * - CSV, QIF, MT940: the physical line on which the record starts (the `:61:` line for MT940);
   * - OFX: the number of the entry (STMTTRN, or an investment statement's trade such as BUYSTOCK)
   *   in file order (OFX files are often one long line);
   * - CAMT.053: the number of the Ntry element in file order, pending entries included.
   */
  line: number;
  /** Booking date, YYYY-MM-DD, always a real calendar day. */
  date: string;
  /**
   * What a person reads: counterparty and purpose, without field codes or repeats. Trimmed,
   * inner whitespace collapsed, no NUL, at most 1000 characters; may be empty.
   */
  description: string;
  /**
   * The description as Moneta composed it before descriptions were made readable, when that
   * differs. De-duplication fingerprints are computed from it, so a file imported by an
   * earlier version is still recognised row for row.
   */
  fingerprintText?: string;
  /** Signed: negative = money out of the account. */
  value: number;
  /** The bank's own id for the transaction when the file carries one. */
  bankTransactionId?: string;
  /** Only set when a CSV profile maps a category column. */
  category?: string;
  /** Account number or IBAN when the file names it. */
  account?: string;
}

/**
 * What a balance line of a statement states (CSV "Saldo Anterior", "Closing balance"), as far
 * as the row could be read: kept on the skipped item for checking an account's balance.
 */
export interface StatementBalance {
  /** The label as the file writes it, spacing collapsed. */
  label: string;
  /** YYYY-MM-DD, from the row's date column or a date in the label; absent when neither reads. */
  date?: string;
  /** Signed like a row's value; absent when the row's amount columns are empty or unreadable. */
  value?: number;
}

/**
 * A balance the bank states for an account (OFX LEDGERBAL, CAMT.053 Bal, MT940 :60F:/:62F:, a
 * CSV's balance column): what proves a statement complete. Dates say when the balance holds:
 * - opening: at the START of `date`, before any row dated on or after it (the day before holds
 *   it at its end). Formats that date the opening by the previous statement's closing day
 *   (MT940 :60F:, CAMT.053 PRCD) are moved to the day after by their reader;
 * - closing: at the END of `date`, after every row dated on or before it.
 */
export interface StatedBalance {
  role: 'opening' | 'closing';
  /** YYYY-MM-DD. */
  date: string;
  /** Signed like a row's value: negative = the account is overdrawn (or owes, for a card). */
  value: number;
  /** ISO 4217, when the file says. */
  currency?: string;
  /** IBAN or account number, when the file names the account (as the rows' `account`). */
  account?: string;
}

export type ParsedItem = (
  | { kind: 'row'; row: StatementRow }
  /** raw: the record as the file has it (see recordText), when the format keeps it. */
  | { kind: 'invalid'; line: number; reason: string; raw?: string }
  /** An entry of the file that is deliberately not a transaction: pending, not booked, a balance line. */
  | { kind: 'skipped'; line: number; reason: string; balance?: StatementBalance }
  /**
   * A balance the file states: neither a row nor skipped, so never counted in an import's report.
   * `line` as a row's, for the statement it belongs to: CSV and MT940 the line stating it, OFX and
   * CAMT.053 the number of the statement (STMTRS/CCSTMTRS, Stmt) in file order.
   */
  | { kind: 'balance'; line: number; balance: StatedBalance }
) & {
  /**
   * CSV read with a bank profile: the row the generic profile makes of the same record, when it
   * reads the file too. Versions that did not pick bank profiles by header imported the file
   * that way, so the import also looks for the key this row had then (services/import/former-keys).
   */
  formerly?: StatementRow;
};

/** What an import decides row by row: every item but a stated balance. */
export type ImportableItem = Exclude<ParsedItem, { kind: 'balance' }>;

export interface OpenedStatement {
  format: StatementFormat;
  /** Bank name found in the file (OFX FI/ORG, CAMT servicer name or BIC); MT940, QIF and CSV have none. */
  bankNameHint?: string;
  /** Streamed in file order; iterating again re-reads the file from the start. */
  items: AsyncIterable<ParsedItem>;
  /** Things the user should know about how the file was read (a charset the bytes contradict, the profile picked). */
  notes: string[];
}

/**
 * A problem with the whole file (unknown format, bad profile, no header...). The message is
 * shown to the user as is, so it names the file or setting at fault and what was expected.
 * Problems with a single record are never thrown: they become `{ kind: 'invalid' }` items.
 */
export class StatementError extends Error {
  override name = 'StatementError';
}

/** Shorthand used by every parser so the item shapes stay identical. */
export function rowItem(row: StatementRow): ParsedItem {
  return { kind: 'row', row };
}

export function invalidItem(line: number, reason: string, raw?: string): ParsedItem {
  return raw === undefined ? { kind: 'invalid', line, reason } : { kind: 'invalid', line, reason, raw: recordText(raw) };
}

/** The most of a record's text an invalid item keeps: enough to recognise the row. */
export const RECORD_TEXT_MAX = 500;

/** A record's text as the file has it, control characters kept, cut at RECORD_TEXT_MAX characters. */
export function recordText(raw: string): string {
  const chars = [...raw.replace(/(?:\r\n|\r|\n)$/, '')]; // the record's line ending is not its text
  return chars.length > RECORD_TEXT_MAX ? chars.slice(0, RECORD_TEXT_MAX).join('') : chars.join('');
}

export function skippedItem(line: number, reason: string, balance?: StatementBalance): ParsedItem {
  return balance ? { kind: 'skipped', line, reason, balance } : { kind: 'skipped', line, reason };
}

export function balanceItem(line: number, balance: StatedBalance): ParsedItem {
  return { kind: 'balance', line, balance };
}

/**
 * The legacy text goes along only when it differs, so most rows carry one string. An empty
 * legacy text means earlier versions refused the row: there is nothing to stay compatible with.
 */
export function withFingerprintText(row: StatementRow, legacy: string): StatementRow {
  if (legacy !== '' && legacy !== row.description) row.fingerprintText = legacy;
  return row;
}
