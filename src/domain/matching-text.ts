import { foldForSearch } from './text.js';

const COMBINING_MARKS = /\p{M}+/gu;

/**
 * The key rules and fingerprints compare descriptions by: case-folded like the description
 * filter, then accents removed (NFD, combining marks dropped), so "CAFÉ", "Café" and "cafe" meet.
 */
export function foldForMatching(text: string): string {
  return foldForSearch(text).normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}
