// Shared helpers for the importer tests: fixture paths and reading a whole statement.
import { fileURLToPath } from 'node:url';
import { openStatement, type OpenStatementOptions, type ParsedItem, type StatedBalance, type StatementBalance, type StatementRow } from '../../src/importers/index.js';

export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/statements/${name}`, import.meta.url));
}

/**
 * The items without their former readings (a bank profile's CSV rows as the generic profile
 * reads them), which come apart in `formerly`, and without the balances the file states, which
 * come apart in `balances`, in file order.
 */
export async function readStatement(path: string, opts?: OpenStatementOptions) {
  const statement = await openStatement(path, opts);
  const items: ParsedItem[] = [];
  const formerly: StatementRow[] = [];
  const balances: StatedBalance[] = [];
  for await (const { formerly: former, ...item } of statement.items) {
    if (item.kind === 'balance') balances.push(item.balance);
    else items.push(item);
    if (former) formerly.push(former);
  }
  return { format: statement.format, bankNameHint: statement.bankNameHint, notes: statement.notes, items, formerly, balances };
}

export function row(fields: StatementRow): ParsedItem {
  return { kind: 'row', row: fields };
}

/** raw: the record's text as the file has it, which an invalid item carries (see importers' recordText). */
export function invalid(line: number, reason: string, raw?: string): ParsedItem {
  return raw === undefined ? { kind: 'invalid', line, reason } : { kind: 'invalid', line, reason, raw };
}

export function skipped(line: number, reason: string, balance?: StatementBalance): ParsedItem {
  return balance ? { kind: 'skipped', line, reason, balance } : { kind: 'skipped', line, reason };
}
