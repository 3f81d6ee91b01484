import type { Kysely } from 'kysely';
import type { DialectQuirks } from './engine/dialect-quirks.js';
import type { ProgramArgs, ProgramResult, SubmitWrite } from './engine/engine-access.js';
import type { Database } from './engine/schema.js';
import { recorded, type Recorded, type WriteProgram } from './engine/write-steps.js';
import { AccountsQueries } from './accounts/accounts-queries.js';
import { accountPrograms } from './accounts/accounts-writes.js';
import { LedgerQueries } from './accounts/ledger-queries.js';
import { ledgerPrograms } from './accounts/ledger-writes.js';
import { CatalogueQueries } from './catalogue/catalogue-queries.js';
import { cataloguePrograms } from './catalogue/catalogue-writes.js';
import { ChangeFeedQueries } from './changes/change-feed-queries.js';
import { ImportJobsQueries } from './imports/import-jobs-queries.js';
import { importJobPrograms } from './imports/import-jobs-writes.js';
import { UndoQueries } from './changes/undo-queries.js';
import { undoPrograms } from './changes/undo-writes.js';
import { ImportsQueries } from './imports/imports-queries.js';
import { InboxQueries } from './inbox/inbox-queries.js';
import { inboxPrograms } from './inbox/inbox-writes.js';
import { ReportQueries } from './reports/report-queries.js';
import { SplitsQueries } from './splits/splits-queries.js';
import { splitPrograms } from './splits/splits-writes.js';
import { rulePrograms } from './rules/rule-writes.js';
import { RulesQueries } from './rules/rules-queries.js';
import { SecurityQueries } from './security/security-queries.js';
import { securityPrograms } from './security/security-writes.js';
import { correctionPrograms } from './transactions/correction-writes.js';
import { CorrectionsQueries } from './transactions/corrections-queries.js';
import { Queries } from './transactions/transactions-queries.js';
import { transactionPrograms } from './transactions/transactions-writes.js';
import { TrashQueries } from './trash/trash-queries.js';
import { trashPrograms } from './trash/trash-writes.js';
import { TransfersQueries } from './transfers/transfers-queries.js';
import { transferPrograms } from './transfers/transfers-writes.js';

/**
 * Every statement builder and every write of the store, gathered from the aggregates' folders
 * (each holds its *-queries.ts and *-writes.ts), written once for both engines. A write is a
 * program: a generator that yields compiled statements and receives each one's result, so it can
 * decide its next statement from what the last one found. A driver runs the whole program inside one
 * transaction: synchronously on a better-sqlite3 connection (sqlite/sqlite-writes.ts, in the
 * writer thread), asynchronously on a node-postgres client between BEGIN and COMMIT
 * (postgres/postgres-store.ts). Programs never throw on purpose: they report what they found
 * (a row missing) as their result, and the repositories turn that into errors.
 */

export type { StepResult, WriteProgram } from './engine/write-steps.js';

/** The statement builders a program draws on, for one engine's dialect. */
export class StoreQueries {
  readonly transactions: Queries;
  readonly rules: RulesQueries;
  readonly security: SecurityQueries;
  readonly reports: ReportQueries;
  readonly corrections: CorrectionsQueries;
  readonly trash: TrashQueries;
  readonly changes: ChangeFeedQueries;
  readonly imports: ImportsQueries;
  readonly importJobs: ImportJobsQueries;
  readonly catalogue: CatalogueQueries;
  readonly inbox: InboxQueries;
  readonly undo: UndoQueries;
  readonly accounts: AccountsQueries;
  readonly ledger: LedgerQueries;
  readonly splits: SplitsQueries;
  readonly transfers: TransfersQueries;

  constructor(db: Kysely<Database>, quirks: DialectQuirks) {
    this.transactions = new Queries(db, quirks);
    this.reports = new ReportQueries(db, quirks, this.transactions);
    this.rules = new RulesQueries(db, quirks);
    this.security = new SecurityQueries(db);
    this.corrections = new CorrectionsQueries(db, quirks);
    this.trash = new TrashQueries(db, quirks);
    this.changes = new ChangeFeedQueries(db, quirks);
    this.imports = new ImportsQueries(db);
    this.importJobs = new ImportJobsQueries(db);
    this.catalogue = new CatalogueQueries(db);
    this.inbox = new InboxQueries(db, quirks, this.transactions);
    this.undo = new UndoQueries(db, this.corrections);
    this.accounts = new AccountsQueries(db);
    this.ledger = new LedgerQueries(db, quirks);
    this.splits = new SplitsQueries(db);
    this.transfers = new TransfersQueries(db, quirks);
  }
}

/** The programs by name: a write crosses to the SQLite writer thread as a name and its arguments. */
export function writePrograms(q: StoreQueries) {
  return {
    ...transactionPrograms(q),
    ...correctionPrograms(q),
    ...trashPrograms(q),
    ...cataloguePrograms(q),
    ...rulePrograms(q),
    ...inboxPrograms(q),
    ...securityPrograms(q),
    ...importJobPrograms(q),
    ...undoPrograms(q),
    ...accountPrograms(q),
    ...ledgerPrograms(q),
    ...splitPrograms(q),
    ...transferPrograms(q),
  };
}

export type WritePrograms = ReturnType<typeof writePrograms>;
export type WriteName = keyof WritePrograms;
export type WriteArgs<K extends WriteName> = ProgramArgs<WritePrograms[K]>;
export type WriteResult<K extends WriteName> = ProgramResult<WritePrograms[K]>;

/** A write as plain data: what crosses to the writer thread. */
export interface WriteCommand {
  op: WriteName;
  args: unknown[];
}

/** Runs any write of the store, whichever engine's driver carries it out. */
export type StoreWrite = SubmitWrite<WritePrograms>;

/** The program a command names, answering its result with the change it recorded (Recorded). */
export function programOf(programs: WritePrograms, command: WriteCommand, queries: StoreQueries): WriteProgram<Recorded<unknown>> {
  // The union of the programs' signatures cannot be called directly; `command` was built by a
  // typed SubmitWrite from the same names and argument tuples.
  const program = programs[command.op] as (...args: unknown[]) => WriteProgram<unknown>;
  return recorded(program(...command.args), appendStatement(queries));
}

/** The SQL text of a feed entry's statement (the last of ChangeFeedQueries.append): how recorded() spots it. */
export function appendStatement(queries: StoreQueries): string {
  const statements = queries.changes.append(0);
  const last = statements[statements.length - 1];
  if (!last) throw new Error('the change feed appends no statement');
  return last.sql;
}

/** Runs a named write and answers its result with the change it recorded: what an engine gives EngineStore, which notes the change. */
export type RecordedWrite = <K extends WriteName>(op: K, ...args: WriteArgs<K>) => Promise<Recorded<WriteResult<K>>>;
