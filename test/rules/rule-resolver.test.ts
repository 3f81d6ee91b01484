/**
 * The HTTP path's rule cache (services/rule-resolver.ts) gathers version checks, but never lets a
 * write trust a check that may have read the version before the write arrived. Driven by a store
 * whose version query answers only when the test says so: no timing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rule } from '../../src/domain/rules/rule.js';
import { ruleCategoryResolver } from '../../src/services/rule-resolver.js';
import type { Store } from '../../src/store/store.js';

function controlledRules() {
  let rules: Rule[] = [];
  let version = 0;
  const pending: Array<() => void> = [];
  let versionQueries = 0;
  let lists = 0;
  const repository = {
    version(): Promise<string> {
      versionQueries += 1;
      // The version is read when the query is sent; its answer arrives when the test releases it.
      const read = String(version);
      return new Promise<string>((resolve) => pending.push(() => resolve(read)));
    },
    async list(): Promise<Rule[]> {
      lists += 1;
      return rules;
    },
  };
  return {
    store: { rules: repository } as unknown as Pick<Store, 'rules'>,
    addRule(rule: Rule) {
      rules = [...rules, rule];
      version += 1;
    },
    /** Answers every version query sent so far. */
    release() {
      for (const answer of pending.splice(0)) answer();
    },
    get sent() {
      return { versionQueries, lists };
    },
  };
}

const MUSIC: Rule = { id: 1, category: 'Music', descriptionContains: 'spotify', descriptionMatches: null, minValue: null, maxValue: null, bank: null, priority: 0 };
const input = { date: '2024-01-01', description: 'Spotify AB', value: -9.99 };

/** Lets every settled promise's callbacks run (microtasks and one macrotask turn, no timer). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('The rule cache of POST /transactions', () => {
  it('a write that arrives while a check is running waits for a check sent after it arrived', async () => {
    const rules = controlledRules();
    const resolve = ruleCategoryResolver(rules.store);
    const warm = resolve(input);
    rules.release();
    assert.equal(await warm, null, 'rules compiled: none');
    const early = resolve(input); // sends a version query: no rules yet
    await settle();
    rules.addRule(MUSIC); // the rule's creation is answered while that query is still out
    const late = resolve(input);
    rules.release();
    assert.equal(await early, null, 'the early write used the rules it asked about');
    await settle();
    rules.release();
    assert.deepEqual(await late, { category: 'Music', source: 'rule:1' });
  });

  it('gathers concurrent writes: one check running and one waiting, a re-read only when the version changed', async () => {
    const rules = controlledRules();
    const resolve = ruleCategoryResolver(rules.store);
    const first = resolve(input);
    await settle();
    const gathered = Array.from({ length: 50 }, () => resolve(input));
    await settle();
    assert.deepEqual(rules.sent, { versionQueries: 1, lists: 0 }, 'the 50 wait for one next check');
    rules.release();
    await first;
    await settle();
    assert.deepEqual(rules.sent, { versionQueries: 2, lists: 1 });
    rules.release();
    assert.deepEqual(await Promise.all(gathered), Array.from({ length: 50 }, () => null));
    assert.deepEqual(rules.sent, { versionQueries: 2, lists: 1 }, 'the version had not changed: no second read');
  });
});
