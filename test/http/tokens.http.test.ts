import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function create(app: FastifyInstance, name: string, readOnly: boolean, headers: Record<string, string> = {}): Promise<string> {
  const made = await call(app, 'POST', '/manage/tokens', { name, readOnly }, headers);
  assert.equal(made.status, 201, made.text);
  return (made.body as { token: string }).token;
}

const inMemory = (store: Store) => {
  const location = store.lifecycle.location();
  return location.engine === 'sqlite' && location.path === ':memory:';
};

/** Counts of the rows a user sees, in an opened SQLite file (the downloaded backup). */
function countsInFile(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { transactions: count('transactions'), banks: count('banks'), categories: count('categories'), rules: count('rules'), api_tokens: count('api_tokens') };
  } finally {
    db.close();
  }
}

async function countsInStore(store: Store): Promise<Record<string, number>> {
  return {
    transactions: (await store.transactions.list({ sort: [], limit: 0, offset: 0 })).total,
    banks: (await store.catalogue.listBanks()).length,
    categories: (await store.catalogue.listCategories()).length,
    rules: (await store.rules.list()).length,
    api_tokens: (await store.tokens.list()).length,
  };
}

const scratch = await mkdtemp(join(tmpdir(), 'moneta-backup-test-'));
after(() => rm(scratch, { recursive: true, force: true }));

