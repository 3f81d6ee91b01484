import type { CompiledQuery, Kysely } from 'kysely';
import type { ApiTokenRecord } from '../domain/api-token.js';
import { createdTransactionResponse, replayOf, type IdempotencyKeyRow, type IdempotencyRequest, type IdempotentCreation } from '../domain/idempotency.js';
import type { NewRule, Rule } from '../domain/rules/rule.js';
import type { Bank, Category, NewTransaction, TransactionId, TransactionRecord } from '../domain/transaction.js';
import type { DialectQuirks } from './dialect-quirks.js';
import { Queries, toCount, type BankRow, type CategoryRow, type CountRow, type TransactionRow } from './queries.js';
import { RulesQueries } from './rules-queries.js';
import type { Database } from './schema.js';
import { SecurityQueries } from './security-queries.js';
import type { RemoveOutcome } from './store.js';

/**
 * Every write of the store, written once for both engines. A write is a program: a generator
 * that yields compiled statements and receives each one's result, so it can decide its next
 * statement from what the last one found. A driver runs the whole program inside one
 * transaction: synchronously on a better-sqlite3 connection (sqlite/sqlite-writes.ts, in the
 * writer thread), asynchronously on a node-postgres client between BEGIN and COMMIT
 * (postgres/postgres-store.ts). Programs never throw on purpose: they report what they found
 * (a row missing) as their result, and the repositories turn that into errors.
 */

/** What a driver hands back for one statement. */
export interface StepResult {
  /** The rows it returned (none for a statement without RETURNING). */
  rows: unknown[];
  /** Rows it inserted, updated or deleted. */
  changes: number;
}

export type WriteProgram<T> = Generator<CompiledQuery, T, StepResult>;

/** The statement builders a program draws on, for one engine's dialect. */
export class StoreQueries {
  readonly transactions: Queries;
  readonly rules: RulesQueries;
  readonly security: SecurityQueries;

  constructor(db: Kysely<Database>, quirks: DialectQuirks) {
    this.transactions = new Queries(db, quirks);
    this.rules = new RulesQueries(db);
    this.security = new SecurityQueries(db);
  }
}

function* firstRow<T>(query: CompiledQuery): Generator<CompiledQuery, T | undefined, StepResult> {
  return (yield query).rows[0] as T | undefined;
}

function* changes(query: CompiledQuery): Generator<CompiledQuery, number, StepResult> {
  return (yield query).changes;
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
  const { transactions: t, rules, security } = q;

  function* createTransaction(input: NewTransaction): WriteProgram<CreateTransactionResult> {
    if (input.bank != null && !(yield* firstRow<BankRow>(t.findBankById(input.bank)))) return { status: 'unknown-bank' };
    // Categories hold every name a transaction uses: a new name is added on first use.
    if (input.category != null) yield t.insertCategoryIfMissing(input.category);
    const id = yield* insertedId(t.insertTransaction(input));
    const record: TransactionRecord = {
      id,
      date: input.date,
      description: input.description,
      value: input.value,
      category: input.category ?? null,
      bank: input.bank ?? null,
    };
    return { status: 'created', record };
  }

  return {
    createTransaction,

    *createTransactionIdempotent(input: NewTransaction, request: IdempotencyRequest): WriteProgram<IdempotentCreationResult> {
      yield security.deleteExpiredKey(request.key, request.expiredBefore);
      // On PostgreSQL a concurrent request with the same key waits on this insert until the first commits.
      if (!(yield* firstRow<{ key: string }>(security.claimKey(request.key, request.fingerprint, request.now)))) {
        return replayOf(yield* firstRow<IdempotencyKeyRow>(security.findKey(request.key)), request.fingerprint);
      }
      const created = yield* createTransaction(input);
      if (created.status === 'unknown-bank') {
        // Nothing was created, so the key is not kept either: a corrected retry may use it.
        yield security.releaseKey(request.key);
        return { outcome: 'unknown-bank' };
      }
      const response = createdTransactionResponse(created.record);
      yield security.completeKey(request.key, created.record.id, response);
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

    *setTransactionCategory(id: TransactionId, category: string | null): WriteProgram<boolean> {
      // Check first, so a PUT to a missing transaction creates no category either.
      if (!(yield* firstRow<TransactionRow>(t.findTransactionById(id)))) return false;
      if (category !== null) yield t.insertCategoryIfMissing(category);
      return (yield* changes(t.updateTransactionCategory(id, category))) > 0;
    },

    *addBank(bank: Bank): WriteProgram<boolean> {
      return (yield* changes(t.insertBank(bank))) > 0;
    },

    *removeBank(id: string): WriteProgram<RemoveOutcome> {
      if (!(yield* firstRow<BankRow>(t.findBankById(id)))) return { status: 'missing' };
      const transactions = toCount(yield* firstRow<CountRow>(t.countOfBank(id)));
      if (transactions > 0) return { status: 'in-use', transactions };
      yield t.deleteBank(id);
      return { status: 'removed' };
    },

    *saveCategory(category: Category): WriteProgram<void> {
      yield t.upsertCategory(category);
    },

    *removeCategory(name: string, options: { force: boolean }): WriteProgram<RemoveOutcome> {
      if (!(yield* firstRow<CategoryRow>(t.findCategory(name)))) return { status: 'missing' };
      const transactions = toCount(yield* firstRow<CountRow>(t.countInCategory(name)));
      if (transactions > 0 && !options.force) return { status: 'in-use', transactions };
      if (transactions > 0) yield t.uncategoriseAll(name);
      yield t.deleteCategory(name);
      return { status: 'removed' };
    },

    *addRule(rule: NewRule): WriteProgram<Rule> {
      return { ...rule, id: yield* insertedId(rules.insertRule(rule)) };
    },

    *removeRule(id: number): WriteProgram<boolean> {
      return (yield* changes(rules.deleteRule(id))) > 0;
    },
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
