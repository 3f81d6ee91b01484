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
