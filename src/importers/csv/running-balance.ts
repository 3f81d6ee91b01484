// A balance column on every row (Wise "Running Balance", Starling "Balance (GBP)", ING "Saldo
// na mutatie"): the account's balance after the row. The statement's closing balance is the
// newest row's, its opening the oldest row's less that row's value. Exports list rows oldest or
// newest first; rows of one day are in the bank's own order either way, so the oldest row is at
// one end of the file and the newest at the other. Only the ends are kept, never the rows.
import { ExactSum } from '../../domain/reports/exact-sum.js';
import { balanceItem, type ParsedItem, type StatementRow } from '../types.js';

interface End {
  line: number;
  date: string;
  value: number;
  balance: number;
}

export class RunningBalances {
  private first: End | undefined;
  private second: End | undefined;
  private last: End | undefined;
  /** False once a row has no balance that reads: then the file states none. */
  private complete = true;
  private account: string | undefined;
  private oneAccount = true;

  /** Each booked row, in file order, with the balance its row states (undefined: none reads). */
  see(row: StatementRow, balance: number | undefined): void {
    if (balance === undefined) {
      this.complete = false;
      return;
    }
    const end: End = { line: row.line, date: row.date, value: row.value, balance };
    if (!this.first) {
      this.first = end;
      this.account = row.account;
    } else {
      this.second ??= end;
      if (row.account !== this.account) this.oneAccount = false;
    }
    this.last = end;
  }

  /**
   * The opening and closing balance items, when every row stated a balance and every row is of
   * one account; none otherwise.
   */
  items(): ParsedItem[] {
    const { first, last } = this;
    if (!this.complete || !this.oneAccount || !first || !last) return [];
    const [oldest, newest] = this.newestFirst() ? [last, first] : [first, last];
    const before = new ExactSum();
    before.addValue(oldest.balance);
    before.addValue(-oldest.value);
    const account = this.account === undefined ? {} : { account: this.account };
    return [
      balanceItem(oldest.line, { role: 'opening', date: oldest.date, value: before.toNumber(), ...account }),
      balanceItem(newest.line, { role: 'closing', date: newest.date, value: newest.balance, ...account }),
    ];
  }

  /**
   * By the dates at the ends; when they are one day, by the first two rows' balances: newest
   * first when the first row's balance is the second's plus the first row's value.
   */
  private newestFirst(): boolean {
    const { first, second, last } = this;
    if (!first || !last || !second) return false;
    if (first.date !== last.date) return first.date > last.date;
    return !follows(first, second) && follows(second, first);
  }
}

/** `after` is the row right after `before`: its balance is before's plus its own value, exactly. */
function follows(before: End, after: End): boolean {
  const sum = new ExactSum();
  sum.addValue(before.balance);
  sum.addValue(after.value);
  sum.addValue(-after.balance);
  return sum.isZero();
}
