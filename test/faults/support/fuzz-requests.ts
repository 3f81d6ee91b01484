import { accountBodyAsDescribed, accountPathAsDescribed, accountQueryAsDescribed } from './account-requests.js';
import { ruleBodyAsDescribed } from './rule-bodies.js';
import { splitBodyAsDescribed } from './split-requests.js';
import { BAD_NAMES, catalogueBodyAsDescribed, catalogueQueryAsDescribed, cataloguePathAsDescribed, fitsInNfc, isNameLike } from './catalogue-requests.js';
import fc from 'fast-check';
import type { OperationSpec, ParameterSpec } from '../../../src/http/contract.js';
import type { FieldLocation } from '../../../src/domain/errors.js';
import { asRequestSchema, type JsonSchema } from '../../../src/http/request-validation.js';
import { bodyMutations } from './fuzz-body-mutations.js';
import { arbitraryFor, parameterText } from './schema-arbitrary.js';
import { isFileBody, statementBodyMutations, statementCsv, statementQuery, withStatementProfile } from './statement-bodies.js';

/**
 * Requests generated from the contract's operations: valid ones (every parameter and body drawn
 * from its schema, plus the few rules the contract states in prose: a sort field at most once,
 * a bank that exists) and mutated ones, each mutation knowing which field the 400 must name.
 */
export interface Parts {
  /** Path parameter -> already percent-encoded segment. */
  path: Record<string, string>;
  /** [encoded name, encoded value] in order; repeated names allowed. */
  query: [string, string][];
  headers: Record<string, string>;
  /** A value to send as JSON, or raw bytes/text; undefined: no body. */
  body?: { json: unknown } | { raw: string | Buffer };
  contentType?: string;
}

export interface FuzzRequest {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The decoded query of a valid request, and its JSON body, for semantic checks. */
  query: Record<string, string>;
  body?: unknown;
  /** For a mutated request: the field the 400 must name. */
  expect?: Expectation;
  mutation?: string;
}

export interface Expectation {
  in: FieldLocation;
  name: string;
  /** The error may name a nested path under `name` (`description[0][0]...`). */
  prefix?: boolean;
}

export interface World {
  /** Values that exist in the store, so valid requests also reach existing resources. */
  known: Record<string, string[]>;
  banks: string[];
  /** Open EUR accounts of the store, each at a bank. */
  accounts: Array<{ id: number; bank: string }>;
  /** The values of seeded transactions by id (a split's lines add up to them). */
  values?: Record<string, number>;
}

const enc = encodeURIComponent;

function render(operation: OperationSpec, parts: Parts, extra: Pick<FuzzRequest, 'expect' | 'mutation'> = {}): FuzzRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => parts.path[name] ?? '');
  const search = parts.query.map(([name, value]) => `${name}=${value}`).join('&');
  const headers = { ...parts.headers };
  let payload: string | Buffer | undefined;
  let body: unknown;
  if (parts.body && 'json' in parts.body) {
    payload = JSON.stringify(parts.body.json);
    body = parts.body.json;
  } else if (parts.body) payload = parts.body.raw;
  // A POST says JSON even without a body, as the contract asks of every client (cross-site writes).
  if (payload !== undefined || operation.method.toLowerCase() === 'post') headers['content-type'] = parts.contentType ?? 'application/json';
  const query: Record<string, string> = {};
  for (const [name, value] of parts.query) {
    try {
      query[decodeURIComponent(name)] = decodeURIComponent(value);
    } catch {
      // Only mutated requests carry undecodable text; they are not checked semantically.
    }
  }
  return { operationId: operation.operationId, method: operation.method, url: search ? `${path}?${search}` : path, headers, payload, query, body, ...extra };
}

const SORT_FIELD = /^[+ -]?(.*)$/;

// A number parameter's value is drawn as a number (schema-arbitrary.ts), a date as text.
function inOrder(low: unknown, high: unknown, read: (text: string) => string | number): boolean {
  return low === undefined || high === undefined || read(String(low)) <= read(String(high));
}

function sortFieldsUnique(sort: string): boolean {
  const fields = sort.split(',').map((part) => SORT_FIELD.exec(part)![1]);
  return new Set(fields).size === fields.length;
}

