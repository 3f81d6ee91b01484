import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { contractOperations, loadContract, type JsonSchema } from '../../src/http/contract.js';
import { createAjv } from '../../src/http/schema-validator.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { foldForSearch } from '../../src/domain/text.js';
import { ImportService } from '../../src/services/import.service.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp } from '../support/app.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { invalidRequest, validRequest, type FuzzRequest, type World } from './support/fuzz-requests.js';

/**
 * Contract fuzzing: requests generated from openapi/moneta.yaml, through the real app.
 * Valid ones must never get a 5xx (nor a 400) and must be answered as the contract documents
 * (a listed status, a body matching its schema, required headers present); mutated ones must
 * get a 400 whose `errors` name the field that was broken.
 */
const REQUESTS = Number(process.env.MONETA_FUZZ_REQUESTS ?? 100_000);
const POSTGRES_REQUESTS = Number(process.env.MONETA_FUZZ_POSTGRES_REQUESTS ?? 6_000);

const document = loadContract();
const operations = contractOperations(document);
const ajv = createAjv();

interface Documented {
  statuses: Set<string>;
  bodies: Map<string, ValidateFunction>;
  requiredHeaders: Map<string, { name: string; schema: JsonSchema }[]>;
}

function resolve(node: JsonSchema): JsonSchema {
  if (typeof node.$ref !== 'string') return node;
  const target = node.$ref.slice(2).split('/').reduce<unknown>((at, key) => (at as JsonSchema)[key], document) as JsonSchema;
  return resolve(target);
}

const documented = new Map<string, Documented>(
  operations.map((operation) => {
    const raw = (document.paths[operation.path]![operation.method.toLowerCase()] as JsonSchema).responses as Record<string, JsonSchema>;
    const requiredHeaders = new Map<string, { name: string; schema: JsonSchema }[]>();
    for (const [status, response] of Object.entries(raw)) {
      const headers = Object.entries((resolve(response).headers ?? {}) as Record<string, JsonSchema>)
        .map(([name, header]) => ({ name, header: resolve(header) }))
        .filter(({ header }) => header.required === true)
        .map(({ name, header }) => ({ name, schema: header.schema as JsonSchema }));
      requiredHeaders.set(status, headers);
    }
    const bodies = new Map(Object.entries(operation.responses).map(([status, schema]) => [status, ajv.compile(schema)] as const));
    return [operation.operationId, { statuses: new Set(Object.keys(raw)), bodies, requiredHeaders }];
  }),
);

async function seed(store: Store): Promise<World> {
  const banks = ['ing', 'hsbc', 'n26-x.y_z'];
  for (const id of banks) await store.catalogue.addBank({ id, name: id.toUpperCase(), aggregatorId: null });
  const ids: string[] = [];
  const values: Record<string, number> = {};
  const descriptions = ['TESCO STORES 3297', '100% _organic_ \\ café', 'Straße Ärger', "O'Brien; DROP TABLE", 'ﬁsh & chips'];
  for (let i = 0; i < 20; i += 1) {
    const created = await store.transactions.create({
      date: `2024-0${1 + (i % 9)}-1${i % 10}`,
      description: descriptions[i % descriptions.length]!,
      value: (i - 10) * 3.25,
      category: i % 3 === 0 ? null : ['Groceries', 'Rent', '100%'][i % 3]!,
      bank: i % 2 === 0 ? banks[i % banks.length]! : null,
    });
    ids.push(String(created.id));
    values[String(created.id)] = created.value;
  }
  const statement = join(await mkdtemp(join(tmpdir(), 'moneta-fuzz-')), 'seed.csv');
  await writeFile(statement, 'Date,Description,Amount\n2024-03-01,Seeded import,-1.25\n2024-03-02,Seeded import,-2.50\n');
  const imported = await new ImportService(store).importFile(statement, { bank: 'ing', keepRows: false });
  await rm(dirname(statement), { recursive: true, force: true });
  const importIds = imported.importId === null ? [] : [String(imported.importId)];
  const accounts: World['accounts'] = [];
  for (const bank of banks.slice(0, 2)) {
    const created = await store.accounts.create({ name: `Fuzz ${bank}`, type: 'checking', currency: 'EUR', bankId: bank, iban: null, accountNumber: null, openingBalance: 10, openingDate: '2024-01-01' });
    if (created.status !== 'created') throw new Error(`seed account: ${created.status}`);
    accounts.push({ id: created.account.id, bank });
  }
  return {
    banks,
    accounts,
    values,
    known: {
      transactionId: ids,
      bankId: [...banks, 'nope'],
      bank: banks,
      category: ['Groceries', 'Rent', '100%', ''],
      categoryName: ['Groceries', 'Rent', '100%'],
      importId: importIds,
      accountId: [...accounts.map((account) => String(account.id)), '999999'],
    },
  };
}

interface Reply {
  status: number;
  headers: Record<string, unknown>;
  text: string;
  body: unknown;
}

