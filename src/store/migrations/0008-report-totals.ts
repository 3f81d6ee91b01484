import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';
import { centsSql, ODD_VALUE_SQL } from '../engine/sql-terms.js';

/**
 * Maintained totals for reports and for X-Total-Count with a date range (issue 12): per month and
 * per day, per (category, bank), the number of transactions and the sums of their positive and
 * negative whole-cent values. Reports read whole months from report_months and the days of a
 * partial month at either end from report_days, then add the few values that are not whole
 * cents from the partial index transactions_odd_values. '' stands for "no category" / "no bank",
 * as in transaction_counts (0004).
 *
 * Kept by triggers, whoever writes (API, imports, `moneta copy`, cascades), in the same
 * transaction, so every snapshot sees totals that match its rows. SQLite: row triggers that
 * update one row of each table. PostgreSQL: statement triggers that append signed deltas (no hot
 * rows for concurrent writers to queue on, as for the counts in 0004), folded together by the
 * store's compactor now and then; the sum of the deltas is the total at every moment.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine === 'sqlite') await sqlite(db);
  else await postgres(db);
  await sql`CREATE INDEX transactions_odd_values ON transactions (date) WHERE ${sql.raw(ODD_VALUE_SQL)}`.execute(db);
}

const TABLES = [
  { table: 'report_months', key: 'month', of: (date: string) => `substr(${date}, 1, 7)` },
  { table: 'report_days', key: 'day', of: (date: string) => date },
] as const;

async function sqlite(db: Kysely<unknown>): Promise<void> {
  const add = (row: 'NEW' | 'OLD', sign: '+' | '-') => {
    const cents = centsSql(`${row}.value`, 'sqlite');
    return TABLES.map(({ table, key, of }) =>
      sign === '+'
        ? `INSERT INTO ${table} (${key}, category, bank_id, n, income, expenses)
      VALUES (${of(`${row}.date`)}, coalesce(${row}.category, ''), coalesce(${row}.bank_id, ''), 1, max(coalesce(${cents}, 0), 0), min(coalesce(${cents}, 0), 0))
      ON CONFLICT (${key}, category, bank_id) DO UPDATE SET n = n + 1, income = income + excluded.income, expenses = expenses + excluded.expenses;`
        : `UPDATE ${table} SET n = n - 1, income = income - max(coalesce(${cents}, 0), 0), expenses = expenses - min(coalesce(${cents}, 0), 0)
      WHERE ${key} = ${of(`${row}.date`)} AND category = coalesce(${row}.category, '') AND bank_id = coalesce(${row}.bank_id, '');`,
    ).join('\n    ');
  };
  for (const { table, key, of } of TABLES) {
    await sql`CREATE TABLE ${sql.raw(table)} (
      ${sql.raw(key)} TEXT NOT NULL,
      category TEXT NOT NULL,
      bank_id TEXT NOT NULL,
      n INTEGER NOT NULL,
      income INTEGER NOT NULL,
      expenses INTEGER NOT NULL,
      PRIMARY KEY (${sql.raw(key)}, category, bank_id)
    ) WITHOUT ROWID`.execute(db);
    const cents = centsSql('value', 'sqlite');
    await sql`INSERT INTO ${sql.raw(table)} (${sql.raw(key)}, category, bank_id, n, income, expenses)
      SELECT ${sql.raw(of('date'))}, coalesce(category, ''), coalesce(bank_id, ''), count(*),
        coalesce(sum(max(coalesce(${sql.raw(cents)}, 0), 0)), 0), coalesce(sum(min(coalesce(${sql.raw(cents)}, 0), 0)), 0)
      FROM transactions GROUP BY 1, 2, 3`.execute(db);
  }
  await sql`CREATE TRIGGER transactions_report_insert AFTER INSERT ON transactions BEGIN
    ${sql.raw(add('NEW', '+'))}
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_report_delete AFTER DELETE ON transactions BEGIN
    ${sql.raw(add('OLD', '-'))}
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_report_update AFTER UPDATE OF date, value, category, bank_id ON transactions
    WHEN OLD.date IS NOT NEW.date OR OLD.value IS NOT NEW.value OR OLD.category IS NOT NEW.category OR OLD.bank_id IS NOT NEW.bank_id BEGIN
    ${sql.raw(add('OLD', '-'))}
    ${sql.raw(add('NEW', '+'))}
  END`.execute(db);
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  for (const { table, key } of TABLES) {
    await sql`CREATE TABLE ${sql.raw(table)} (
      ${sql.raw(key)} text COLLATE "C" NOT NULL,
      category text COLLATE "C" NOT NULL,
      bank_id text COLLATE "C" NOT NULL,
      n bigint NOT NULL,
      income bigint NOT NULL,
      expenses bigint NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_key`)} ON ${sql.raw(table)} (${sql.raw(key)}, category, bank_id)`.execute(db);
  }
  // Taken under a lock so no write slips between the initial totals and the triggers.
  await sql`LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  const cents = centsSql('value', 'postgres');
  // Signed deltas of a set of rows (`source`, with a sign per row), grouped per key of each table.
  const appendTo = ({ table, key, of }: (typeof TABLES)[number], source: string) =>
    `INSERT INTO ${table} (${key}, category, bank_id, n, income, expenses)
        SELECT ${of('date')}, coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(${cents}, 0), 0)), 0), coalesce(sum(sign * least(coalesce(${cents}, 0), 0)), 0)
        FROM ${source} AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(${cents}, 0), 0)) <> 0 OR sum(sign * least(coalesce(${cents}, 0), 0)) <> 0`;
  const append = (source: string) => TABLES.map((table) => `${appendTo(table, source)};`).join('\n      ');
  for (const table of TABLES) await sql.raw(appendTo(table, '(SELECT date, value, category, bank_id, 1 AS sign FROM transactions)')).execute(db);
  const fn = (name: string, source: string) => sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(append(source))}
      RETURN NULL;
    END
  $$`;
  await fn('moneta_report_inserted', '(SELECT date, value, category, bank_id, 1 AS sign FROM new_rows)').execute(db);
  await fn('moneta_report_deleted', '(SELECT date, value, category, bank_id, -1 AS sign FROM old_rows)').execute(db);
  await fn(
    'moneta_report_updated',
    '(SELECT date, value, category, bank_id, -1 AS sign FROM old_rows UNION ALL SELECT date, value, category, bank_id, 1 FROM new_rows)',
  ).execute(db);
  await sql`CREATE TRIGGER transactions_report_insert AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_report_inserted()`.execute(db);
  await sql`CREATE TRIGGER transactions_report_delete AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_report_deleted()`.execute(db);
  await sql`CREATE TRIGGER transactions_report_update AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_report_updated()`.execute(db);
}
