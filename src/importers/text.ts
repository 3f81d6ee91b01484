// Text clean-up shared by all parsers, so descriptions look the same whatever the format.

export const MAX_DESCRIPTION_LENGTH = 1000;

const WHITESPACE_RUN = /\s+/g;

/** Trim, collapse inner whitespace, drop NULs and cut to MAX_DESCRIPTION_LENGTH characters. */
export function cleanDescription(text: string): string {
  let out = text;
  if (out.includes('\u0000')) out = out.replaceAll('\u0000', '');
  out = out.replace(WHITESPACE_RUN, ' ').trim();
  if (out.length <= MAX_DESCRIPTION_LENGTH) return out;
  let cut = out.slice(0, MAX_DESCRIPTION_LENGTH);
  // Do not leave half of a surrogate pair (emoji, rare CJK) at the end.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

/** Join the non-empty parts with one space; used for payee + memo style pairs. */
export function joinParts(parts: ReadonlyArray<string | undefined>): string {
  let out = '';
  for (const part of parts) {
    const trimmed = part?.trim();
    if (!trimmed) continue;
    out = out === '' ? trimmed : `${out} ${trimmed}`;
  }
  return out;
}

/** Optional identifiers: empty strings mean "no id", not an id equal to "". */
export function optionalText(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** SEPA and SWIFT placeholders that mean "no reference"; they must not be used as ids. */
const PLACEHOLDER_REFERENCES = new Set(['NOTPROVIDED', 'NONREF', 'NOREF']);

/** A bank reference worth keeping as an id, or undefined for empty values and placeholders. */
export function bankReference(text: string | undefined): string | undefined {
  const trimmed = optionalText(text);
  return trimmed && !PLACEHOLDER_REFERENCES.has(trimmed.toUpperCase()) ? trimmed : undefined;
}

// ---- Readable descriptions ------------------------------------------------------------------
// Banks pack the counterparty and the purpose into coded text: SEPA keys (`EREF+... SVWZ+...`),
// SWIFT slash codes (`/NAME/.../REMI/...`), Dutch labels (`Naam: ... Omschrijving: ...`), and
// they repeat the payee in the memo. A person wants "who" and "what for", once each.

/** SEPA remittance keys (German DFÜ layout). SVWZ+ is what the payer wrote; the rest are references. */
const SEPA_KEY = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC)\+/g;
const SEPA_HINT = /(?:EREF|KREF|MREF|CRED|SVWZ|ABWA|ABWE)\+/;

/** The SVWZ+ purpose of SEPA keyed text; without SVWZ+ the keyed references are dropped. */
export function sepaPurpose(text: string): string {
  if (!SEPA_HINT.test(text)) return text;
  const keys = [...text.matchAll(SEPA_KEY)];
  const first = keys[0]?.index ?? text.length;
  const svwz = keys.findIndex((k) => k[1] === 'SVWZ');
  // Free text in front of the first key (rare) is kept.
  const lead = text.slice(0, first).trim();
  if (svwz < 0) return lead;
  const start = (keys[svwz]?.index ?? 0) + 'SVWZ+'.length;
  const end = keys[svwz + 1]?.index ?? text.length;
  return joinParts([lead, text.slice(start, end)]);
}

/** SWIFT/SEPA slash codes used by Dutch, Belgian and other MT940 :86: fields. */
const SLASH_CODES = 'TRTP|IBAN|BIC|NAME|REMI|EREF|MARF|CSID|ORDP|BENM|ID|ADDR|CNTP|ULTC|ULTD|ULTB|PURP|SVCL|RTRN|ISDT|BUSP|CREF|PREF|FX|COAM|OAMT|CHGS|EXCH|IREF';
const SLASH_FIELD = new RegExp(`/(${SLASH_CODES})/`, 'g');
const SLASH_START = new RegExp(`^\\s*/(${SLASH_CODES})/`);

/** `/TRTP/SEPA OVERBOEKING/IBAN/NL.../NAME/J. de Vries/REMI/Terugbetaling/` -> `J. de Vries Terugbetaling`. */
export function slashCodedText(text: string): string | undefined {
  if (!SLASH_START.test(text)) return undefined;
  const fields = new Map<string, string>();
  const marks = [...text.matchAll(SLASH_FIELD)];
  marks.forEach((mark, i) => {
    const start = (mark.index ?? 0) + mark[0].length;
    const end = marks[i + 1]?.index ?? text.length;
    const code = mark[1] as string;
    if (!fields.has(code)) fields.set(code, text.slice(start, end).replace(/\/+$/, '').trim());
  });
  // /CNTP/iban/bic/name/city/ (Rabobank) carries the name as its third part.
  const name = fields.get('NAME') || fields.get('CNTP')?.split('/')[2];
  // /REMI/USTD//text/ and /REMI/STRD/CUR/ref/ wrap the remittance in a sub-structure.
  const remi = fields.get('REMI')?.replace(/^(USTD|STRD)\/+(CUR\/)?/, '');
  const purpose = remi || fields.get('TRTP');
  return joinParts([name, purpose]);
}

/** ING Netherlands: `Naam: X Omschrijving: Y IBAN: Z Kenmerk: ...` -> the Omschrijving. */
const NL_LABELS = /\b(Naam|Omschrijving|IBAN|Kenmerk|Machtiging ID|Incassant ID|Doorlopende incasso|Eenmalige incasso|Valutadatum|Datum\/Tijd|Pasvolgnr|Transactie|Term|Apple Pay|BIC|Referentie):/g;

function labelledPurpose(text: string): string {
  if (!text.includes('Omschrijving:')) return text;
  const marks = [...text.matchAll(NL_LABELS)];
  const at = marks.findIndex((m) => m[1] === 'Omschrijving');
  const start = (marks[at]?.index ?? 0) + 'Omschrijving:'.length;
  const end = marks[at + 1]?.index ?? text.length;
  return text.slice(start, end).replace(/\s(Doorlopende|Eenmalige) incasso\s*$/, '');
}

/** Commerzbank and others write the SEPA references as labels: `End-to-End-Ref.: X Mandatsref: Y`. */
const LABELLED_REFERENCE = /\s*\b(?:End-to-End-Ref\.|Mandatsref\.?|Mandatsreferenz|Gläubiger-ID|Glaeubiger-ID|Kundenreferenz):\s*\S+|\s*\bSEPA-(?:BASIS|FIRMEN)LASTSCHRIFT(?: (?:wiederholend|einmalig|erstmalig|letztmalig))?/gi;
const LABELLED_HINT = /Ref\.?:|ID:|referenz:|LASTSCHRIFT/i;

/** One part of a description with its field codes removed. */
export function readablePart(text: string): string {
  const part = labelledPurpose(sepaPurpose(slashCodedText(text) ?? text));
  return (LABELLED_HINT.test(part) ? part.replace(LABELLED_REFERENCE, '') : part).trim();
}

/** `inner` occurs in `outer` as whole words: "Migros" is in "Migros Zürich", "SAMMLER" is not in "SAMMLER-REF". */
function containsWords(outer: string, inner: string): boolean {
  for (let at = outer.indexOf(inner); at >= 0; at = outer.indexOf(inner, at + 1)) {
    const before = at === 0 || outer[at - 1] === ' ';
    const end = at + inner.length;
    if (before && (end === outer.length || outer[end] === ' ')) return true;
  }
  return false;
}

/** What the loop below drops as a placeholder, for a single (trimmed) part. */
const PLACEHOLDER_ONLY = /^(?:[-–.\s]*|NOTPROVIDED|NONREF|NOREF)$/i;

function comparable(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').trim().toLowerCase();
}

/**
 * Joins description parts (counterparty, purpose, posting text...) without field codes and
 * without saying anything twice: a part already contained in the text so far is dropped, and
 * a part that contains an earlier one replaces it ("Rega" + "Rega" is "Rega"; a NAME repeated
 * at the start of MEMO is said once). Placeholders such as "-" or NOTPROVIDED are dropped.
 */
export function composeDescription(parts: ReadonlyArray<string | undefined>): string {
  // One part (the common CSV case, a million times per large file): nothing to compare it with.
  if (parts.length === 1) {
    const part = parts[0] ? readablePart(parts[0]) : '';
    return PLACEHOLDER_ONLY.test(part) ? '' : cleanDescription(part);
  }
  const kept: string[] = [];
  for (const raw of parts) {
    if (!raw) continue;
    const part = readablePart(raw);
    const key = comparable(part);
    if (key === '' || /^[-–.\s]+$/.test(key) || PLACEHOLDER_REFERENCES.has(key.toUpperCase())) continue;
    if (kept.some((k) => containsWords(comparable(k), key))) continue;
    for (let i = kept.length - 1; i >= 0; i--) if (containsWords(key, comparable(kept[i] as string))) kept.splice(i, 1);
    kept.push(part);
  }
  return cleanDescription(kept.join(' '));
}
