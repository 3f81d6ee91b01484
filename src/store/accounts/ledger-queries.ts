import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { RegisterQuery, SettableStatus } from '../../domain/accounts/ledger.js';
import type { TransactionSelection } from '../../domain/transaction-filter.js';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import type { Database } from '../engine/schema.js';
import { ODD_VALUE_SQL } from '../engine/sql-terms.js';
import { whereFilter } from '../transactions/filter-conditions.js';
import { TRANSACTION_COLUMNS, type TransactionRow } from '../transactions/transactions-queries.js';

/** A transaction as the ledger reads it: the list's row (its account and status included). */
export type LedgerRow = TransactionRow;

export interface LedgerAccountRow {
  id: number | string;
  currency: string;
  opening_balance: number | null;
}

/** A sum of whole cents: a number on SQLite, numeric text on PostgreSQL, NULL over no rows. */
export interface CentsRow {
  cents: number | string | null;
}

export interface CountRow {
  n: number | string | null;
}

/** A row of registerPage: a page row (part 0), the cents before it (1) or one value before it (2). */
export type RegisterPartRow = { part: number | string; cents: number | string | null } & { [K in keyof LedgerRow]: LedgerRow[K] | null };

export interface PageStartRow {
  day: string;
  before: number | string;
}

export interface ValueRow {
  value: number;
}

/** A day's sum of cents, or '' for every day before the history's first. */
export interface DayCentsRow extends CentsRow {
  day: string;
}

export interface CurrencyDayCentsRow extends DayCentsRow {
  currency: string;
}

export interface DatedValueRow extends ValueRow {
  date: string;
}

export interface CurrencyValueRow extends DatedValueRow {
  currency: string;
}

export interface OpeningRow {
  currency: string;
  opening_balance: number | null;
}

const COLUMNS = sql.raw(TRANSACTION_COLUMNS.join(', '));
/** The conditions of the partial index transactions_account_odd_values (migration 0019), word for word. */
const ODD = sql.raw(`account_id IS NOT NULL AND ${ODD_VALUE_SQL}`);
const CLEARED = sql.raw(`status IN ('cleared', 'reconciled')`);

/**
 * True when the account has any value that is not whole cents (account_days' odd count): the
 * engines evaluate it once, first, so an account without any (nearly every one) reads no rows
 * for them. PostgreSQL cannot estimate the partial index's expression and scanned the table
 * instead (0.9 s at 1,000,000 rows, each time).
 */
const hasOdd = (account: number) => sql`EXISTS (SELECT 1 FROM account_days WHERE account_id = ${account} AND odd <> 0)`;

/**
 * The ledger's statements (issue 23; docs/accounts.md): every balance is the opening balance,
 * plus sums of whole cents from account_days (kept by migration 0019's triggers; PostgreSQL's
 * holds signed deltas, so always summed), plus the few values that are not whole cents, read one
 * by one from the partial index transactions_account_odd_values. No statement sums rows of
 * `transactions`: an account of a million rows costs what one of a hundred does.
 */
