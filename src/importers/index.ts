// Public entry point of the statement parsers. The import service calls openStatement and
// iterates items; it never needs to know which format it got.
import { basename } from 'node:path';
import { openCsvStatement } from './csv/csv-statement.js';
import { detectFormat } from './detect.js';
import { readHead } from './encoding.js';
import { openMt940Statement } from './mt940/mt940-statement.js';
import { openQifStatement } from './qif-statement.js';
import { readXmlStatement } from './xml-statement.js';
import { type OpenedStatement, StatementError, type StatementFormat } from './types.js';

export { detectFormat } from './detect.js';
export { listProfiles, describeProfile, loadProfile } from './csv/builtin-profiles.js';
export { validateProfile, ProfileInvalidError } from './csv/csv-profile.js';
import type { CsvProfile } from './csv/csv-profile.js';
export type { CsvProfile, CsvColumns, ColumnSpec, ColumnRef, SkipRule } from './csv/csv-profile.js';
export { StatementError } from './types.js';
export type { StatementFormat, StatementRow, StatementBalance, StatedBalance, ParsedItem, ImportableItem, OpenedStatement } from './types.js';

export interface OpenStatementOptions {
  /** Force a format; "auto" (the default) detects it from the content. */
  format?: StatementFormat | 'auto';
  /**
   * CSV only: a built-in profile name (see listProfiles) or a path to a profile JSON file.
   * Default: "generic", or the first built-in profile that reads the file when generic cannot.
   */
  profile?: string | CsvProfile;
  /** CSV only: the date layout (DD/MM/YYYY...), replacing the profile's. */
  dateFormat?: string;
}

const FORMAT_NAMES = 'CSV, OFX/QFX, QIF, CAMT.053 or MT940';

/**
 * Opens a statement file. Whole-file problems (unreadable file, unknown format, bad
 * profile, missing header) throw StatementError here, before any item is produced;
 * problems with single records are reported as invalid items while iterating.
 */
export async function openStatement(path: string, opts: OpenStatementOptions = {}): Promise<OpenedStatement> {
  const label = basename(path);
  let head: Buffer;
  try {
    head = await readHead(path, 16 * 1024);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StatementError(`cannot read ${label}: ${code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'it is a directory' : String(code ?? error)}`);
  }
  if (head.length === 0) throw new StatementError(`${label} is empty`);
  const format = opts.format && opts.format !== 'auto' ? opts.format : detectFormat(head, label);
  if (!format) throw new StatementError(`${label} is not a statement format Moneta can read (${FORMAT_NAMES})`);
  if (opts.profile !== undefined && format !== 'csv') {
    throw new StatementError(`a CSV profile was given, but ${label} is ${format.toUpperCase()}, not CSV`);
  }
  if (opts.dateFormat !== undefined && format !== 'csv') {
    throw new StatementError(`a date format applies to CSV files, but ${label} is ${format.toUpperCase()}, whose dates have one fixed layout`);
  }
  switch (format) {
    case 'csv': {
      const { items, notes } = await openCsvStatement(path, opts.profile, label, opts.dateFormat);
      return { format, items, notes };
    }
    case 'qif':
      return { format, items: await openQifStatement(path), notes: [] };
    case 'mt940':
      return { format, items: await openMt940Statement(path), notes: [] };
    case 'ofx':
    case 'camt053': {
      // Parsed whole, into a tree: on a thread of their own (xml-statement.ts).
      const { bankNameHint, items, notes } = await readXmlStatement(format, path, label);
      return withHint({ format, items, notes }, bankNameHint);
    }
    default:
      throw new StatementError(`format "${String(format)}" is not supported; use ${FORMAT_NAMES}`);
  }
}

function withHint(statement: OpenedStatement, bankNameHint: string | undefined): OpenedStatement {
  return bankNameHint ? { ...statement, bankNameHint } : statement;
}
