import { ruleSource } from '../domain/category-source.js';
import type { RuleSet } from '../domain/rules/rule.js';
import type { Store } from '../store/store.js';
import { loadRuleSet } from './rules.service.js';
import type { CategoryResolver } from './transactions.service.js';

export interface RuleResolverOptions {
  /** How long the cached rules are trusted before the (one-query) version check runs again. */
  recheckMs?: number;
  now?: () => number;
}

/**
 * Categorisation for transactions created without a category, for the HTTP path.
 * The compiled rules are cached per process; at most every `recheckMs` (default 1 s) one cheap
 * query (count and largest id of the rules) tells whether another process (the CLI, another
 * worker) changed them, and only then are they reloaded. So a rule added with `moneta rules add`
 * takes effect in a running server within about a second, without a restart and without a
 * query per request.
 */
export function ruleCategoryResolver(store: Pick<Store, 'rules'>, options: RuleResolverOptions = {}): CategoryResolver {
  const recheckMs = options.recheckMs ?? 1000;
  const now = options.now ?? Date.now;
  let cached: { version: string; set: RuleSet } | undefined;
  let checkedAt = -Infinity;
  let refreshing: Promise<RuleSet> | undefined;

  const refresh = async (): Promise<RuleSet> => {
    const version = await store.rules.version();
    if (!cached || cached.version !== version) cached = { version, set: await loadRuleSet(store.rules) };
    checkedAt = now();
    return cached.set;
  };

  const current = (): Promise<RuleSet> => {
    if (cached && now() - checkedAt < recheckMs) return Promise.resolve(cached.set);
    // Concurrent requests share one check.
    refreshing ??= refresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  return async (input) => {
    const rule = (await current()).match(input);
    return rule ? { category: rule.category, source: ruleSource(rule.id) } : null;
  };
}