function parameterValue(spec: ParameterSpec, world: World): fc.Arbitrary<string> {
  const fromSchema = parameterText(spec.schema);
  const known = world.known[spec.name];
  return known && known.length > 0 ? fc.oneof(fromSchema, fc.constantFrom(...known)) : fromSchema;
}

let keys = 0;

/**
 * A generated Idempotency-Key made unique: a short key drawn twice would turn an unrelated later
 * request into a 409 or a replay. Reusing keys on purpose is test/security's subject.
 */
function uniqueIdempotencyKey(headers: Record<string, string>): Record<string, string> {
  const key = headers['Idempotency-Key'];
  return key === undefined ? headers : { ...headers, 'Idempotency-Key': `${key}~${(keys += 1)}` };
}

/** A valid request's parts (values not yet encoded into a URL). */
export function validParts(operation: OperationSpec, world: World): fc.Arbitrary<Parts> {
  const path = operation.parameters.filter((p) => p.in === 'path');
  // A change cursor is opaque: only one the server handed out is valid, so valid requests start from the beginning.
  const query = operation.parameters.filter((p) => p.in === 'query' && !(operation.path === '/changes' && p.name === 'since'));
  const headers = operation.parameters.filter((p) => p.in === 'header');
  const pathArb = fc
    .record(Object.fromEntries(path.map((p) => [p.name, parameterValue(p, world).filter(fitsInNfc).map(enc)])))
    .map((values) => accountPathAsDescribed(operation.operationId, cataloguePathAsDescribed(operation.operationId, values, world), world));
  const queryArb = fc
    .record(Object.fromEntries(query.map((p) => [p.name, parameterValue(p, world).filter(fitsInNfc)])), { requiredKeys: query.filter((p) => p.required).map((p) => p.name) })
    .filter((values) => values.sort === undefined || sortFieldsUnique(values.sort as string))
    // "from not after to, minValue not above maxValue": the filters' rule, stated in prose.
    .filter((values) => inOrder(values.from, values.to, String) && inOrder(values.minValue, values.maxValue, Number));
  const headerArb = fc.record(Object.fromEntries(headers.map((p) => [p.name, parameterValue(p, world)])), {
    requiredKeys: headers.filter((p) => p.required).map((p) => p.name),
  });
  const bodyArb: fc.Arbitrary<unknown> = operation.body
    ? fc.tuple(arbitraryFor(asRequestSchema(operation.body.schema)).filter(fitsInNfc), fc.nat()).map(([drawn, pick]) => {
        const body = catalogueBodyAsDescribed(operation.operationId, drawn);
        // "bank, when given, must name a known bank": the contract says so in prose, not in the schema.
        const banked = typeof body === 'object' && body !== null && 'bank' in body ? { ...body, bank: world.banks[pick % world.banks.length] } : body;
        return accountBodyAsDescribed(operation.operationId, ruleBodyAsDescribed(operation.operationId, banked, world.banks, pick), world, pick);
      })
    : fc.constant(undefined);
  if (isFileBody(operation)) {
    return fc.record({ path: pathArb, query: statementQuery(world), headers: headerArb, csv: statementCsv, own: fc.boolean() }).map((drawn) => {
      const { query, headers } = withStatementProfile(drawn.query, drawn.headers as Record<string, string>, drawn.own);
      return {
        path: drawn.path as Record<string, string>,
        query: Object.entries(query).map(([name, value]) => [enc(name), enc(value)] as [string, string]),
        headers,
        body: { raw: drawn.csv },
        contentType: 'text/csv',
      };
    });
  }
  return fc.record({ path: pathArb, query: queryArb, headers: headerArb, body: bodyArb, pick: fc.nat() }).map((drawn) => ({
    path: drawn.path as Record<string, string>,
    query: Object.entries(
      accountQueryAsDescribed(operation.operationId, catalogueQueryAsDescribed(operation.operationId, drawn.query, drawn.path, world, drawn.pick), drawn.path, world, drawn.pick),
    ).map(
      ([name, value]) => [enc(name), enc(value as string)] as [string, string],
    ),
    headers: uniqueIdempotencyKey(drawn.headers as Record<string, string>),
    body: drawn.body === undefined ? undefined : { json: splitBodyAsDescribed(operation.operationId, drawn.body, drawn.path, world) },
  }));
}

