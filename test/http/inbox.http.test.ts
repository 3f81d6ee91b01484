import assert from 'node:assert/strict';
import { it } from 'node:test';
import { TokensService } from '../../src/services/tokens.service.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, withoutChange } from '../support/app.js';
import { openMigratedStore } from '../../src/store/open-store.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

interface Problem {
  errors: { in: string; name: string; message: string }[];
}

function assertProblem(response: { status: number; body: unknown }, name: string, location = 'body') {
  assert.equal(response.status, 400, JSON.stringify(response.body));
  const errors = (response.body as Problem).errors;
  assert.ok(errors.some((error) => error.in === location && error.name === name), `expected ${location} ${name} in ${JSON.stringify(errors)}`);
}

async function setup(store: Store) {
  const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
  const rows = [
    { date: '2024-03-02', description: 'POS ESPRESSO HOUSE 1234 Nice', value: -3.15 },
    { date: '2024-10-31', description: 'Espresso House 9876 NICE', value: -4.1 },
    { date: '2024-05-15', description: 'espresso house 555 nice', value: 0.05 },
    { date: '2024-04-01', description: 'DEUTSCHE BAHN 77', value: -120 },
    { date: '2024-01-20', description: 'DEUTSCHE BAHN 78', value: -67.2 },
    { date: '2024-02-01', description: 'ESPRESSO HOUSE 1 NICE', value: -2, category: 'Coffee' },
    { date: '2024-06-01', description: 'Salary ACME', value: 2500, category: 'Salary' },
    { date: '2024-07-01', description: '12', value: -1 },
  ];
  for (const row of rows) assert.equal((await call(app, 'POST', '/transactions', row)).status, 201);
  return app;
}

const ESPRESSO = 'pos espresso house nice';
const ESPRESSO_PLAIN = 'espresso house nice';

