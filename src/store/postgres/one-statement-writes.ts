import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { foldForSearch } from '../../domain/text.js';
import type { NewTransaction, TransactionId } from '../../domain/transaction.js';
import { createdRecord } from '../transactions/transactions-queries.js';
import type { Database } from '../engine/schema.js';
import type { CreateTransactionResult } from '../transactions/transactions-writes.js';
import { postgresQuirks } from './postgres-quirks.js';
import type { Recorded } from '../engine/write-steps.js';

/** One row per input of createTransactions' statement, by `n` (1-based, the inputs' order): whether its bank is known, its new id, and the change token. */
export interface CreatedRow {
  n: number | string;
  bank_known: boolean;
  account_known: boolean;
  id: number | string | null;
  tx: number | string | null;
}

/** One category change: setTransactionCategory's arguments. */
export interface CategoryChange {
  id: TransactionId;
  category: string | null;
  source: string | null;
}

/** One row per change of setTransactionCategories' statement, by `n` (1-based): whether its row exists (and so was updated). */
export interface CategorySetRow {
  n: number | string;
  updated: boolean;
  tx: number | string | null;
}

/**
 * The two writes a person and a sync make most, as ONE statement for one write or for many that
 * arrive together (statement-batcher.ts): in its own implicit transaction, one round trip to the
 * server instead of seven each (BEGIN, the five statements of the write program, COMMIT), with
 * the same durable commit. Each means what its program in writes.ts
 * means, statement for statement, in one snapshot:
 *
 * - createTransaction (createTransactions, for one input or many): a change token; the bank
 *   checked (an unknown one writes nothing else); the category added if missing; the row; the
 *   feed entry under the feed lock.
 * - setTransactionCategory (setTransactionCategories, for one change or many): a missing id
 *   writes nothing (no token, no category); else a token, the category added if missing, the
 *   update, the feed entry.
 *
 * Both keep their change for undo (migration 0018): its change_undo row and, for a create, the
 * `created` image of each row (a category change's images come from the migration's trigger).
 *
 * The token CTE is MATERIALIZED: nextval runs once however many CTEs read it. A row's foreign
 * keys are checked at the end of the statement, after the category CTE has inserted.
 * test/postgres/one-statement-writes.test.ts runs both forms on the same inputs and compares
 * the rows, categories, tokens and feed entries they leave.
 */
export class OneStatementWrites {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Creates `inputs` (one or many: statement-batcher.ts gathers concurrent creates) in one
   * statement and one commit, as createTransaction's program would each of them, except that they
   * share one change token and one feed entry, as the rows of one import do: they commit
   * together. A row whose bank is unknown is not written (and its new category not made); the
   * others are. The statement-level triggers (counts, report totals) and the commit run once for
   * all of them. The final SELECT reads the token, so one is taken even when every bank is
   * unknown, as the program takes one before it checks the bank.
   */
  createTransactions(inputs: readonly NewTransaction[], madeAt: number): CompiledQuery<CreatedRow> {
    const column = <T>(value: (input: NewTransaction) => T) => inputs.map(value);
    const category = (input: NewTransaction) => input.category ?? null;
    return sql<CreatedRow>`WITH input AS (
        SELECT * FROM unnest(${column((input) => input.date)}::text[], ${column((input) => input.description)}::text[],
          ${column((input) => foldForSearch(input.description))}::text[], ${column((input) => input.value)}::double precision[],
          ${column(category)}::text[], ${column((input) => input.bank ?? null)}::text[],
          ${column((input) => (category(input) === null ? null : (input.categorySource ?? null)))}::text[],
          ${column((input) => input.account ?? null)}::bigint[], ${column((input) => input.status ?? null)}::text[])
          WITH ORDINALITY AS i (date, description, folded, value, category, bank_id, source, account_id, status, n)),
      known AS MATERIALIZED (
        SELECT input.*, (input.bank_id IS NULL OR EXISTS (SELECT 1 FROM banks WHERE banks.id = input.bank_id)) AS bank_known,
          (input.account_id IS NULL OR EXISTS (SELECT 1 FROM accounts WHERE accounts.id = input.account_id)) AS account_known FROM input),
      checked AS MATERIALIZED (SELECT known.*, known.bank_known AND known.account_known AS references_known FROM known),
      token AS MATERIALIZED (${postgresQuirks.nextChangeToken()}),
      category AS (
        INSERT INTO categories (name, group_name, change_tx)
        SELECT DISTINCT checked.category, NULL::text, token.tx FROM checked, token WHERE checked.references_known AND checked.category IS NOT NULL
        ON CONFLICT (name) DO NOTHING),
      numbered AS MATERIALIZED (
        SELECT checked.n, nextval(pg_get_serial_sequence('transactions', 'id')) AS id FROM checked WHERE checked.references_known ORDER BY checked.n),
      created AS (
        INSERT INTO transactions (id, date, description, description_folded, value, category, bank_id, category_source, account_id, status, change_tx)
        SELECT numbered.id, checked.date, checked.description, checked.folded, checked.value, checked.category, checked.bank_id, checked.source, checked.account_id, checked.status, token.tx
        FROM numbered JOIN checked ON checked.n = numbered.n, token ORDER BY numbered.id
        RETURNING id),
      kept AS (
        INSERT INTO change_undo (tx, made_at) SELECT token.tx, CAST(${madeAt} AS bigint) FROM token WHERE EXISTS (SELECT 1 FROM created)),
      imaged AS (
        INSERT INTO change_undo_rows (tx, transaction_id, action) SELECT token.tx, created.id, 'created' FROM created, token),
      feed AS (
        INSERT INTO change_feed (tx) SELECT token.tx FROM token, (${feedLock()}) AS feed_lock WHERE EXISTS (SELECT 1 FROM created))
      SELECT checked.n, checked.bank_known, checked.account_known, numbered.id, (SELECT tx FROM token) AS tx
      FROM checked LEFT JOIN numbered ON numbered.n = checked.n ORDER BY checked.n`.compile(this.db);
  }

