/**
 * A long import always tells its outcome (issue 28, item 17): a 95 MiB OFX committed 546,203
 * rows while the 60 s idle timeout cut its socket, so the person never learned it. Now an import
 * whose report is not ready within the answer time (or asked with `Prefer: respond-async`)
 * answers 202 with a job, goes on, and its job holds the answer. The slow import here is a
 * gate in the store: it does not end before the test opens it, however loaded the machine.
 */
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { MAX_RUNNING_IMPORTS } from '../../src/services/import-jobs.service.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

const STATEMENT = ['Date,Description,Amount', '2024-01-03,Café Müller,-3.50', '2024-01-04,SALARY ACME,2500.10', '2024-01-05,Tesco,-42.00'].join('\n') + '\n';
const CSV = { 'content-type': 'text/csv' };

/** The store, with imports that wait at their start until release(), and a promise per recorded job outcome. */
function slowImports(store: Store) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let endedCount = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  /** Resolves once `count` jobs have their outcome in the store. */
  const jobsEnded = (count: number) => new Promise<void>((resolve) => (endedCount >= count ? resolve() : waiters.push({ count, resolve })));
  const jobEnded = jobsEnded(1);
  const imports: Store['imports'] = { ...store.imports, begin: async (bank, record) => (await gate, store.imports.begin(bank, record)) };
  const importJobs: Store['importJobs'] = {
    ...store.importJobs,
    record: async (job, endedBefore) => {
      await store.importJobs.record(job, endedBefore);
      endedCount += 1;
      for (const waiter of waiters.filter((w) => w.count <= endedCount)) waiter.resolve();
    },
  };
  const slow = new Proxy(store, {
    get: (target, property, receiver) =>
      property === 'imports' ? imports : property === 'importJobs' ? importJobs : (Reflect.get(target, property, receiver) as unknown),
  });
  return { store: slow, release, jobEnded, jobsEnded };
}

async function setup(store: Store, importAnswerMs: number): Promise<FastifyInstance> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  return buildTestApp(store, { importAnswerMs, security: { tokenCacheMs: 0 } });
}

interface Job {
  id: string;
  state: string;
  fileName: string;
  bank: string;
  status?: number;
  report?: Record<string, unknown>;
  problem?: { status: number; detail: string; errors: { in: string; name: string }[] };
}

const jobOf = (response: JsonResponse) => response.body as Job;

/** A guard, not a wait: an import that never answers fails the test instead of hanging it. */
const BOUNDED = { timeout: 60_000 };

