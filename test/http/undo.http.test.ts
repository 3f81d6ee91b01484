import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

/**
 * Undo on the server, by change (issue 22 item 3; docs/undo.md): every write names its change
 * (`Moneta-Change`, `change` in extension bodies), and POST /changes/{change}/undo reverts exactly
 * that change from the before-images the server kept, leaving rows a later change touched.
 */

const STATEMENT = ['Date,Description,Amount', '2024-03-01,Import one,-1.00', '2024-03-02,Import two,-2.00'].join('\n') + '\n';

interface Row {
  id: number;
  category?: string;
  categorySource?: string;
}

interface UndoBody {
  undone: number;
  change: number;
  recategorised: number;
  restored: number;
  trashed: number;
  conflicts: Array<{ id: number; reason: string }>;
}

interface Problem {
  status: number;
  detail: string;
  errors: { in: string; name: string; message: string }[];
}

async function setup(store: Store): Promise<FastifyInstance> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  const app = await buildTestApp(store, { now: () => Date.UTC(2024, 5, 1) });
  const rows = [
    { date: '2024-01-01', description: 'REWE market', value: -10 },
    { date: '2024-01-02', description: 'REWE city', value: -20 },
    { date: '2024-01-03', description: 'Salary', value: 2500, category: 'Income' },
    { date: '2024-01-04', description: 'Tesco', value: -5, category: 'Groceries' },
  ];
  for (const row of rows) assert.equal((await call(app, 'POST', '/transactions', row)).status, 201);
  return app;
}

function changeHeader(response: JsonResponse): number {
  const header = response.headers['moneta-change'];
  assert.ok(typeof header === 'string' && /^[1-9][0-9]*$/.test(header), `expected a Moneta-Change header, got ${String(header)} (${response.status} ${response.text})`);
  return Number(header);
}

/** Every row as a client sees it (ids, categories, sources), and the trash's ids. */
async function visible(app: FastifyInstance) {
  const list = await call(app, 'GET', '/transactions?limit=1000');
  const trash = await call(app, 'GET', '/manage/trash?limit=1000');
  return {
    rows: list.status === 204 ? [] : (list.body as Row[]).map(({ id, category, categorySource }) => ({ id, category, categorySource })),
    trash: trash.status === 204 ? [] : (trash.body as Row[]).map(({ id }) => id).sort((a, b) => a - b),
  };
}

async function undo(app: FastifyInstance, change: number): Promise<UndoBody & { header: number }> {
  const response = await call(app, 'POST', `/changes/${change}/undo`);
  assert.equal(response.status, 200, response.text);
  const body = response.body as UndoBody;
  assert.equal(body.undone, change);
  assert.equal(changeHeader(response), body.change, 'the undo names its own change in the header and the body');
  return { ...body, header: changeHeader(response) };
}

function assertProblem(response: JsonResponse, status: number) {
  assert.equal(response.status, status, response.text);
  const body = response.body as Problem;
  assert.ok(body.errors.some((error) => error.in === 'path' && error.name === 'change'), response.text);
}

