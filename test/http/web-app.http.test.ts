import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { WEB_APP_CSP } from '../../src/http/web-app.js';
import { projectFile } from '../../src/project-root.js';
import { TokensService } from '../../src/services/tokens.service.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { buildTestApp, call } from '../support/app.js';

const FIXTURE = projectFile('test/fixtures/web');

async function store(): Promise<SqliteStore> {
  const opened = new SqliteStore({ path: ':memory:' });
  await opened.lifecycle.migrate();
  after(() => opened.lifecycle.close());
  return opened;
}

describe('the web app at /app/', () => {
  it('/ redirects to /app/, with the CSP', async () => {
    const app = await buildTestApp(await store(), { webRoot: FIXTURE });
    const root = await call(app, 'GET', '/');
    assert.equal(root.status, 302);
    assert.equal(root.headers.location, '/app/');
    assert.equal(root.headers['content-security-policy'], WEB_APP_CSP);
    assert.equal((await call(app, 'GET', '/app')).headers.location, '/app/');
  });

  it('answers index.html, uncached and under the strict CSP, for /app/ and any deep link', async () => {
    const app = await buildTestApp(await store(), { webRoot: FIXTURE });
    for (const path of ['/app/', '/app/register', '/app/register?sort=-date&q=coffee', '/app/a/b/c']) {
      const page = await call(app, 'GET', path);
      assert.equal(page.status, 200, path);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.text, /<div id="root">/);
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.equal(page.headers['content-security-policy'], WEB_APP_CSP);
      assert.equal(page.headers['x-frame-options'], 'DENY');
    }
    assert.match(WEB_APP_CSP, /script-src 'self';/);
    assert.doesNotMatch(WEB_APP_CSP, /unsafe/);
  });

  it('serves hashed assets with a year-long immutable cache; a missing asset is a 404 problem, not index.html', async () => {
    const app = await buildTestApp(await store(), { webRoot: FIXTURE });
    const asset = await call(app, 'GET', '/app/assets/app-1a2b3c.js');
    assert.equal(asset.status, 200);
    assert.match(String(asset.headers['content-type']), /javascript/);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    const missing = await call(app, 'GET', '/app/assets/gone-000000.js');
    assert.equal(missing.status, 404);
    assert.equal((missing.body as { status: number }).status, 404);
    const escape = await call(app, 'GET', '/app/assets/..%2f..%2fpackage.json');
    assert.ok(escape.status >= 400, `status ${escape.status}`);
    assert.doesNotMatch(escape.text, /"name": "moneta"/);
  });

  it('needs no token even when tokens exist (the files hold no data); the API still does', async () => {
    const opened = await store();
    await new TokensService(opened).create('laptop', { readOnly: false });
    const app = await buildTestApp(opened, { webRoot: FIXTURE, security: { tokenCacheMs: 0 } });
    assert.equal((await call(app, 'GET', '/app/')).status, 200);
    assert.equal((await call(app, 'GET', '/app/assets/app-1a2b3c.js')).status, 200);
    assert.equal((await call(app, 'GET', '/')).status, 302);
    assert.equal((await call(app, 'GET', '/transactions')).status, 401);
  });

  it('without a build, /app/ answers a 503 problem saying to run npm run build', async () => {
    const app = await buildTestApp(await store(), { webRoot: projectFile('test/fixtures/no-such-build') });
    const page = await call(app, 'GET', '/app/');
    assert.equal(page.status, 503);
    assert.match((page.body as { detail: string }).detail, /npm run build/);
    assert.equal((await call(app, 'GET', '/healthz')).status, 200);
  });

  it('under load shedding, the app\'s files and / still load (the API is refused, which the app shows as a banner)', async () => {
    // An event loop 5 s late and a busy threshold of 0: the guard sheds, as on an overloaded server.
    const sampler = { read: () => 5000, close: () => {} };
    const app = await buildTestApp(await store(), { webRoot: FIXTURE, security: { delaySampler: sampler, limits: { maxEventLoopDelayMs: 100, shedBusyInFlight: 0 } } });
    app.loadShedder?.update(); // the start-up window, dropped
    app.loadShedder?.update();
    const api = await call(app, 'GET', '/transactions');
    assert.equal(api.status, 503, 'the guard is shedding');
    assert.match((api.body as { detail: string }).detail, /overloaded/);
    for (const path of ['/app/', '/app/register?sort=-date', '/app/assets/app-1a2b3c.js']) {
      const file = await call(app, 'GET', path);
      assert.equal(file.status, 200, `${path}: ${file.text.slice(0, 120)}`);
      assert.doesNotMatch(String(file.headers['content-type']), /json/, path);
    }
    assert.match((await call(app, 'GET', '/app/')).text, /<div id="root">/);
    const root = await call(app, 'GET', '/');
    assert.equal(root.status, 302);
    assert.equal(root.headers.location, '/app/');
    assert.equal((await call(app, 'GET', '/transactions')).status, 503, 'still shedding after the files were served');
  });

  it('other methods on its paths get 405 with Allow, like every path', async () => {
    const app = await buildTestApp(await store(), { webRoot: FIXTURE });
    const post = await call(app, 'POST', '/app/register', {});
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });
});
