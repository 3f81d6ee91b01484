import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseIntegerParameter } from '../../src/http/integer-parameter.js';
import { parseQueryString, QUERY_PROBLEMS } from '../../src/http/query-string.js';

describe('parseIntegerParameter', () => {
  const int32 = { type: 'integer', format: 'int32', minimum: 0 };
  // The contract's maximum (2^63 - 1) cannot be written as a JS number; the int64 format range enforces it.
  const int64 = { type: 'integer', format: 'int64', minimum: 0 };

  it('accepts canonical decimal integers only', () => {
    assert.deepEqual(parseIntegerParameter('12', int32), { ok: true, value: 12 });
    assert.deepEqual(parseIntegerParameter('0', int32), { ok: true, value: 0 });
    for (const text of ['0x10', ' 12', '12 ', '1e3', '1.0', '+1', '012', '-0', '', 'one']) {
      assert.equal(parseIntegerParameter(text, { ...int32, minimum: -5 }).ok, false, JSON.stringify(text));
    }
  });

  it('enforces the format range and schema bounds exactly', () => {
    assert.equal(parseIntegerParameter('2147483647', int32).ok, true);
    assert.equal(parseIntegerParameter('2147483648', int32).ok, false);
    assert.equal(parseIntegerParameter('-1', int32).ok, false);
    assert.equal(parseIntegerParameter('9223372036854775807', int64).ok, true);
    assert.equal(parseIntegerParameter('9223372036854775808', int64).ok, false);
  });

  it('keeps values past 2^53 as bigint so they cannot round onto another id', () => {
    assert.deepEqual(parseIntegerParameter('9007199254740993', int64), { ok: true, value: 9007199254740993n });
  });
});

describe('parseQueryString', () => {
  it('decodes percent escapes and + as space', () => {
    const query = parseQueryString('description=caf%C3%A9+bar&category=');
    assert.equal(query.description, 'café bar');
    assert.equal(query.category, '');
    assert.equal(query[QUERY_PROBLEMS], undefined);
  });

  it('reports repeated parameters, bad escapes, invalid UTF-8 and NUL by name', () => {
    const query = parseQueryString('limit=1&limit=2&a=%E0%A4&b=%ZZ&c=%00');
    assert.deepEqual(
      query[QUERY_PROBLEMS]?.map((problem) => problem.name),
      ['limit', 'a', 'b', 'c'],
    );
  });

  it('has no prototype, so __proto__ is an ordinary (refused later) name', () => {
    const query = parseQueryString('__proto__=x');
    assert.equal(Object.getPrototypeOf(query), null);
    assert.equal(Object.getOwnPropertyDescriptor(query, '__proto__')?.value, 'x');
  });
});
