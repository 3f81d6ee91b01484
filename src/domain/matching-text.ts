import { foldForSearch } from './text.js';

const COMBINING_MARKS = /\p{M}+/gu;

/**
 * The key rules and fingerprints compare descriptions by: case-folded like the description
 * filter, then accents removed (NFD, combining marks dropped), so "CAFÉ", "Café" and "cafe" meet.
 */
export function foldForMatching(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  return foldForSearch(text).normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/**
 * foldForSearch, with a fast path: for ASCII text, full case folding and normalisation come
 * down to toLowerCase (no ASCII letter has another folding or a decomposition). Imports fold
 * millions of descriptions; most are ASCII.
 */
export function foldForSearchQuickly(text: string): string {
  return isAscii(text) ? text.toLowerCase() : foldForSearch(text);
}

const NON_ASCII = /[\u0080-\uffff]/;

function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}
