import { sql, type CompiledQuery, type ExpressionBuilder, type Kysely } from 'kysely';
import type { ImportDetail, ImportSummary } from '../../domain/import-history.js';
import { TRANSACTION_COLUMNS, type CountRow, type TransactionRow } from '../transactions/transactions-queries.js';
import type { Database } from '../engine/schema.js';

const IMPORT_COLUMNS = ['id', 'file_name', 'format', 'bank_id', 'profile', 'imported_at', 'added', 'duplicates', 'conflicts', 'invalid', 'skipped'] as const;

type Counted = number | string | bigint;

/** What an import records about its file (the imports table, migration 0009). */
export interface ImportRecord {
  fileName: string;
  format: string;
  profile: string | null;
  /** Milliseconds since the epoch. */
  importedAt: number;
  /** The account its rows go into (migration 0019); they are then `cleared`. */
  account?: number | null;
  /**
   * The account has no bank yet: it takes the import's bank in the import's own commit (so a dry
   * run or a failed file leaves it as it was). With `newBankName`, that bank is created first.
   */
  accountTakesBank?: { newBankName: string | null };
}

/** The counts an import records with its commit. */
export interface ImportCounts {
  added: number;
  duplicates: number;
  conflicts: number;
  invalid: number;
  skipped: number;
}

export interface ImportRow {
  id: Counted;
  file_name: string;
  format: string;
  bank_id: string;
  profile: string | null;
  imported_at: Counted;
  added: Counted;
  duplicates: Counted;
  conflicts: Counted;
  invalid: Counted;
  skipped: Counted;
  /** EXISTS: a boolean on PostgreSQL, 0 or 1 on SQLite. */
  rows_in_list: boolean | Counted;
  /** The import's change while it can be undone by change (migration 0018: kept, not undone yet). */
  change: Counted | null;
}

export type ImportDetailRow = ImportRow & { in_list: Counted; in_trash: Counted };

export function toImportSummary(row: ImportRow): ImportSummary {
  return {
    id: Number(row.id),
    fileName: row.file_name,
    format: row.format,
    bank: row.bank_id,
    profile: row.profile,
    importedAt: Number(row.imported_at),
    added: Number(row.added),
    duplicates: Number(row.duplicates),
    conflicts: Number(row.conflicts),
    invalid: Number(row.invalid),
    skipped: Number(row.skipped),
    rowsInList: row.rows_in_list === true || Number(row.rows_in_list) === 1,
    ...(row.change === null || row.change === undefined ? {} : { change: Number(row.change) }),
  };
}

export function toImportDetail(row: ImportDetailRow): ImportDetail {
  return { ...toImportSummary(row), inList: Number(row.in_list), inTrash: Number(row.in_trash) };
}

/** Whether a row import `i` added is in the list now: one probe of the import_id index (migration 0012). */
function rowsInList(eb: ExpressionBuilder<Database & { i: Database['imports'] }, 'i'>) {
  return eb.exists(eb.selectFrom('transactions as t').select(sql`1`.as('one')).whereRef('t.import_id', '=', 'i.id')).as('rows_in_list');
}

/** The import's change, while it is kept for undo and not undone (migration 0018). */
function changeOfImport(eb: ExpressionBuilder<Database & { i: Database['imports'] }, 'i'>) {
  return eb.selectFrom('change_undo as u').select('u.tx').whereRef('u.import_id', '=', 'i.id').where('u.undone_by', 'is', null).as('change');
}

/** The history of imported files (migration 0009). */
export class ImportsQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** A bank made for an account that had none (ImportRecord.accountTakesBank); stamped `tx`. */
  insertAccountBank(id: string, name: string, tx: number): CompiledQuery {
    return this.db.insertInto('banks').values({ id, name, aggregator_id: null, change_tx: tx }).onConflict((oc) => oc.column('id').doNothing()).compile();
  }

  /** The account without a bank takes `bank`; stamped `tx` (the change feed carries it). */
  giveAccountBank(account: number, bank: string, tx: number): CompiledQuery {
    return this.db.updateTable('accounts').set({ bank_id: bank, change_tx: tx }).where('id', '=', account).where('bank_id', 'is', null).compile();
  }

  insertImport(bank: string, record: ImportRecord): CompiledQuery<{ id: number }> {
    return this.db
      .insertInto('imports')
      .values({
        file_name: record.fileName,
        format: record.format,
        bank_id: bank,
        profile: record.profile,
        imported_at: record.importedAt,
        account_id: record.account ?? null,
      })
      .returning('id')
      .compile();
  }

  recordCounts(id: number, counts: ImportCounts): CompiledQuery {
    return this.db.updateTable('imports').set(counts).where('id', '=', id).compile();
  }

  /** Most recent first. */
  page(limit: number, offset: number): CompiledQuery<ImportRow> {
    return this.db
      .selectFrom('imports as i')
      .select(IMPORT_COLUMNS.map((column) => `i.${column}` as const))
      .select((eb) => [rowsInList(eb), changeOfImport(eb)])
      .orderBy('i.id', 'desc')
      .limit(limit)
      .offset(offset)
      .compile() as CompiledQuery<ImportRow>;
  }

  count(): CompiledQuery<CountRow> {
    return this.db.selectFrom('imports').select(sql<number>`count(*)`.as('n')).compile();
  }

  /** One import, with how many of its rows are in the list and in the trash now. */
  find(id: number): CompiledQuery<ImportDetailRow> {
    return this.db
      .selectFrom('imports as i')
      .select(IMPORT_COLUMNS.map((column) => `i.${column}` as const))
      .select((eb) => [
        rowsInList(eb),
        changeOfImport(eb),
        eb.selectFrom('transactions as t').select(sql<number>`count(*)`.as('n')).whereRef('t.import_id', '=', 'i.id').as('in_list'),
        eb.selectFrom('deleted_transactions as d').select(sql<number>`count(*)`.as('n')).whereRef('d.import_id', '=', 'i.id').as('in_trash'),
      ])
      .where('i.id', '=', id)
      .compile() as CompiledQuery<ImportDetailRow>;
  }

  /** A page of the rows the import added that are in the list now, by id. */
  transactions(id: number, limit: number, offset: number): CompiledQuery<TransactionRow> {
    return this.db
      .selectFrom('transactions')
      .select(TRANSACTION_COLUMNS)
      .where('import_id', '=', id)
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .compile();
  }
}