async function send(app: FastifyInstance, request: FuzzRequest): Promise<Reply> {
  const response = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload });
  let body: unknown;
  try {
    body = response.body === '' ? undefined : JSON.parse(response.body);
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, headers: response.headers, text: response.body, body };
}

function describeRequest(request: FuzzRequest, reply: Reply): string {
  const payload = request.payload === undefined ? '' : ` body ${String(request.payload).slice(0, 300)}`;
  return `${request.mutation ? `[${request.mutation}] ` : ''}${request.method} ${request.url.slice(0, 300)}${payload} -> ${reply.status} ${reply.text.slice(0, 500)}`;
}

/**
 * "Exactly one of ids and filter" is a rule between two optional properties that the generator
 * does not model: these are fuzzed with mutated requests only (each must be a 400 naming the
 * field); their valid requests are covered by test/http/corrections.http.test.ts.
 */
const STATE_RULED = new Set(['deleteTransactions', 'recategoriseTransactions', 'moveTransactions', 'setTransactionStatus', 'createToken']);
// createToken: the first token made closes the open server, after which every request would be a
// 401 and nothing else would be fuzzed; its valid requests are covered by test/http/tokens.http.test.ts.

/**
 * Valid requests drawn a tenth as often as the others: each copies the whole store (a backup), so
 * at the same rate they would take most of the run's time; test/http/tokens.http.test.ts checks
 * their content.
 */
const EXPENSIVE = new Set(['downloadBackup']);

/**
 * Refusals of schema-valid requests by rules the contract states in prose: reorderRules must list
 * every saved rule (which only the store knows), naming `ids`; a balance history has at most 3660
 * points, naming `interval`; a reconciliation's balance has no more decimals than the account's
 * currency, naming `balance`; updateTransaction on a split transaction (which a valid putSplit made)
 * is refused naming `category` (docs/transfers-and-splits.md).
 */
const PAIR = ['outflowTransactionId', 'inflowTransactionId'];
const PROSE_RULES: Record<string, string | string[]> = {
  reorderRules: 'ids',
  accountBalances: 'interval',
  reportNetWorth: 'interval',
  previewReconciliation: 'balance',
  completeReconciliation: 'balance',
  updateTransaction: 'category',
  // Transfers (docs/transfers-and-splits.md): the rows must exist, have the right signs and be in
  // two accounts; the accounts must exist, be open and differ, the amounts fit their currencies.
  linkTransfer: PAIR,
  rejectTransferSuggestion: PAIR,
  createTransfer: ['date', 'from.accountId', 'to.accountId', 'from.amount', 'to.amount'],
};

function refusalDependsOnState(request: FuzzRequest, reply: Reply): boolean {
  const fields = PROSE_RULES[request.operationId];
  if (fields === undefined || reply.status !== 400) return false;
  return (reply.body as { errors: { in: string; name: string }[] }).errors.every((error) => [fields].flat().includes(error.name));
}

function checkValid(request: FuzzRequest, reply: Reply, world: World): void {
  const contract = documented.get(request.operationId)!;
  const where = describeRequest(request, reply);
  assert.ok(reply.status < 500, `a valid request got a server error: ${where}`);
  assert.ok(contract.statuses.has(String(reply.status)), `status not documented for ${request.operationId}: ${where}`);
  if (!refusalDependsOnState(request, reply)) assert.notEqual(reply.status, 400, `a valid request was refused: ${where}`);
  const validate = contract.bodies.get(String(reply.status));
  if (request.operationId === 'downloadBackup' && reply.status === 200) {
    assert.equal(reply.text.slice(0, 15), 'SQLite format 3', `the backup is not a SQLite file: ${where}`);
  } else if (validate) assert.ok(validate(reply.body), `body does not match the documented schema: ${where} ${JSON.stringify(validate.errors)}`);
  else assert.equal(reply.text, '', `a ${reply.status} documented without a body has one: ${where}`);
  for (const header of contract.requiredHeaders.get(String(reply.status)) ?? []) {
    const value = reply.headers[header.name.toLowerCase()];
    assert.ok(value !== undefined, `required header ${header.name} missing: ${where}`);
    const typed = header.schema.type === 'integer' ? Number(value) : value;
    assert.ok(ajv.validate(header.schema, typed), `header ${header.name}=${String(value)} does not match its schema: ${where}`);
  }
  if (request.operationId === 'listTransactions' && reply.status === 200) {
    const rows = reply.body as { description: string; category?: string; bank?: string }[];
    const { limit, category, bank, description } = request.query;
    if (limit !== undefined) assert.ok(rows.length <= Number(limit), `more rows than limit: ${where}`);
    // Names are stored in NFC; the filter is read in NFC too.
    if (category !== undefined) assert.ok(rows.every((row) => (row.category ?? '') === category.normalize('NFC')), `category filter not applied: ${where}`);
    if (bank !== undefined) assert.ok(rows.every((row) => row.bank === bank), `bank filter not applied: ${where}`);
    if (description !== undefined) {
      // LIKE wildcards and escapes in the filter must be literal text.
      const needle = foldForSearch(description);
      assert.ok(rows.every((row) => foldForSearch(row.description).includes(needle)), `description filter is not a literal substring match: ${where}`);
    }
  }
  if (request.operationId === 'createTransaction' && reply.status === 201) {
    const sent = JSON.parse(request.payload as string) as Record<string, unknown>;
    const stored = reply.body as Record<string, unknown>;
    // A transaction in an account is at the account's bank (docs/accounts.md), sent or not.
    const account = world.accounts.find((candidate) => candidate.id === sent.account);
    const expected = account === undefined ? sent : { ...sent, bank: account.bank };
    for (const field of ['date', 'description', 'value', 'bank', 'account', 'status']) {
      assert.deepEqual(stored[field], expected[field], `${field} not stored exactly as sent: ${where}`);
    }
    const category = typeof sent.category === 'string' ? sent.category.normalize('NFC') : sent.category;
    // Sent without a category, a transaction gets one from the first rule that matches (the fuzzer
    // makes rules too), and says so in categorySource; one sent is stored as sent.
    const byRule = (sent.category === undefined || sent.category === null) && /^rule:\d+$/.test(String(stored.categorySource));
    if (!byRule) assert.equal(stored.category, category, `category not stored as sent in NFC: ${where}`);
    assert.equal(reply.headers.location, `/transactions/${String(stored.id)}`);
  }
}