describeEachEngine(
  'HTTP undo by change',
  ({ freshStore }) => {
    it('the seed POST and PUT carry Moneta-Change with their bodies unchanged; undoing the PUT puts the category and its source back', async () => {
      const app = await setup(await freshStore());
      const created = await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'Kiosk', value: -1, category: 'Snacks' });
      assert.equal(created.status, 201);
      changeHeader(created);
      assert.deepEqual(Object.keys(created.body as object).sort(), ['date', 'description', 'id', 'value', 'category', 'categorySource'].filter((key) => key in (created.body as object)).sort());
      assert.equal('change' in (created.body as object), false, "the seed's body stays the seed's");
      const before = await visible(app);
      const put = await call(app, 'PUT', '/transactions/3', { category: 'Salary' });
      assert.equal(put.status, 204);
      assert.equal(put.text, '');
      const change = changeHeader(put);
      assert.notDeepEqual(await visible(app), before);
      const undone = await undo(app, change);
      assert.deepEqual({ recategorised: undone.recategorised, restored: undone.restored, trashed: undone.trashed, conflicts: undone.conflicts }, { recategorised: 1, restored: 0, trashed: 0, conflicts: [] });
      assert.deepEqual(await visible(app), before);
    });

    it('undoing a bulk re-categorisation by filter gives a rule-set row rule:N back, not a person\'s choice', async () => {
      const app = await setup(await freshStore());
      const rule = await call(app, 'POST', '/rules', { category: 'Groceries', descriptionContains: 'rewe' });
      assert.equal(rule.status, 201);
      const ruleId = (rule.body as { id: number }).id;
      const applied = await call(app, 'POST', '/rules/apply', {});
      assert.equal(applied.status, 200, applied.text);
      assert.equal((applied.body as { change?: number }).change, changeHeader(applied));
      const before = await visible(app);
      assert.equal(before.rows.filter((row) => row.categorySource === `rule:${ruleId}`).length, 2);
      const bulk = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { from: '2024-01-01', to: '2024-01-02' }, category: 'Shopping' });
      assert.equal(bulk.status, 200, bulk.text);
      const change = changeHeader(bulk);
      assert.equal((bulk.body as { change: number }).change, change);
      const undone = await undo(app, change);
      assert.equal(undone.recategorised, 2);
      assert.deepEqual(await visible(app), before, 'rows 1 and 2 are Groceries by rule:N again');
      // And rules apply still sees them as a rule's (not protected as a person's choice).
      assert.deepEqual((await visible(app)).rows.filter((row) => row.id <= 2).map((row) => row.categorySource), [`rule:${ruleId}`, `rule:${ruleId}`]);
    });

    it('undoing a bulk delete restores every row, whatever the count; undoing a restore trashes them again', async () => {
      const app = await setup(await freshStore());
      const before = await visible(app);
      const deleted = await call(app, 'POST', '/manage/transactions/delete', { filter: { maxValue: 0 } });
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal((deleted.body as { deleted: number }).deleted, 3);
      const change = changeHeader(deleted);
      assert.equal((deleted.body as { change: number }).change, change);
      const undone = await undo(app, change);
      assert.equal(undone.restored, 3);
      assert.deepEqual(await visible(app), before);

      await call(app, 'POST', '/manage/transactions/delete', { ids: [1, 2] });
      const afterDelete = await visible(app);
      const restored = await call(app, 'POST', '/manage/trash/restore', { ids: [1, 2] });
      assert.equal(restored.status, 200, restored.text);
      const restore = changeHeader(restored);
      assert.equal((restored.body as { change: number }).change, restore);
      const undoneRestore = await undo(app, restore);
      assert.equal(undoneRestore.trashed, 2);
      assert.deepEqual(await visible(app), afterDelete);
    });

    it('undoing an import trashes its rows and only them (not a later import\'s)', async () => {
      const app = await setup(await freshStore());
      const before = await visible(app);
      const first = await call(app, 'POST', '/imports?bank=ing', STATEMENT, { 'content-type': 'text/csv' });
      assert.equal(first.status, 200, first.text);
      const change = changeHeader(first);
      assert.equal((first.body as { change: number }).change, change);
      const second = await call(app, 'POST', '/imports?bank=ing', STATEMENT.replace(/Import/g, 'Later'), { 'content-type': 'text/csv' });
      assert.equal(second.status, 200, second.text);
      const afterBoth = await visible(app);
      // The history offers each import's change while it can be undone by it.
      const history = async () => ((await call(app, 'GET', '/imports')).body as Array<{ id: number; change?: number }>).map(({ id, change }) => ({ id, change }));
      const [later, earlier] = await history();
      assert.deepEqual(earlier, { id: 1, change });
      assert.equal(later?.change, changeHeader(second));
      const undone = await undo(app, change);
      assert.equal(undone.trashed, 2);
      assert.deepEqual((await history())[1], { id: 1, change: undefined }, 'undone: no change offered any more');
      const after = await visible(app);
      assert.deepEqual(after.rows, afterBoth.rows.filter((row) => row.id <= 4 || row.id >= 7));
      assert.deepEqual(after.rows.slice(0, 4), before.rows);
    });

    it('a row a later change touched is left as it is and listed as a conflict; the others are reverted', async () => {
      const app = await setup(await freshStore());
      const bulk = await call(app, 'POST', '/manage/transactions/recategorise', { ids: [1, 2], category: 'Shopping' });
      const change = changeHeader(bulk);
      assert.equal((await call(app, 'PUT', '/transactions/2', { category: 'Fuel' })).status, 204);
      const undone = await undo(app, change);
      assert.equal(undone.recategorised, 1);
      assert.deepEqual(undone.conflicts, [{ id: 2, reason: 'changed-later' }]);
      const rows = (await visible(app)).rows;
      assert.deepEqual(rows.find((row) => row.id === 1), { id: 1, category: undefined, categorySource: undefined });
      assert.equal(rows.find((row) => row.id === 2)?.category, 'Fuel');
    });

    it('a deleted row restored since is a conflict of the deletion\'s undo; the rest come back', async () => {
      const app = await setup(await freshStore());
      const deleted = await call(app, 'POST', '/manage/transactions/delete', { ids: [1, 2] });
      const change = changeHeader(deleted);
      assert.equal((await call(app, 'POST', '/manage/trash/restore', { ids: [2] })).status, 200);
      assert.equal((await call(app, 'PUT', '/transactions/2', { category: 'Fuel' })).status, 204);
      const undone = await undo(app, change);
      assert.equal(undone.restored, 1);
      assert.deepEqual(undone.conflicts, [{ id: 2, reason: 'changed-later' }]);
      const rows = (await visible(app)).rows;
      assert.deepEqual(rows.map((row) => row.id), [1, 2, 3, 4]);
      assert.equal(rows.find((row) => row.id === 2)?.category, 'Fuel');
    });

    it('an undo is a change: undoing it redoes what it reverted; the same change cannot be undone twice', async () => {
      const app = await setup(await freshStore());
      const deleted = await call(app, 'POST', '/manage/transactions/delete', { ids: [1, 3] });
      const afterDelete = await visible(app);
      const change = changeHeader(deleted);
      const undone = await undo(app, change);
      const redo = await undo(app, undone.change);
      assert.equal(redo.trashed, 2);
      assert.deepEqual(await visible(app), afterDelete);
      const twice = await call(app, 'POST', `/changes/${change}/undo`);
      assertProblem(twice, 409);
      assert.match((twice.body as Problem).detail, new RegExp(`undone already, by change ${undone.change}`));
    });

    it('an unknown change is 404, an expired one 410, a catalogue change 409, a malformed one 400; none changes anything', async () => {
      const store = await freshStore();
      const app = await setup(store);
      const put = await call(app, 'PUT', '/transactions/1', { category: 'Groceries' });
      const change = changeHeader(put);
      const group = await call(app, 'POST', '/manage/category-groups', { name: 'Daily', categories: ['Groceries'] });
      assert.equal(group.status, 201, group.text);
      const catalogueChange = changeHeader(group);
      const before = await visible(app);
      assertProblem(await call(app, 'POST', '/changes/999999/undo'), 404);
      // A valid int64 past 2^53 (found by contract fuzzing: a 500 on PostgreSQL).
      assertProblem(await call(app, 'POST', '/changes/9223372036854775296/undo'), 404);
      assertProblem(await call(app, 'POST', `/changes/${catalogueChange}/undo`), 409);
      assertProblem(await call(app, 'POST', '/changes/0/undo'), 400);
      assertProblem(await call(app, 'POST', '/changes/x1/undo'), 400);
      // The retention passes (the purge the server runs with the trash's, as of tomorrow).
      assert.ok((await store.undo.purge(Date.now() + 24 * 60 * 60 * 1000)) >= 1);
      const expired = await call(app, 'POST', `/changes/${change}/undo`);
      assertProblem(expired, 410);
      assert.deepEqual(await visible(app), before);
    });
  },
  { setups: EVERY_SETUP },
);
