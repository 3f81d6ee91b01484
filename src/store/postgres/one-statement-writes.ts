import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { foldForSearch } from '../../domain/text.js';
import type { NewTransaction, TransactionId } from '../../domain/transaction.js';
import { createdRecord } from '../queries.js';
import type { Database } from '../schema.js';
import type { CreateTransactionResult } from '../writes.js';
import { postgresQuirks } from './postgres-quirks.js';

/** What createTransaction's statement answers: whether the bank is known, and the new row's id. */
export interface CreatedRow {
  bank_known: boolean;
  id: number | string | null;
}

/**
 * The two writes a person and a sync make most, each as ONE statement: in its own implicit
 * transaction, one round trip to the server instead of seven (BEGIN, the five statements of the
 * write program, COMMIT), with the same durable commit. Each means exactly what its program in
 * writes.ts means, statement for statement, in one snapshot:
 *
 * - createTransaction: a change token; the bank checked (an unknown one writes nothing else);
 *   the category added if missing; the row; the feed entry under the feed lock.
 * - setTransactionCategory: a missing id writes nothing (no token, no category); else a token,
 *   the category added if missing, the update, the feed entry.
 *
 * The token CTE is MATERIALIZED: nextval runs once however many CTEs read it. A row's foreign
 * keys are checked at the end of the statement, after the category CTE has inserted.
 * test/postgres/one-statement-writes.test.ts runs both forms on the same inputs and compares
 * the rows, categories, tokens and feed entries they leave.
 */
export class OneStatementWrites {
  constructor(private readonly db: Kysely<Database>) {}

  createTransaction(input: NewTransaction): CompiledQuery<CreatedRow> {
    const category = input.category ?? null;
    const bank = input.bank ?? null;
    const source = category === null ? null : (input.categorySource ?? null);
    return sql<CreatedRow>`WITH token AS MATERIALIZED (${postgresQuirks.nextChangeToken()}),
      bank AS (SELECT ${bank}::text IS NULL OR EXISTS (SELECT 1 FROM banks WHERE id = ${bank}::text) AS known),
      category AS (
        INSERT INTO categories (name, group_name, change_tx)
        SELECT ${category}::text, NULL, token.tx FROM token, bank WHERE bank.known AND ${category}::text IS NOT NULL
        ON CONFLICT (name) DO NOTHING),
      created AS (
        INSERT INTO transactions (date, description, description_folded, value, category, bank_id, category_source, change_tx)
        SELECT ${input.date}::text, ${input.description}::text, ${foldForSearch(input.description)}::text, ${input.value}::double precision,
          ${category}::text, ${bank}::text, ${source}::text, token.tx
        FROM token, bank WHERE bank.known
        RETURNING id, change_tx),
      feed AS (INSERT INTO change_feed (tx) SELECT created.change_tx FROM created, (${feedLock()}) AS feed_lock)
      SELECT bank.known AS bank_known, (SELECT id FROM created) AS id FROM bank`.compile(this.db);
  }

  setTransactionCategory(id: TransactionId, category: string | null, source: string | null): CompiledQuery<{ updated: number | string }> {
    const categorySource = category === null ? null : source;
    return sql<{ updated: number | string }>`WITH target AS (SELECT id FROM transactions WHERE id = ${id}::bigint),
      token AS MATERIALIZED (SELECT nextval('change_tx_seq') AS tx FROM target),
      category AS (
        INSERT INTO categories (name, group_name, change_tx)
        SELECT ${category}::text, NULL, token.tx FROM token WHERE ${category}::text IS NOT NULL
        ON CONFLICT (name) DO NOTHING),
      updated AS (
        UPDATE transactions SET category = ${category}::text, category_source = ${categorySource}::text, change_tx = token.tx
        FROM token WHERE transactions.id = ${id}::bigint
        RETURNING transactions.id),
      feed AS (INSERT INTO change_feed (tx) SELECT token.tx FROM token, (${feedLock()}) AS feed_lock)
      SELECT count(*) AS updated FROM updated`.compile(this.db);
  }
}

/** createTransaction's statement's answer, as its program answers. */
export function createdResult(row: CreatedRow | undefined, input: NewTransaction): CreateTransactionResult {
  if (!row?.bank_known || row.id === null) return { status: 'unknown-bank' };
  return { status: 'created', record: createdRecord({ id: Number(row.id) }, input) };
}

function feedLock() {
  const lock = postgresQuirks.changeFeedLock?.();
  if (lock === undefined) throw new Error('PostgreSQL takes the change feed lock before its feed append');
  return lock;
}
