import type { ImportDetail, ImportSummary } from '../../domain/import-history.js';
import type { TransactionRecord } from '../../domain/transaction.js';
import type { EngineAccess } from '../engine/engine-access.js';
import type { CorrectionPrograms } from '../transactions/correction-writes.js';
import { toCount, toTransactionRecord, type CountRow, type TransactionRow } from '../transactions/transactions-queries.js';
import type { ImportSession } from './import-session.js';
import { toImportDetail, toImportSummary, type ImportDetailRow, type ImportRecord, type ImportRow, type ImportsQueries } from './imports-queries.js';

export interface ImportsRepository {
  /** Starts importing one file into a bank: one open transaction (see ImportSession); with `record`, it enters the import history. */
  begin(bank: string, record?: ImportRecord): Promise<ImportSession>;
  /** The import history, most recent first. */
  list(limit: number, offset: number): Promise<{ total: number; rows: ImportSummary[] }>;
  /** One import and where its rows are now; null when there is no such import. */
  find(id: number): Promise<ImportDetail | null>;
  /** A page of the rows the import added that are in the list now, by id. */
  transactions(id: number, limit: number, offset: number): Promise<TransactionRecord[]>;
  /**
   * Moves every row the import added that is still in the list into the trash (reason 'import'),
   * in one commit; returns how many. Their import keys leave with them, so the file imports again.
   */
  undo(id: number, deletedAt: number): Promise<number>;
}

/** The import history and undo; the engine brings `begin` (its import session). */
export function importHistoryRepository(db: EngineAccess<{ imports: ImportsQueries }, CorrectionPrograms>): Omit<ImportsRepository, 'begin'> {
  const { imports } = db.queries;
  return {
    async list(limit, offset) {
      const total = toCount(await db.first<CountRow>(imports.count()));
      const rows = total === 0 || limit === 0 ? [] : await db.all<ImportRow>(imports.page(limit, offset));
      return { total, rows: rows.map(toImportSummary) };
    },
    async find(id) {
      const row = await db.first<ImportDetailRow>(imports.find(id));
      return row ? toImportDetail(row) : null;
    },
    async transactions(id, limit, offset) {
      if (limit === 0) return [];
      // A deep offset steps over the import's rows: the bounded read path.
      return (await db.scanAll<TransactionRow>(imports.transactions(id, limit, offset))).map(toTransactionRecord);
    },
    undo: (id, deletedAt) => db.write('deleteTransactions', { importId: id }, deletedAt, { reason: 'import', importId: id }),
  };
}
