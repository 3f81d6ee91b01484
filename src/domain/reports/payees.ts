import { foldForMatching } from '../matching-text.js';
import { merchantTokens } from '../rules/suggest.js';

/**
 * Who a transaction was with, as rule suggestions see a description: its merchant words
 * (folded, accents removed, letters only, 3 or more; so "TESCO STORES 3297 LONDON" and
 * "Tesco Stores 1044 London" are both "tesco stores london"). A description without such words
 * is its own payee, folded.
 * The stores hand over descriptions already folded for search (description_folded): folding
 * for matching again gives the same words as folding the description itself (tested).
 */
export function payeeOf(description: string): string {
  const tokens = merchantTokens(description);
  return tokens.length > 0 ? tokens.join(' ') : foldForMatching(description).trim();
}