function checkInvalid(request: FuzzRequest, reply: Reply): void {
  const where = describeRequest(request, reply);
  const expect = request.expect!;
  assert.equal(reply.status, 400, `a broken request was not refused with 400: ${where}`);
  if (request.method === 'HEAD') {
    // The GET's 400 without its body.
    assert.equal(reply.text, '', `a HEAD answer has a body: ${where}`);
    assert.ok(reply.headers['x-request-id'] !== undefined, `a HEAD 400 has no X-Request-Id: ${where}`);
    return;
  }
  const validate = documented.get(request.operationId)!.bodies.get('400')!;
  assert.ok(validate(reply.body), `the 400 body does not match the Problem schema: ${where}`);
  const errors = (reply.body as { errors: { in: string; name: string }[] }).errors;
  const named = errors.some(
    (error) =>
      error.in === expect.in &&
      (expect.in === 'header' ? error.name.toLowerCase() === expect.name.toLowerCase() : expect.prefix ? error.name.startsWith(expect.name) : error.name === expect.name),
  );
  assert.ok(named, `the 400 does not name ${expect.in} "${expect.name}": ${where}`);
}

async function fuzz(app: FastifyInstance, world: World, total: number, label: string): Promise<void> {
  const started = Date.now();
  let valid = 0;
  let invalid = 0;
  const validArb = fc.oneof(
    ...operations
      .filter((operation) => !STATE_RULED.has(operation.operationId))
      .map((operation) => ({ arbitrary: validRequest(operation, world), weight: EXPENSIVE.has(operation.operationId) ? 1 : 10 })),
  );
  const invalidArb = fc.oneof(...operations.map((operation) => invalidRequest(operation, world)));
  await fc.assert(
    fc.asyncProperty(validArb, async (request) => {
      valid += 1;
      checkValid(request, await send(app, request), world);
    }),
    { numRuns: Math.ceil(total / 2) },
  );
  await fc.assert(
    fc.asyncProperty(invalidArb, async (request) => {
      invalid += 1;
      checkInvalid(request, await send(app, request));
    }),
    { numRuns: Math.floor(total / 2) },
  );
  const seconds = (Date.now() - started) / 1000;
  // docs/reliability.md quotes this line.
  console.log(
    `contract fuzzing [${label}]: ${valid + invalid} requests (${valid} valid, ${invalid} mutated) over ${operations.length} operations, ` +
      `0 failures, ${seconds.toFixed(0)} s (${Math.round((valid + invalid) / seconds)} requests/s)`,
  );
}

// Rate and overload limits are other tests' subject; here a slow, shared machine must not turn
// a valid request into a 503.
const securityForFuzzing = { limits: { maxEventLoopDelayMs: 0, maxInFlight: 1_000_000 } };

describe('contract fuzzing', { timeout: 8 * 60_000 }, () => {
  it(`SQLite (in memory): ${REQUESTS} generated requests, valid and mutated`, async (t) => {
    const store = new SqliteStore({ path: ':memory:' });
    await store.lifecycle.migrate();
    t.after(() => store.lifecycle.close());
    const world = await seed(store);
    const app = await buildTestApp(store, { security: securityForFuzzing });
    await fuzz(app, world, REQUESTS, 'sqlite');
  });

  it(`PostgreSQL: ${POSTGRES_REQUESTS} generated requests, valid and mutated`, async (t) => {
    const skip = await postgresSkipReason();
    if (skip) return t.skip(skip);
    const database = await createTestDatabase();
    const store = new PostgresStore({ url: database.url });
    t.after(async () => {
      await store.lifecycle.close();
      await database.drop();
    });
    await store.lifecycle.migrate();
    const world = await seed(store);
    const app = await buildTestApp(store, { security: securityForFuzzing });
    await fuzz(app, world, POSTGRES_REQUESTS, 'postgres');
  });
});
