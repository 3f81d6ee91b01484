import type { CompiledQuery, Kysely } from 'kysely';
import type { ApiTokenRecord } from '../domain/api-token.js';
import { createdTransactionResponse, replayOf, type IdempotencyKeyRow, type IdempotencyRequest, type IdempotentCreation } from '../domain/idempotency.js';
import type { NewRule, Rule } from '../domain/rules/rule.js';
import type { Bank, Category, NewTransaction, TransactionId, TransactionRecord } from '../domain/transaction.js';
import type { DialectQuirks } from './engine/dialect-quirks.js';
import { createdRecord, Queries, toCount, type BankRow, type CategoryRow, type CountRow, type TransactionRow } from './transactions/transactions-queries.js';
import { CatalogueQueries } from './catalogue/catalogue-queries.js';
import { cataloguePrograms } from './catalogue/catalogue-writes.js';
import { ChangeFeedQueries } from './changes/change-feed-queries.js';
import { correctionPrograms } from './transactions/correction-writes.js';
import { CorrectionsQueries } from './transactions/corrections-queries.js';
import { ImportsQueries } from './imports/imports-queries.js';
import { InboxQueries } from './inbox/inbox-queries.js';
import { inboxPrograms } from './inbox/inbox-writes.js';
import { ReportQueries } from './reports/report-queries.js';
import { RulesQueries } from './rules/rules-queries.js';
import { rulePrograms } from './rules/rule-writes.js';
import type { Database } from './engine/schema.js';
import { SecurityQueries } from './security/security-queries.js';
import type { RemoveCategoryOptions, RemoveOutcome } from './store.js';
import { changeRecorded, changes, changeToken, firstRow, type StepResult, type WriteProgram } from './engine/write-steps.js';

