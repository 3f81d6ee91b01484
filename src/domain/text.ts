/**
 * Text rules shared by validation, storage and search.
 */

/**
 * The key a description is matched by: Unicode case folding, not only ASCII.
 * Upper- then lower-casing folds the cases `toLowerCase` alone misses (ß -> ss, ς -> σ, ﬁ -> fi);
 * the second round catches characters whose upper case lowers to something that folds again
 * (ẞ -> ß -> ss). NFC first and last, so a composed and a decomposed "é" meet.
 * Both the stored key and the searched text go through this one function, so the match is
 * "case-insensitive" by construction and never depends on a database's locale.
 */
export function foldForSearch(text: string): string {
  const once = text.normalize('NFC').toUpperCase().toLowerCase();
  return once.toUpperCase().toLowerCase().normalize('NFC');
}

/** Why a string cannot be stored, or null when it can: NUL and lone surrogates are refused. */
export function forbiddenCharacterIn(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (!text.isWellFormed()) return 'must not contain lone UTF-16 surrogates';
  return null;
}
