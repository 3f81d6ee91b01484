import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { TokensService } from '../../src/services/tokens.service.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, withoutChange, type JsonResponse } from '../support/app.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

const STATEMENT = [
  'Date,Description,Amount',
  '2024-01-03,Café Müller,-3.50',
  '2024-01-04,SALARY ACME,2500.10',
  '2024-01-05,Tesco,-42.00',
  '2024-01-05,Tesco,-42.00',
].join('\n') + '\n';

const CSV = { 'content-type': 'text/csv' };

interface Problem {
  errors: { in: string; name: string; message: string }[];
}

function assertProblem(response: JsonResponse, status: number, field: { in: string; name: string }) {
  assert.equal(response.status, status, JSON.stringify(response.body));
  const body = response.body as Problem;
  assert.ok(body.errors.some((error) => error.in === field.in && error.name === field.name), `expected ${field.in} ${field.name} in ${JSON.stringify(body.errors)}`);
}

async function setup(store: Store, options: { importLimit?: number } = {}) {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  return buildTestApp(store, { now: () => Date.UTC(2024, 5, 1), security: { tokenCacheMs: 0 }, ...options });
}

/** The rows a client sees, without their ids. */
async function rowsWithoutIds(app: FastifyInstance) {
  const response = await call(app, 'GET', '/transactions?limit=1000');
  if (response.status === 204) return [];
  return (response.body as Array<Record<string, unknown>>).map(({ id: _id, ...rest }) => rest);
}

/** Everything a client can see: transactions, trash, history, categories. */
async function visible(app: FastifyInstance, headers: Record<string, string> = {}) {
  const text = async (url: string) => {
    const response = await call(app, 'GET', url, undefined, headers);
    return `${response.status} ${String(response.headers['x-total-count'])} ${response.text}`;
  };
  return [await text('/transactions?limit=1000'), await text('/manage/trash'), await text('/imports'), await text('/categories')];
}

const importStatement = (app: FastifyInstance, query = 'bank=ing&fileName=jan.csv', body: string | Buffer = STATEMENT, headers: Record<string, string> = CSV) =>
  call(app, 'POST', `/imports?${query}`, body, headers);

