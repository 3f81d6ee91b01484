import type {
  BalancePoint,
  ClearedFacts,
  CurrencyHistory,
  LedgerAccount,
  MoveOutcome,
  ReconcileOutcome,
  RegisterPage,
  RegisterQuery,
  RegisterRow,
  SettableStatus,
  StatusOutcome,
} from '../../domain/accounts/ledger.js';
import { UNCLEARED_LISTED } from '../../domain/accounts/ledger.js';
import { ExactSum } from '../../domain/reports/exact-sum.js';
import type { TransactionSelection } from '../../domain/transaction-filter.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toTransactionRecord } from '../transactions/transactions-queries.js';
import type { CentsRow, CountRow, LedgerAccountRow, LedgerQueries, LedgerRow, PageStartRow, RegisterPartRow, ValueRow } from './ledger-queries.js';
import { addParts, countOf, type LedgerPrograms } from './ledger-writes.js';

/** The ledger of accounts (issue 23; docs/accounts.md): running balances, histories, reconciliation, moves and status. */
export interface LedgerRepository {
  /** A page of the account's register, each row with the balance after it; null: no such account. */
  register(accountId: number, query: RegisterQuery): Promise<RegisterPage | null>;
  /** The account's balance at the end of each of `dates` (ascending); null: no such account. */
  balances(accountId: number, dates: readonly string[]): Promise<{ account: LedgerAccount; points: BalancePoint[] } | null>;
  /** The sum of every account's balance per currency at the end of each of `dates` (ascending). */
  netWorth(dates: readonly string[]): Promise<CurrencyHistory[]>;
  /** The account's cleared balance on `date` and its rows up to it that are not cleared; null: no such account. */
  cleared(accountId: number, date: string): Promise<(ClearedFacts & { account: LedgerAccount }) | null>;
  completeReconciliation(accountId: number, date: string, balance: number): Promise<ReconcileOutcome>;
  move(selection: TransactionSelection, target: number | null, force: boolean): Promise<MoveOutcome>;
  setStatus(selection: TransactionSelection, status: SettableStatus, force: boolean): Promise<StatusOutcome>;
}

/** From this offset on, a register page starts from account_days (pageStart) instead of an OFFSET over the index. */
export const DEEP_OFFSET = 200;

/** A register page of at most this many rows reads a bounded stretch of the index (and one day's rows); a larger one goes by scanAll. */
const BOUNDED_PAGE = 1000;

function toAccount(row: LedgerAccountRow): LedgerAccount {
  return { id: Number(row.id), currency: row.currency, openingBalance: row.opening_balance };
}

/** A dated part of a balance: a day's cents (day '' for everything before a history's first day) or one value. */
interface DatedPart {
  day: string;
  cents?: number | string;
  value?: number;
}

/** The running balance at the end of each date, from `start` and the dated parts (any order). */
function pointsOf(start: ExactSum, parts: DatedPart[], dates: readonly string[]): BalancePoint[] {
  parts.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const points: BalancePoint[] = [];
  let next = 0;
  for (const date of dates) {
    for (; next < parts.length && parts[next]!.day <= date; next++) {
      const part = parts[next]!;
      if (part.value !== undefined) start.addValue(part.value);
      else if (part.cents !== undefined && part.cents !== null) start.addCents(String(part.cents));
    }
    points.push({ date, balance: start.toNumber() });
  }
  return points;
}