describeEachEngine('Import jobs: an import past its answer time answers 202 and tells its outcome later', ({ freshStore }) => {
  it('an import still running at the answer time answers 202 with its job; the job then holds the report the 200 would have had', BOUNDED, async () => {
    const slow = slowImports(await freshStore());
    const app = await setup(slow.store, 20);
    const accepted = await call(app, 'POST', '/imports?bank=ing&fileName=jan.csv', STATEMENT, CSV);
    assert.equal(accepted.status, 202, accepted.text);
    const job = jobOf(accepted);
    assert.equal(accepted.headers.location, `/import-jobs/${job.id}`);
    assert.equal(accepted.headers['retry-after'], '2');
    assert.deepEqual([job.state, job.fileName, job.bank], ['running', 'jan.csv', 'ing']);

    const running = await call(app, 'GET', `/import-jobs/${job.id}`);
    assert.equal(running.status, 200);
    assert.equal(jobOf(running).state, 'running');
    assert.equal(running.headers['retry-after'], '2');

    slow.release();
    await slow.jobEnded;
    const done = await call(app, 'GET', `/import-jobs/${job.id}`);
    assert.equal(done.status, 200, done.text);
    const finished = jobOf(done);
    assert.equal(finished.state, 'finished');
    assert.equal(finished.status, 200);
    assert.equal(done.headers['retry-after'], undefined);
    assert.equal(finished.report?.outcome, 'imported');
    assert.equal(finished.report?.added, 3);
    assert.deepEqual(finished.report?.rows, [
      { line: 2, status: 'added', id: 1, date: '2024-01-03', description: 'Café Müller', value: -3.5 },
      { line: 3, status: 'added', id: 2, date: '2024-01-04', description: 'SALARY ACME', value: 2500.1 },
      { line: 4, status: 'added', id: 3, date: '2024-01-05', description: 'Tesco', value: -42 },
    ]);
    const history = await call(app, 'GET', '/imports');
    assert.equal(history.headers['x-total-count'], '1');
    assert.equal((history.body as Array<{ id: number }>)[0]?.id, finished.report?.importId);
  });

  it('an import that ends within the answer time answers 200 with its report, as before', BOUNDED, async () => {
    const app = await setup(await freshStore(), 60_000);
    const response = await call(app, 'POST', '/imports?bank=ing&fileName=jan.csv', STATEMENT, CSV);
    assert.equal(response.status, 200, response.text);
    assert.equal((response.body as { added: number }).added, 3);
  });

  it('Prefer: respond-async answers 202 at once; a statement that cannot be read ends the job failed, with the 400 naming body', BOUNDED, async () => {
    const slow = slowImports(await freshStore());
    const app = await setup(slow.store, 60_000);
    const accepted = await call(app, 'POST', '/imports?bank=ing&fileName=x.csv&format=ofx', 'not an OFX file\n', { ...CSV, prefer: 'respond-async, wait=5' });
    assert.equal(accepted.status, 202, accepted.text);
    await slow.jobEnded;
    const failed = jobOf(await call(app, 'GET', `/import-jobs/${jobOf(accepted).id}`));
    assert.equal(failed.state, 'failed');
    assert.equal(failed.status, 400);
    assert.equal(failed.problem?.status, 400);
    assert.ok(failed.problem?.errors.some((error) => error.in === 'body' && error.name === 'body'), JSON.stringify(failed.problem));
    assert.equal((await call(app, 'GET', '/transactions')).status, 204, 'nothing imported');
  });

  it('past the imports a process runs at once, another is refused with 503 and Retry-After before its body is read', BOUNDED, async () => {
    const slow = slowImports(await freshStore());
    const app = await setup(slow.store, 60_000);
    const async = { ...CSV, prefer: 'respond-async' };
    for (let index = 0; index < MAX_RUNNING_IMPORTS; index += 1) {
      assert.equal((await call(app, 'POST', `/imports?bank=ing&fileName=${index}.csv`, STATEMENT, async)).status, 202);
    }
    const refused = await call(app, 'POST', '/imports?bank=ing&fileName=more.csv', STATEMENT, async);
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.headers['retry-after'], '5');
    assert.match(refused.text, /8 imports are running in this server process, the limit/);
    slow.release();
    // Each import ends while the next holds the store (in memory: its one connection); its outcome is recorded all the same.
    await slow.jobsEnded(MAX_RUNNING_IMPORTS);
    assert.equal((await call(app, 'POST', '/imports?bank=ing&fileName=more.csv', STATEMENT, CSV)).status, 200);
  });

  it('a job of another live process is running; of a process that is gone, failed with 503 saying to look in the history; of none, 404', BOUNDED, async () => {
    const app = await setup(await freshStore(), 60_000);
    const idOf = (owner: string) => `${Buffer.from(owner).toString('base64url')}.${'0'.repeat(31)}1`;
    // The test runner that started this process is alive; no process has an id above the kernel's pid_max.
    const elsewhere = await call(app, 'GET', `/import-jobs/${idOf(`${hostname()}/${process.ppid}.0a0b0c0d`)}`);
    assert.equal(elsewhere.status, 200, elsewhere.text);
    assert.deepEqual(elsewhere.body, { id: idOf(`${hostname()}/${process.ppid}.0a0b0c0d`), state: 'running' });
    assert.equal(elsewhere.headers['retry-after'], '2');
    const lost = jobOf(await call(app, 'GET', `/import-jobs/${idOf(`${hostname()}/4194305.0a0b0c0d`)}`));
    assert.deepEqual([lost.state, lost.status], ['failed', 503]);
    assert.match(lost.problem?.detail ?? '', /stopped before it recorded the outcome.*listImports/);
    const missing = await call(app, 'GET', `/import-jobs/${idOf('no owner')}`);
    assert.equal(missing.status, 404);
    assert.equal((await call(app, 'GET', '/import-jobs/not-a-job')).status, 400);
  });
});
