import type { MigrationOptions } from './migrations/migration-options.js';
import { Migrator, type Kysely } from 'kysely';
import { DomainError } from '../domain/errors.js';
import { isIdLimitError, transactionIdsExhausted } from './engine/id-limit.js';
import { migrationProvider } from './migrations/index.js';
import { accountsRepository, type AccountsRepository } from './accounts/accounts-repository.js';
import { ledgerRepository, type LedgerRepository } from './accounts/ledger-repository.js';
import { splitsRepository, type SplitsRepository } from './splits/splits-repository.js';
import { transfersRepository, type TransfersRepository } from './transfers/transfers-repository.js';
import { catalogueRepository } from './catalogue/catalogue-repository.js';
import { changeFeedRepository } from './changes/changes-repository.js';
import { undoRepository, type UndoRepository } from './changes/undo-repository.js';
import { changeWritten } from './changes/written-changes.js';
import type { EngineAccess } from './engine/engine-access.js';
import type { EngineName } from './engine/engine-name.js';
import type { Database as Schema } from './engine/schema.js';
import { importHistoryRepository, type ImportsRepository } from './imports/imports-repository.js';
import { importJobsRepository, type ImportJobsRepository } from './imports/import-jobs-repository.js';
import { inboxRepository, type InboxRepository } from './inbox/inbox-repository.js';
import type { ReportsRepository } from './reports/reports-repository.js';
import { rulesRepository, type RulesRepository } from './rules/rules-repository.js';
import { idempotencyRepository, type IdempotencyRepository } from './security/idempotency-repository.js';
import { tokensRepository, type TokensRepository } from './security/tokens-repository.js';
import type { Store, StoreLifecycle } from './store.js';
import { transactionsRepository, type PageReads, type TransactionsRepository } from './transactions/transactions-repository.js';
import { trashRepository, type TrashRepository } from './trash/trash-repository.js';
import type { RecordedWrite, StoreQueries, WritePrograms } from './writes.js';
import type { CatalogueRepository } from './catalogue/catalogue-repository.js';
import type { ChangeFeedRepository } from './changes/changes-repository.js';

/** Every statement builder and every write of the store: what an engine gives each repository. */
export type StoreAccess = EngineAccess<StoreQueries, WritePrograms>;

/** What an engine brings to its store; everything else is built here, once for both. */
export interface EngineParts {
  /** The engine's access, its writes answering the change each recorded (noted here: written-changes.ts). */
  access: Omit<StoreAccess, 'write'> & { write: RecordedWrite };
  pages: PageReads;
  /** The engine's import session; the history is built here. */
  imports: Pick<ImportsRepository, 'begin'>;
  /** Engine-specific: SQLite reads reports on its read threads. */
  reports: ReportsRepository;
  /** Engine-specific when given: SQLite reads the review inbox on its read threads. */
  inboxParts?: InboxRepository['parts'];
  lifecycle: StoreLifecycle;
}

/**
 * The store of either engine: the repositories written once over the engine's access
 * (each in its aggregate's folder). An engine's constructor opens its connections, then calls assemble().
 */
export abstract class EngineStore implements Store {
  abstract readonly engine: EngineName;
  declare readonly lifecycle: StoreLifecycle;
  declare readonly transactions: TransactionsRepository;
  declare readonly catalogue: CatalogueRepository;
  declare readonly rules: RulesRepository;
  declare readonly imports: ImportsRepository;
  declare readonly importJobs: ImportJobsRepository;
  declare readonly tokens: TokensRepository;
  declare readonly idempotency: IdempotencyRepository;
  declare readonly reports: ReportsRepository;
  declare readonly trash: TrashRepository;
  declare readonly changes: ChangeFeedRepository;
  declare readonly inbox: InboxRepository;
  declare readonly undo: UndoRepository;
  declare readonly accounts: AccountsRepository;
  declare readonly ledger: LedgerRepository;
  declare readonly splits: SplitsRepository;
  declare readonly transfers: TransfersRepository;

  /** Sets the Store's members, once, from the end of the engine's constructor. */
  protected assemble({ access: engineAccess, pages, imports, reports, inboxParts, lifecycle }: EngineParts): void {
    const access: StoreAccess = {
      ...engineAccess,
      write: async (op, ...args) => {
        const { value, change } = await engineAccess.write(op, ...args);
        if (change !== null) changeWritten(change);
        return value;
      },
    };
    const members: Omit<Store, 'engine'> = {
      lifecycle,
      transactions: transactionsRepository(access, pages),
      catalogue: catalogueRepository(access),
      rules: rulesRepository(access),
      imports: { ...importHistoryRepository(access), begin: imports.begin },
      importJobs: importJobsRepository(access),
      tokens: tokensRepository(access),
      idempotency: idempotencyRepository(access),
      reports,
      trash: trashRepository(access),
      changes: changeFeedRepository(access),
      inbox: inboxRepository(access, inboxParts),
      undo: undoRepository(access),
      accounts: accountsRepository(access),
      ledger: ledgerRepository(access),
      splits: splitsRepository(access),
      transfers: transfersRepository(access),
    };
    Object.assign(this, members);
  }
}

/** The statement a ping runs: the store answers at all. */
export const PING_SQL = 'SELECT 1';

/** Applies the engine's pending migrations; throws what the migrator reports. */
export async function migrateToLatest(kysely: Kysely<Schema>, engine: EngineName, options: MigrationOptions = {}): Promise<void> {
  const migrator = new Migrator({
    db: kysely,
    provider: migrationProvider(engine, options),
    migrationTableName: 'moneta_migrations',
    migrationLockTableName: 'moneta_migrations_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/**
 * Errors that mean the same on every engine: a DomainError as it is, the transaction id limit
 * (migration 0007) as the domain's "exhausted"; undefined for anything the engine must judge.
 */
export function engineNeutralError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (isIdLimitError(error)) return transactionIdsExhausted();
  return undefined;
}
