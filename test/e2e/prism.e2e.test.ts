import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { after, it } from 'node:test';
import { loadContract } from '../../src/http/contract.js';
import { projectFile } from '../../src/project-root.js';
import { describeEachEngine } from '../support/engines.js';
import { runCli, spawnServer } from '../support/spawned-server.js';

/**
 * Issue 14, item 11: every answer of a spawned `moneta serve` checked against the contract by
 * Prism (@stoplight/prism-cli, a dev dependency, run from node_modules: it needs no network) in
 * proxy mode. Prism validates each request and response against openapi/moneta.yaml and lists
 * what does not match in an `sl-violations` header: no response may have a violation, and the
 * requests meant to be valid may have none either. Bad requests (400, 415, ...) are sent on
 * purpose: Prism flags the request, and their answers must still follow the contract.
 */
interface Probe {
  method: string;
  path: string;
  body?: unknown;
  /** Sent as it is instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string>;
  /** False for requests that break the contract on purpose. */
  valid: boolean;
  status: number;
}

interface Violation {
  location: string[];
  severity: string;
  message: string;
}

const PRISM = projectFile('node_modules/@stoplight/prism-cli/dist/index.js');
const START_TIMEOUT_MS = 90_000;

/** `prism proxy` in front of the upstream on a port of its choosing; resolves with the base URL it prints once it listens. */
async function startPrism(upstream: string): Promise<string> {
  const child = spawn(
    process.execPath,
    [PRISM, 'proxy', projectFile('openapi/moneta.yaml'), upstream, '--host', '127.0.0.1', '--port', '0', '--cors=false', '--errors=false'],
    { cwd: projectFile('.'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output.join('\n')}`)), START_TIMEOUT_MS);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        const listening = /Prism is listening on (http:\/\/[^\s]+)/.exec(line);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (code ${code}):\n${output.join('\n')}`));
    });
  });
}

/**
 * HEAD requests go to the server directly: Prism's proxy parses every upstream body by its
 * Content-Type, and a HEAD answer carries the GET's `application/json` with no body, so Prism
 * answers 500 itself. Checked here against the contract's HEAD operations instead.
 */
const HEADS: [path: string, template: string, status: number][] = [
  ['/healthz', '/healthz', 200],
  ['/transactions', '/transactions', 200],
  ['/transactions?limit=0', '/transactions', 204],
  ['/transactions?sort=nope', '/transactions', 400],
  ['/transactions/1', '/transactions/{transactionId}', 200],
  ['/transactions/999999', '/transactions/{transactionId}', 404],
  ['/banks', '/banks', 200],
  ['/banks/ing', '/banks/{bankId}', 200],
  ['/categories', '/categories', 200],
];

type Responses = Record<string, { headers?: Record<string, { $ref?: string }> } | { $ref: string }>;

