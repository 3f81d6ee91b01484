import type { AccountRecord } from '../../domain/accounts/account.js';
import { checkBalance, formatAmount, type BalanceCheck } from '../../domain/accounts/balance-check.js';
import { currencyDecimals } from '../../domain/accounts/currencies.js';
import { ExactSum } from '../../domain/reports/exact-sum.js';
import type { AccountBalances } from '../../importers/stated-balances.js';
import type { Store } from '../../store/store.js';

/** The values an import adds (or, in a dry run, would add), per date. */
export class AddedByDate {
  private readonly sums = new Map<string, ExactSum>();

  add(date: string, value: number): void {
    let sum = this.sums.get(date);
    if (!sum) this.sums.set(date, (sum = new ExactSum()));
    sum.addValue(value);
  }

  /** The exact sum of the values dated on or before `date`. */
  through(date: string): ExactSum {
    const total = new ExactSum();
    for (const [day, sum] of this.sums) if (day <= date) total.addSum(sum);
    return total;
  }
}

export interface AccountCheckInput {
  account: AccountRecord;
  stated: readonly AccountBalances[];
  /** True once the import committed; false for a dry run (the rows it would add are in `added`). */
  committed: boolean;
  added: AddedByDate;
}

export interface AccountCheckResult {
  balanceCheck?: BalanceCheck;
  /** What a person should know: an opening balance taken from the statement, a statement that cannot be checked. */
  notes: string[];
}

/** The stated balances that are this account's: those naming its IBAN or number, else the only ones. */
function statedFor(account: AccountRecord, stated: readonly AccountBalances[]): AccountBalances | undefined {
  const plain = (text: string | null | undefined) => text?.replace(/[\s-]/g, '').toUpperCase();
  const numbers = [plain(account.iban), plain(account.accountNumber)].filter((text): text is string => text !== undefined);
  const named = stated.find((balances) => balances.account !== undefined && numbers.includes(plain(balances.account) as string));
  if (named) return named;
  return stated.length === 1 ? stated[0] : undefined;
}

/**
 * Issue 23: an import into an account checks the account's balance against the statement's own
 * closing balance (docs/accounts.md). An account without an opening balance first takes the
 * statement's opening balance (committed imports only; a dry run says it would).
 */
export async function checkAccountBalance(store: Pick<Store, 'accounts' | 'ledger'>, input: AccountCheckInput): Promise<AccountCheckResult> {
  const { account, committed, added } = input;
  const notes: string[] = [];
  const stated = statedFor(account, input.stated);
  if (!stated) {
    if (input.stated.length > 1) notes.push(`the statement states balances of ${input.stated.length} accounts and none is this account's number: no balance check`);
    return { notes };
  }
  const decimals = currencyDecimals(account.currency) ?? 2;
  if (stated.currency !== undefined && stated.currency !== account.currency) {
    notes.push(`the statement's balances are in ${stated.currency}, the account is in ${account.currency}: no balance check`);
    return { notes };
  }
  let opening = account.openingBalance;
  if (opening === null && stated.opening) {
    opening = stated.opening.value;
    const said = `${formatAmount(stated.opening.value, decimals)} on ${stated.opening.date}, the statement's opening balance`;
    if (committed) {
      await store.accounts.update(account.id, { openingBalance: stated.opening.value, openingDate: stated.opening.date });
      notes.push(`the account had no opening balance: it now starts at ${said}`);
    } else {
      notes.push(`the account has no opening balance: importing would start it at ${said}`);
    }
  }
  const closing = stated.closing;
  if (!closing) return { notes };
  const history = await store.ledger.balances(account.id, [closing.date]);
  const stored = history?.points[0]?.balance ?? 0;
  const computed = new ExactSum();
  computed.addValue(stored);
  if (!committed) {
    computed.addSum(added.through(closing.date));
    // The opening a dry run would take is not stored yet.
    if (account.openingBalance === null && opening !== null) computed.addValue(opening);
  }
  const balanceCheck = checkBalance({
    statementDate: closing.date,
    statementBalance: closing.value,
    computedBalance: computed.toNumber(),
    currencyDecimals: decimals,
    periodFrom: stated.opening?.date ?? stated.firstDate,
    periodTo: closing.date,
  });
  return { balanceCheck, notes };
}
