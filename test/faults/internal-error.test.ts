import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { contractOperations } from '../../src/http/contract.js';
import { createAjv } from '../../src/http/schema-validator.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { call } from '../support/app.js';

/**
 * An unexpected store failure (an Error carrying SQL and a stack, as a driver throws) must reach
 * the client as the contract's JSON 500 with a request id and nothing of the internals, while the
 * log line with that same request id carries the whole error for the operator.
 */
const SQL = 'SELECT id, secret_column FROM transactions WHERE description LIKE ?';

/** The store with the repository methods named `repository.method` failing as a driver would. */
function failingStore(inner: Store, methods: readonly string[]): Store {
  const fail = async () => {
    const error = new Error(`SQLITE_ERROR: no such column: secret_column in "${SQL}"`);
    (error as Error & { code: string }).code = 'SQLITE_ERROR';
    throw error;
  };
  const repository = (target: object, name: string) =>
    new Proxy(target, {
      get(repo, property, receiver) {
        if (methods.includes(`${name}.${String(property)}`)) return fail;
        const value: unknown = Reflect.get(repo, property, receiver);
        return typeof value === 'function' ? value.bind(repo) : value;
      },
    });
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'object' && value !== null ? repository(value, String(property)) : value;
    },
  });
}

async function appWithLog(store: Store) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter((line) => line !== ''));
      done();
    },
  });
  // Load shedding off: this test is not about it, and a loaded machine would answer 503 first.
  const app = await buildApp({ store, logger: pino({ level: 'info' }, sink), accessLog: true, security: { limits: { maxEventLoopDelayMs: 0 } } });
  return { app, log: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const errorSchema = contractOperations().find((operation) => operation.operationId === 'listTransactions')!.responses['500']!;
const validateError = createAjv().compile(errorSchema);

describe('500 from an injected store failure', () => {
  for (const [method, url, payload, failing] of [
    ['GET', '/transactions?description=caf%C3%A9', undefined, ['transactions.page']],
    ['GET', '/transactions/1', undefined, ['transactions.findById']],
    ['POST', '/transactions', { date: '2024-01-01', description: 'x', value: 1 }, ['transactions.create']],
    ['PUT', '/transactions/1', { category: 'Food' }, ['transactions.setCategory']],
    ['GET', '/categories', undefined, ['catalogue.listCategories']],
  ] as const) {
    it(`${method} ${url}: JSON 500 with a request id, no SQL or stack; the log has both under the same id`, async (t) => {
      const inner = new SqliteStore({ path: ':memory:' });
      await inner.lifecycle.migrate();
      const { app, log } = await appWithLog(failingStore(inner, failing));
      t.after(async () => {
        await app.close();
        await inner.lifecycle.close();
      });

      const response = await call(app, method, url, payload);
      assert.equal(response.status, 500);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.ok(validateError(response.body), `the 500 body follows the contract's Error schema: ${response.text}`);
      const body = response.body as { requestId: string; detail: string };
      assert.match(body.requestId, /^[0-9a-f-]{36}$/);
      assert.equal(response.headers['x-request-id'], body.requestId);
      assert.match(body.detail, new RegExp(body.requestId));
      for (const leak of ['SELECT', 'secret_column', 'SQLITE', 'transactions WHERE', '    at ', '.ts:', 'stack']) {
        assert.ok(!response.text.includes(leak), `the response leaks "${leak}": ${response.text}`);
      }

      const entries = log().filter((entry) => entry.reqId === body.requestId);
      const failure = entries.find((entry) => entry.level === 50);
      assert.ok(failure, `an error line with reqId ${body.requestId} in: ${JSON.stringify(log())}`);
      const err = failure.err as { message: string; stack: string };
      assert.match(err.message, /secret_column/, 'the log keeps the real message');
      assert.match(err.stack, /\n\s+at /, 'the log keeps the stack');
      assert.ok(entries.some((entry) => entry.status === 500), 'the access-log line has the same id');
    });
  }
});
