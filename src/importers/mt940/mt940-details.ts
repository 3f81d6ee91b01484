// Turns an MT940 `:86:` field into a readable description. German banks (and many others
// using the DFÜ/ZKA layout) structure it as `<3-digit code>?00booking text?10prima nota
// ?20..?29 remittance?30bank?31account?32?33 counterparty name?34code?60..?63 remittance`;
// other banks write free text.
import { composeDescription, slashCodedText } from '../text.js';

/** Subfield lines are cut at 27 characters, often mid-word; a full-length piece continues. */
const SUBFIELD_WIDTH = 27;

function joinPieces(pieces: string[]): string {
  let out = '';
  let previousFull = false;
  for (const piece of pieces) {
    if (out !== '' && !previousFull) out += ' ';
    out += piece;
    previousFull = piece.length >= SUBFIELD_WIDTH;
  }
  return out;
}

/** SEPA remittance keys; SVWZ+ holds what the payer wrote, the others are references. */
const SEPA_KEY = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC)\+/g;

function legacySepaPurpose(remittance: string): string {
  const keys = [...remittance.matchAll(SEPA_KEY)];
  const svwz = keys.findIndex((k) => k[1] === 'SVWZ');
  if (svwz < 0) return remittance;
  const start = (keys[svwz]?.index ?? 0) + 'SVWZ+'.length;
  const end = keys[svwz + 1]?.index ?? remittance.length;
  return remittance.slice(start, end);
}

interface Subfields {
  posting: string;
  name: string;
  remittance: string;
}

/**
 * `<code>?00posting text?20..?29 ?60..?63 remittance?32?33 name`, or undefined for free text.
 * `lenient` also reads a field whose code follows spaces (` 166?00...`), as some banks write it;
 * fingerprints keep the strict reading, in which such a field was free text.
 */
function structuredSubfields(joined: string, lenient = false): Subfields | undefined {
  const code = (lenient ? /^\s*\d{3}\?/ : /^\d{3}\?/).exec(joined);
  if (!code) return undefined;
  const subfields = new Map<string, string[]>();
  const parts = joined.slice(code[0].length - 1).split(/\?(\d{2})/);
  for (let i = 1; i < parts.length; i += 2) {
    const code = parts[i] as string;
    const pieces = subfields.get(code) ?? [];
    pieces.push(parts[i + 1] ?? '');
    subfields.set(code, pieces);
  }
  const pick = (codes: string[]) => codes.flatMap((c) => subfields.get(c) ?? []).filter((p) => p.trim() !== '');
  const remittanceCodes = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];
  return { posting: joinPieces(pick(['00'])).trim(), name: joinPieces(pick(['32', '33'])).trim(), remittance: joinPieces(pick(remittanceCodes)) };
}

/**
 * The description as versions before readable descriptions wrote it; fingerprints use it.
 * `lines` are the physical lines of the field (first without the `:86:` tag). Structured
 * fields are concatenated without separators because banks break lines anywhere, even
 * inside a subfield; free text lines are joined with spaces.
 */
export function legacyMt940Details(lines: string[]): string {
  const fields = structuredSubfields(lines.join(''));
  if (!fields) return lines.map((l) => l.trim()).join(' ');
  const purpose = legacySepaPurpose(fields.remittance).trim();
  const text = [fields.name, purpose].filter((t) => t !== '').join(' ');
  return text !== '' ? text : fields.posting;
}

/**
 * Counterparty (?32 ?33) and purpose (?20-?29, ?60-?63) without SEPA keys, SWIFT slash codes
 * or repeats. The booking text (?00: "FOLGELASTSCHRIFT", "SAMMLER") names the kind of
 * transaction, not the transaction: it describes a row only when there is nothing else.
 * Slash-coded free text (`/NAME/.../REMI/...`) is joined without separators, as its lines are
 * cut at a fixed width, even inside a code.
 */
export function describeMt940Details(lines: string[]): string {
  const joined = lines.join('');
  const fields = structuredSubfields(joined, true);
  if (fields) return composeDescription([fields.name, fields.remittance]) || composeDescription([fields.posting]);
  const slashed = slashCodedText(joined);
  return composeDescription([slashed ?? lines.map((l) => l.trim()).join(' ')]);
}