export class LedgerQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
  ) {}

  /** The account (locked on PostgreSQL when `lock`, for a write that depends on it). */
  account(id: number, lock = false): CompiledQuery<LedgerAccountRow> {
    const forUpdate = lock && this.quirks.locksRows ? sql` FOR UPDATE` : sql``;
    return sql<LedgerAccountRow>`SELECT id, currency, opening_balance FROM accounts WHERE id = ${id}${forUpdate}`.compile(this.db);
  }

  /**
   * A page of the account's rows in the register's order (by the index transactions_account_date),
   * with, in the same statement and snapshot, what the balance before its first row is made of
   * (everything before that row in date-then-id order, whichever way the page runs): part 1, sums
   * of whole cents, of the days before that row's day (account_days) and of the rows of its day
   * before it (by id, transactions_account_date); part 2, one row per value that is not whole cents
   * among those (transactions_account_odd_values), added one by one. Part 0 are the page's rows,
   * in order.
   */
  registerPage(account: number, query: RegisterQuery): CompiledQuery<RegisterPartRow> {
    const direction = sql.raw(query.order === 'newest' ? 'DESC' : 'ASC');
    // NULLs for the columns after `part` but one (the arms' own last), and the odd values' arm: the value alone.
    const nothing = sql.raw(TRANSACTION_COLUMNS.slice(1).map(() => 'NULL').join(', '));
    const valueOnly = sql.raw(TRANSACTION_COLUMNS.map((column) => (column === 'value' ? 'value' : 'NULL')).join(', '));
    return sql<RegisterPartRow>`WITH page AS (
        SELECT ${COLUMNS} FROM transactions
        WHERE account_id = ${account} AND account_id IS NOT NULL${this.dateRange('date', query)}
        ORDER BY date ${direction}, id ${direction} LIMIT ${query.limit} OFFSET ${query.offset}
      ), first AS (SELECT date, id FROM page ORDER BY date ${direction}, id ${direction} LIMIT 1)
      SELECT 0 AS part, ${COLUMNS}, CAST(NULL AS NUMERIC) AS cents FROM page
      UNION ALL
      SELECT 1, ${nothing}, NULL, sum(cents) FROM account_days
        WHERE account_id = ${account} AND day < (SELECT date FROM first)
      UNION ALL
      SELECT 1, ${nothing}, NULL, sum(${this.quirks.cents}) FROM transactions
        WHERE account_id = ${account} AND account_id IS NOT NULL AND date = (SELECT date FROM first) AND id < (SELECT id FROM first)
      UNION ALL
      SELECT 2, ${valueOnly}, NULL FROM transactions
        WHERE ${hasOdd(account)} AND account_id = ${account} AND ${ODD} AND date <= (SELECT date FROM first)
          AND (date < (SELECT date FROM first) OR id < (SELECT id FROM first))
      ORDER BY 1, 3 ${direction}, 2 ${direction}`.compile(this.db);
  }

  /**
   * Where a deep page starts, from account_days rather than by stepping over rows: the day that
   * holds the row at `offset` in the register's order, and how many rows of the range come before
   * that day in it. No row when the offset is past the end.
   */
  pageStart(account: number, query: RegisterQuery): CompiledQuery<PageStartRow> {
    const direction = sql.raw(query.order === 'newest' ? 'DESC' : 'ASC');
    return sql<PageStartRow>`SELECT day, running - n AS before FROM (
        SELECT day, sum(n) AS n, sum(sum(n)) OVER (ORDER BY day ${direction}) AS running
        FROM account_days WHERE account_id = ${account}${this.dateRange('day', query)} GROUP BY day
      ) days WHERE running > ${query.offset} ORDER BY day ${direction} LIMIT 1`.compile(this.db);
  }

  /** How many rows the account has in the range, from account_days. */
  countInRange(account: number, range: { from?: string; to?: string }): CompiledQuery<CountRow> {
    return sql<CountRow>`SELECT sum(n) AS n FROM account_days WHERE account_id = ${account}${this.dateRange('day', range)}`.compile(this.db);
  }

  /** The account's cents per day from `from` to `to`, and those of all days before `from` as day ''. */
  dailyCents(account: number, from: string, to: string): CompiledQuery<DayCentsRow> {
    return sql<DayCentsRow>`SELECT CASE WHEN day < ${from} THEN '' ELSE day END AS day, sum(cents) AS cents
      FROM account_days WHERE account_id = ${account} AND day <= ${to} GROUP BY 1`.compile(this.db);
  }

  /** The account's values that are not whole cents, up to `to`. */
  oddValuesThrough(account: number, to: string): CompiledQuery<DatedValueRow> {
    return sql<DatedValueRow>`SELECT date, value FROM transactions WHERE ${hasOdd(account)} AND account_id = ${account} AND ${ODD} AND date <= ${to}`.compile(this.db);
  }

  /** Every account's cents per currency and day (as dailyCents). */
  currencyDailyCents(from: string, to: string): CompiledQuery<CurrencyDayCentsRow> {
    return sql<CurrencyDayCentsRow>`SELECT a.currency AS currency, CASE WHEN d.day < ${from} THEN '' ELSE d.day END AS day, sum(d.cents) AS cents
      FROM account_days d JOIN accounts a ON a.id = d.account_id WHERE d.day <= ${to} GROUP BY 1, 2`.compile(this.db);
  }

  /** Every account's values that are not whole cents up to `to`, with the account's currency. */
  currencyOddValuesThrough(to: string): CompiledQuery<CurrencyValueRow> {
    return sql<CurrencyValueRow>`SELECT a.currency AS currency, t.date AS date, t.value AS value
      FROM transactions t JOIN accounts a ON a.id = t.account_id
      WHERE EXISTS (SELECT 1 FROM account_days WHERE odd <> 0) AND t.account_id IS NOT NULL AND ${sql.raw(ODD_VALUE_SQL)} AND t.date <= ${to}`.compile(this.db);
  }

  openings(): CompiledQuery<OpeningRow> {
    return sql<OpeningRow>`SELECT currency, opening_balance FROM accounts`.compile(this.db);
  }

  /** The whole cents of the account's cleared and reconciled rows up to `date`. */
  clearedCentsThrough(account: number, date: string): CompiledQuery<CentsRow> {
    return sql<CentsRow>`SELECT sum(cents) AS cents FROM account_days WHERE account_id = ${account} AND day <= ${date} AND ${CLEARED}`.compile(this.db);
  }

  clearedOddValuesThrough(account: number, date: string): CompiledQuery<ValueRow> {
    return sql<ValueRow>`SELECT value FROM transactions WHERE ${hasOdd(account)} AND account_id = ${account} AND ${ODD} AND date <= ${date} AND ${CLEARED}`.compile(this.db);
  }

  /** How many of the account's rows up to `date` are neither cleared nor reconciled. */
  unclearedCountThrough(account: number, date: string): CompiledQuery<CountRow> {
    return sql<CountRow>`SELECT sum(n) AS n FROM account_days WHERE account_id = ${account} AND day <= ${date} AND status IN ('', 'pending')`.compile(this.db);
  }

  /** The first `limit` of them, oldest first. */
  unclearedThrough(account: number, date: string, limit: number): CompiledQuery<LedgerRow> {
    return sql<LedgerRow>`SELECT ${COLUMNS} FROM transactions
      WHERE account_id = ${account} AND account_id IS NOT NULL AND date <= ${date} AND (status IS NULL OR status = 'pending')
      ORDER BY date, id LIMIT ${limit}`.compile(this.db);
  }

  /** The account's cleared rows up to `date` become reconciled; stamped `tx`. */
  markReconciled(account: number, date: string, tx: number): CompiledQuery {
    return sql`UPDATE transactions SET status = 'reconciled', change_tx = ${tx}
      WHERE account_id = ${account} AND account_id IS NOT NULL AND date <= ${date} AND status = 'cleared'`.compile(this.db);
  }

  /** The account remembers its last reconciliation; stamped `tx` (the change feed carries it). */
  noteReconciled(account: number, date: string, balance: number, tx: number): CompiledQuery {
    return sql`UPDATE accounts SET reconciled_on = ${date}, reconciled_balance = ${balance}, change_tx = ${tx} WHERE id = ${account}`.compile(this.db);
  }

  /** How many chosen rows are in an account of another currency than `currency`. */
  otherCurrencyCount(selection: TransactionSelection, currency: string): CompiledQuery<CountRow> {
    return this.selectedCount(selection, sql<SqlBool>`account_id IN (SELECT id FROM accounts WHERE currency <> ${currency})`);
  }

  /** How many chosen reconciled rows a move to `target` would take out of their account. */
  reconciledLeavingCount(selection: TransactionSelection, target: number | null): CompiledQuery<CountRow> {
    const leaving = target === null ? sql<SqlBool>`account_id IS NOT NULL` : sql<SqlBool>`(account_id IS NULL OR account_id <> ${target})`;
    return this.selectedCount(selection, sql<SqlBool>`status = 'reconciled' AND ${leaving}`);
  }

  /**
   * Moves the chosen rows that are not in `target` into it (null: out of any); a reconciled one
   * becomes cleared, and is moved only when `force` (so one reconciled by a concurrent write since
   * the program's check stays where it is).
   */
  move(selection: TransactionSelection, target: number | null, force: boolean, tx: number): CompiledQuery {
    const leaving = target === null ? sql`account_id IS NOT NULL` : sql`(account_id IS NULL OR account_id <> ${target})`;
    return sql`UPDATE transactions SET account_id = ${target},
        status = CASE WHEN status = 'reconciled' THEN 'cleared' ELSE status END, change_tx = ${tx}
      WHERE id IN (${this.selectedIds(selection)}) AND ${leaving}${this.unlessReconciled(force)}`.compile(this.db);
  }

  /** How many chosen rows are in no account. */
  withoutAccountCount(selection: TransactionSelection): CompiledQuery<CountRow> {
    return this.selectedCount(selection, sql<SqlBool>`account_id IS NULL`);
  }

  /** How many chosen rows are reconciled (a settable status is never `reconciled`, so a status change changes each). */
  reconciledCount(selection: TransactionSelection): CompiledQuery<CountRow> {
    return this.selectedCount(selection, sql<SqlBool>`status = 'reconciled'`);
  }

  /** Sets the status of the chosen rows that have another (a reconciled one only when `force`); stamped `tx`. */
  setStatus(selection: TransactionSelection, status: SettableStatus, force: boolean, tx: number): CompiledQuery {
    const differs = status === null ? sql`status IS NOT NULL` : sql`(status IS NULL OR status <> ${status})`;
    return sql`UPDATE transactions SET status = ${status}, change_tx = ${tx}
      WHERE id IN (${this.selectedIds(selection)}) AND ${differs}${this.unlessReconciled(force)}`.compile(this.db);
  }

  private unlessReconciled(force: boolean): RawBuilder<unknown> {
    return force ? sql`` : sql` AND (status IS NULL OR status <> 'reconciled')`;
  }

  private dateRange(column: 'date' | 'day', range: { from?: string; to?: string }): RawBuilder<unknown> {
    const ref = sql.ref(column);
    const from = range.from === undefined ? sql`` : sql` AND ${ref} >= ${range.from}`;
    const to = range.to === undefined ? sql`` : sql` AND ${ref} <= ${range.to}`;
    return sql`${from}${to}`;
  }

  private selectedCount(selection: TransactionSelection, condition: RawBuilder<SqlBool>): CompiledQuery<CountRow> {
    return this.selected(selection).select(sql<number>`count(*)`.as('n')).where(condition).compile();
  }

  private selectedIds(selection: TransactionSelection) {
    return this.selected(selection).select('id');
  }

  /** The rows a selection chooses, as corrections choose them (ids, an import, or the list's filters). */
  private selected(selection: TransactionSelection) {
    const rows = this.db.selectFrom('transactions');
    if ('ids' in selection) return rows.where(this.quirks.amongIds('id', selection.ids));
    if ('importId' in selection) return rows.where('import_id', '=', selection.importId);
    return whereFilter(rows, selection.filter, this.quirks);
  }
}