describeEachEngine(
  'HTTP imports: createImport, listImports, getImport, undoImport',
  ({ freshStore }) => {
    it('imports a statement sent as the body and answers the per-row report; the history shows it', async () => {
      const app = await setup(await freshStore());
      const response = await importStatement(app);
      assert.equal(response.status, 200, response.text);
      const report = response.body as Record<string, unknown>;
      assert.equal(report.outcome, 'imported');
      assert.equal(report.fileName, 'jan.csv');
      assert.equal(report.format, 'csv');
      assert.equal(report.added, 4);
      assert.deepEqual(report.rows, [
        { line: 2, status: 'added', id: 1, date: '2024-01-03', description: 'Café Müller', value: -3.5 },
        { line: 3, status: 'added', id: 2, date: '2024-01-04', description: 'SALARY ACME', value: 2500.1 },
        { line: 4, status: 'added', id: 3, date: '2024-01-05', description: 'Tesco', value: -42 },
        { line: 5, status: 'added', id: 4, date: '2024-01-05', description: 'Tesco', value: -42 },
      ]);
      const again = (await importStatement(app)).body as Record<string, unknown>;
      assert.equal(again.added, 0);
      assert.equal(again.duplicates, 4);
      assert.equal(typeof again.importId, 'number', 'a file of duplicates is in the history too, with its counts');
      assert.deepEqual((again.rows as unknown[])[0], { line: 2, status: 'duplicate', duplicateOf: 1, reason: 'fingerprint', date: '2024-01-03', description: 'Café Müller', value: -3.5 });

      const list = await call(app, 'GET', '/imports');
      assert.equal(list.status, 200);
      assert.equal(list.headers['x-total-count'], '2');
      const [latest, summary] = list.body as Array<Record<string, unknown>>;
      assert.deepEqual([latest!.id, latest!.added, latest!.duplicates], [again.importId, 0, 4]);
      assert.equal(summary!.id, report.importId);
      assert.equal(summary!.fileName, 'jan.csv');
      assert.equal(summary!.bank, 'ing');
      assert.equal(summary!.added, 4);
      const detail = await call(app, 'GET', `/imports/${String(report.importId)}?limit=2&offset=1`);
      assert.equal(detail.status, 200);
      const body = detail.body as { inList: number; inTrash: number; rows: Array<{ id: number }> };
      assert.equal(body.inList, 4);
      assert.equal(body.inTrash, 0);
      assert.deepEqual(body.rows.map((row) => row.id), [2, 3]);
    });

    it('Undo then re-import of a statement gives the same rows; restoring the undone rows then skips them (import-key-taken)', async () => {
      const app = await setup(await freshStore());
      const first = (await importStatement(app)).body as { importId: number };
      const before = await rowsWithoutIds(app);
      const undo = await call(app, 'POST', `/imports/${first.importId}/undo`);
      assert.equal(undo.status, 200, undo.text);
      assert.equal((undo.body as { deleted: number }).deleted, 4);
      assert.equal((await call(app, 'GET', '/transactions')).status, 204);
      const trash = (await call(app, 'GET', '/manage/trash')).body as Array<{ deletedBy: unknown }>;
      assert.equal(trash.length, 4);
      assert.deepEqual(trash[0]!.deletedBy, { reason: 'import', importId: first.importId });
      assert.equal(((await call(app, 'POST', `/imports/${first.importId}/undo`)).body as { deleted: number }).deleted, 0, 'a second undo moves nothing');

      const second = (await importStatement(app)).body as { added: number; duplicates: number };
      assert.equal(second.added, 4);
      assert.equal(second.duplicates, 0);
      assert.deepEqual(await rowsWithoutIds(app), before);

      const restore = await call(app, 'POST', '/manage/trash/restore', { ids: [1, 2, 3, 4] });
      assert.equal(restore.status, 200);
      assert.deepEqual(restore.body, { restored: [], skipped: [1, 2, 3, 4].map((id) => ({ id, reason: 'import-key-taken' })) });
      assert.deepEqual(await rowsWithoutIds(app), before, 'the statement is never in the list twice');
    });

    it('restores undone rows when the statement was not imported again; the history says where its rows are (rowsInList)', async () => {
      const app = await setup(await freshStore());
      const first = (await importStatement(app)).body as { importId: number };
      const before = (await call(app, 'GET', '/transactions')).text;
      const listed = async () => ((await call(app, 'GET', '/imports')).body as Array<{ id: number; rowsInList: boolean }>).map(({ id, rowsInList }) => ({ id, rowsInList }));
      assert.deepEqual(await listed(), [{ id: first.importId, rowsInList: true }]);
      const undone = (await call(app, 'POST', `/imports/${first.importId}/undo`)).body as { import: { rowsInList: boolean } };
      assert.equal(undone.import.rowsInList, false, 'the undo answers the import as undone');
      assert.deepEqual(await listed(), [{ id: first.importId, rowsInList: false }], 'the history says so after a reload');
      const restore = await call(app, 'POST', '/manage/trash/restore', { ids: [1, 2, 3, 4] });
      assert.deepEqual(withoutChange(restore.body), { restored: [1, 2, 3, 4], skipped: [] });
      assert.deepEqual(await listed(), [{ id: first.importId, rowsInList: true }], 'restored: in the list again');
      assert.equal((await call(app, 'GET', '/transactions')).text, before);
      const detail = (await call(app, 'GET', `/imports/${first.importId}`)).body as { inList: number; inTrash: number };
      assert.deepEqual([detail.inList, detail.inTrash], [4, 0]);
    });

    it('undoing one import of several moves only its rows: the imports before and after it, and rows added by hand, stay', async () => {
      const app = await setup(await freshStore());
      const statement = (month: string) => `Date,Description,Amount\n2024-${month}-01,RENT ${month},-700.00\n2024-${month}-02,SALARY ${month},2500.00\n`;
      const importMonth = async (month: string) => {
        const response = await importStatement(app, `bank=ing&fileName=${month}.csv`, statement(month));
        assert.equal((response.body as { added: number }).added, 2, response.text);
        return (response.body as { importId: number }).importId;
      };
      const january = await importMonth('01');
      assert.equal((await call(app, 'POST', '/transactions', { date: '2024-02-15', description: 'BY HAND', value: -1 })).status, 201);
      const february = await importMonth('02');
      const march = await importMonth('03');
      const descriptions = async () => ((await call(app, 'GET', '/transactions?limit=1000')).body as Array<{ description: string }>).map((row) => row.description);
      const inList = async (importId: number) => ((await call(app, 'GET', `/imports/${importId}`)).body as { inList: number }).inList;

      const undone = await call(app, 'POST', `/imports/${february}/undo`);
      assert.deepEqual((undone.body as { deleted: number }).deleted, 2, undone.text);
      assert.deepEqual(await descriptions(), ['RENT 01', 'SALARY 01', 'BY HAND', 'RENT 03', 'SALARY 03']);
      assert.deepEqual(((await call(app, 'GET', '/manage/trash')).body as Array<{ transaction: { description: string } }>).map((entry) => entry.transaction.description), ['RENT 02', 'SALARY 02']);
      assert.deepEqual([await inList(january), await inList(february), await inList(march)], [2, 0, 2]);

      assert.equal(((await call(app, 'POST', `/imports/${january}/undo`)).body as { deleted: number }).deleted, 2);
      assert.deepEqual(await descriptions(), ['BY HAND', 'RENT 03', 'SALARY 03'], 'the first import undone: the later one stays');
    });

    it('the history lists every committed file with a transaction in it, duplicates only too; a file of invalid entries only has no id and is not listed', async () => {
      const app = await setup(await freshStore());
      const listed = async () => ((await call(app, 'GET', '/imports')).body as Array<{ id: number; fileName: string; added: number }> | undefined ?? []).map(({ id, fileName, added }) => ({ id, fileName, added }));
      const added = (await importStatement(app, 'bank=ing&fileName=new.csv')).body as { outcome: string; importId?: number };
      const duplicates = (await importStatement(app, 'bank=ing&fileName=again.csv')).body as { outcome: string; importId?: number; added: number };
      assert.deepEqual([duplicates.outcome, duplicates.added, typeof duplicates.importId], ['imported', 0, 'number']);
      const invalid = await importStatement(app, 'bank=ing&fileName=broken.csv&skipInvalid=true', 'Date,Description,Amount\n2024-13-01,Impossible month,-5.00\n2024-01-02,No amount,abc\n');
      const report = invalid.body as { outcome: string; invalid: number; importId?: number };
      assert.deepEqual([invalid.status, report.outcome, report.invalid, report.importId], [200, 'imported', 2, undefined], invalid.text);
      const dryRun = (await importStatement(app, 'bank=ing&fileName=dry.csv&dryRun=true')).body as { importId?: number };
      assert.equal(dryRun.importId, undefined);
      assert.deepEqual(await listed(), [
        { id: duplicates.importId, fileName: 'again.csv', added: 0 },
        { id: added.importId, fileName: 'new.csv', added: 4 },
      ]);
    });

    it('a dry run writes nothing, not even the history entry', async () => {
      const app = await setup(await freshStore());
      const before = await visible(app);
      const response = await importStatement(app, 'bank=ing&dryRun=true');
      assert.equal(response.status, 200);
      const report = response.body as { outcome: string; added: number; importId?: number; rows: unknown[] };
      assert.equal(report.outcome, 'dry-run');
      assert.equal(report.added, 4);
      assert.equal(report.importId, undefined);
      assert.deepEqual(report.rows[0], { line: 2, status: 'added', date: '2024-01-03', description: 'Café Müller', value: -3.5 });
      assert.deepEqual(await visible(app), before);
    });

    it('a file with invalid rows is rejected whole (line and reason reported) unless skipInvalid=true', async () => {
      const app = await setup(await freshStore());
      const bad = STATEMENT + '2024-13-45,Broken date,-1.00\n';
      const before = await visible(app);
      const rejected = (await importStatement(app, 'bank=ing', bad)).body as { outcome: string; invalid: number; rows: Array<{ line: number; status: string; reason?: string }> };
      assert.equal(rejected.outcome, 'rejected');
      assert.equal(rejected.invalid, 1);
      const invalid = rejected.rows.find((row) => row.status === 'invalid');
      assert.equal(invalid?.line, 6);
      assert.ok(invalid?.reason);
      assert.equal((invalid as { raw?: string } | undefined)?.raw, '2024-13-45,Broken date,-1.00', 'the record as the file has it');
      assert.deepEqual(await visible(app), before);
      const skipped = (await importStatement(app, 'bank=ing&skipInvalid=true', bad)).body as { outcome: string; added: number };
      assert.deepEqual([skipped.outcome, skipped.added], ['imported', 4]);
    });

    it('an invalid row carries the record as the file has it: control characters kept as data, at most 500 characters; a row read but refused carries its fields', async () => {
      const app = await setup(await freshStore());
      const long = `2024-01-07,${'x'.repeat(600)},not money`;
      const bad = `${STATEMENT}2024-01-06,"Bell\u0007 \u001b[31mred\u001b[0m",twelve\r\n${long}\n2024-01-08,Too much,-${'9'.repeat(40)}.00\n`;
      const before = await visible(app);
      const response = await importStatement(app, 'bank=ing&dryRun=true', bad);
      assert.equal(response.status, 200, response.text);
      assert.ok(response.text.includes('\\u001b[31m'), 'JSON escapes the control characters');
      const rows = (response.body as { rows: Array<Record<string, unknown>> }).rows.filter((row) => row.status === 'invalid');
      assert.deepEqual(rows.map((row) => [row.line, row.raw]), [
        [6, '2024-01-06,"Bell\u0007 \u001b[31mred\u001b[0m",twelve'],
        [7, long.slice(0, 500)],
        [8, undefined],
      ]);
      assert.deepEqual([rows[2]!.date, rows[2]!.description, rows[2]!.value], ['2024-01-08', 'Too much', -1e40], 'a row read but refused is shown as read');
      assert.equal(rows[0]!.date, undefined);
      assert.deepEqual(await visible(app), before);
    });

    it('caps the report at 1000 rows and says so; getImport pages through every row added', async () => {
      const app = await setup(await freshStore());
      const lines = ['Date,Description,Amount'];
      for (let i = 0; i < 1001; i += 1) lines.push(`2024-02-01,Row ${i},-${i + 1}.00`);
      const report = (await importStatement(app, 'bank=ing', lines.join('\n'))).body as { added: number; rows: unknown[]; rowsTruncated: boolean; importId: number };
      assert.equal(report.added, 1001);
      assert.equal(report.rows.length, 1000);
      assert.equal(report.rowsTruncated, true);
      const last = (await call(app, 'GET', `/imports/${report.importId}?limit=10&offset=1000`)).body as { rows: Array<{ description: string }> };
      assert.deepEqual(last.rows.map((row) => row.description), ['Row 1000']);
    });

    it('every bad input is a 400 naming the field, and changes nothing', async () => {
      const app = await setup(await freshStore());
      await importStatement(app);
      const before = await visible(app);
      const cases: Array<[string, Promise<JsonResponse>, { in: string; name: string }]> = [
        ['no bank', importStatement(app, 'fileName=a.csv'), { in: 'query', name: 'bank' }],
        ['unknown bank', importStatement(app, 'bank=nope'), { in: 'query', name: 'bank' }],
        ['bad bank id', importStatement(app, 'bank=a%20b'), { in: 'query', name: 'bank' }],
        ['unknown format', importStatement(app, 'bank=ing&format=xls'), { in: 'query', name: 'format' }],
        ['unknown profile', importStatement(app, 'bank=ing&profile=nope'), { in: 'query', name: 'profile' }],
        ['profile as a path', importStatement(app, 'bank=ing&profile=..%2Fetc%2Fpasswd'), { in: 'query', name: 'profile' }],
        ['profile for OFX', importStatement(app, 'bank=ing&format=ofx&profile=generic'), { in: 'query', name: 'profile' }],
        ['dryRun not a boolean', importStatement(app, 'bank=ing&dryRun=yes'), { in: 'query', name: 'dryRun' }],
        ['skipInvalid repeated', importStatement(app, 'bank=ing&skipInvalid=true&skipInvalid=false'), { in: 'query', name: 'skipInvalid' }],
        ['fileName with a slash', importStatement(app, 'bank=ing&fileName=a%2Fb.csv'), { in: 'query', name: 'fileName' }],
        ['unknown parameter', importStatement(app, 'bank=ing&dateFormat=DD'), { in: 'query', name: 'dateFormat' }],
        ['no body', call(app, 'POST', '/imports?bank=ing'), { in: 'body', name: 'body' }],
        ['empty body', importStatement(app, 'bank=ing', ''), { in: 'body', name: 'body' }],
        ['a JSON body', call(app, 'POST', '/imports?bank=ing', { date: '2024-01-01' }), { in: 'header', name: 'content-type' }],
        ['not a statement', importStatement(app, 'bank=ing', 'just some words\n'), { in: 'body', name: 'body' }],
        ['OFX forced on CSV', importStatement(app, 'bank=ing&format=ofx'), { in: 'body', name: 'body' }],
        ['import id 0', call(app, 'GET', '/imports/0'), { in: 'path', name: 'importId' }],
        ['import id not decimal', call(app, 'POST', '/imports/0x1/undo'), { in: 'path', name: 'importId' }],
        ['limit negative', call(app, 'GET', '/imports?limit=-1'), { in: 'query', name: 'limit' }],
      ];
      for (const [label, pending, field] of cases) {
        const response = await pending;
        assert.equal(response.status, 400, `${label}: ${response.text}`);
        assertProblem(response, 400, field);
      }
      assert.deepEqual(await visible(app), before);
      assertProblem(await call(app, 'GET', '/imports/99'), 404, { in: 'path', name: 'importId' });
      assertProblem(await call(app, 'POST', '/imports/99/undo'), 404, { in: 'path', name: 'importId' });
      assert.equal((await importStatement(app, 'bank=ing', STATEMENT, { 'content-type': 'text/csv', 'content-encoding': 'gzip' })).status, 415);
      assert.deepEqual(await visible(app), before);
    });

    it('a statement past the import limit is 413 and changes nothing', async () => {
      const app = await setup(await freshStore(), { importLimit: 1024 });
      const big = 'Date,Description,Amount\n' + '2024-01-03,Coffee,-3.50\n'.repeat(60);
      assert.ok(big.length > 1024);
      const before = await visible(app);
      const response = await importStatement(app, 'bank=ing', big);
      assertProblem(response, 413, { in: 'body', name: 'body' });
      assert.deepEqual(await visible(app), before);
      assert.equal((await importStatement(app, 'bank=ing', STATEMENT)).status, 200, 'a statement under the limit imports');
    });

    it('read-only tokens get 403 for createImport and undoImport and may read the history', async () => {
      const store = await freshStore();
      const app = await setup(store);
      const tokens = new TokensService(store);
      const writer = (await tokens.create('writer', { readOnly: false })).token;
      const reader = (await tokens.create('reader', { readOnly: true })).token;
      const created = await importStatement(app, 'bank=ing', STATEMENT, { ...CSV, authorization: `Bearer ${writer}` });
      const importId = (created.body as { importId: number }).importId;
      const asReader = { authorization: `Bearer ${reader}` };
      const before = await visible(app, asReader);
      assertProblem(await importStatement(app, 'bank=ing', STATEMENT, { ...CSV, ...asReader }), 403, { in: 'header', name: 'authorization' });
      assertProblem(await call(app, 'POST', `/imports/${importId}/undo`, undefined, asReader), 403, { in: 'header', name: 'authorization' });
      assert.equal((await call(app, 'GET', '/imports', undefined, asReader)).status, 200);
      assert.equal((await call(app, 'GET', `/imports/${importId}`, undefined, asReader)).status, 200);
      assert.deepEqual(await visible(app, asReader), before);
      assert.equal(before[0]!.split(' ')[0], '200');
    });

    it('a text/csv body on any other operation is still the 400 it was', async () => {
      const app = await setup(await freshStore());
      assertProblem(await call(app, 'POST', '/transactions', STATEMENT, CSV), 400, { in: 'header', name: 'content-type' });
    });
  },
  { setups: EVERY_SETUP },
);