describeEachEngine('HTTP review inbox: uncategorised groups by payee, and a group recategorised', ({ freshStore, freshDbSetting }) => {
  it('groups the uncategorised rows by payee, largest first, with count, exact totals and first and last dates', async () => {
    const app = await setup(await freshStore());
    const inbox = await call(app, 'GET', '/reports/inbox');
    assert.equal(inbox.status, 200);
    assert.deepEqual(inbox.body, {
      count: 6,
      groupCount: 4,
      groups: [
        { payee: 'deutsche bahn', count: 2, income: 0, expenses: -187.2, net: -187.2, first: '2024-01-20', last: '2024-04-01' },
        { payee: ESPRESSO_PLAIN, count: 2, income: 0.05, expenses: -4.1, net: -4.05, first: '2024-05-15', last: '2024-10-31' },
        { payee: '12', count: 1, income: 0, expenses: -1, net: -1, first: '2024-07-01', last: '2024-07-01' },
        { payee: ESPRESSO, count: 1, income: 0, expenses: -3.15, net: -3.15, first: '2024-03-02', last: '2024-03-02' },
      ],
    });
    const head = await call(app, 'HEAD', '/reports/inbox');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    const limited = await call(app, 'GET', '/reports/inbox?limit=1');
    assert.deepEqual((limited.body as { groups: unknown[]; groupCount: number }).groups.length, 1);
    assert.equal((limited.body as { groupCount: number }).groupCount, 4);
  });

  it('recategorises exactly one payee\'s uncategorised rows in one request, after a dry run that says how many', async () => {
    const app = await setup(await freshStore());
    const request = { filter: { category: null }, payee: 'deutsche bahn', category: 'Travel' };
    const dry = await call(app, 'POST', '/manage/transactions/recategorise', { ...request, dryRun: true });
    assert.equal(dry.status, 200);
    assert.equal((dry.body as { changed: number }).changed, 2);
    assert.deepEqual((dry.body as { sample: { id: number }[] }).sample.map((row) => row.id), [4, 5]);
    assert.equal((await call(app, 'GET', '/transactions?category=Travel')).status, 204, 'a dry run writes nothing');

    const done = await call(app, 'POST', '/manage/transactions/recategorise', request);
    assert.deepEqual(withoutChange(done.body), { changed: 2, dryRun: false, ids: [4, 5] });
    const travel = await call(app, 'GET', '/transactions?category=Travel');
    assert.deepEqual((travel.body as { id: number }[]).map((row) => row.id), [4, 5]);
    const inbox = (await call(app, 'GET', '/reports/inbox')).body as { count: number; groups: { payee: string }[] };
    assert.equal(inbox.count, 4);
    assert.deepEqual(inbox.groups.map((group) => group.payee), [ESPRESSO_PLAIN, '12', ESPRESSO]);
    // The filter still holds: the categorised "ESPRESSO HOUSE 1 NICE" (same payee) is left alone.
    const coffee = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { category: null }, payee: ESPRESSO_PLAIN, category: 'Cafés' });
    assert.deepEqual(withoutChange(coffee.body), { changed: 2, dryRun: false, ids: [2, 3] });
    assert.equal((await call(app, 'GET', '/transactions?category=Coffee')).headers['x-total-count'], '1');
    // Undo, as the inbox does: the same rows back to no category, chosen by their ids.
    const undo = await call(app, 'POST', '/manage/transactions/recategorise', { ids: [4, 5], category: null });
    assert.deepEqual(withoutChange(undo.body), { changed: 2, dryRun: false });
    assert.equal(((await call(app, 'GET', '/reports/inbox')).body as { count: number }).count, 4);
  });

  it('groups empty descriptions as the payee "", which can be categorised like any other', async () => {
    const app = await setup(await freshStore());
    assert.equal((await call(app, 'POST', '/transactions', { date: '2024-08-01', description: '', value: -9 })).status, 201);
    const inbox = (await call(app, 'GET', '/reports/inbox')).body as { groups: { payee: string; count: number }[] };
    assert.deepEqual(inbox.groups.find((group) => group.payee === ''), { payee: '', count: 1, income: 0, expenses: -9, net: -9, first: '2024-08-01', last: '2024-08-01' });
    const done = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { category: null }, payee: '', category: 'Misc' });
    assert.deepEqual(withoutChange(done.body), { changed: 1, dryRun: false, ids: [9] });
  });

  it('a group write answered 200 is durable: the store closed and opened again has it', async () => {
    const db = await freshDbSetting();
    const first = await openMigratedStore({ db });
    const app = await setup(first);
    const done = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { category: null }, payee: 'deutsche bahn', category: 'Travel' });
    assert.equal(done.status, 200);
    await app.close();
    await first.lifecycle.close();
    const again = await openMigratedStore({ db });
    try {
      const reopened = await buildTestApp(again);
      assert.equal((await call(reopened, 'GET', '/transactions?category=Travel')).headers['x-total-count'], '2');
      await reopened.close();
    } finally {
      await again.lifecycle.close();
    }
  });

  it('answers a payee no row has with 0 changed, and creates no category', async () => {
    const app = await setup(await freshStore());
    const none = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { category: null }, payee: 'DEUTSCHE BAHN', category: 'Nowhere' });
    assert.deepEqual(none.body, { changed: 0, dryRun: false, ids: [] });
    const categories = await call(app, 'GET', '/categories');
    assert.ok(!categories.text.includes('Nowhere'));
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const app = await setup(await freshStore());
    const before = (await call(app, 'GET', '/transactions?limit=1000')).text;
    const url = '/manage/transactions/recategorise';
    assertProblem(await call(app, 'POST', url, { ids: [4], payee: 'deutsche bahn', category: 'Travel' }), 'payee');
    assertProblem(await call(app, 'POST', url, { payee: 'deutsche bahn', category: 'Travel' }), 'filter');
    assertProblem(await call(app, 'POST', url, { filter: { category: null }, payee: 'x'.repeat(4001), category: 'Travel' }), 'payee');
    assertProblem(await call(app, 'POST', url, { filter: { category: null }, payee: 7, category: 'Travel' }), 'payee');
    assertProblem(await call(app, 'POST', url, { filter: { category: null }, payee: 'deutsche bahn', category: '' }), 'category');
    assertProblem(await call(app, 'GET', '/reports/inbox?limit=0'), 'limit', 'query');
    assertProblem(await call(app, 'GET', '/reports/inbox?limit=1001'), 'limit', 'query');
    assertProblem(await call(app, 'GET', '/reports/inbox?payee=x'), 'payee', 'query');
    assert.equal((await call(app, 'GET', '/transactions?limit=1000')).text, before);
  });

  it('lets a read-only token read the inbox and refuses it the group write (403), changing nothing', async () => {
    const store = await freshStore();
    const app = await setup(store);
    const { token } = await new TokensService(store).create('dashboard', { readOnly: true });
    const headers = { authorization: `Bearer ${token}` };
    const before = (await call(app, 'GET', '/reports/inbox', undefined, headers));
    assert.equal(before.status, 200);
    const write = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { category: null }, payee: 'deutsche bahn', category: 'Travel' }, headers);
    assert.equal(write.status, 403);
    assert.equal((await call(app, 'GET', '/reports/inbox', undefined, headers)).text, before.text);
  });
}, { setups: EVERY_SETUP });
