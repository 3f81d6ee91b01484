// Turns an MT940 `:86:` field into a readable description. German banks (and many others
// using the DFÜ/ZKA layout) structure it as `<3-digit code>?00posting text?20..?29 and
// ?60..?63 remittance?32?33 counterparty name`; other banks write free text.

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

function sepaPurpose(remittance: string): string {
  const keys = [...remittance.matchAll(SEPA_KEY)];
  const svwz = keys.findIndex((k) => k[1] === 'SVWZ');
  if (svwz < 0) return remittance;
  const start = (keys[svwz]?.index ?? 0) + 'SVWZ+'.length;
  const end = keys[svwz + 1]?.index ?? remittance.length;
  return remittance.slice(start, end);
}

/**
 * `lines` are the physical lines of the field (first without the `:86:` tag). Structured
 * fields are concatenated without separators because banks break lines anywhere, even
 * inside a subfield; free text lines are joined with spaces.
 */
export function describeMt940Details(lines: string[]): string {
  const joined = lines.join('');
  const structured = /^\d{3}\?/.exec(joined);
  if (!structured) return lines.map((l) => l.trim()).join(' ');
  const subfields = new Map<string, string[]>();
  const parts = joined.slice(3).split(/\?(\d{2})/);
  for (let i = 1; i < parts.length; i += 2) {
    const code = parts[i] as string;
    const pieces = subfields.get(code) ?? [];
    pieces.push(parts[i + 1] ?? '');
    subfields.set(code, pieces);
  }
  const pick = (codes: string[]) => codes.flatMap((c) => subfields.get(c) ?? []).filter((p) => p.trim() !== '');
  const remittanceCodes = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];
  const name = joinPieces(pick(['32', '33'])).trim();
  const purpose = sepaPurpose(joinPieces(pick(remittanceCodes))).trim();
  const text = [name, purpose].filter((t) => t !== '').join(' ');
  return text !== '' ? text : joinPieces(pick(['00']));
}
