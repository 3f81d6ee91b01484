import type { ImportReport } from './import-calls.js';

/**
 * The statement's closing balance against the account's: calm when they agree; when they do not,
 * a warning (not an error: the import happened) with Moneta's sentence saying by how much and
 * which dates to look at.
 */
export function BalanceCheckView({ report, accountName }: { report: ImportReport; accountName: string }) {
  const check = report.balanceCheck;
  if (check === undefined) {
    if (report.account === undefined) return null;
    return <p class="small balance-check none">The file states no closing balance, so {accountName}'s balance could not be checked against it.</p>;
  }
  return (
    <div class={`balance-check ${check.agrees ? 'agrees' : 'differs'}`} role="status" data-agrees={check.agrees}>
      <strong>{check.agrees ? `The balance agrees with the statement's on ${check.statementDate}.` : `The balance does not agree with the statement's on ${check.statementDate}.`}</strong> {check.message}
    </div>
  );
}