  /**
   * Sets the categories of `changes` (one or many: statement-batcher.ts gathers concurrent ones)
   * in one statement and one commit, as setTransactionCategory's program would each, in order: a
   * missing id writes nothing; if any id exists, one change token, the categories added if
   * missing (of every change to an existing row, a later one to the same row too), the updates
   * (of two changes to one row, the later is what stays, as if the earlier had committed first)
   * and one feed entry, shared as the rows of one import share them.
   */
  setTransactionCategories(changes: readonly CategoryChange[], madeAt: number): CompiledQuery<CategorySetRow> {
    const column = <T>(value: (change: CategoryChange) => T) => changes.map(value);
    return sql<CategorySetRow>`WITH input AS (
        SELECT * FROM unnest(${column((change) => change.id)}::bigint[], ${column((change) => change.category)}::text[],
          ${column((change) => (change.category === null ? null : change.source))}::text[])
          WITH ORDINALITY AS i (id, category, source, n)),
      existing AS MATERIALIZED (SELECT input.* FROM input WHERE EXISTS (SELECT 1 FROM transactions WHERE transactions.id = input.id AND transactions.split IS NULL)),
      target AS MATERIALIZED (SELECT DISTINCT ON (existing.id) existing.* FROM existing ORDER BY existing.id, existing.n DESC),
      token AS MATERIALIZED (SELECT nextval('change_tx_seq') AS tx FROM (SELECT 1 FROM existing LIMIT 1) AS any_existing),
      category AS (
        INSERT INTO categories (name, group_name, change_tx)
        SELECT DISTINCT existing.category, NULL::text, token.tx FROM existing, token WHERE existing.category IS NOT NULL
        ON CONFLICT (name) DO NOTHING),
      updated AS (
        UPDATE transactions SET category = target.category, category_source = target.source, change_tx = token.tx
        FROM target, token WHERE transactions.id = target.id
        RETURNING transactions.id),
      kept AS (INSERT INTO change_undo (tx, made_at) SELECT token.tx, CAST(${madeAt} AS bigint) FROM token),
      feed AS (INSERT INTO change_feed (tx) SELECT token.tx FROM token, (${feedLock()}) AS feed_lock)
      SELECT input.n, EXISTS (SELECT 1 FROM updated WHERE updated.id = input.id) AS updated, (SELECT tx FROM token) AS tx FROM input ORDER BY input.n`.compile(this.db);
  }
}

/** Each change's answer from setTransactionCategories' rows. */
export function categoriesSet(rows: readonly CategorySetRow[], changes: readonly CategoryChange[]): Array<Recorded<boolean>> {
  const byN = new Map(rows.map((row) => [Number(row.n), row]));
  return changes.map((_, index) => {
    const row = byN.get(index + 1);
    const updated = row?.updated === true;
    return { value: updated, change: updated && row.tx !== null ? Number(row.tx) : null };
  });
}

/** Each input's answer from createTransactions' rows, as createTransaction's program answers it. */
export function createdResults(rows: readonly CreatedRow[], inputs: readonly NewTransaction[]): Array<Recorded<CreateTransactionResult>> {
  const byN = new Map(rows.map((row) => [Number(row.n), row]));
  return inputs.map((input, index) => {
    const row = byN.get(index + 1);
    if (!row) throw new Error(`the batch statement answered no row for input ${index + 1}`);
    if (!row.bank_known) return { value: { status: 'unknown-bank' }, change: null };
    if (!row.account_known || row.id === null) return { value: { status: 'unknown-account' }, change: null };
    return { value: { status: 'created', record: createdRecord({ id: Number(row.id) }, input) }, change: row.tx === null ? null : Number(row.tx) };
  });
}

function feedLock() {
  const lock = postgresQuirks.changeFeedLock?.();
  if (lock === undefined) throw new Error('PostgreSQL takes the change feed lock before its feed append');
  return lock;
}
