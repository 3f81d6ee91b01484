import type Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { invalidField } from '../../domain/errors.js';
import type { ApiTokenRecord } from '../../domain/api-token.js';
import { createdTransactionResponse, replayOf, type IdempotencyKeyRow, type IdempotencyRequest, type IdempotentCreation } from '../../domain/idempotency.js';
import type { NewRule, Rule } from '../../domain/rules/rule.js';
import type { Bank, Category, NewTransaction, TransactionId, TransactionRecord } from '../../domain/transaction.js';
import { sqliteQuirks } from '../dialect-quirks.js';
import { Queries, createdRecord, toCount, type BankRow, type CategoryRow, type CountRow, type TransactionRow } from '../queries.js';
import { RulesQueries } from '../rules-queries.js';
import type { Database as Schema } from '../schema.js';
import { SecurityQueries } from '../security-queries.js';
import type { RemoveCategoryOptions, RemoveOutcome } from '../store.js';
import { CompiledStatements } from './compiled-statements.js';

/**
 * Every write of the SQLite store, on one connection, each meant to run inside a write job of
 * a WriteBatcher (its transaction and savepoint). Arguments and results are plain data, so the
 * same operation runs on the store's own connection or in the writer thread (writer-thread.ts).
 */
export class SqliteWrites {
  private readonly queries: Queries;
  private readonly rules: RulesQueries;
  private readonly security: SecurityQueries;
  private readonly statements: CompiledStatements;

  constructor(db: Database.Database) {
    // Kysely only compiles here; the statements run through better-sqlite3 directly.
    const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: db }) });
    this.queries = new Queries(kysely, sqliteQuirks);
    this.rules = new RulesQueries(kysely);
    this.security = new SecurityQueries(kysely);
    this.statements = new CompiledStatements(db);
  }

  createTransaction(input: NewTransaction): TransactionRecord {
    if (input.bank != null && !this.first<BankRow>(this.queries.findBankById(input.bank))) {
      throw invalidField('body', 'bank', `names no known bank ("${input.bank}")`);
    }
    if (input.category != null) this.run(this.queries.insertCategoryIfMissing(input.category));
    return createdRecord(this.first<{ id: number }>(this.queries.insertTransaction(input)), input);
  }

  createTransactionIdempotent(input: NewTransaction, request: IdempotencyRequest): IdempotentCreation {
    this.run(this.security.deleteExpiredKey(request.key, request.expiredBefore));
    if (!this.first<{ key: string }>(this.security.claimKey(request.key, request.fingerprint, request.now))) {
      return replayOf(this.first<IdempotencyKeyRow>(this.security.findKey(request.key)), request.fingerprint);
    }
    const created = this.createTransaction(input);
    const response = createdTransactionResponse(created);
    this.run(this.security.completeKey(request.key, created.id, response));
    return { outcome: 'created', response };
  }

  purgeIdempotencyKeys(expiredBefore: number): number {
    return this.run(this.security.deleteExpiredKeys(expiredBefore)).changes;
  }

  addApiToken(token: ApiTokenRecord): boolean {
    return this.run(this.security.insertApiToken(token)).changes > 0;
  }

  removeApiToken(name: string): boolean {
    return this.run(this.security.deleteApiToken(name)).changes > 0;
  }

  setTransactionCategory(id: TransactionId, category: string | null): boolean {
    // Check first, so a PUT to a missing transaction creates no category either.
    if (!this.first<TransactionRow>(this.queries.findTransactionById(id))) return false;
    if (category !== null) this.run(this.queries.insertCategoryIfMissing(category));
    return this.run(this.queries.updateTransactionCategory(id, category)).changes > 0;
  }

  addBank(bank: Bank): boolean {
    return this.run(this.queries.insertBank(bank)).changes > 0;
  }

  removeBank(id: string): RemoveOutcome {
    if (!this.first<BankRow>(this.queries.findBankById(id))) return { status: 'missing' };
    const transactions = toCount(this.first<CountRow>(this.queries.countOfBank(id)));
    if (transactions > 0) return { status: 'in-use', transactions };
    this.run(this.queries.deleteBank(id));
    return { status: 'removed' };
  }

  saveCategory(category: Category): void {
    this.run(this.queries.upsertCategory(category));
  }

  removeCategory(name: string, options: RemoveCategoryOptions): RemoveOutcome {
    if (!this.first<CategoryRow>(this.queries.findCategory(name))) return { status: 'missing' };
    const transactions = toCount(this.first<CountRow>(this.queries.countInCategory(name)));
    if (options.mergeInto !== undefined) {
      this.run(this.queries.insertCategoryIfMissing(options.mergeInto));
      this.run(this.rules.recategoriseRules(name, options.mergeInto));
    } else if (transactions > 0 && !options.force) return { status: 'in-use', transactions };
    if (transactions > 0) this.run(this.queries.recategoriseAll(name, options.mergeInto ?? null));
    this.run(this.queries.deleteCategory(name));
    return { status: 'removed' };
  }

  addRule(rule: NewRule): Rule {
    const inserted = this.first<{ id: number }>(this.rules.insertRule(rule));
    if (!inserted) throw new Error('INSERT ... RETURNING gave no row');
    return { ...rule, id: Number(inserted.id) };
  }

  removeRule(id: number): boolean {
    return this.run(this.rules.deleteRule(id)).changes > 0;
  }

  private first<T>(query: CompiledQuery): T | undefined {
    return this.statements.first<T>(query);
  }

  private run(query: CompiledQuery): Database.RunResult {
    return this.statements.run(query);
  }
}

/** The operations a write command can name, with their arguments and results. */
export type WriteOperationName = {
  [K in keyof SqliteWrites]: SqliteWrites[K] extends (...args: never[]) => unknown ? K : never;
}[keyof SqliteWrites];
export type WriteArgs<K extends WriteOperationName> = Parameters<SqliteWrites[K]>;
export type WriteResult<K extends WriteOperationName> = ReturnType<SqliteWrites[K]>;

/** A write as plain data: what crosses to the writer thread. */
export interface WriteCommand {
  op: WriteOperationName;
  args: unknown[];
}

export function runWriteCommand(writes: SqliteWrites, command: WriteCommand): unknown {
  // The union of the operations' signatures cannot be called directly; `command` was built by
  // a typed submit() from the same names and argument tuples.
  const operation = writes[command.op] as (...args: unknown[]) => unknown;
  return operation.apply(writes, command.args);
}
