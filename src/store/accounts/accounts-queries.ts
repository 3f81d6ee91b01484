import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { AccountChanges, NewAccount } from '../../domain/accounts/account.js';
import { ODD_VALUE_SQL } from '../engine/sql-terms.js';
import type { Database } from '../engine/schema.js';

export interface AccountRow {
  id: number | string;
  name: string;
  type: string;
  currency: string;
  bank_id: string | null;
  iban: string | null;
  account_number: string | null;
  opening_balance: number | null;
  opening_date: string | null;
  closed_on: string | null;
  reconciled_on: string | null;
  reconciled_balance: number | null;
}

/** Sums of account_days per (account, status), as text. */
export interface AccountTotalsRow {
  account_id: number | string;
  status: string;
  cents: string;
  /** How many values are not whole cents: read one by one (oddValues) only when some are. */
  odd: string;
}

export interface OddValueRow {
  account_id: number | string;
  status: string | null;
  value: number;
}

export interface LastDateRow {
  id: number | string;
  last_date: string | null;
}

const ACCOUNT_COLUMNS = [
  'id',
  'name',
  'type',
  'currency',
  'bank_id',
  'iban',
  'account_number',
  'opening_balance',
  'opening_date',
  'closed_on',
  'reconciled_on',
  'reconciled_balance',
] as const;

/** The order of a list: open accounts first, then by type and name. */
const LIST_ORDER = sql`CASE WHEN closed_on IS NULL THEN 0 ELSE 1 END, type, name, id`;

/** Statements of the accounts aggregate (migration 0019). */
export class AccountsQueries {
  constructor(private readonly db: Kysely<Database>) {}

  list(): CompiledQuery<AccountRow> {
    return this.db.selectFrom('accounts').select(ACCOUNT_COLUMNS).orderBy(LIST_ORDER).compile();
  }

  byId(id: number): CompiledQuery<AccountRow> {
    return this.db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('id', '=', id).compile();
  }

  byName(name: string): CompiledQuery<AccountRow> {
    return this.db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('name', '=', name).compile();
  }

  /** Each account's totals per status (`ids`: only these; all when undefined). */
  totals(ids?: readonly number[]): CompiledQuery<AccountTotalsRow> {
    let query = this.db
      .selectFrom('account_days')
      .select(['account_id', 'status', sql<string>`CAST(sum(cents) AS TEXT)`.as('cents'), sql<string>`CAST(sum(odd) AS TEXT)`.as('odd')])
      .groupBy(['account_id', 'status'])
      .having(sql`sum(n)`, '<>', 0);
    if (ids) query = query.where('account_id', 'in', ids);
    return query.compile();
  }

  /** The values that are not whole cents, per account (partial index transactions_account_odd_values). */
  oddValues(ids?: readonly number[]): CompiledQuery<OddValueRow> {
    let query = this.db
      .selectFrom('transactions')
      .select(['account_id', 'status', 'value'])
      .where('account_id', 'is not', null)
      .where(sql.raw<boolean>(ODD_VALUE_SQL));
    if (ids) query = query.where('account_id', 'in', ids);
    return query.compile() as CompiledQuery<OddValueRow>;
  }

  /** Each account's newest transaction date, one index probe each. */
  lastDates(ids?: readonly number[]): CompiledQuery<LastDateRow> {
    let query = this.db
      .selectFrom('accounts as a')
      .select((eb) => ['a.id', eb.selectFrom('transactions as t').select((inner) => inner.fn.max('t.date').as('d')).whereRef('t.account_id', '=', 'a.id').as('last_date')]);
    if (ids) query = query.where('a.id', 'in', ids);
    return query.compile() as CompiledQuery<LastDateRow>;
  }

  /** Live transactions of the account (n) and how many are reconciled. */
  transactionCounts(id: number): CompiledQuery<{ n: number | string; reconciled: number | string }> {
    return this.db
      .selectFrom('account_days')
      .select([sql<string>`CAST(coalesce(sum(n), 0) AS TEXT)`.as('n'), sql<string>`CAST(coalesce(sum(CASE WHEN status = 'reconciled' THEN n ELSE 0 END), 0) AS TEXT)`.as('reconciled')])
      .where('account_id', '=', id)
      .compile();
  }

  /** No row when the name is taken. */
  insert(account: NewAccount, tx: number): CompiledQuery<{ id: number }> {
    return this.db
      .insertInto('accounts')
      .values({
        name: account.name,
        type: account.type,
        currency: account.currency,
        bank_id: account.bankId,
        iban: account.iban,
        account_number: account.accountNumber,
        opening_balance: account.openingBalance,
        opening_date: account.openingDate,
        change_tx: tx,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('id')
      .compile();
  }

  update(id: number, changes: AccountChanges, tx: number): CompiledQuery {
    const set: Record<string, unknown> = { change_tx: tx };
    const columns: Record<keyof AccountChanges, string> = {
      name: 'name',
      type: 'type',
      currency: 'currency',
      bankId: 'bank_id',
      iban: 'iban',
      accountNumber: 'account_number',
      openingBalance: 'opening_balance',
      openingDate: 'opening_date',
      closedOn: 'closed_on',
    };
    for (const [key, column] of Object.entries(columns)) {
      const value = changes[key as keyof AccountChanges];
      if (value !== undefined) set[column] = value;
    }
    return this.db.updateTable('accounts').set(set).where('id', '=', id).compile();
  }

  /** A removed account's daily totals (all zero by then). */
  forgetDays(id: number): CompiledQuery {
    return this.db.deleteFrom('account_days').where('account_id', '=', id).compile();
  }

  remove(id: number): CompiledQuery {
    return this.db.deleteFrom('accounts').where('id', '=', id).compile();
  }

  /** The account's live transactions move to `to` (null: none); reconciled ones become cleared. */
  moveAll(id: number, to: number | null, tx: number): CompiledQuery {
    const status = to === null ? sql<null>`NULL` : sql<string | null>`CASE WHEN status = 'reconciled' THEN 'cleared' ELSE status END`;
    return this.db.updateTable('transactions').set({ account_id: to, status, change_tx: tx }).where('account_id', '=', id).compile();
  }

  /** Trashed rows of a removed account keep no account: restoring them brings them back in none. */
  forgetInTrash(id: number): CompiledQuery {
    return this.db.updateTable('deleted_transactions').set({ account_id: null, status: null }).where('account_id', '=', id).compile();
  }

  setting(key: string): CompiledQuery<{ value: string }> {
    return this.db.selectFrom('settings').select('value').where('key', '=', key).compile();
  }

  saveSetting(key: string, value: string): CompiledQuery {
    return this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .compile();
  }
}
