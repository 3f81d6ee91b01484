import { ruleSource } from '../domain/category-source.js';
import type { RuleSet } from '../domain/rules/rule.js';
import type { Store } from '../store/store.js';
import { loadRuleSet } from './rules.service.js';
import type { CategoryResolver } from './transactions.service.js';

/**
 * Categorisation for transactions created without a category, for the HTTP path.
 *
 * The compiled rules are cached per process, and each write is matched against the rules as
 * they were when it arrived or later: before matching, one cheap query (the rules' count,
 * largest id and revision, migration 0010) tells whether any process (this one, another worker,
 * the CLI) changed them since they were compiled, and only then are they read again. So a rule
 * applies to the next write after its creation was answered, on every worker sharing the store
 * (issue 28: a time-based recheck let it reach POST /transactions up to a second late).
 *
 * Checks are gathered, not repeated per request: writes that arrive while a check is running
 * cannot trust it (it may have read the version before they arrived), so they all wait for one
 * next check, started after the running one ends. However many writes arrive at once, at most
 * one check runs and one waits: a version query per batch of concurrent writes, a re-read only
 * when the version changed.
 */
export function ruleCategoryResolver(store: Pick<Store, 'rules'>): CategoryResolver {
  let cached: { version: string; set: RuleSet } | undefined;
  let running: Promise<RuleSet> | undefined;
  let waiting: Promise<RuleSet> | undefined;

  const refresh = async (): Promise<RuleSet> => {
    const version = await store.rules.version();
    if (!cached || cached.version !== version) cached = { version, set: await loadRuleSet(store.rules) };
    return cached.set;
  };

  /** A check that starts now (its version query is sent before this returns). */
  const start = (): Promise<RuleSet> => {
    const check = refresh().finally(() => {
      if (running === check) running = undefined;
    });
    running = check;
    return check;
  };

  const current = (): Promise<RuleSet> => {
    if (!running) return start();
    waiting ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      waiting = undefined;
      return start();
    });
    return waiting;
  };

  return async (input) => {
    const rule = (await current()).match(input);
    return rule ? { category: rule.category, source: ruleSource(rule.id) } : null;
  };
}