export function validRequest(operation: OperationSpec, world: World): fc.Arbitrary<FuzzRequest> {
  return validParts(operation, world).map((parts) => render(operation, parts));
}

export type Mutation = fc.Arbitrary<{ parts: Parts; expect: Expectation; mutation: string }>;

const BAD_INTEGERS = ['0x10', '012', '+1', '1e3', '1.0', ' 1', '1 ', '', '-0', '١٢', '9223372036854775808', '-9223372036854775809', '99999999999999999999999', 'NaN', 'Infinity', 'null', '[1]', '1,2', '½'];
const BAD_ESCAPES = ['%', '%zz', '%E2%82', '%ff', '%C3%28', '%ED%A0%80', '%F4%90%80%80', '%C0%AF'];
const SQL_SORTS = ['id;DROP TABLE transactions', 'date desc', 'id)--', '1', 'value,,id', 'id,id', '-date,date', 'random()', 'description COLLATE nocase', '(SELECT 1)', 'id/**/', 'category,-category', 'value ', 'Value'];
const UNKNOWN_NAMES = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'limit[]', 'Limit', 'x', 'sort ', '$where', '%00'];

/** Integers just outside a parameter's range (an int32 limit's 2147483648, an account id's 2^53). */
function outOfRange(schema: { minimum?: unknown; maximum?: unknown; format?: unknown }): string[] {
  const maximum = typeof schema.maximum === 'number' ? BigInt(Math.floor(schema.maximum)) : schema.format === 'int64' ? 9223372036854775807n : 2147483647n;
  const out = [(maximum + 1n).toString()];
  if (typeof schema.minimum === 'number') out.push((BigInt(Math.ceil(schema.minimum)) - 1n).toString());
  return out;
}

function queryMutations(operation: OperationSpec, base: fc.Arbitrary<Parts>): Mutation[] {
  const query = operation.parameters.filter((p) => p.in === 'query');
  const mutations: Mutation[] = [
    fc.tuple(base, fc.constantFrom(...UNKNOWN_NAMES), fc.string({ maxLength: 5 })).map(([parts, name, value]) => ({
      parts: { ...parts, query: [...parts.query, [enc(name), enc(value)]] },
      expect: { in: 'query', name: name === '%00' ? '%00' : name },
      mutation: `unknown query parameter ${name}`,
    })),
  ];
  for (const spec of query) {
    const name = spec.name;
    const without = (parts: Parts) => parts.query.filter(([n]) => n !== enc(name));
    const withValue = (parts: Parts, value: string): Parts => ({ ...parts, query: [...without(parts), [enc(name), value]] });
    mutations.push(
      fc.tuple(base, parameterText(spec.schema), parameterText(spec.schema)).map(([parts, a, b]) => ({
        parts: { ...parts, query: [...without(parts), [enc(name), enc(a)], [enc(name), enc(b)]] },
        expect: { in: 'query', name },
        mutation: `repeated ${name}`,
      })),
      fc.tuple(base, fc.constantFrom(...BAD_ESCAPES), fc.constantFrom('%00', 'a%00', '%00%00')).chain(([parts, escape, nul]) =>
        fc.constantFrom(
          { parts: withValue(parts, escape), expect: { in: 'query' as const, name }, mutation: `${name}=${escape}` },
          { parts: withValue(parts, nul), expect: { in: 'query' as const, name }, mutation: `${name} with NUL` },
        ),
      ),
    );
    if (spec.schema.type === 'integer') {
      mutations.push(
        fc.tuple(base, fc.constantFrom(...BAD_INTEGERS, ...outOfRange(spec.schema))).map(([parts, text]) => ({
          parts: withValue(parts, enc(text)),
          expect: { in: 'query', name },
          mutation: `${name}=${JSON.stringify(text)}`,
        })),
      );
    }
    if (typeof spec.schema.maxLength === 'number') {
      const max = spec.schema.maxLength;
      mutations.push(
        // Kept under the server's URL length limit (a 414 there is another test's subject).
        fc.tuple(base, fc.integer({ min: 1, max: 400 }), fc.constantFrom('a', 'é', '%', '😀')).map(([parts, over, char]) => ({
          parts: withValue(parts, enc(char.repeat(max + (char === '😀' ? 1 : over)))),
          expect: { in: 'query', name },
          mutation: `${name} longer than ${max}`,
        })),
      );
    }
    if (spec.schema.type === 'boolean') {
      mutations.push(
        fc.tuple(base, fc.constantFrom('yes', '1', '0', 'TRUE', 'False', '', 'null', 'true ')).map(([parts, text]) => ({
          parts: withValue(parts, enc(text)),
          expect: { in: 'query', name },
          mutation: `${name}=${JSON.stringify(text)}`,
        })),
      );
    }
    if (typeof spec.schema.pattern === 'string') {
      // Only values the pattern refuses (a file name may hold most of them).
      const pattern = new RegExp(spec.schema.pattern, 'u');
      const bad =
        name === 'sort'
          ? SQL_SORTS
          : isNameLike(spec.schema)
            ? BAD_NAMES
            : ['-abc', 'a b', 'ä', "a'; DROP TABLE banks; --", '.', '%', '_x', 'a/b', '..\\x'].filter((text) => !pattern.test(text));
      if (bad.length > 0) mutations.push(
        fc.tuple(base, fc.constantFrom(...bad)).map(([parts, text]) => ({
          parts: withValue(parts, enc(text)),
          expect: { in: 'query', name },
          mutation: `${name}=${JSON.stringify(text)}`,
        })),
      );
    }
  }
  return mutations;
}