/**
 * Every write of the store, written once for both engines. A write is a program: a generator
 * that yields compiled statements and receives each one's result, so it can decide its next
 * statement from what the last one found. A driver runs the whole program inside one
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
  readonly changes: ChangeFeedQueries;
  readonly imports: ImportsQueries;
  readonly catalogue: CatalogueQueries;
  readonly inbox: InboxQueries;

  constructor(db: Kysely<Database>, quirks: DialectQuirks) {
    this.transactions = new Queries(db, quirks);
    this.reports = new ReportQueries(db, quirks, this.transactions);
    this.rules = new RulesQueries(db, quirks);
    this.security = new SecurityQueries(db);
    this.corrections = new CorrectionsQueries(db, quirks);
    this.changes = new ChangeFeedQueries(db, quirks);
    this.imports = new ImportsQueries(db);
    this.catalogue = new CatalogueQueries(db);
    this.inbox = new InboxQueries(db, quirks, this.transactions);
  }
}

function* insertedId(query: CompiledQuery<{ id: number }>): Generator<CompiledQuery, number, StepResult> {
  const row = yield* firstRow<{ id: number }>(query);
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return Number(row.id);
}

export type CreateTransactionResult = { status: 'created'; record: TransactionRecord } | { status: 'unknown-bank' };
export type IdempotentCreationResult = IdempotentCreation | { outcome: 'unknown-bank' };

/** The programs by name: a write crosses to the SQLite writer thread as a name and its arguments. */
export function writePrograms(q: StoreQueries) {
  const { transactions: t, rules, security, changes: feed } = q;

  /** The creation itself; the caller records the change (so an idempotency key can follow it). */
  function* insertTransaction(input: NewTransaction, tx: number): WriteProgram<CreateTransactionResult> {
    if (input.bank != null && !(yield* firstRow<BankRow>(t.findBankById(input.bank)))) return { status: 'unknown-bank' };
    // Categories hold every name a transaction uses: a new name is added on first use.
    if (input.category != null) yield t.insertCategoryIfMissing(input.category, tx);
    const id = yield* insertedId(t.insertTransaction(input, tx));
    return { status: 'created', record: createdRecord({ id }, input) };
  }

  return {
    *createTransaction(input: NewTransaction): WriteProgram<CreateTransactionResult> {
      const tx = yield* changeToken(feed);
      const created = yield* insertTransaction(input, tx);
      if (created.status === 'created') yield* changeRecorded(feed, tx);
      return created;
    },

    *createTransactionIdempotent(input: NewTransaction, request: IdempotencyRequest): WriteProgram<IdempotentCreationResult> {
      yield security.deleteExpiredKey(request.key, request.expiredBefore);
      // On PostgreSQL a concurrent request with the same key waits on this insert until the first commits.
      if (!(yield* firstRow<{ key: string }>(security.claimKey(request.key, request.fingerprint, request.now)))) {
        return replayOf(yield* firstRow<IdempotencyKeyRow>(security.findKey(request.key)), request.fingerprint);
      }
      const tx = yield* changeToken(feed);
      const created = yield* insertTransaction(input, tx);
      if (created.status === 'unknown-bank') {
        // Nothing was created, so the key is not kept either: a corrected retry may use it.
        yield security.releaseKey(request.key);
        return { outcome: 'unknown-bank' };
      }
      const response = createdTransactionResponse(created.record);
      yield security.completeKey(request.key, created.record.id, response);
      yield* changeRecorded(feed, tx);
      return { outcome: 'created', response };
    },

    *purgeIdempotencyKeys(expiredBefore: number): WriteProgram<number> {
      return yield* changes(security.deleteExpiredKeys(expiredBefore));
    },

    *addApiToken(token: ApiTokenRecord): WriteProgram<boolean> {
      return (yield* changes(security.insertApiToken(token))) > 0;
    },

    *removeApiToken(name: string): WriteProgram<boolean> {
      return (yield* changes(security.deleteApiToken(name))) > 0;
    },

    /** `source`: how the category was chosen (CategorySource); ignored when clearing it. */
    *setTransactionCategory(id: TransactionId, category: string | null, source: string | null = null): WriteProgram<boolean> {
      // Check first, so a PUT to a missing transaction creates no category either.
      if (!(yield* firstRow<TransactionRow>(t.findTransactionById(id)))) return false;
      const tx = yield* changeToken(feed);
      if (category !== null) yield t.insertCategoryIfMissing(category, tx);
      const updated = (yield* changes(t.updateTransactionCategory(id, category, source, tx))) > 0;
      yield* changeRecorded(feed, tx);
      return updated;
    },

    *addBank(bank: Bank): WriteProgram<boolean> {
      const tx = yield* changeToken(feed);
      const added = (yield* changes(t.insertBank(bank, tx))) > 0;
      if (added) yield* changeRecorded(feed, tx);
      return added;
    },

    *removeBank(id: string): WriteProgram<RemoveOutcome> {
      if (!(yield* firstRow<BankRow>(t.findBankById(id)))) return { status: 'missing' };
      const transactions = toCount(yield* firstRow<CountRow>(t.countOfBank(id)));
      if (transactions > 0) return { status: 'in-use', transactions };
      const tx = yield* changeToken(feed);
      yield t.deleteBank(id);
      yield feed.tombstone('bank', id, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'removed' };
    },

    *saveCategory(category: Category): WriteProgram<void> {
      const tx = yield* changeToken(feed);
      yield t.upsertCategory(category, tx);
      yield* changeRecorded(feed, tx);
    },

    *removeCategory(name: string, options: RemoveCategoryOptions): WriteProgram<RemoveOutcome> {
      if (!(yield* firstRow<CategoryRow>(t.findCategory(name)))) return { status: 'missing' };
      const transactions = toCount(yield* firstRow<CountRow>(t.countInCategory(name)));
      if (options.mergeInto === undefined && transactions > 0 && !options.force) return { status: 'in-use', transactions };
      const tx = yield* changeToken(feed);
      if (options.mergeInto !== undefined) {
        yield t.insertCategoryIfMissing(options.mergeInto, tx);
        yield rules.recategoriseRules(name, options.mergeInto);
        yield rules.raiseRevision();
      }
      if (transactions > 0) yield t.recategoriseAll(name, options.mergeInto ?? null, tx);
      yield t.deleteCategory(name);
      yield feed.tombstone('category', name, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'removed' };
    },

    ...correctionPrograms(q),

    ...cataloguePrograms(q),

    ...inboxPrograms(q),

    *addRule(rule: NewRule): WriteProgram<Rule> {
      return { ...rule, id: yield* insertedId(rules.insertRule(rule)) };
    },

    *removeRule(id: number): WriteProgram<boolean> {
      return (yield* changes(rules.deleteRule(id))) > 0;
    },

    ...rulePrograms(q),
  };
}

export type WritePrograms = ReturnType<typeof writePrograms>;
export type WriteName = keyof WritePrograms;
export type WriteArgs<K extends WriteName> = Parameters<WritePrograms[K]>;
export type WriteResult<K extends WriteName> = ReturnType<WritePrograms[K]> extends WriteProgram<infer T> ? T : never;

/** A write as plain data: what crosses to the writer thread. */
export interface WriteCommand {
  op: WriteName;
  args: unknown[];
}

/** Runs a named write, whichever engine's driver carries it out. */
export type SubmitWrite = <K extends WriteName>(op: K, ...args: WriteArgs<K>) => Promise<WriteResult<K>>;

/** The program a command names. */
export function programOf(programs: WritePrograms, command: WriteCommand): WriteProgram<unknown> {
  // The union of the programs' signatures cannot be called directly; `command` was built by a
  // typed SubmitWrite from the same names and argument tuples.
  const program = programs[command.op] as (...args: unknown[]) => WriteProgram<unknown>;
  return program(...command.args);
}
