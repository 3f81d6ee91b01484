import fc from 'fast-check';
import type { JsonSchema } from '../../../src/http/contract.js';
import { createAjv } from '../../../src/http/schema-validator.js';

/**
 * fast-check arbitraries for the values a JSON Schema of the contract accepts. Only the keywords
 * the contract uses are understood; every generated value is then checked with the project's own
 * Ajv configuration, so a value this file gets wrong is dropped, never sent as "valid".
 */
const ajv = createAjv();

/** Text that is valid but hostile to naive storage or search: quotes, LIKE wildcards, SQL, odd Unicode. */
export const HOSTILE_TEXT = [
  '%',
  '_',
  '\\',
  '%_\\',
  "'",
  '"',
  "' OR '1'='1",
  "x'); DROP TABLE transactions; --",
  '*/ SELECT 1; /*',
  'ß',
  'ẞ',
  'İ',
  'ﬁ',
  'e\u0301',
  'é',
  '😀',
  '\u200f',
  '\u2028',
  '\t',
  ' ',
  '__proto__',
  'constructor',
];

function merged(schema: JsonSchema): JsonSchema {
  // `allOf: [X]` with annotations beside it (the contract's way to describe a $ref) is just X.
  const allOf = schema.allOf as JsonSchema[] | undefined;
  if (!allOf) return schema;
  const { allOf: _parts, ...rest } = schema;
  return allOf.reduce<JsonSchema>((acc, part) => ({ ...acc, ...merged(part) }), rest);
}

function text(schema: JsonSchema): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 200;
  const pattern = typeof schema.pattern === 'string' ? generatablePattern(schema.pattern) : null;
  if (pattern !== null) return fc.stringMatching(new RegExp(pattern), { maxLength: Math.min(max, 60) });
  // A pattern fast-check cannot generate from (Unicode property classes) gets general text below;
  // arbitraryFor keeps only what the real pattern accepts.
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.format === 'uuid') return fc.uuid();
  const short = fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, 24) });
  const hostile = fc.array(fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'grapheme-ascii', maxLength: 4 })), { maxLength: 6 }).map((parts) => parts.join(''));
  const long = fc.string({ unit: 'grapheme', minLength: Math.max(min, max - 8), maxLength: max, size: 'max' });
  // Code points, as JSON Schema counts them; NUL and lone surrogates are refused by the contract's rules.
  return fc
    .oneof({ arbitrary: short, weight: 5 }, { arbitrary: hostile, weight: 4 }, { arbitrary: long, weight: 1 })
    .filter((value) => !value.includes('\u0000') && value.isWellFormed() && [...value].length >= min && [...value].length <= max);
}

/**
 * The pattern without its lookarounds (`(?!...)`, `(?<=...)`), which fast-check cannot generate
 * from: it generates a superset, which arbitraryFor narrows with the full pattern. Null for
 * patterns with Unicode property classes (`\p{Cc}`), which need the `u` flag fast-check lacks.
 */
function generatablePattern(pattern: string): string | null {
  if (pattern.includes('\\p{')) return null;
  let result = '';
  for (let at = 0; at < pattern.length; at += 1) {
    if (pattern[at] === '\\') {
      result += pattern.slice(at, at + 2);
      at += 1;
      continue;
    }
    if (!/^\(\?<?[=!]/.test(pattern.slice(at, at + 4))) {
      result += pattern[at];
      continue;
    }
    let depth = 0;
    for (; at < pattern.length; at += 1) {
      if (pattern[at] === '\\') at += 1;
      else if (pattern[at] === '(') depth += 1;
      else if (pattern[at] === ')' && --depth === 0) break;
    }
  }
  return result;
}

function number(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? -Number.MAX_VALUE;
  const max = (schema.maximum as number | undefined) ?? Number.MAX_VALUE;
  if (integer) {
    return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  }
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    // Money-like values, the common case, exactly representable or not.
    fc.integer({ min: -10_000_000, max: 10_000_000 }).map((cents) => cents / 100),
    fc.constantFrom(0, -0, 0.1, 1e-7, 5e-324, 3.4028234663852886e38, -3.4028234663852886e38, 2 ** 53 + 2),
  );
}

function unvalidated(raw: JsonSchema): fc.Arbitrary<unknown> {
  const schema = merged(raw);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map(unvalidated));
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((one) => unvalidated({ ...schema, type: one })));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return text(schema);
    case 'integer':
      return number(schema, true);
    case 'number':
      return number(schema, false);
    case 'array':
      return fc.array(unvalidated((schema.items as JsonSchema | undefined) ?? {}), { maxLength: 4 });
    case 'object': {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, unvalidated(property)]));
      return fc.record(model, { requiredKeys: required });
    }
    default:
      throw new Error(`schema-arbitrary does not understand ${JSON.stringify(schema)}`);
  }
}

/** Values the schema accepts (checked with the project's Ajv). */
export function arbitraryFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const validate = ajv.compile(schema);
  return unvalidated(schema).filter((value) => validate(value) === true);
}

/** A parameter's value as the text a client would put in the URL or a header. */
export function parameterText(schema: JsonSchema): fc.Arbitrary<string> {
  const resolved = merged(schema);
  if (resolved.type === 'integer') {
    const ranges: Record<string, [bigint, bigint]> = { int32: [-(2n ** 31n), 2n ** 31n - 1n], int64: [-(2n ** 63n), 2n ** 63n - 1n] };
    let [low, high] = ranges[String(resolved.format)] ?? ranges.int64!;
    if (typeof resolved.minimum === 'number' && Number.isSafeInteger(resolved.minimum)) low = BigInt(resolved.minimum);
    if (typeof resolved.maximum === 'number' && Number.isSafeInteger(resolved.maximum)) high = BigInt(resolved.maximum);
    return fc.oneof(fc.bigInt({ min: low, max: high }), fc.constantFrom(low, high, 0n > low ? 0n : low)).map(String);
  }
  if (resolved.type === 'boolean') return fc.constantFrom('true', 'false');
  return arbitraryFor(resolved) as fc.Arbitrary<string>;
}
