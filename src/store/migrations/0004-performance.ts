import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * What makes GET /transactions fast at a million rows (see README, Performance):
 * - transaction_counts: how many transactions each (category, bank) pair has, kept by triggers
 *   in the same transaction as every insert, update and delete, whoever writes (API, imports,
 *   cascades). X-Total-Count without a description filter sums a handful of its rows instead of
 *   counting the table. '' stands for "none": category names and bank ids are never empty.
 * - SQLite: an FTS5 trigram index over description_folded (external content, kept by triggers),
 *   so a description search of 3+ characters is an index lookup. PostgreSQL already has its
 *   pg_trgm index (0001).
 * - an index on value for sort=value / sort=-value, and a narrow one on id for deep offsets.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine === 'sqlite') await sqlite(db);
  else await postgres(db);
  await sql`CREATE INDEX transactions_value ON transactions (value)`.execute(db);
  // Ids alone, in order: stepping over half a million of them (offset=500000) reads a few MB
  // instead of the whole rows (see Queries.deepIdPage).
  await sql`CREATE INDEX transactions_id ON transactions (id)`.execute(db);
  await sql`ANALYZE`.execute(db);
}

async function sqlite(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE transaction_counts (
    category TEXT NOT NULL,
    bank_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (category, bank_id)
  ) WITHOUT ROWID`.execute(db);
  await sql`INSERT INTO transaction_counts (category, bank_id, n)
    SELECT coalesce(category, ''), coalesce(bank_id, ''), count(*) FROM transactions GROUP BY 1, 2`.execute(db);
  await sql`CREATE TRIGGER transactions_counts_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO transaction_counts (category, bank_id, n) VALUES (coalesce(NEW.category, ''), coalesce(NEW.bank_id, ''), 1)
      ON CONFLICT (category, bank_id) DO UPDATE SET n = n + 1;
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_counts_delete AFTER DELETE ON transactions BEGIN
    UPDATE transaction_counts SET n = n - 1 WHERE category = coalesce(OLD.category, '') AND bank_id = coalesce(OLD.bank_id, '');
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_counts_update AFTER UPDATE OF category, bank_id ON transactions
    WHEN OLD.category IS NOT NEW.category OR OLD.bank_id IS NOT NEW.bank_id BEGIN
    UPDATE transaction_counts SET n = n - 1 WHERE category = coalesce(OLD.category, '') AND bank_id = coalesce(OLD.bank_id, '');
    INSERT INTO transaction_counts (category, bank_id, n) VALUES (coalesce(NEW.category, ''), coalesce(NEW.bank_id, ''), 1)
      ON CONFLICT (category, bank_id) DO UPDATE SET n = n + 1;
  END`.execute(db);

  // case_sensitive 1: the column is folded already, and a token must be the exact characters,
  // so a quoted-phrase match is exactly "contains this substring".
  await sql`CREATE VIRTUAL TABLE transactions_fts USING fts5(
    description_folded, content = 'transactions', content_rowid = 'id', tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  await sql`INSERT INTO transactions_fts (transactions_fts) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER transactions_fts_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO transactions_fts (rowid, description_folded) VALUES (NEW.id, NEW.description_folded);
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_fts_delete AFTER DELETE ON transactions BEGIN
    INSERT INTO transactions_fts (transactions_fts, rowid, description_folded) VALUES ('delete', OLD.id, OLD.description_folded);
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_fts_update AFTER UPDATE OF description_folded ON transactions BEGIN
    INSERT INTO transactions_fts (transactions_fts, rowid, description_folded) VALUES ('delete', OLD.id, OLD.description_folded);
    INSERT INTO transactions_fts (rowid, description_folded) VALUES (NEW.id, NEW.description_folded);
  END`.execute(db);
}

/**
 * PostgreSQL: concurrent transactions must not queue on a few hot counter rows (each would hold
 * its row lock until its commit's fsync, and opposite re-categorisations would deadlock). So
 * the triggers only append signed deltas, one row per (category, bank) a statement touched, and
 * the store folds them together now and then (Queries.compactCounts). The sum is the count at
 * every moment, in every snapshot.
 */
async function postgres(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE transaction_counts (
    category text COLLATE "C" NOT NULL,
    bank_id text COLLATE "C" NOT NULL,
    n bigint NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX transaction_counts_key ON transaction_counts (category, bank_id)`.execute(db);
  // Taken under a lock so no write slips between the initial count and the triggers.
  await sql`LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`INSERT INTO transaction_counts (category, bank_id, n)
    SELECT coalesce(category, ''), coalesce(bank_id, ''), count(*) FROM transactions GROUP BY 1, 2`.execute(db);
  // Statement-level with transition tables: a bulk import appends a handful of rows, not one per row.
  await sql`CREATE FUNCTION moneta_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO transaction_counts (category, bank_id, n)
        SELECT coalesce(category, ''), coalesce(bank_id, ''), count(*) FROM new_rows GROUP BY 1, 2;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE FUNCTION moneta_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO transaction_counts (category, bank_id, n)
        SELECT coalesce(category, ''), coalesce(bank_id, ''), -count(*) FROM old_rows GROUP BY 1, 2;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE FUNCTION moneta_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO transaction_counts (category, bank_id, n)
        SELECT category, bank_id, sum(n) FROM (
          SELECT coalesce(category, '') AS category, coalesce(bank_id, '') AS bank_id, -1 AS n FROM old_rows
          UNION ALL
          SELECT coalesce(category, ''), coalesce(bank_id, ''), 1 FROM new_rows
        ) AS changes
        GROUP BY 1, 2 HAVING sum(n) <> 0;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER transactions_counts_insert AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_count_inserted()`.execute(db);
  await sql`CREATE TRIGGER transactions_counts_delete AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_count_deleted()`.execute(db);
  await sql`CREATE TRIGGER transactions_counts_update AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_count_updated()`.execute(db);
}
