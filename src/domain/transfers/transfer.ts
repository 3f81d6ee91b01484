/** Transfers between one's own accounts (issue 24; docs/transfers-and-splits.md). */

export const TRANSFER_STATUSES = ['suggested', 'confirmed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The window of days of the suggestions when the setting `transferWindowDays` is unset. */
export const DEFAULT_TRANSFER_WINDOW_DAYS = 4;
/** The store setting (settings, migration 0019) that holds the window. */
export const TRANSFER_WINDOW_SETTING = 'transferWindowDays';
export const MAX_TRANSFER_WINDOW_DAYS = 31;

/** One of a transfer's transactions as it is now. */
export interface TransferSide {
  transactionId: number;
  accountId: number | null;
  date: string;
  value: number;
  description: string;
}

export interface Transfer {
  id: number;
  status: TransferStatus;
  outflow: TransferSide;
  inflow: TransferSide;
}

/** A new transfer, both transactions to be made: amounts positive, in each account's currency. */
export interface NewTransfer {
  date: string;
  description: string;
  from: { accountId: number; amount: number };
  to: { accountId: number; amount: number };
}

export interface TransferPair {
  outflowTransactionId: number;
  inflowTransactionId: number;
}

/** A pair the store found: opposite values in two accounts of one currency, within the window. */
export interface TransferCandidate {
  outflow: TransferSide & { accountName: string };
  inflow: TransferSide & { accountName: string };
}

export interface TransferSuggestion {
  outflow: TransferSide;
  inflow: TransferSide;
  score: number;
  reason: string;
}

/** Words a bank writes on a transfer between one's own accounts. */
const TRANSFER_WORDS = /\b(transfer|xfer|tfr|savings?|internal|own account|virement|umbuchung|überweisung|uberweisung|standing order)\b/i;

/** Whole days from `a` to `b` (both YYYY-MM-DD), never negative. */
export function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/** Whether `description` names a transfer or the other account. */
function hint(description: string, otherAccount: string): string | null {
  const word = TRANSFER_WORDS.exec(description);
  if (word) return `"${word[0]}" in the description`;
  if (otherAccount.length >= 3 && description.toLocaleLowerCase().includes(otherAccount.toLocaleLowerCase())) return 'the description names the other account';
  return null;
}

/**
 * A candidate's score, 0 to 1, and its reason in words: the same amount is given (half the score),
 * the closer the days the better (up to 0.35), and a description that says "transfer" or names the
 * other account adds 0.15.
 */
export function scoredCandidate(candidate: TransferCandidate, windowDays: number): TransferSuggestion {
  const days = daysApart(candidate.outflow.date, candidate.inflow.date);
  const said = hint(candidate.outflow.description, candidate.inflow.accountName) ?? hint(candidate.inflow.description, candidate.outflow.accountName);
  const score = Math.round((0.5 + 0.35 * (1 - days / (windowDays + 1)) + (said ? 0.15 : 0)) * 100) / 100;
  const when = days === 0 ? 'the same day' : days === 1 ? '1 day apart' : `${days} days apart`;
  const reason = `opposite amounts of ${-candidate.outflow.value} from ${candidate.outflow.accountName} to ${candidate.inflow.accountName}, ${when}${said ? `; ${said}` : ''}`;
  const { accountName: _outName, ...outflow } = candidate.outflow;
  const { accountName: _inName, ...inflow } = candidate.inflow;
  return { outflow, inflow, score: Math.min(1, score), reason };
}

/**
 * The suggestions: every candidate scored, then taken best first (a higher score, then fewer days
 * apart, then the older ids), each transaction in one pair at most.
 */
export function chosenSuggestions(candidates: readonly TransferCandidate[], windowDays: number, limit: number): TransferSuggestion[] {
  const scored = candidates.map((candidate) => scoredCandidate(candidate, windowDays));
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      daysApart(a.outflow.date, a.inflow.date) - daysApart(b.outflow.date, b.inflow.date) ||
      a.outflow.transactionId - b.outflow.transactionId ||
      a.inflow.transactionId - b.inflow.transactionId,
  );
  const taken = new Set<number>();
  const chosen: TransferSuggestion[] = [];
  for (const suggestion of scored) {
    if (chosen.length >= limit) break;
    if (taken.has(suggestion.outflow.transactionId) || taken.has(suggestion.inflow.transactionId)) continue;
    taken.add(suggestion.outflow.transactionId);
    taken.add(suggestion.inflow.transactionId);
    chosen.push(suggestion);
  }
  return chosen;
}
