import type { AccountChanges, AccountRecord, AccountRemovalChoice, AccountWithBalance, NewAccount } from '../../domain/accounts/account.js';
import { accountBalance, type StatusTotals } from '../../domain/accounts/balances.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toAccountRecord } from './account-rows.js';
import type { AccountRow, AccountsQueries, AccountTotalsRow, LastDateRow, OddValueRow } from './accounts-queries.js';
import type { AccountPrograms, CreateAccountOutcome, RemoveAccountOutcome, UpdateAccountOutcome } from './accounts-writes.js';

/** Accounts and their balances (issue 23; docs/accounts.md), and the store's settings. */
export interface AccountsRepository {
  /** Every account with its balance, open ones first, then by type and name. */
  list(): Promise<AccountWithBalance[]>;
  get(id: number): Promise<AccountWithBalance | null>;
  /** The record alone (no balance read). */
  find(id: number): Promise<AccountRecord | null>;
  create(account: NewAccount): Promise<CreateAccountOutcome>;
  update(id: number, changes: AccountChanges): Promise<UpdateAccountOutcome>;
  remove(id: number, choice: AccountRemovalChoice | undefined, force: boolean, deletedAt: number): Promise<RemoveAccountOutcome>;
  /** A store setting (`currency`), or null when unset. */
  setting(key: string): Promise<string | null>;
  saveSetting(key: string, value: string): Promise<void>;
}

export function accountsRepository(db: EngineAccess<{ accounts: AccountsQueries }, AccountPrograms>): AccountsRepository {
  const { accounts: a } = db.queries;

  /** The balances of the accounts (all when `ids` is undefined): three small reads. */
  async function withBalances(records: AccountRecord[], ids?: readonly number[]): Promise<AccountWithBalance[]> {
    if (records.length === 0) return [];
    const [totals, lastDates] = await Promise.all([db.all<AccountTotalsRow>(a.totals(ids)), db.all<LastDateRow>(a.lastDates(ids))]);
    // The values that are not whole cents are read only for the accounts that have any (rare: an
    // amount with more decimals than cents), so a list never scans for them.
    const withOdd = [...new Set(totals.filter((row) => Number(row.odd) !== 0).map((row) => Number(row.account_id)))];
    const odd = withOdd.length === 0 ? [] : await db.all<OddValueRow>(a.oddValues(withOdd));
    const byAccount = new Map<number, Map<string, StatusTotals>>();
    const part = (account: number, status: string): StatusTotals => {
      let statuses = byAccount.get(account);
      if (!statuses) byAccount.set(account, (statuses = new Map()));
      let totalsOf = statuses.get(status);
      if (!totalsOf) statuses.set(status, (totalsOf = { status, cents: '0', odd: [] }));
      return totalsOf;
    };
    for (const row of totals) part(Number(row.account_id), row.status).cents = String(row.cents);
    for (const row of odd) (part(Number(row.account_id), row.status ?? '').odd as number[]).push(Number(row.value));
    const last = new Map(lastDates.map((row) => [Number(row.id), row.last_date]));
    return records.map((record) => {
      const asOf = last.get(record.id) ?? record.openingDate;
      return { ...record, balance: accountBalance(record.openingBalance, [...(byAccount.get(record.id)?.values() ?? [])], asOf ?? null) };
    });
  }

  return {
    async list() {
      const records = (await db.all<AccountRow>(a.list())).map(toAccountRecord);
      // By their ids: PostgreSQL then reads the odd values through their partial index, not a scan.
      return withBalances(records, records.map((record) => record.id));
    },
    async get(id) {
      const row = await db.first<AccountRow>(a.byId(id));
      if (!row) return null;
      const [account] = await withBalances([toAccountRecord(row)], [id]);
      return account ?? null;
    },
    async find(id) {
      const row = await db.first<AccountRow>(a.byId(id));
      return row ? toAccountRecord(row) : null;
    },
    create: (account) => db.write('createAccount', account),
    update: (id, changes) => db.write('updateAccount', id, changes),
    remove: (id, choice, force, deletedAt) => db.write('removeAccount', id, choice, force, deletedAt),
    async setting(key) {
      return (await db.first<{ value: string }>(a.setting(key)))?.value ?? null;
    },
    saveSetting: (key, value) => db.write('saveSetting', key, value),
  };
}
