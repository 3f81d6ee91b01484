import fc from 'fast-check';
import type { JsonSchema } from '../../../src/http/contract.js';
import { createAjv } from '../../../src/http/schema-validator.js';
import type { Mutation, Parts, World } from './fuzz-requests.js';

/**
 * Mutations of a valid JSON body, each with the field its 400 must name. Most are built on the
 * JSON text, because the hostile cases (`__proto__` keys, NUL and lone-surrogate escapes,
 * numbers beyond a double, invalid UTF-8 bytes) cannot be made by JSON.stringify.
 */
const ajv = createAjv();
const DEEP = 40;

/** The body's JSON text with `name` set to the raw JSON `valueText` (added last when absent). */
function withRaw(body: Record<string, unknown>, name: string, valueText: string): string {
  const rest = Object.fromEntries(Object.entries(body).filter(([key]) => key !== name));
  const text = JSON.stringify(rest);
  const pair = `${JSON.stringify(name)}:${valueText}`;
  return text === '{}' ? `{${pair}}` : `${text.slice(0, -1)},${pair}}`;
}

function objectBody(parts: Parts): Record<string, unknown> {
  const json = parts.body && 'json' in parts.body ? parts.body.json : {};
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
}

const WRONG_VALUES: unknown[] = ['12.5', '0x10', '1e3', '', 12, -1.5, 0, true, false, null, [], [1], {}, { a: 1 }];
const BAD_DATES = ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', '20240101', '2024-02-30T00:00:00Z', '24-01-01', '2024/01/01', '١٩٩٩-٠١-٠١'];
const HUGE_NUMBERS = ['1e39', '-1e39', `1${'0'.repeat(400)}`, '1e400', '-1e400', '3.4028236e38'];
const MALFORMED = ['{', '{"date":', '{"a":1,}', "{'a':1}", '{"a":NaN}', '{"a":1}/**/', '{"a":1}{"b":2}', '[]', '"text"', '42', 'null', 'true'];

export function bodyMutations(schema: JsonSchema, base: fc.Arbitrary<Parts>, world: World): Mutation[] {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  const raw = (parts: Parts, text: string | Buffer, contentType?: string): Parts => ({ ...parts, body: { raw: text }, contentType });
  const mutations: Mutation[] = [
    fc.tuple(base, fc.constantFrom('__proto__', 'constructor', 'prototype', 'Value', 'description ', 'ID', '$where', '')).map(([parts, name]) => ({
      parts: raw(parts, withRaw(objectBody(parts), name, name === '__proto__' ? '{"polluted":true}' : '1')),
      expect: { in: 'body', name: name === '' ? '' : name },
      mutation: `unknown body property ${JSON.stringify(name)}`,
    })),
    fc.tuple(base, fc.constantFrom(...MALFORMED)).map(([parts, text]) => ({
      parts: raw(parts, text),
      expect: { in: 'body', name: 'body' },
      mutation: `malformed or non-object JSON ${JSON.stringify(text)}`,
    })),
    base.map((parts) => ({
      parts: raw(parts, Buffer.concat([Buffer.from('{"description":"caf'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')])),
      expect: { in: 'body', name: 'body' },
      mutation: 'invalid UTF-8 bytes in the body',
    })),
    base.map((parts) => ({
      parts: raw(parts, `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`),
      expect: { in: 'body', name: 'a', prefix: true },
      mutation: 'deeply nested object',
    })),
    fc.tuple(base, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml')).map(
      ([parts, type]) => ({
        parts: raw(parts, JSON.stringify(objectBody(parts)), type),
        expect: { in: 'header', name: 'content-type' },
        mutation: `content-type ${type}`,
      }),
    ),
  ];
  if (required.length > 0) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([parts, name]) => {
        const { [name]: _removed, ...rest } = objectBody(parts);
        return { parts: { ...parts, body: { json: rest } }, expect: { in: 'body' as const, name }, mutation: `missing ${name}` };
      }),
      base.map((parts) => ({ parts: raw(parts, ''), expect: { in: 'body' as const, name: 'body' }, mutation: 'empty body' })),
    );
  }
  if (typeof schema.minProperties === 'number') {
    mutations.push(base.map((parts) => ({ parts: { ...parts, body: { json: {} } }, expect: { in: 'body' as const, name: Object.keys(properties).join(',') }, mutation: 'empty object' })));
  }
  for (const [name, property] of Object.entries(properties)) {
    if (property.readOnly === true) continue;
    const validate = ajv.compile(property);
    const wrong = WRONG_VALUES.filter((value) => !validate(value));
    if (wrong.length > 0) {
      mutations.push(
        fc.tuple(base, fc.constantFrom(...wrong)).map(([parts, value]) => ({
          parts: { ...parts, body: { json: { ...objectBody(parts), [name]: value } } },
          // An object or array given where one belongs may be refused for what is inside it (`rule.category`, `from[0]`).
          expect: { in: 'body' as const, name, prefix: typeof value === 'object' && value !== null },
          mutation: `${name}: ${JSON.stringify(value)}`,
        })),
      );
    }
    const rawValues: string[] = [`${'['.repeat(DEEP)}${']'.repeat(DEEP)}`];
    if (JSON.stringify(property).includes('"string"')) {
      rawValues.push('"a\\u0000b"', '"\\u0000"', '"lone \\ud800 surrogate"', '"\\udfff"');
      const max = (property.maxLength as number | undefined) ?? (property.allOf as JsonSchema[] | undefined)?.[0]?.maxLength;
      if (typeof max === 'number') rawValues.push(JSON.stringify('é'.repeat(max + 1)), JSON.stringify('x'.repeat(max + 1000)));
      if (property.format === 'date') rawValues.push(...BAD_DATES.map((date) => JSON.stringify(date)));
    }
    if (JSON.stringify(property).includes('"number"')) rawValues.push(...HUGE_NUMBERS);
    mutations.push(
      fc.tuple(base, fc.constantFrom(...rawValues)).map(([parts, text]) => ({
        parts: raw(parts, withRaw(objectBody(parts), name, text)),
        expect: { in: 'body' as const, name, prefix: text.startsWith('[') },
        mutation: `${name}: ${text.length > 60 ? `${text.slice(0, 60)}...` : text}`,
      })),
    );
    if (name === 'bank') {
      mutations.push(
        base.map((parts) => ({
          parts: { ...parts, body: { json: { ...objectBody(parts), bank: `no-such-${world.banks.length}` } } },
          expect: { in: 'body' as const, name: 'bank' },
          mutation: 'bank that does not exist',
        })),
      );
    }
  }
  return mutations;
}