function pathMutations(operation: OperationSpec, base: fc.Arbitrary<Parts>): Mutation[] {
  return operation.parameters
    .filter((p) => p.in === 'path')
    .map((spec) => {
      const bad =
        spec.schema.type === 'integer'
          ? [...BAD_INTEGERS.filter((text) => text !== ''), '-1']
          : isNameLike(spec.schema)
            ? [...BAD_NAMES, '\ud800']
            : ['-abc', 'a b', 'ä', "a'; DROP TABLE banks; --", '.x', 'x'.repeat(65), 'a\u0000b', '\ud800', '%ff'];
      // Past the router's parameter length limit.
      bad.push('1'.repeat(3000));
      return fc.tuple(base, fc.constantFrom(...bad)).map(([parts, text]) => ({
        // A lone surrogate cannot be percent-encoded as UTF-8; its CESU-8 bytes are sent instead.
        parts: { ...parts, path: { ...parts.path, [spec.name]: text === '\ud800' ? '%ED%A0%80' : enc(text) } },
        expect: { in: 'path' as const, name: spec.name },
        mutation: `${spec.name}=${JSON.stringify(text)}`,
      }));
    });
}

/** True when a header's schema refuses the value (length or pattern): a Prefer may hold spaces, an Idempotency-Key may not. */
function refusedBy(schema: JsonSchema, value: string): boolean {
  const { minLength, maxLength, pattern } = schema as { minLength?: number; maxLength?: number; pattern?: string };
  return value.length < (minLength ?? 0) || value.length > (maxLength ?? Infinity) || (pattern !== undefined && !new RegExp(pattern, 'u').test(value));
}

function headerMutations(operation: OperationSpec, base: fc.Arbitrary<Parts>): Mutation[] {
  return operation.parameters
    .filter((p) => p.in === 'header')
    .map((spec) =>
      fc.tuple(base, fc.constantFrom(...['', 'has space', 'x'.repeat(300), 'tab\there'].filter((value) => refusedBy(spec.schema, value)))).map(([parts, value]) => ({
        parts: { ...parts, headers: { ...parts.headers, [spec.name]: value } },
        expect: { in: 'header' as const, name: spec.name },
        mutation: `${spec.name}: ${JSON.stringify(value.slice(0, 20))}`,
      })),
    );
}

/** A request with exactly one thing wrong, and the field its 400 must name. */
export function invalidRequest(operation: OperationSpec, world: World): fc.Arbitrary<FuzzRequest> {
  const base = validParts(operation, world);
  const mutations = [
    ...queryMutations(operation, base),
    ...pathMutations(operation, base),
    ...headerMutations(operation, base),
    ...(operation.body ? bodyMutations(asRequestSchema(operation.body.schema), base, world) : []),
    ...(isFileBody(operation) ? [statementBodyMutations(base)] : []),
  ];
  return fc.oneof(...mutations).map(({ parts, expect, mutation }) => render(operation, parts, { expect, mutation }));
}
