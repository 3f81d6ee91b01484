import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { browserSkipReason, browserSuite } from '../support/browser.js';
import { request, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

const skip = browserSkipReason();
const CSV = 'Date,Description,Amount\n2024-03-01,FORGED SHOP,-12.00\n2024-03-02,FORGED RENT,-950.00\n';

/**
 * The attacker's page, served from another origin: it makes the victim's browser send the four
 * writes the attack campaign made Chromium send to a tokenless Moneta (issue 28 item 14).
 */
function attackPage(victim: string): string {
  const imports = `${victim}/imports?bank=ing&fileName=forged.csv`;
  return `<!doctype html><html><body>
<iframe name="sink"></iframe>
<form id="form" method="POST" enctype="text/plain" target="sink" action="${imports}&amp;skipInvalid=true">
<input type="hidden" name="Date,Description,Amount&#10;2024-03-03,FORGED FORM,-1.00&#10;x" value="y">
</form>
<script>
window.attack = async () => {
  await fetch(${JSON.stringify(imports)}, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(CSV)} });
  navigator.sendBeacon(${JSON.stringify(imports)}, new Blob([${JSON.stringify(CSV)}], { type: 'text/plain' }));
  document.getElementById('form').submit();
  await fetch(${JSON.stringify(`${victim}/imports/1/undo`)}, { method: 'POST', mode: 'no-cors' });
};
</script></body></html>`;
}

async function attacker(victim: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(attackPage(victim)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

/** The victim's answers to the four attacks, as the browser received them (opaque to the page). */
async function attackAnswers(page: Page, victim: string): Promise<number[]> {
  const answered = (test: (response: Response) => boolean) => page.waitForResponse((response) => response.url().startsWith(victim) && test(response));
  const posts = (path: string, count: number) => {
    const seen: Response[] = [];
    return new Promise<Response[]>((resolve) => {
      page.on('response', (response) => {
        if (!response.url().startsWith(`${victim}${path}`) || response.request().method() !== 'POST') return;
        seen.push(response);
        if (seen.length === count) resolve(seen);
      });
    });
  };
  const imports = posts('/imports?', 3);
  const undo = answered((response) => response.url().endsWith('/imports/1/undo'));
  await page.evaluate(() => (window as unknown as { attack(): Promise<void> }).attack());
  return [...(await imports), await undo].map((response) => response.status());
}

describe('Cross-site writes to a server without tokens', { skip: skip ?? undefined }, () => {
  const suite = browserSuite('moneta-csrf-');
  let victim: SpawnedServer;
  before(async () => {
    victim = await spawnServer(['--db', join(suite.folder, 'moneta.db'), '--workers', '1'], {}, { stopAfterTest: false });
    // A person's own import, made as the CLI or the web app makes it: the one the attack undoes.
    const created = await request(victim.baseUrl, 'POST', '/manage/banks', { id: 'ing', name: 'ING' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const own = await fetch(`${victim.baseUrl}/imports?bank=ing&fileName=own.csv`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: CSV.replace(/FORGED/g, 'OWN') });
    assert.equal(own.status, 200, await own.text());
  });
  after(() => victim.stop());

  // localhost against 127.0.0.1 is another site; another port of 127.0.0.1 the same site, another origin.
  for (const [kind, host] of [['another site', 'localhost'], ['another origin of the same site', '127.0.0.1']] as const) {
    it(`refuses all four from ${kind}, and nothing changes`, async () => {
      const evil = await attacker(victim.baseUrl);
      const page = await suite.browser.newPage();
      try {
        await page.goto(`http://${host}:${evil.port}/`);
        const statuses = await attackAnswers(page, victim.baseUrl);
        assert.deepEqual(statuses, [403, 403, 403, 403], `text/plain fetch, beacon, form, bodiless undo: ${statuses.join(', ')}`);
      } finally {
        await page.close();
        evil.server.close();
      }
      const history = (await request(victim.baseUrl, 'GET', '/imports')).body as Array<{ id: number; rowsInList: boolean }>;
      assert.deepEqual(history.map((entry) => [entry.id, entry.rowsInList]), [[1, true]], 'only the person\'s own import, not undone');
      const rows = await request(victim.baseUrl, 'GET', '/transactions?limit=100');
      assert.deepEqual((rows.body as Array<{ description: string }>).map((row) => row.description).sort(), ['OWN RENT', 'OWN SHOP']);
    });
  }
});
