// Balance lines: rows a bank puts among the transactions to state the account's balance
// ("Saldo Anterior", "Anfangssaldo", "Opening balance", "Kontostand am 31.03.2024"). They are
// not money in or out; the CSV reader skips them, keeping the balance they state.

/** Whole-cell labels, in the languages of the exports seen; matched ignoring case and spacing. */
const LABELS = [
  // Spanish, Portuguese, Italian, German "Saldo"
  'saldo anterior', 'saldo inicial', 'saldo final', 'saldo do dia', 'saldo actual', 'saldo atual', 'saldo disponible',
  'saldo iniziale', 'saldo finale', 'saldo precedente', 'saldo', 's a l d o',
  // German
  'anfangssaldo', 'endsaldo', 'schlusssaldo', 'saldovortrag', 'kontostand', 'alter kontostand', 'neuer kontostand', 'aktueller kontostand',
  // English
  'opening balance', 'closing balance', 'starting balance', 'ending balance', 'beginning balance', 'balance brought forward',
  'balance carried forward', 'brought forward', 'carried forward',
  // French, Dutch
  'solde initial', 'solde final', 'solde précédent', 'solde precedent', 'ancien solde', 'nouveau solde', 'solde',
  'beginsaldo', 'eindsaldo', 'openingssaldo', 'slotsaldo',
];

/** A date after the label ("Kontostand am 31.03.2024", "Saldo al 31/03/2024"), captured. */
const DATE_SUFFIX = String.raw`(?:\s+(?:am|zum|vom|per|al|del|at|on|as of|au|du|em|de|op))?\s*(\d{1,4}[./-]\d{1,2}[./-]\d{1,4})`;
const BALANCE_LINE = new RegExp(String.raw`^(?:${LABELS.map((label) => label.replace(/ /g, String.raw`\s+`)).join('|')})\s*:?(?:${DATE_SUFFIX})?\s*:?$`, 'iu');

/** Longer cells are never a balance label. */
const MAX_LABEL_LENGTH = 48;

/** The letters labels begin with, both cases: most cells (dates, names) cost one lookup. */
const FIRST_LETTERS = new Set([...LABELS.map((label) => label[0] as string)].flatMap((c) => [c, c.toUpperCase()]));

/** The cell as a balance label (trimmed, inner spacing collapsed), or undefined. */
export function balanceLineLabel(cell: string | undefined): string | undefined {
  if (cell === undefined || cell.length > MAX_LABEL_LENGTH * 2) return undefined;
  const first = cell[0] === ' ' ? cell.trimStart()[0] : cell[0];
  if (first === undefined || !FIRST_LETTERS.has(first)) return undefined;
  const text = cell.trim();
  if (text === '' || text.length > MAX_LABEL_LENGTH || !BALANCE_LINE.test(text)) return undefined;
  return text.replace(/\s+/g, ' ');
}

/** The date written in a label ("Kontostand am 31.03.2024" -> "31.03.2024"), as it is written. */
export function dateInLabel(label: string): string | undefined {
  return BALANCE_LINE.exec(label)?.[1];
}

/**
 * What a label says about when its balance holds: an opening at the start of its date, a
 * "previous" balance (Saldo Anterior, brought forward) at the end of its date, so the opening of
 * the day after; anything else (closing, Endsaldo, Saldo do dia, Kontostand, a bare Saldo) at the
 * end of its date. An available balance (Saldo disponible) is not the booked balance: none.
 */
const OPENING_LABELS = ['saldo inicial', 'saldo iniziale', 'anfangssaldo', 'opening balance', 'starting balance', 'beginning balance', 'solde initial', 'beginsaldo', 'openingssaldo'];
const PREVIOUS_LABELS = ['saldo anterior', 'saldo precedente', 'saldovortrag', 'alter kontostand', 'balance brought forward', 'brought forward', 'solde précédent', 'solde precedent', 'ancien solde'];
const NOT_BOOKED_LABELS = ['saldo disponible'];

export type BalanceLineRole = 'opening' | 'previous' | 'closing';

export function balanceLineRole(label: string): BalanceLineRole | undefined {
  const text = label.toLowerCase().replace(/\s+/g, ' ');
  const starts = (labels: string[]) => labels.some((l) => text === l || text.startsWith(`${l} `) || text.startsWith(`${l}:`));
  if (starts(NOT_BOOKED_LABELS)) return undefined;
  if (starts(OPENING_LABELS)) return 'opening';
  if (starts(PREVIOUS_LABELS)) return 'previous';
  return 'closing';
}