describeEachEngine(
  'API tokens and the backup download over HTTP',
  ({ freshStore }) => {
    it('lifecycle: a made token is answered once, lets its holder in, is listed without its secret, and is refused once revoked', async () => {
      const store = await freshStore();
      const app = await buildTestApp(store);
      assert.deepEqual((await call(app, 'GET', '/manage/tokens')).body, []);
      // The open (loopback, no token) server lets the first token be made.
      const made = await call(app, 'POST', '/manage/tokens', { name: 'laptop' });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.headers['cache-control'], 'no-store');
      const { token, name, readOnly, createdAt } = made.body as { token: string; name: string; readOnly: boolean; createdAt: string };
      assert.match(token, /^moneta_[A-Za-z0-9_-]{43}$/);
      assert.deepEqual({ name, readOnly }, { name: 'laptop', readOnly: false });
      // From now on a token is needed, at once (not after the cache's second).
      assert.equal((await call(app, 'GET', '/manage/tokens')).status, 401);
      const listed = await call(app, 'GET', '/manage/tokens', undefined, bearer(token));
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.body, [{ name: 'laptop', readOnly: false, createdAt }]);
      assert.ok(!listed.text.includes(token.slice(7)), 'the secret is never listed');
      assert.ok(!listed.text.includes('hash'), 'nor its hash');
      const second = await create(app, 'phone', false, bearer(token));
      const other = await call(app, 'DELETE', '/manage/tokens/phone', undefined, bearer(token));
      assert.equal(other.status, 200);
      assert.deepEqual(other.body, { name: 'phone', byThisRequest: false });
      assert.equal((await call(app, 'GET', '/manage/tokens', undefined, bearer(second))).status, 401);
      // Revoking the token in use is allowed; it is refused on the next request.
      const own = await call(app, 'DELETE', '/manage/tokens/laptop', undefined, bearer(token));
      assert.equal(own.status, 200);
      assert.deepEqual(own.body, { name: 'laptop', byThisRequest: true });
      assert.equal((await store.tokens.list()).length, 0);
      assert.equal((await call(app, 'GET', '/manage/tokens', undefined, bearer(token))).status, 200, 'no token left: the loopback server is open again');
    });

    it('lists tokens by name (code point order), not by when they were made, as the contract says', async () => {
      const app = await buildTestApp(await freshStore(), { security: { tokenCacheMs: 0 } });
      const first = await create(app, 'zeta', false);
      // Made in the reverse of their names' order: oldest first would list zeta first.
      for (const name of ['alpha', 'Mid', '9-lives']) await create(app, name, true, bearer(first));
      const listed = (await call(app, 'GET', '/manage/tokens', undefined, bearer(first))).body as Array<{ name: string }>;
      assert.deepEqual(listed.map((token) => token.name), ['9-lives', 'Mid', 'alpha', 'zeta']);
    });

    it('a server that requires a token and has none lets nobody make one over HTTP (401)', async () => {
      const store = await freshStore();
      const app = await buildTestApp(store, { security: { requireToken: true } });
      const refused = await call(app, 'POST', '/manage/tokens', { name: 'laptop' });
      assert.equal(refused.status, 401);
      assert.equal((await store.tokens.list()).length, 0);
    });

    it('GET /manage/access says what the credentials sent may do, without a write (issue 27 item 10)', async () => {
      const store = await freshStore();
      const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
      const open = await call(app, 'GET', '/manage/access');
      assert.deepEqual([open.status, open.body], [200, { readOnly: false }], 'no token exists: the loopback default lets all in');
      const full = await create(app, 'laptop', false);
      const reader = await create(app, 'dashboard', true, bearer(full));
      assert.deepEqual((await call(app, 'GET', '/manage/access', undefined, bearer(reader))).body, { readOnly: true, token: 'dashboard' });
      assert.deepEqual((await call(app, 'GET', '/manage/access', undefined, bearer(full))).body, { readOnly: false, token: 'laptop' });
      assert.equal((await call(app, 'GET', '/manage/access')).status, 401, 'once a token exists, none sent is refused as anywhere else');
      assert.equal((await call(app, 'GET', '/manage/access', undefined, bearer('mistyped'))).status, 401);
    });

    it('a read-only token lists tokens and downloads, but may not make or revoke one (403, nothing changed)', async () => {
      const store = await freshStore();
      const app = await buildTestApp(store);
      const full = await create(app, 'laptop', false);
      const reader = await create(app, 'dashboard', true, bearer(full));
      assert.equal((await call(app, 'GET', '/manage/tokens', undefined, bearer(reader))).status, 200);
      const made = await call(app, 'POST', '/manage/tokens', { name: 'sneaky' }, bearer(reader));
      assert.equal(made.status, 403);
      assert.equal((await call(app, 'DELETE', '/manage/tokens/laptop', undefined, bearer(reader))).status, 403);
      assert.deepEqual((await store.tokens.list()).map((t) => t.name).sort(), ['dashboard', 'laptop']);
      const backup = await call(app, 'GET', '/manage/backup', undefined, bearer(reader));
      assert.equal(backup.status, inMemory(store) ? 409 : 200);
    });

    it('bad input: 400 naming the field, 409 on a taken name, 404 on an unknown one; nothing changed', async () => {
      const store = await freshStore();
      const app = await buildTestApp(store);
      const full = await create(app, 'laptop', false);
      const auth = bearer(full);
      const cases: [unknown, string][] = [
        [{ name: '' }, 'name'],
        [{ name: '-dash' }, 'name'],
        [{ name: 'a'.repeat(65) }, 'name'],
        [{ name: 'has space' }, 'name'],
        [{ name: 'ok', readOnly: 'yes' }, 'readOnly'],
        [{ name: 'ok', secret: 'mine' }, 'secret'],
        [{}, 'name'],
      ];
      for (const [body, field] of cases) {
        const refused = await call(app, 'POST', '/manage/tokens', body, auth);
        assert.equal(refused.status, 400, JSON.stringify(body));
        const errors = (refused.body as { errors: { in: string; name: string }[] }).errors;
        assert.ok(errors.some((error) => error.in === 'body' && error.name === field), `${JSON.stringify(body)} -> ${refused.text}`);
      }
      const bad = await call(app, 'DELETE', `/manage/tokens/${encodeURIComponent('no way')}`, undefined, auth);
      assert.equal(bad.status, 400);
      assert.equal((bad.body as { errors: { name: string }[] }).errors[0]?.name, 'tokenName');
      const taken = await call(app, 'POST', '/manage/tokens', { name: 'laptop' }, auth);
      assert.equal(taken.status, 409);
      assert.equal((await call(app, 'DELETE', '/manage/tokens/nobody', undefined, auth)).status, 404);
      assert.deepEqual((await store.tokens.list()).map((t) => t.name), ['laptop']);
      assert.equal((await call(app, 'GET', '/manage/tokens', undefined, auth)).status, 200, 'the token still works');
    });

    it('the backup download is one consistent SQLite file holding every row, and leaves no temporary file', async () => {
      const store = await freshStore();
      const app = await buildTestApp(store, { now: () => Date.parse('2026-03-04T05:06:07Z') });
      assert.equal((await call(app, 'POST', '/manage/demo')).status, 201);
      assert.equal((await call(app, 'POST', '/rules', { category: 'Groceries', descriptionContains: 'rewe' })).status, 201);
      const token = await create(app, 'laptop', false);
      await create(app, 'dashboard', true, bearer(token));
      const before = new Set((await readdir(tmpdir())).filter((name) => name.startsWith('moneta-download-backup-')));
      const response = await app.inject({ method: 'GET', url: '/manage/backup', headers: bearer(token) });
      if (inMemory(store)) {
        assert.equal(response.statusCode, 409);
        assert.equal((await app.inject({ method: 'HEAD', url: '/manage/backup', headers: bearer(token) })).statusCode, 409);
        assert.match(response.body, /in memory/);
        return;
      }
      assert.equal(response.statusCode, 200, response.body.slice(0, 500));
      assert.equal(response.headers['content-type'], 'application/vnd.sqlite3');
      assert.equal(response.headers['content-disposition'], 'attachment; filename="moneta-2026-03-04.db"');
      const bytes = response.rawPayload;
      assert.equal(Number(response.headers['content-length']), bytes.length);
      assert.equal(bytes.subarray(0, 15).toString('latin1'), 'SQLite format 3');
      const file = join(scratch, `${store.engine}-${Date.now()}.db`);
      await writeFile(file, bytes);
      assert.deepEqual(countsInFile(file), await countsInStore(store));
      assert.deepEqual(countsInFile(file), { transactions: 2000, banks: 3, categories: 20, rules: 1, api_tokens: 2 });
      // Two at once: made one after the other, both whole.
      const both = await Promise.all([1, 2].map(() => app.inject({ method: 'GET', url: '/manage/backup', headers: bearer(token) })));
      assert.deepEqual(both.map((each) => each.statusCode), [200, 200]);
      assert.ok(both.every((each) => each.rawPayload.subarray(0, 15).toString('latin1') === 'SQLite format 3'));
      const head = await app.inject({ method: 'HEAD', url: '/manage/backup', headers: bearer(token) });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers['content-disposition'], 'attachment; filename="moneta-2026-03-04.db"');
      assert.equal(head.body, '');
      const left = (await readdir(tmpdir())).filter((name) => name.startsWith('moneta-download-backup-') && !before.has(name));
      assert.deepEqual(left, [], 'the temporary copy is removed');
    });
  },
  { setups: EVERY_SETUP },
);