describeEachEngine(
  'HTTP imports beside other requests',
  ({ freshStore }) => {
    it('two imports at once both answer; the statement is added once', async () => {
      const app = await setup(await freshStore());
      const [a, b] = await Promise.all([importStatement(app), importStatement(app)]);
      assert.deepEqual([a.status, b.status], [200, 200], `${a.text} ${b.text}`);
      const added = [a, b].map((response) => (response.body as { added: number }).added).sort();
      assert.deepEqual(added, [0, 4]);
      assert.equal((await call(app, 'GET', '/transactions')).headers['x-total-count'], '4');
    });

    it("reads during a dry run never see its rows (nor a rejected file's)", async () => {
      const app = await setup(await freshStore());
      const lines = ['Date,Description,Amount'];
      for (let i = 0; i < 20_000; i += 1) lines.push(`2024-03-01,Row ${i},-${(i % 500) + 1}.25`);
      let finished = false;
      const running = importStatement(app, 'bank=ing&dryRun=true', lines.join('\n')).finally(() => (finished = true));
      const seen = new Set<string>();
      let reads = 0;
      while (!finished) {
        seen.add(String((await call(app, 'GET', '/transactions?limit=0')).headers['x-total-count']));
        reads += 1;
        // Let the import's file reads run between two of ours.
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.equal((await running).status, 200);
      assert.deepEqual([...seen], ['0'], `after ${reads} reads`);
    });
  },
  { setups: ['sqlite as served', 'postgres'] },
);
