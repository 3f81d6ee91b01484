// The balances a statement file states, gathered per account: its opening (the earliest) and
// its closing (the latest), with the booked rows read for the same account, so a caller can see
// whether the file is complete (opening + rows = closing) and check an account against it.
// Pure: fed the items as they stream by, it keeps a few numbers per account, never the rows.
import { ExactSum } from '../domain/reports/exact-sum.js';
import { balanceLineRole } from './csv/balance-lines.js';
import { nextDay } from './dates.js';
import type { ParsedItem, StatedBalance, StatementBalance } from './types.js';

export interface AccountBalances {
  /** The account the file names (IBAN or number); undefined when it names none. */
  account?: string;
  /** ISO 4217, when a stated balance says. */
  currency?: string;
  /**
   * The earliest opening the file states (the first in file order among those of one date). It
   * holds before every row of the statement, so its date is never after the first row's: a bank
   * that dates it by the previous statement's closing day while booking rows on that day too
   * has it moved back to that day.
   */
  opening?: StatedBalance;
  /**
   * The latest closing the file states (the last in file order among those of one date). It
   * holds after every row of the statement: its date is never before the last row's.
   */
  closing?: StatedBalance;
  /** Booked rows of the account read from the file. */
  rows: number;
  /** Their exact sum, rounded once. */
  sum: number;
  /** The earliest and latest dates of those rows. */
  firstDate?: string;
  lastDate?: string;
  /**
   * closing - (opening + sum), exact, when the file states both: 0 for a complete statement,
   * else what is missing from (or extra in) the rows read.
   */
  gap?: number;
}

interface Gathered {
  account: string | undefined;
  currency?: string;
  opening?: StatedBalance;
  closing?: StatedBalance;
  rows: number;
  sum: ExactSum;
  firstDate?: string;
  lastDate?: string;
}

export class StatedBalanceCollector {
  private readonly byAccount = new Map<string, Gathered>();

  /** Every item of the statement, in file order: rows, balance items and CSV balance lines. */
  add(item: ParsedItem): void {
    if (item.kind === 'row') {
      const { row } = item;
      const gathered = this.gathered(row.account);
      gathered.rows += 1;
      gathered.sum.addValue(row.value);
      if (gathered.firstDate === undefined || row.date < gathered.firstDate) gathered.firstDate = row.date;
      if (gathered.lastDate === undefined || row.date > gathered.lastDate) gathered.lastDate = row.date;
    } else if (item.kind === 'balance') {
      this.state(item.balance);
    } else if (item.kind === 'skipped' && item.balance) {
      const stated = fromBalanceLine(item.balance);
      if (stated) this.state(stated);
    }
  }

  /** Per account, in the order the file first names each. */
  accounts(): AccountBalances[] {
    const all = [...this.byAccount.values()];
    // Balances that name no account (CSV balance lines) are those of the one account the rows name.
    const unnamed = this.byAccount.get('');
    const named = all.filter((g) => g.account !== undefined);
    if (unnamed && unnamed.rows === 0 && named.length === 1) {
      const [only] = named as [Gathered];
      if (!only.opening && !only.closing) {
        only.opening = unnamed.opening && { ...unnamed.opening, account: only.account as string };
        only.closing = unnamed.closing && { ...unnamed.closing, account: only.account as string };
        only.currency ??= unnamed.currency;
        all.splice(all.indexOf(unnamed), 1);
      }
    }
    return all.map(summary);
  }

  private state(balance: StatedBalance): void {
    const gathered = this.gathered(balance.account);
    if (balance.currency !== undefined) gathered.currency ??= balance.currency;
    if (balance.role === 'opening') {
      if (!gathered.opening || balance.date < gathered.opening.date) gathered.opening = balance;
    } else if (!gathered.closing || balance.date >= gathered.closing.date) {
      gathered.closing = balance;
    }
  }

  private gathered(account: string | undefined): Gathered {
    const key = account ?? '';
    let gathered = this.byAccount.get(key);
    if (!gathered) {
      gathered = { account, rows: 0, sum: new ExactSum() };
      this.byAccount.set(key, gathered);
    }
    return gathered;
  }
}

/** The stated balances of a whole statement (tests, small files): the collector over its items. */
export async function collectStatedBalances(items: AsyncIterable<ParsedItem> | Iterable<ParsedItem>): Promise<AccountBalances[]> {
  const collector = new StatedBalanceCollector();
  for await (const item of items) collector.add(item);
  return collector.accounts();
}

/**
 * A CSV balance line as a stated balance, when its label, date and value all read: openings
 * ("Anfangssaldo", "Opening balance") hold at the start of their date, "previous" balances
 * ("Saldo Anterior", "Brought forward") at the end of theirs (so at the start of the next day),
 * every other (closing, "Endsaldo", "Kontostand am ...") at the end of its date.
 */
export function fromBalanceLine(line: StatementBalance): StatedBalance | undefined {
  if (line.date === undefined || line.value === undefined) return undefined;
  const role = balanceLineRole(line.label);
  if (role === undefined) return undefined;
  if (role === 'closing') return { role, date: line.date, value: line.value };
  return { role: 'opening', date: role === 'previous' ? nextDay(line.date) : line.date, value: line.value };
}

function summary(gathered: Gathered): AccountBalances {
  const { account, currency, rows, sum, firstDate, lastDate } = gathered;
  let { opening, closing } = gathered;
  if (opening && firstDate !== undefined && firstDate < opening.date) opening = { ...opening, date: firstDate };
  if (closing && lastDate !== undefined && lastDate > closing.date) closing = { ...closing, date: lastDate };
  const out: AccountBalances = { rows, sum: sum.toNumber() };
  if (account !== undefined) out.account = account;
  if (currency !== undefined) out.currency = currency;
  if (opening) out.opening = opening;
  if (closing) out.closing = closing;
  if (firstDate !== undefined) out.firstDate = firstDate;
  if (lastDate !== undefined) out.lastDate = lastDate;
  if (opening && closing) {
    const gap = new ExactSum();
    gap.addValue(closing.value);
    gap.addValue(-opening.value);
    gap.subtractSum(sum);
    out.gap = gap.toNumber();
  }
  return out;
}
