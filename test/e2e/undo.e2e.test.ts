import assert from 'node:assert/strict';
import { it } from 'node:test';
import createClient from 'openapi-fetch';
import type { paths } from '../../src/http/contract.gen.js';
import { describeEachEngine } from '../support/engines.js';
import { spawnServer } from '../support/spawned-server.js';

/**
 * Undo by change against `moneta serve --workers 2` (docs/undo.md): the change a write answers
 * crosses from the writer (SQLite: the primary's, over IPC) to the worker that answered, and a
 * generated client undoes it through the contract's operation.
 */
describeEachEngine('undo by change against moneta serve --workers 2', ({ freshDbSetting }) => {
  it('a seed PUT answers Moneta-Change; undoChange puts the category back, and a second undo is 409', async () => {
    const server = await spawnServer(['--db', await freshDbSetting(), '--workers', '2']);
    // As the contract asks of generated clients: a POST without a body still says application/json.
    const client = createClient<paths>({ baseUrl: server.baseUrl, headers: { 'content-type': 'application/json' } });
    const created = await client.POST('/transactions', { body: { date: '2024-01-01', description: 'REWE', value: -20, category: 'Groceries' } });
    assert.equal(created.response.status, 201);
    assert.match(created.response.headers.get('moneta-change') ?? '', /^[1-9][0-9]*$/);
    const id = created.data!.id;
    const put = await client.PUT('/transactions/{transactionId}', { params: { path: { transactionId: id } }, body: { category: 'Food' } });
    assert.equal(put.response.status, 204);
    const change = Number(put.response.headers.get('moneta-change'));
    assert.ok(change > 0);

    const undone = await client.POST('/changes/{change}/undo', { params: { path: { change } } });
    assert.equal(undone.response.status, 200);
    assert.deepEqual({ ...undone.data, change: undefined }, { undone: change, change: undefined, recategorised: 1, restored: 0, trashed: 0, conflicts: [] });
    assert.equal(Number(undone.response.headers.get('moneta-change')), undone.data!.change);
    const row = await client.GET('/transactions/{transactionId}', { params: { path: { transactionId: id } } });
    assert.equal(row.data?.category, 'Groceries');

    const again = await client.POST('/changes/{change}/undo', { params: { path: { change } } });
    assert.equal(again.response.status, 409);
  });
});
