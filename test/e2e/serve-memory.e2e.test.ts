import assert from 'node:assert/strict';
import { it } from 'node:test';
import { request, spawnServer } from '../support/spawned-server.js';

// `moneta serve --db :memory:` served a store without its tables: the command migrated the
// in-memory store it checked, closed it, and the server opened a new, empty one (every request 500).
it('moneta serve --db :memory: serves a migrated store that keeps what is written while it runs', async () => {
  const server = await spawnServer(['--db', ':memory:']);
  assert.equal((await request(server.baseUrl, 'GET', '/transactions?limit=1')).status, 204);
  assert.equal((await request(server.baseUrl, 'POST', '/manage/banks', { id: 'ing', name: 'ING' })).status, 201);
  const created = await request(server.baseUrl, 'POST', '/transactions', { date: '2026-11-28', description: 'Coffee', value: -3.2, bank: 'ing' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const listed = await request(server.baseUrl, 'GET', '/transactions');
  assert.deepEqual(listed.body, [{ id: 1, date: '2026-11-28', description: 'Coffee', value: -3.2, bank: 'ing' }]);
  assert.ok(!server.output.some((line) => /no such table/.test(line)), server.output.join('\n'));
});
