/**
 * PostgreSQL's group commit (src/store/postgres/statement-batcher.ts), with the database replaced
 * by functions the test controls: what forms a batch, what waits, and what a failed batch does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_RUNNING, StatementBatcher } from '../../src/store/postgres/statement-batcher.js';

/** A batch statement the test answers when it likes. */
interface Sent {
  inputs: readonly number[];
  answer(results: string[]): void;
  fail(error: unknown): void;
}

function harness() {
  const sent: Sent[] = [];
  const alone: number[] = [];
  const batcher = new StatementBatcher<number, string>(
    (inputs) => new Promise((resolve, reject) => sent.push({ inputs, answer: resolve, fail: reject })),
    async (input) => {
      alone.push(input);
      if (input === 13) throw new Error('13 is refused');
      return `alone ${input}`;
    },
  );
  return { sent, alone, batcher };
}

/** Lets the batcher's setImmediate run, and every promise it settles. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Turns of the event loop until `done` holds (a batch is sent after a finally and a setImmediate). */
async function turnsUntil(done: () => boolean): Promise<void> {
  for (let turns = 0; turns < 10 && !done(); turns += 1) await turn();
}

describe('PostgreSQL statement batcher', () => {
  it('writes of one turn go as one batch, each answered by its own result', async () => {
    const { sent, batcher } = harness();
    const answers = [1, 2, 3].map((input) => batcher.write(input));
    await turn();
    assert.deepEqual(sent.map((batch) => batch.inputs), [[1, 2, 3]]);
    sent[0]!.answer(['a', 'b', 'c']);
    assert.deepEqual(await Promise.all(answers), ['a', 'b', 'c']);
  });

  it(`while ${MAX_RUNNING} batches run, later writes wait and go together when one ends`, async () => {
    const { sent, batcher } = harness();
    const first: Array<Promise<string>> = [];
    for (let k = 0; k < MAX_RUNNING; k += 1) {
      first.push(batcher.write(k));
      await turn();
    }
    assert.equal(sent.length, MAX_RUNNING);
    const waiting = [10, 11, 12].map((input) => batcher.write(input));
    await turn();
    assert.equal(sent.length, MAX_RUNNING, 'nothing more is sent while the limit runs');
    sent[0]!.answer(['done 0']);
    await first[0];
    await turnsUntil(() => sent.length > MAX_RUNNING);
    assert.deepEqual(sent[MAX_RUNNING]?.inputs, [10, 11, 12], 'the waiting writes form one batch');
    sent[MAX_RUNNING]!.answer(['x', 'y', 'z']);
    assert.deepEqual(await Promise.all(waiting), ['x', 'y', 'z']);
  });

  // The batcher as postgres-store.ts builds it: its own judgement of a failure, not the test's.
  const oneWriteFailures: Array<[string, Error]> = [
    ['a foreign-key race (23503)', Object.assign(new Error('insert or update violates foreign key constraint'), { code: '23503' })],
    ['a value the server refuses (22003)', Object.assign(new Error('numeric field overflow'), { code: '22003' })],
  ];
  for (const [label, failure] of oneWriteFailures) {
    it(`a batch that fails for a reason one write may cause, ${label}, runs each alone: only that one fails`, async () => {
      const { sent, alone, batcher } = harness();
      const answers = [12, 13, 14].map((input) => batcher.write(input).catch((error: Error) => error.message));
      await turn();
      sent[0]!.fail(failure);
      assert.deepEqual(await Promise.all(answers), ['alone 12', '13 is refused', 'alone 14']);
      assert.deepEqual(alone, [12, 13, 14]);
    });
  }

  // What node-postgres rejects with when the server is away or too slow: running each write alone would repeat it per write.
  const everyWriteFailures: Array<[string, Error]> = [
    ['the connection lost mid-statement', new Error('Connection terminated unexpectedly')],
    ['the server refusing connections', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' })],
    ['the server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a statement timeout on the server (57014)', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['the client giving up waiting (query_timeout)', new Error('Query read timeout')],
    ['too many connections (53300)', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
  ];
  for (const [label, failure] of everyWriteFailures) {
    it(`a batch that fails for a reason no single write causes, ${label}, fails every write with it: none runs again alone`, async () => {
      const { sent, alone, batcher } = harness();
      const answers = [1, 2, 3].map((input) => batcher.write(input).catch((error: unknown) => error));
      await turn();
      sent[0]!.fail(failure);
      assert.deepEqual(await Promise.all(answers), [failure, failure, failure]);
      assert.deepEqual(alone, []);
      assert.equal(sent.length, 1, 'nor as a batch again');
    });
  }
});
