import type { MigrationOptions } from './migrations/migration-options.js';
import type { EngineName } from './engine/engine-name.js';
import type { AccountsRepository } from './accounts/accounts-repository.js';
import type { LedgerRepository } from './accounts/ledger-repository.js';
import type { SplitsRepository } from './splits/splits-repository.js';
import type { CatalogueRepository } from './catalogue/catalogue-repository.js';
import type { ChangeFeedRepository } from './changes/changes-repository.js';
import type { ImportJobsRepository } from './imports/import-jobs-repository.js';
import type { ImportsRepository } from './imports/imports-repository.js';
import type { InboxRepository } from './inbox/inbox-repository.js';
import type { UndoRepository } from './changes/undo-repository.js';
import type { ReportsRepository } from './reports/reports-repository.js';
import type { RulesRepository } from './rules/rules-repository.js';
import type { IdempotencyRepository } from './security/idempotency-repository.js';
import type { TokensRepository } from './security/tokens-repository.js';
import type { TransactionsRepository } from './transactions/transactions-repository.js';
import type { TrashRepository } from './trash/trash-repository.js';
import type { TransfersRepository } from './transfers/transfers-repository.js';

/**
 * What persistence offers the services: one small repository per aggregate, and the store's
 * lifecycle. A service takes only the repositories it uses. Each repository is written once, in its
 * aggregate's folder (transactions/, catalogue/, ...), over what an engine provides
 * (engine/engine-access.ts); see docs/architecture.md.
 * Lookups return null rather than throw; writes resolve only once durably committed.
 * Repositories report facts (a row missing, a reference to nothing); what a request did wrong
 * and which field it names is the services' business.
 */
export interface Store {
  readonly engine: EngineName;
  readonly lifecycle: StoreLifecycle;
  readonly transactions: TransactionsRepository;
  readonly catalogue: CatalogueRepository;
  readonly rules: RulesRepository;
  readonly imports: ImportsRepository;
  /** Imports answered 202 and their outcomes. */
  readonly importJobs: ImportJobsRepository;
  readonly tokens: TokensRepository;
  readonly idempotency: IdempotencyRepository;
  readonly reports: ReportsRepository;
  readonly trash: TrashRepository;
  readonly changes: ChangeFeedRepository;
  readonly inbox: InboxRepository;
  /** Undo by change: before-images kept per change (migration 0018). */
  readonly undo: UndoRepository;
  /** Accounts with their balances, and the store's settings (migration 0019). */
  readonly accounts: AccountsRepository;
  /** Accounts' registers, balance histories, net worth, reconciliation, moves and status (issue 23). */
  readonly ledger: LedgerRepository;
  /** Transactions divided into lines (migration 0020). */
  readonly splits: SplitsRepository;
  /** Transfers between one's own accounts, their suggestions and rejected pairs (migration 0021). */
  readonly transfers: TransfersRepository;
}

export interface StoreLifecycle {
  /** Applies pending migrations. Safe to call from several processes at once. `options` matter only to a migration that has not run yet (the first start). */
  migrate(options?: MigrationOptions): Promise<void>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Settings of the engine under which an acknowledged write could be lost (empty when none). */
  durabilityWarnings(): Promise<string[]>;
  /** Where the store lives, for whole-store copies (the backup download): a file or a URL. */
  location(): StoreLocation;
}

/** A SQLite data file (`:memory:` for an in-memory store) or a PostgreSQL URL, with its timeouts. */
export type StoreLocation =
  | { engine: 'sqlite'; path: string; busyTimeoutMs: number }
  | { engine: 'postgres'; url: string; statementTimeoutMs: number };

/*
 * What the services name besides the Store, each defined in its aggregate's folder: the
 * repositories, what they take and what they answer.
 */
export type { EngineName } from './engine/engine-name.js';
export type { TransactionStream } from './engine/stream-gate.js';
export type { CatalogueRepository } from './catalogue/catalogue-repository.js';
export type { AccountsRepository } from './accounts/accounts-repository.js';
export type { CreateAccountOutcome, RemoveAccountOutcome, UpdateAccountOutcome } from './accounts/accounts-writes.js';
export type { BankChanges } from './catalogue/catalogue-queries.js';
export type {
  BankRemovalOutcome,
  BankRemovalPlan,
  CategoryMergeOutcome,
  CategoryRemovalOutcome,
  CategoryRemovalPlan,
  CategoryUpdateOutcome,
  GroupOutcome,
  RemoveCategoryOptions,
  RemoveOutcome,
} from './catalogue/catalogue-writes.js';
export type { ChangeFeedRepository, ChangePageJson } from './changes/changes-repository.js';
export type { ImportedTransaction, ImportSession, StoredImport } from './imports/import-session.js';
export type { ImportCounts, ImportRecord } from './imports/imports-queries.js';
export type { ImportsRepository } from './imports/imports-repository.js';
export type { ImportJobsRepository } from './imports/import-jobs-repository.js';
export type { InboxRepository } from './inbox/inbox-repository.js';
export type { ReportsRepository } from './reports/reports-repository.js';
export type { RuleOrderOutcome } from './rules/rule-writes.js';
export type { RuleMatches } from './rules/rules-queries.js';
export type { RulesRepository } from './rules/rules-repository.js';
export type { IdempotencyRepository } from './security/idempotency-repository.js';
export type { TokensRepository } from './security/tokens-repository.js';
export { MissingReferenceError, type TransactionPage, type TransactionPageJson, type TransactionsRepository } from './transactions/transactions-repository.js';
export type { TrashRepository } from './trash/trash-repository.js';
export type { LedgerRepository } from './accounts/ledger-repository.js';
export type { SplitParent, SplitsRepository } from './splits/splits-repository.js';
export type { DeleteSplitOutcome, PutSplitOutcome } from './splits/splits-writes.js';
