import { createHash, randomBytes, type Hash } from 'node:crypto';
import { DomainError } from '../../domain/errors.js';
import { COPIED_TABLES, NOT_COPIED, type CopiedTable } from './copied-tables.js';
import { DERIVED_TABLES, type DerivedTable } from './derived-tables.js';
import type { Row, TableAccess, TableReader } from './table-access.js';

export interface CopyProgress {
  start(totalRows: number): void;
  advance(rows: number, table: string): void;
  stop(): void;
}

export interface CopyOptions {
  /** Empty the target's tables first (in the same transaction as the copy). */
  force: boolean;
  /**
   * With force: also when the source has no rows at all, which would leave the target empty.
   * A source without rows is far more often a wrong path than an intent.
   */
  allowEmptySource?: boolean;
  /** Rows read and written per round trip. */
  batchSize: number;
  progress?: CopyProgress;
}

export interface TableVerification {
  table: string;
  sourceRows: number;
  targetRows: number;
  /** SHA-256 over every row in key order, every column, values in an exact text form. */
  sourceChecksum: string;
  targetChecksum: string;
  matches: boolean;
}

/** A table kept from the transactions (counts, report totals), checked against the target's own rows. */
export interface DerivedVerification {
  table: string;
  /** Keys (e.g. month, category, bank) the target's transactions give. */
  groups: number;
  /** The first key whose stored totals differ from the transactions', when one does. */
  firstDifference?: string;
  matches: boolean;
}

export interface CopyReport {
  tables: TableVerification[];
  derived: DerivedVerification[];
  /** True when every table has the same rows on both sides and every derived table matches the target's rows. */
  verified: boolean;
}

interface TableDigest {
  rows: number;
  checksum: string;
}

/**
 * Copies every table of one store into another (any engine to any engine), keeping ids, then
 * reads both back to verify. The source is read in one snapshot, so a server writing to it
 * meanwhile cannot tear the copy; the target is written in one transaction, so a failed copy
 * leaves it as it was.
 */
export async function copyStore(source: TableAccess, target: TableAccess, options: CopyOptions): Promise<CopyReport> {
  await checkTables(source, 'source');
  await checkTables(target, 'target');
  const batchSize = Math.max(1, options.batchSize);

  const sourceDigests = await source.snapshot(async (reader) => {
    const counts = new Map<string, number>();
    for (const table of COPIED_TABLES) counts.set(table.name, await reader.count(table));
    return target.rewrite(async (writer) => {
      const occupied: string[] = [];
      for (const table of COPIED_TABLES) {
        const rows = await writer.count(table);
        if (rows > (table.seeded ?? 0)) occupied.push(`${table.name}: ${rows}`);
      }
      if (occupied.length > 0 && !options.force) {
        throw new DomainError(
          'conflict',
          `the target is not empty (${occupied.join(', ')} rows); use --force to replace its contents with the source's`,
        );
      }
      // What the source holds, not what it remembers: a store emptied by hand still has its feed.
      const contents = COPIED_TABLES.filter((table) => !table.history);
      const sourceRows = contents.reduce((sum, table) => sum + Math.max(0, (counts.get(table.name) ?? 0) - (table.seeded ?? 0)), 0);
      if (occupied.length > 0 && sourceRows === 0 && !options.allowEmptySource) {
        throw new DomainError(
          'conflict',
          `the source has no rows, and copying it would empty the target (${occupied.join(', ')} rows); ` +
            'check --from, or add --allow-empty-source to empty the target on purpose',
        );
      }
      for (const table of [...COPIED_TABLES].reverse()) await writer.deleteAll(table);

      options.progress?.start(sourceRows);
      const digests = new Map<string, TableDigest>();
      try {
        for (const table of COPIED_TABLES) {
          digests.set(
            table.name,
            await digestTable(reader, table, batchSize, async (rows) => {
              await writer.insert(table, renewed(table, rows));
              options.progress?.advance(rows.length, table.name);
            }),
          );
          await writer.continueIdentityAfter(table, await reader.identityHighWater(table));
        }
      } finally {
        options.progress?.stop();
      }
      return digests;
    });
  });

  const { targetDigests, derived } = await target.snapshot(async (reader) => {
    const digests = new Map<string, TableDigest>();
    for (const table of COPIED_TABLES) digests.set(table.name, await digestTable(reader, table, batchSize, async () => {}));
    const checked: DerivedVerification[] = [];
    for (const table of DERIVED_TABLES) checked.push(verifyDerived(table, await reader.derivedRows(table)));
    return { targetDigests: digests, derived: checked };
  });

  const tables = COPIED_TABLES.map((table): TableVerification => {
    const from = sourceDigests.get(table.name)!;
    const to = targetDigests.get(table.name)!;
    return {
      table: table.name,
      sourceRows: from.rows,
      targetRows: to.rows,
      sourceChecksum: from.checksum,
      targetChecksum: to.checksum,
      matches: from.rows === to.rows && from.checksum === to.checksum,
    };
  });
  return { tables, derived, verified: tables.every((table) => table.matches) && derived.every((table) => table.matches) };
}

