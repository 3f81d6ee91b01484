import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryingForeignKeyRaces } from '../../src/store/postgres/postgres-store.js';

/** A write that fails with `codes` in turn, then succeeds; counts its runs. */
function failingWith(...codes: string[]) {
  let runs = 0;
  return {
    write: async () => {
      runs += 1;
      const code = codes[runs - 1];
      if (code !== undefined) throw Object.assign(new Error(code), { code });
      return 'done';
    },
    runs: () => runs,
  };
}

describe('PostgreSQL writes that lose a race run again', () => {
  it('a deadlock victim (40P01) and a foreign-key race (23503) are run again, whole', async () => {
    // A bulk re-categorise beside rules apply deadlocked in the change-feed test: a 503 before.
    const deadlock = failingWith('40P01');
    assert.equal(await retryingForeignKeyRaces(deadlock.write), 'done');
    assert.equal(deadlock.runs(), 2);
    const both = failingWith('23503', '40P01');
    assert.equal(await retryingForeignKeyRaces(both.write), 'done');
    assert.equal(both.runs(), 3);
  });

  it('gives up after three runs, and never runs again what did not lose a race', async () => {
    const always = failingWith('40P01', '40P01', '40P01', '40P01');
    await assert.rejects(retryingForeignKeyRaces(always.write), { code: '40P01' });
    assert.equal(always.runs(), 3);
    const other = failingWith('23505');
    await assert.rejects(retryingForeignKeyRaces(other.write), { code: '23505' });
    assert.equal(other.runs(), 1);
  });
});
