import { forbiddenCharacterIn } from './text.js';

/**
 * Names people give things (categories and their groups, banks, rule texts) have one spelling:
 * Unicode NFC, so a composed and a decomposed "Café" (and the Kelvin sign and K) are one name;
 * no leading or trailing white space; no invisible format or control characters (a zero-width
 * space, a BOM, a direction mark, a tab). Two names that differ only in what cannot be seen
 * would otherwise become two categories.
 */

/** The stored spelling of a name: NFC. Check it with nameProblem. */
export function normaliseName(text: string): string {
  return text.normalize('NFC');
}

/**
 * Invisible format and control characters, and line/paragraph separators. A zero-width joiner
 * inside an emoji sequence (👩‍💻) is part of the picture, so it does not count.
 */
const INVISIBLE = /(?!(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic}))[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const EDGE_SPACE = /^\s|\s$/u;
/** White space that is also a control or separator character: a space when cleaning, not nothing. */
const LINE_SPACE = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/** Why a (normalised) name cannot be stored, or null when it can. */
export function nameProblem(name: string): string | null {
  const forbidden = forbiddenCharacterIn(name);
  if (forbidden) return forbidden;
  if (EDGE_SPACE.test(name)) return 'must not start or end with white space';
  const invisible = name.match(INVISIBLE)?.[0];
  if (invisible !== undefined) return `must not contain invisible or control characters (found ${codePoint(invisible)})`;
  return null;
}

/**
 * What a name looks like, for finding look-alikes among names stored before these rules:
 * compatibility forms folded (NFKC: the Kelvin sign, ﬁ, a no-break space), invisible
 * characters dropped, white space trimmed and collapsed. Case is kept: "Food" and "food" look
 * different.
 */
export function lookalikeKey(name: string): string {
  return cleanName(name.normalize('NFKC'));
}

/** The spelling a look-alike would have under the rules: NFC, invisibles dropped, white space trimmed and collapsed. */
export function cleanName(name: string): string {
  return normaliseName(name).replace(LINE_SPACE, ' ').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/** U+200B, for messages: the character itself would be invisible. */
export function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A name quoted for a terminal or a log: invisible and control characters (ESC included) and
 * white space at either end written as \u{...}, so look-alikes can be told apart and stored text
 * can never drive the terminal.
 */
export function quotedName(name: string): string {
  const escape = (char: string) => `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`;
  const inner = name.replace(/["\\]/g, (char) => `\\${char}`).replace(INVISIBLE, escape).replace(/^\s+|\s+$/gu, (spaces) => [...spaces].map(escape).join(''));
  return `"${inner}"`;
}

/** How a stored name differs from its spelling under the rules, in words ([] when it does not). */
export function nameDifferences(name: string): string[] {
  const differences: string[] = [];
  if (name.normalize('NFC') !== name) differences.push('not in Unicode NFC (decomposed)');
  if (name.normalize('NFKC') !== name.normalize('NFC')) differences.push('compatibility characters');
  if (EDGE_SPACE.test(name)) differences.push('white space at an end');
  const invisible = [...new Set(name.match(INVISIBLE) ?? [])].map(codePoint);
  if (invisible.length > 0) differences.push(`invisible characters ${invisible.join(' ')}`);
  return differences;
}