/** Compares a derived table's stored totals with the ones its transactions give, key by key. */
function verifyDerived(table: DerivedTable, rows: { stored: Row[]; truth: Row[] }): DerivedVerification {
  // Whole numbers either way: SQLite gives numbers, PostgreSQL's bigint sums come as text.
  const line = (row: Row) =>
    JSON.stringify([...table.keys.map((column) => String(row[column])), ...table.sums.map((column) => BigInt(String(row[column])).toString())]);
  const stored = rows.stored.map(line).sort();
  const truth = rows.truth.map(line).sort();
  const at = truth.findIndex((entry, index) => stored[index] !== entry);
  const firstDifference = at >= 0 ? truth[at] : stored.length > truth.length ? stored[truth.length] : undefined;
  return { table: table.name, groups: truth.length, matches: firstDifference === undefined, ...(firstDifference === undefined ? {} : { firstDifference }) };
}

/** The rows as the target gets them: each of the table's renewed columns with a fresh random name. */
function renewed(table: CopiedTable, rows: Row[]): Row[] {
  const columns = table.renewed ?? [];
  if (columns.length === 0) return rows;
  return rows.map((row) => ({ ...row, ...Object.fromEntries(columns.map((column) => [column, randomBytes(8).toString('hex')])) }));
}

/** Reads a whole table in key order, hashing each row (but its renewed columns) and handing each batch on. */
async function digestTable(reader: TableReader, table: CopiedTable, batchSize: number, onBatch: (rows: Row[]) => Promise<void>): Promise<TableDigest> {
  const hash = createHash('sha256');
  let rows = 0;
  let last: Row | undefined;
  for (;;) {
    const batch = await reader.rowsAfter(table, last, batchSize);
    if (batch.length === 0) break;
    for (const row of batch) hashRow(hash, row, table.renewed ?? []);
    await onBatch(batch);
    rows += batch.length;
    last = batch[batch.length - 1];
    if (batch.length < batchSize) break;
  }
  return { rows, checksum: hash.digest('hex') };
}

/** Columns by name, values in a form equal on both engines only when the values are equal. */
function hashRow(hash: Hash, row: Row, skipped: readonly string[]): void {
  const names = Object.keys(row)
    .filter((name) => !skipped.includes(name))
    .sort();
  hash.update(names.map((name) => `${name}=${canonical(row[name])}`).join('\u001f'));
  hash.update('\n');
}

function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  // String() of a double is the shortest text that parses back to the same bits: exact.
  if (typeof value === 'number') return Object.is(value, -0) ? 'n:-0' : `n:${String(value)}`;
  if (typeof value === 'bigint') return `n:${value.toString()}`;
  if (typeof value === 'boolean') return `n:${value ? 1 : 0}`;
  if (typeof value === 'string') return `s:${JSON.stringify(value)}`;
  if (value instanceof Date) return `s:${JSON.stringify(value.toISOString())}`;
  if (Buffer.isBuffer(value)) return `b:${value.toString('hex')}`;
  return `j:${JSON.stringify(value)}`;
}

/** Every listed table must exist, and every table that exists must be listed. */
async function checkTables(access: TableAccess, side: 'source' | 'target'): Promise<void> {
  const present = new Set((await access.tableNames()).filter((name) => !NOT_COPIED.has(name)));
  const listed = new Set(COPIED_TABLES.map((table) => table.name));
  const unknown = [...present].filter((name) => !listed.has(name));
  if (unknown.length > 0) {
    throw new DomainError(
      'invalid',
      `the ${side} has tables this version of moneta does not know how to copy (${unknown.join(', ')}); nothing was copied`,
    );
  }
  const missing = [...listed].filter((name) => !present.has(name));
  if (missing.length > 0) {
    throw new DomainError('invalid', `the ${side} lacks tables (${missing.join(', ')}): is it a Moneta database?`);
  }
}