/** Written once over the engine's access; every read that may step over many rows goes through scanAll. */
export function ledgerRepository(db: EngineAccess<{ ledger: LedgerQueries }, LedgerPrograms>): LedgerRepository {
  const { ledger } = db.queries;

  async function account(id: number): Promise<LedgerAccount | null> {
    const row = await db.first<LedgerAccountRow>(ledger.account(id));
    return row ? toAccount(row) : null;
  }

  /**
   * A page deep in the register starts at the day account_days says holds its first row, with an
   * offset within that day only: a page at any depth steps over at most one day's rows.
   */
  async function pageQuery(accountId: number, query: RegisterQuery): Promise<RegisterQuery> {
    if (query.offset < DEEP_OFFSET) return query;
    const start = await db.first<PageStartRow>(ledger.pageStart(accountId, query));
    // Past the end: a page that starts after the range's last row is empty.
    if (!start) return { ...query, limit: 0 };
    const offset = query.offset - Number(start.before);
    return query.order === 'newest' ? { ...query, to: start.day, offset } : { ...query, from: start.day, offset };
  }

  function opening(found: LedgerAccount): ExactSum {
    const sum = new ExactSum();
    if (found.openingBalance !== null) sum.addValue(found.openingBalance);
    return sum;
  }

  return {
    async register(accountId, query) {
      // Three reads at once: the account, its page with what the balance before it is made of, and its count.
      const [found, parts, count] = await Promise.all([
        account(accountId),
        // Index-bounded (a deep page starts at its day): on the engine's own connection unless the page itself is large.
        pageQuery(accountId, query).then((pageAt) => {
          const statement = ledger.registerPage(accountId, pageAt);
          return pageAt.limit <= BOUNDED_PAGE ? db.all<RegisterPartRow>(statement) : db.scanAll<RegisterPartRow>(statement);
        }),
        db.first<CountRow>(ledger.countInRange(accountId, query)),
      ]);
      if (!found) return null;
      const total = countOf(count);
      const rows = parts.filter((row): row is RegisterPartRow & LedgerRow => Number(row.part) === 0);
      const first = rows[0];
      if (!first) return { account: found, total, rows: [] };
      const running = opening(found);
      for (const row of parts) {
        if (Number(row.part) === 1) addParts(running, row, []);
        else if (Number(row.part) === 2 && row.value !== null) running.addValue(row.value);
      }
      const out: RegisterRow[] = [];
      if (query.order === 'oldest') {
        for (const row of rows) {
          running.addValue(row.value);
          out.push({ transaction: toTransactionRecord(row), balance: running.toNumber() });
        }
      } else {
        // Newest first: the balance after a row is the one after the row above it, less that row's value.
        running.addValue(first.value);
        let above: LedgerRow | undefined;
        for (const row of rows) {
          if (above) running.addValue(-above.value);
          out.push({ transaction: toTransactionRecord(row), balance: running.toNumber() });
          above = row;
        }
      }
      return { account: found, total, rows: out };
    },

    async balances(accountId, dates) {
      const found = await account(accountId);
      if (!found) return null;
      const from = dates[0];
      const to = dates[dates.length - 1];
      if (from === undefined || to === undefined) return { account: found, points: [] };
      const [days, odd] = await Promise.all([db.all(ledger.dailyCents(accountId, from, to)), db.all(ledger.oddValuesThrough(accountId, to))]);
      const parts: DatedPart[] = [...days.map((row) => ({ day: row.day, cents: row.cents ?? 0 })), ...odd.map((row) => ({ day: row.date, value: row.value }))];
      return { account: found, points: pointsOf(opening(found), parts, dates) };
    },

    async netWorth(dates) {
      const from = dates[0];
      const to = dates[dates.length - 1];
      const openings = await db.all(ledger.openings());
      const byCurrency = new Map<string, { accounts: number; start: ExactSum; parts: DatedPart[] }>();
      const of = (currency: string) => {
        let entry = byCurrency.get(currency);
        if (!entry) byCurrency.set(currency, (entry = { accounts: 0, start: new ExactSum(), parts: [] }));
        return entry;
      };
      for (const row of openings) {
        const entry = of(row.currency);
        entry.accounts += 1;
        if (row.opening_balance !== null) entry.start.addValue(row.opening_balance);
      }
      if (from !== undefined && to !== undefined) {
        const [days, odd] = await Promise.all([db.all(ledger.currencyDailyCents(from, to)), db.all(ledger.currencyOddValuesThrough(to))]);
        for (const row of days) of(row.currency).parts.push({ day: row.day, cents: row.cents ?? 0 });
        for (const row of odd) of(row.currency).parts.push({ day: row.date, value: row.value });
      }
      return [...byCurrency.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, entry]) => ({ currency, accounts: entry.accounts, points: pointsOf(entry.start, entry.parts, dates) }));
    },

    async cleared(accountId, date) {
      const found = await account(accountId);
      if (!found) return null;
      const [cents, odd, count, rows] = await Promise.all([
        db.first<CentsRow>(ledger.clearedCentsThrough(accountId, date)),
        db.all<ValueRow>(ledger.clearedOddValuesThrough(accountId, date)),
        db.first<CountRow>(ledger.unclearedCountThrough(accountId, date)),
        db.scanAll<LedgerRow>(ledger.unclearedThrough(accountId, date, UNCLEARED_LISTED)),
      ]);
      const sum = opening(found);
      addParts(sum, cents, odd);
      return { account: found, clearedBalance: sum.toNumber(), unclearedCount: countOf(count), uncleared: rows.map(toTransactionRecord) };
    },

    completeReconciliation: (accountId, date, balance) => db.write('completeReconciliation', accountId, date, balance),
    move: (selection, target, force) => db.write('moveTransactions', selection, target, force),
    setStatus: (selection, status, force) => db.write('setTransactionStatus', selection, status, force),
  };
}
