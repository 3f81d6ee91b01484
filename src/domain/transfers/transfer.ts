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

/** A transfer as stored (the change feed's TransferLink), properties in the contract's order. */
export interface TransferLink {
  id: number;
  status: TransferStatus;
  outflowTransactionId: number;
  inflowTransactionId: number;
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

/** A reference of 4 or more digits both descriptions carry (a bank's payment reference). */
function sharedReference(a: string, b: string): string | null {
  const theirs = new Set(b.match(/\d{4,}/g) ?? []);
  return (a.match(/\d{4,}/g) ?? []).find((reference) => theirs.has(reference)) ?? null;
}

/** A whole number of tens: the amounts cash withdrawals, gifts and round payments have, so a match of them alone says little. */
function isRound(value: number): boolean {
  return Number.isInteger(value / 10);
}

/**
 * Whether a candidate is worth suggesting: its descriptions say so (a transfer word, the other
 * account's name, a shared reference), or its amount is specific enough (not a round number of
 * tens) for the match of amounts and days to say it alone.
 */
export function isLikelyTransfer(candidate: TransferCandidate): boolean {
  return evidence(candidate) !== null || !isRound(candidate.outflow.value);
}

/** What the descriptions say for the pair, and how much it adds to the score (a shared reference is the strongest). */
function evidence(candidate: TransferCandidate): { said: string; weight: number } | null {
  const reference = sharedReference(candidate.outflow.description, candidate.inflow.description);
  if (reference) return { said: `both descriptions carry the reference ${reference}`, weight: 0.25 };
  const said = hint(candidate.outflow.description, candidate.inflow.accountName) ?? hint(candidate.inflow.description, candidate.outflow.accountName);
  return said === null ? null : { said, weight: 0.15 };
}

/**
 * A candidate's score, 0 to 1, and its reason in words: the same amount is given (half the score),
 * the closer the days the better (up to 0.35; an inflow booked before its outflow counts its days
 * twice), and descriptions that say "transfer" or name the other account add 0.15, a reference
 * both carry 0.25 (at most 1 in all).
 */
export function scoredCandidate(candidate: TransferCandidate, windowDays: number): TransferSuggestion {
  const days = daysApart(candidate.outflow.date, candidate.inflow.date);
  // Money arrives the day it leaves or later: an inflow booked before its outflow is less likely, its days count double.
  const early = candidate.inflow.date < candidate.outflow.date;
  const distance = Math.min(windowDays + 1, early ? 2 * days : days);
  const found = evidence(candidate);
  const score = Math.round((0.5 + 0.35 * (1 - distance / (windowDays + 1)) + (found?.weight ?? 0)) * 100) / 100;
  const when = days === 0 ? 'the same day' : `${days} day${days === 1 ? '' : 's'} apart${early ? ' (in before out)' : ''}`;
  const reason = `opposite amounts of ${-candidate.outflow.value} from ${candidate.outflow.accountName} to ${candidate.inflow.accountName}, ${when}${found ? `; ${found.said}` : ''}`;
  const { accountName: _outName, ...outflow } = candidate.outflow;
  const { accountName: _inName, ...inflow } = candidate.inflow;
  return { outflow, inflow, score: Math.min(1, score), reason };
}

/**
 * The suggestions: every likely candidate (isLikelyTransfer) scored, then taken best first (a
 * higher score, then fewer days apart, then the older ids), each transaction in one pair at most.
 */
export function chosenSuggestions(candidates: readonly TransferCandidate[], windowDays: number, limit: number): TransferSuggestion[] {
  const scored = candidates.filter(isLikelyTransfer).map((candidate) => scoredCandidate(candidate, windowDays));
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
    if (taken.has(suggestion.outflow.transactionId) || taken.has(suggestion.inflow.transactionId)) continue;
    taken.add(suggestion.outflow.transactionId);
    taken.add(suggestion.inflow.transactionId);
    chosen.push(suggestion);
  }
  return inArrivalOrder(chosen, new Map(scored.map((suggestion) => [pairKey(suggestion), suggestion]))).slice(0, limit);
}

function pairKey(suggestion: { outflow: TransferSide; inflow: TransferSide }): string {
  return `${suggestion.outflow.transactionId}:${suggestion.inflow.transactionId}`;
}

const byDateThenId = (a: TransferSide, b: TransferSide) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.transactionId - b.transactionId);

/**
 * Money arrives in the order it left: among the chosen pairs of one amount between the same two
 * accounts, the outflows are paired with the inflows in date order, when every such pair is a
 * candidate too (the greedy choice may cross two transfers of the same amount a few days apart).
 */
function inArrivalOrder(chosen: TransferSuggestion[], candidates: ReadonlyMap<string, TransferSuggestion>): TransferSuggestion[] {
  const groups = new Map<string, TransferSuggestion[]>();
  for (const suggestion of chosen) {
    const key = `${suggestion.outflow.value}:${suggestion.outflow.accountId}:${suggestion.inflow.accountId}`;
    groups.set(key, [...(groups.get(key) ?? []), suggestion]);
  }
  const result: TransferSuggestion[] = [];
  for (const group of groups.values()) {
    const outflows = group.map((suggestion) => suggestion.outflow).sort(byDateThenId);
    const inflows = group.map((suggestion) => suggestion.inflow).sort(byDateThenId);
    const ordered = outflows.map((outflow, index) => candidates.get(pairKey({ outflow, inflow: inflows[index]! })));
    result.push(...(ordered.every((suggestion) => suggestion !== undefined) ? (ordered as TransferSuggestion[]) : group));
  }
  return result.sort(
    (a, b) => b.score - a.score || a.outflow.transactionId - b.outflow.transactionId || a.inflow.transactionId - b.inflow.transactionId,
  );
}