function probes(token: string, readOnly: string): Probe[] {
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const tx = { date: '2024-02-29', description: 'TESCO STORES 3297', value: -23.5 };
  const ok = (method: string, path: string, status: number, extra: Partial<Probe> = {}): Probe => ({ method, path, status, valid: true, headers: auth, ...extra });
  const bad = (method: string, path: string, status: number, extra: Partial<Probe> = {}): Probe => ({ method, path, status, valid: false, headers: auth, ...extra });
  return [
    ok('GET', '/healthz', 200, { headers: {} }),
    ok('GET', '/categories', 204),
    ok('GET', '/transactions', 204),
    ok('POST', '/transactions', 201, { body: { ...tx, category: 'Groceries', bank: 'ing' }, headers: json }),
    ok('POST', '/transactions', 201, { body: { ...tx, value: 1e21, description: 'Café Müller 😀 "quoted" \\ ' }, headers: json }),
    ok('POST', '/transactions', 201, { body: { ...tx, category: 'Cafe\u0301' }, headers: json }),
    // Prism reads readOnly as "must not be sent"; the server ignores an id sent on creation.
    bad('POST', '/transactions', 201, { body: { ...tx, id: 77 }, headers: json }),
    ok('POST', '/transactions', 201, { body: tx, headers: { ...json, 'idempotency-key': 'prism-1' } }),
    ok('POST', '/transactions', 201, { body: tx, headers: { ...json, 'idempotency-key': 'prism-1' } }),
    ok('POST', '/transactions', 409, { body: { ...tx, value: 2 }, headers: { ...json, 'idempotency-key': 'prism-1' } }),
    ok('GET', '/transactions', 200),
    ok('GET', '/transactions?limit=2&offset=1&sort=-date,%2Bvalue,id', 200),
    ok('GET', '/transactions?description=tesco&category=Caf%C3%A9', 200),
    ok('GET', '/transactions?bank=ing&limit=5000', 200),
    ok('GET', '/transactions?category=', 200),
    ok('GET', '/transactions?limit=0', 204),
    ok('GET', '/transactions?bank=nobank', 204),
    ok('GET', '/transactions/1', 200),
    ok('GET', '/transactions/999999', 404),
    ok('PUT', '/transactions/1', 204, { body: { category: 'Treats' }, headers: json }),
    ok('PUT', '/transactions/1', 204, { body: { category: null }, headers: json }),
    ok('PUT', '/transactions/999999', 404, { body: { category: 'Treats' }, headers: json }),
    ok('GET', '/banks', 200),
    ok('GET', '/banks/ing', 200),
    ok('GET', '/banks/nope', 404),
    ok('GET', '/categories', 200),
    ok('GET', '/transactions', 401, { headers: {} }),
    ok('GET', '/transactions', 401, { headers: { authorization: 'Bearer wrong' } }),
    ok('POST', '/transactions', 403, { body: tx, headers: { authorization: `Bearer ${readOnly}`, 'content-type': 'application/json' } }),
    ok('GET', '/transactions', 200, { headers: { authorization: `Bearer ${readOnly}` } }),
    bad('POST', '/transactions', 400, { body: { ...tx, unknown: 1 }, headers: json }),
    bad('POST', '/transactions', 400, { body: { date: '2023-02-29', description: 7 }, headers: json }),
    bad('POST', '/transactions', 400, { body: { ...tx, category: 'Groceries ' }, headers: json }),
    bad('POST', '/transactions', 400, { body: { ...tx, category: 'Gro\u200Bceries' }, headers: json }),
    bad('POST', '/transactions', 400, { body: { ...tx, bank: 'unknown-bank' }, headers: json, valid: true }),
    // Prism parses and re-serialises JSON bodies, so a duplicate key or 1e-400 never reaches the
    // server through it: those are tested directly (test/http/contract-input.http.test.ts).
    bad('POST', '/transactions', 400, { raw: '{"date":', headers: json }),
    bad('POST', '/transactions', 400, { body: tx, headers: { ...auth, 'content-type': 'text/plain' } }),
    bad('PUT', '/transactions/1', 400, { body: {}, headers: json }),
    bad('PUT', '/transactions/1', 400, { body: { category: '' }, headers: json }),
    bad('GET', '/transactions?limit=012', 400),
    bad('GET', '/transactions?limit=-1', 400),
    bad('GET', '/transactions?offset=1e3', 400),
    bad('GET', '/transactions?sort=date,-date', 400),
    bad('GET', '/transactions?sort=random()', 400),
    bad('GET', '/transactions?unknown=1', 400),
    bad('GET', '/transactions?limit=1&limit=2', 400),
    bad('GET', '/transactions/abc', 400),
    bad('GET', '/transactions/99999999999999999999', 400),
    bad('GET', '/banks/bad%20id', 400),
    bad('GET', '/healthz?x=1', 400, { headers: {} }),
    bad('GET', `/transactions?description=${'a'.repeat(15 * 1024)}`, 414),
  ];
}

