import { foldForMatching } from '../matching-text.js';

export interface RuleSuggestion {
  /** Folded merchant token: the suggested --description-contains. */
  token: string;
  category: string;
  /** Categorised rows containing the token that are already in this category. */
  covers: number;
  /** Categorised rows containing the token that are in another category. */
  contradicts: number;
  /** Uncategorised rows containing the token: the rule would categorise them. */
  uncategorised: number;
}

export interface SuggestOptions {
  /** Fewest agreeing rows for a suggestion. */
  minRows: number;
  /** Largest share of contradicting rows among the categorised rows with the token. */
  maxContradictionRate: number;
  /** Tokens an existing rule already covers for a category: `${token}\u0000${category}`. */
  known?: ReadonlySet<string>;
}

interface TokenStats {
  categories: Map<string, number>;
  uncategorised: number;
  rows: number;
  /** Sum of row ids: tokens with the same count and sum almost surely occur in the same rows. */
  idSum: number;
}

/** Tokens are runs of letters, at least 3 long: digits are store numbers and dates, not merchants. */
const TOKEN = /\p{L}{3,}/gu;

/** The merchant words of a description, in order: folded for matching, letters only, 3 or more. */
export function merchantTokens(description: string): string[] {
  return foldForMatching(description).match(TOKEN) ?? [];
}

/**
 * Learns "a token that (almost) always means one category" from categorised transactions.
 * Memory grows with the vocabulary, not with the number of transactions.
 */
export class SuggestionLearner {
  private readonly tokens = new Map<string, TokenStats>();

  add(row: { id: number; description: string; category: string | null }): void {
    const seen = new Set(merchantTokens(row.description));
    for (const token of seen) {
      let stats = this.tokens.get(token);
      if (!stats) {
        stats = { categories: new Map(), uncategorised: 0, rows: 0, idSum: 0 };
        this.tokens.set(token, stats);
      }
      stats.rows += 1;
      stats.idSum += row.id;
      if (row.category === null) stats.uncategorised += 1;
      else stats.categories.set(row.category, (stats.categories.get(row.category) ?? 0) + 1);
    }
  }

  suggestions(options: SuggestOptions): RuleSuggestion[] {
    const found: Array<RuleSuggestion & { signature: string }> = [];
    for (const [token, stats] of this.tokens) {
      let best: [string, number] | null = null;
      let categorised = 0;
      for (const entry of stats.categories) {
        categorised += entry[1];
        if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
      }
      if (!best || best[1] < options.minRows) continue;
      const contradicts = categorised - best[1];
      if (contradicts / categorised > options.maxContradictionRate) continue;
      if (options.known?.has(`${token}\u0000${best[0]}`)) continue;
      found.push({ token, category: best[0], covers: best[1], contradicts, uncategorised: stats.uncategorised, signature: `${stats.rows}:${stats.idSum}` });
    }
    // Tokens that always appear together ("sainsburys" and "mkts") make one suggestion: the longest.
    const bySignature = new Map<string, RuleSuggestion & { signature: string }>();
    for (const suggestion of found) {
      const key = `${suggestion.category}\u0000${suggestion.signature}`;
      const kept = bySignature.get(key);
      if (!kept || suggestion.token.length > kept.token.length || (suggestion.token.length === kept.token.length && suggestion.token < kept.token)) {
        bySignature.set(key, suggestion);
      }
    }
    return [...bySignature.values()]
      .map(({ signature: _signature, ...suggestion }) => suggestion)
      .sort((a, b) => b.covers + b.uncategorised - (a.covers + a.uncategorised) || a.contradicts - b.contradicts || (a.token < b.token ? -1 : 1));
  }
}
