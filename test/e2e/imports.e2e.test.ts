import assert from 'node:assert/strict';
import { it } from 'node:test';
import createClient from 'openapi-fetch';
import type { paths } from '../../src/http/contract.gen.js';
import { describeEachEngine } from '../support/engines.js';
import { runCli, spawnServer } from '../support/spawned-server.js';

const STATEMENT = 'Date,Description,Amount\n2024-01-03,Café Müller,-3.50\n2024-01-04,SALARY ACME,2500.10\n2024-01-05,Tesco,-42.00\n';

describeEachEngine('imports through a generated client against moneta serve', ({ freshDbSetting }) => {
  it('imports a statement body, lists and shows the import, undoes it and imports it again to the same rows', async () => {
    const db = await freshDbSetting();
    const bank = await runCli(['banks', 'add', 'ing', 'ING', '--db', db]);
    assert.equal(bank.code, 0, bank.stderr);
    const server = await spawnServer(['--db', db, '--workers', '1']);
    // Content-Type on every request: a POST without a body (undoImport) must still say JSON.
    const client = createClient<paths>({ baseUrl: server.baseUrl, headers: { 'content-type': 'application/json' } });
    // The statement travels as it is: the client's JSON serialiser is bypassed for this body.
    const upload = async (dryRun: boolean) => {
      const { response, data } = await client.POST('/imports', {
        params: { query: { bank: 'ing', fileName: 'jan.csv', dryRun } },
        body: STATEMENT,
        bodySerializer: (body: string) => body,
        headers: { 'content-type': 'text/csv' },
      });
      // 200 is the report; a 202 (an import job) would fail the status assertions below.
      return { response, data: data !== undefined && 'outcome' in data ? data : undefined };
    };

    const dry = await upload(true);
    assert.equal(dry.response.status, 200);
    assert.deepEqual([dry.data?.outcome, dry.data?.added, dry.data?.importId], ['dry-run', 3, undefined]);
    assert.equal((await client.GET('/imports')).response.status, 204);

    const created = await upload(false);
    assert.equal(created.response.status, 200);
    assert.equal(created.data?.outcome, 'imported');
    assert.deepEqual(created.data?.rows.map((row) => row.status), ['added', 'added', 'added']);
    const importId = created.data?.importId;
    assert.equal(typeof importId, 'number');
    const before = (await client.GET('/transactions')).data?.map(({ id: _id, ...rest }) => rest);

    const list = await client.GET('/imports');
    assert.deepEqual(list.data?.map((entry) => [entry.id, entry.fileName, entry.format, entry.bank, entry.added]), [[importId, 'jan.csv', 'csv', 'ing', 3]]);
    const shown = await client.GET('/imports/{importId}', { params: { path: { importId: importId! }, query: { limit: 2 } } });
    assert.deepEqual([shown.data?.inList, shown.data?.inTrash, shown.data?.rows.length], [3, 0, 2]);

    const undone = await client.POST('/imports/{importId}/undo', { params: { path: { importId: importId! } } });
    assert.equal(undone.response.status, 200);
    assert.equal(undone.data?.deleted, 3);
    assert.equal((await client.GET('/transactions')).response.status, 204);
    assert.equal((await client.GET('/manage/trash')).data?.length, 3);

    const again = await upload(false);
    assert.deepEqual([again.data?.added, again.data?.duplicates], [3, 0]);
    assert.deepEqual((await client.GET('/transactions')).data?.map(({ id: _id, ...rest }) => rest), before);

    const refused = await client.POST('/imports', {
      params: { query: { bank: 'nope' } },
      body: STATEMENT,
      bodySerializer: (body: string) => body,
      headers: { 'content-type': 'text/csv' },
    });
    assert.equal(refused.response.status, 400);
    assert.equal(refused.error?.errors[0]?.name, 'bank');
    const missing = await client.GET('/imports/{importId}', { params: { path: { importId: 999 } } });
    assert.equal(missing.response.status, 404);
    assert.equal(await server.stop(), 0, server.output.join('\n'));
  });

  it('with two workers, an import answered 202 (Prefer: respond-async) is told by its job, whichever worker is asked', async () => {
    const db = await freshDbSetting();
    assert.equal((await runCli(['banks', 'add', 'ing', 'ING', '--db', db])).code, 0);
    const server = await spawnServer(['--db', db, '--workers', '2']);
    const client = createClient<paths>({ baseUrl: server.baseUrl, headers: { 'content-type': 'application/json' } });
    const accepted = await client.POST('/imports', {
      params: { query: { bank: 'ing', fileName: 'jan.csv' }, header: { Prefer: 'respond-async' } },
      body: STATEMENT,
      bodySerializer: (body: string) => body,
      headers: { 'content-type': 'text/csv' },
    });
    assert.equal(accepted.response.status, 202);
    const job = accepted.data !== undefined && 'state' in accepted.data ? accepted.data : undefined;
    assert.ok(job);
    assert.equal(accepted.response.headers.get('location'), `/import-jobs/${job.id}`);
    // Asked again at once, one request after the other (no timer), until the import has ended.
    const read = async (jobId: string) => {
      const polled = await client.GET('/import-jobs/{jobId}', { params: { path: { jobId } } });
      assert.equal(polled.response.status, 200);
      assert.ok(polled.data);
      return polled.data;
    };
    let seen = job;
    while (seen.state === 'running') seen = await read(job.id);
    assert.equal(seen.state, 'finished', JSON.stringify(seen));
    assert.deepEqual([seen.report?.outcome, seen.report?.added], ['imported', 3]);
    assert.equal((await client.GET('/imports')).data?.[0]?.id, seen.report?.importId);
    assert.equal(await server.stop(), 0, server.output.join('\n'));
  });
});