describeEachEngine('the contract checked by Prism in proxy mode', ({ freshDbSetting }) => {
  it('every response through Prism matches openapi/moneta.yaml', { timeout: 600_000 }, async (t) => {
    const db = await freshDbSetting();
    assert.equal((await runCli(['banks', 'add', 'ing', 'ING', '--db', db])).code, 0);
    const token = (await runCli(['tokens', 'create', 'prism', '--db', db])).stdout.trim();
    const readOnly = (await runCli(['tokens', 'create', 'reader', '--read-only', '--db', db])).stdout.trim();
    const rateLimit = 300;
    const server = await spawnServer(['--db', db, '--workers', '1', '--rate-limit', String(rateLimit), '--no-access-log']);
    const prism = await startPrism(server.baseUrl);

    const mismatches: string[] = [];
    let sent = 0;
    const send = async (probe: Probe): Promise<Response> => {
      const response = await fetch(`${prism}${probe.path}`, {
        method: probe.method,
        headers: probe.headers,
        body: probe.raw ?? (probe.body === undefined ? undefined : JSON.stringify(probe.body)),
        redirect: 'manual',
      });
      const text = await response.text();
      sent += 1;
      const where = `${probe.method} ${probe.path.slice(0, 80)} -> ${response.status} ${text.slice(0, 300)}`;
      const violations = JSON.parse(response.headers.get('sl-violations') ?? '[]') as Violation[];
      for (const violation of violations) {
        if (violation.location[0] === 'response' || probe.valid) mismatches.push(`${where}: ${violation.location.join('.')} ${violation.message}`);
      }
      if (response.status !== probe.status) mismatches.push(`${where}: expected ${probe.status}`);
      return response;
    };

    for (const probe of probes(token, readOnly)) await send(probe);

    const document = loadContract() as unknown as {
      paths: Record<string, { head: { responses: Responses } }>;
      components: { responses: Record<string, { headers?: Record<string, unknown> }> };
    };
    for (const [path, template, status] of HEADS) {
      const response = await fetch(`${server.baseUrl}${path}`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } });
      const where = `HEAD ${path} -> ${response.status}`;
      const responses = document.paths[template]!.head.responses;
      const documented = responses[String(response.status)] ?? responses.default;
      if (response.status !== status) mismatches.push(`${where}: expected ${status}`);
      if (documented === undefined) mismatches.push(`${where}: status not documented`);
      if ((await response.text()) !== '') mismatches.push(`${where}: has a body`);
      if (!response.headers.get('x-request-id')) mismatches.push(`${where}: no X-Request-Id`);
      if (template === '/transactions' && status < 400 && !/^\d+$/.test(response.headers.get('x-total-count') ?? '')) mismatches.push(`${where}: no X-Total-Count`);
    }

    // The answers Prism cannot route: 405 with Allow (its router finds no operation, so it only warns).
    const notAllowed = await fetch(`${prism}/transactions`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    sent += 1;
    assert.equal(notAllowed.status, 405);
    assert.equal(notAllowed.headers.get('allow'), 'GET, HEAD, POST');
    assert.ok(notAllowed.headers.get('x-request-id'));
    assert.equal(((await notAllowed.json()) as { status: number }).status, 405);

    // The rate limit's headers on every answer, and its 429, through Prism too.
    let limited: Response | undefined;
    for (let i = 0; i <= rateLimit && limited === undefined; i += 1) {
      const response = await send({ method: 'GET', path: '/banks', headers: { authorization: `Bearer ${token}` }, valid: true, status: 200 });
      if (response.status === 429) limited = response;
    }
    assert.ok(limited, 'the rate limit never answered 429');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    // That 429 was counted as a mismatch of its probe's expected 200; it is the one expected.
    const expected429 = mismatches.findIndex((line) => / -> 429 .*expected 200$/.test(line));
    if (expected429 !== -1) mismatches.splice(expected429, 1);
    assert.equal((await send({ method: 'GET', path: '/healthz', valid: true, status: 200 })).status, 200, '/healthz is never rate limited');

    t.diagnostic(`Prism: ${sent} requests checked through Prism, ${HEADS.length} HEAD requests checked directly, ${mismatches.length} mismatches`);
    assert.deepEqual(mismatches, []);
    assert.equal(await server.stop(), 0);
  });
});
