import { ACCOUNT_TYPES, accountRecordObject, maskedAccountNumber, maskedIban, type AccountType, type AccountWithBalance } from '../domain/accounts/account.js';
import { formatAmount } from '../domain/accounts/balance-check.js';
import { currencyDecimals } from '../domain/accounts/currencies.js';
import { ExactSum } from '../domain/reports/exact-sum.js';
import { renderCsv, type Cell } from './report-output.js';
import { terminalSafe } from './terminal-text.js';

/** How `moneta accounts list` names each type's group. */
export const TYPE_HEADINGS: Record<AccountType, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit_card: 'Credit cards',
  cash: 'Cash',
  loan: 'Loans',
  investment: 'Investments',
  other_asset: 'Other assets',
  other_liability: 'Other liabilities',
};

/** An amount in its currency's decimals, with thousands separators: 1,180.23. */
export function money(value: number, currency: string): string {
  return formatAmount(value, currencyDecimals(currency) ?? 2);
}

/**
 * An account as the HTTP API answers it (Account): `full` with its IBAN and account number
 * (`show`), else masked only (`list`).
 */
export function accountJson(account: AccountWithBalance, full: boolean): Record<string, unknown> {
  const { iban, accountNumber, ...rest } = accountRecordObject(account) as Record<string, unknown>;
  const { current, cleared, pending, asOf } = account.balance;
  return {
    ...(full ? { ...rest, ...(iban === undefined ? {} : { iban }), ...(accountNumber === undefined ? {} : { accountNumber }) } : rest),
    balance: asOf === null ? { current, cleared, pending } : { current, cleared, pending, asOf },
    ...(account.iban === null ? {} : { ibanMasked: maskedIban(account.iban) }),
    ...(account.accountNumber === null ? {} : { accountNumberMasked: maskedAccountNumber(account.accountNumber) }),
  };
}

/** Each currency's net worth: the sum of its accounts' current balances, exact; currencies never added together. */
export function netWorthByCurrency(accounts: readonly AccountWithBalance[]): { currency: string; netWorth: number; accounts: number }[] {
  const sums = new Map<string, { sum: ExactSum; accounts: number }>();
  for (const account of accounts) {
    const entry = sums.get(account.currency) ?? { sum: new ExactSum(), accounts: 0 };
    entry.sum.addValue(account.balance.current);
    entry.accounts += 1;
    sums.set(account.currency, entry);
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, { sum, accounts: count }]) => ({ currency, netWorth: sum.toNumber(), accounts: count }));
}

function byType(accounts: readonly AccountWithBalance[]): AccountWithBalance[] {
  return [...accounts].sort((a, b) => ACCOUNT_TYPES.indexOf(a.type) - ACCOUNT_TYPES.indexOf(b.type) || a.name.localeCompare(b.name) || a.id - b.id);
}

/** Columns aligned; `right` columns (amounts) padded on the left. Every cell made terminal-safe. */
export function aligned(headers: string[], rows: string[][], right: ReadonlySet<number>): string[] {
  const safe = rows.map((row) => row.map((cell) => terminalSafe(cell)));
  const widths = headers.map((header, column) => Math.max(header.length, ...safe.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (right.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...safe.map(line)];
}

const LIST_HEADERS = ['ID', 'NAME', 'CURRENCY', 'CURRENT', 'CLEARED', 'PENDING', 'BANK', 'NUMBER', 'STATUS'];

function numberShown(account: AccountWithBalance): string {
  if (account.iban !== null) return maskedIban(account.iban);
  return account.accountNumber === null ? '' : maskedAccountNumber(account.accountNumber);
}

/** `moneta accounts list`: a table per type, then the net worth per currency (open and closed accounts alike hold money). */
export function accountsText(accounts: readonly AccountWithBalance[]): string {
  if (accounts.length === 0) return 'no accounts yet: add one with `moneta accounts add <name> --type checking --currency EUR`\n';
  const sorted = byType(accounts);
  const rows = sorted.map((account) => [
    String(account.id),
    account.name,
    account.currency,
    money(account.balance.current, account.currency),
    money(account.balance.cleared, account.currency),
    money(account.balance.pending, account.currency),
    account.bankId ?? '',
    numberShown(account),
    account.closedOn === null ? 'open' : `closed ${account.closedOn}`,
  ]);
  const lines = aligned(LIST_HEADERS, rows, new Set([0, 3, 4, 5]));
  const out: string[] = [];
  let type: AccountType | undefined;
  sorted.forEach((account, index) => {
    if (account.type !== type) {
      type = account.type;
      out.push(`${out.length === 0 ? '' : '\n'}${TYPE_HEADINGS[type]}`, `  ${lines[0] ?? ''}`);
    }
    out.push(`  ${lines[index + 1] ?? ''}`);
  });
  out.push('', 'Net worth');
  for (const total of netWorthByCurrency(accounts)) out.push(`  ${total.currency}  ${money(total.netWorth, total.currency)}  (${total.accounts} account${total.accounts === 1 ? '' : 's'})`);
  return `${out.join('\n')}\n`;
}

/** `moneta accounts list --csv`: one row per account; amounts as plain numbers, text made formula-safe. */
export function accountsCsv(accounts: readonly AccountWithBalance[], toTerminal: boolean): string {
  const rows: Cell[][] = byType(accounts).map((account) => [
    { number: account.id },
    { text: account.name },
    { text: account.type },
    { text: account.currency },
    { number: account.balance.current },
    { number: account.balance.cleared },
    { number: account.balance.pending },
    { text: account.balance.asOf ?? '' },
    { text: account.bankId ?? '' },
    { text: account.iban ?? '' },
    { text: account.accountNumber ?? '' },
    { text: account.openingBalance === null ? '' : String(account.openingBalance) },
    { text: account.openingDate ?? '' },
    { text: account.closedOn ?? '' },
  ]);
  const headers = ['id', 'name', 'type', 'currency', 'current', 'cleared', 'pending', 'as_of', 'bank', 'iban', 'account_number', 'opening_balance', 'opening_date', 'closed_on'];
  return renderCsv({ headers, rows }, toTerminal);
}

/** `moneta accounts show`: one account, its full IBAN and account number. */
export function accountText(account: AccountWithBalance): string {
  const amount = (value: number) => `${money(value, account.currency)} ${account.currency}`;
  const lines: [string, string][] = [
    ['id', String(account.id)],
    ['name', account.name],
    ['type', account.type],
    ['currency', account.currency],
    ['bank', account.bankId ?? '-'],
    ['IBAN', account.iban ?? '-'],
    ['account number', account.accountNumber ?? '-'],
    ['opening balance', account.openingBalance === null ? '-' : `${amount(account.openingBalance)} on ${account.openingDate ?? '?'}`],
    ['current balance', amount(account.balance.current)],
    ['cleared balance', amount(account.balance.cleared)],
    ['pending', amount(account.balance.pending)],
    ['as of', account.balance.asOf ?? '-'],
    ['last reconciled', account.lastReconciled === null ? '-' : `${amount(account.lastReconciled.balance)} on ${account.lastReconciled.date}`],
    ['status', account.closedOn === null ? 'open' : `closed on ${account.closedOn}`],
  ];
  return lines.map(([label, value]) => `${`${label}:`.padEnd(17)}${terminalSafe(value)}\n`).join('');
}
