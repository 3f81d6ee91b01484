import { DomainError } from '../domain/errors.js';
import type { ImportDetail, ImportSummary } from '../domain/import-history.js';
import type { TransactionRecord } from '../domain/transaction.js';
import type { Store } from '../store/store.js';

/** A past import, with a page of the rows it added that are in the list now. */
export interface ImportWithRows {
  import: ImportDetail;
  rows: TransactionRecord[];
}

/**
 * The import history (what `moneta import` and createImport recorded) and undo: the rows an
 * import added go to the trash, restorable, and take their import keys with them, so importing
 * the same file again adds them back. Restoring one of them after that is refused for that row
 * ("import-key-taken", see TrashRepository.restore): the statement's row is in the list already.
 */
export class ImportHistoryService {
  constructor(
    private readonly store: Pick<Store, 'imports'>,
    private readonly now: () => number = Date.now,
  ) {}

  list(limit: number, offset: number): Promise<{ total: number; rows: ImportSummary[] }> {
    return this.store.imports.list(limit, offset);
  }

  async get(id: number, limit: number, offset: number): Promise<ImportWithRows> {
    const found = await this.found(id);
    const rows = found.inList === 0 ? [] : await this.store.imports.transactions(id, limit, offset);
    return { import: found, rows };
  }

  /** Moves the rows the import added that are still in the list into the trash; how many, and the import after. */
  async undo(id: number): Promise<{ deleted: number; import: ImportDetail }> {
    await this.found(id);
    const deleted = await this.store.imports.undo(id, this.now());
    return { deleted, import: await this.found(id) };
  }

  private async found(id: number): Promise<ImportDetail> {
    const found = await this.store.imports.find(id);
    if (!found) throw new DomainError('not_found', `no import has id ${id}`, [{ in: 'path', name: 'importId', message: 'names no import' }]);
    return found;
  }
}
