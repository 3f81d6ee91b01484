/** fast-check arbitraries for transactions whose JSON is easy to get wrong: escapes, odd text, doubles at the edges. */
import fc from 'fast-check';
import type { NewTransaction } from '../../src/domain/transaction.js';

export const MAX_VALUE = 3.4028234663852886e38;
/**
 * Where SQLite's and JS's number texts part: exponents, 16-17 digits (9900128053.44522 is
 * '9900128053.445221' in SQLite: 16 digits where JS writes 15), integral REALs, -0, 2^53.
 */
export const EDGE_VALUES = [
  0, -0, 1, -1, 0.1, -0.1, -23, -23.5, 4.35, 1 / 3, 2 / 3, 0.1 + 0.2, 1e-7, 1e-6, 1e-5, 1e-4, 0.001, 0.000123456789012345,
  123456789012345.6, 1234567890123456.8, 12345678901234.5, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, 2 ** 53 + 2, -(2 ** 53 + 2), 2 ** 56,
  1e14, 1e15, 1e16, 1e17, 1e20, 1e21, 1e22, 1.5e300, 5e-324, -5e-324, 2.2250738585072014e-308, MAX_VALUE, -MAX_VALUE,
  1.7976931348623157e308, 9.999999999999999e22, 0.30000000000000004, 100, 1e2 + 0.5, 99999999999999.98, 9900128053.44522,
  0.000984498807382914,
];
/** Characters JSON escapes or must not escape, and a description that looks like the property the numbers are found by. */
export const TEXT_UNITS = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '\u0000', '\n', '\t', '\b', '\f', '\r', '\u0001', '\u001b', '\u001f', '\u007f', '\u0080', '\u2028', '\u2029', '"', '\\',
      '/', "'", '😀', 'é', '\ufffd', '\uffff', ',"value":1.0e+05,', ',"value":0.33333333333333332}',
    ),
  },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
export const text = (minLength: number, maxLength: number) => fc.string({ unit: TEXT_UNITS, minLength, maxLength });
export const valueArbitrary = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -MAX_VALUE, max: MAX_VALUE }),
  fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }).map((cents) => cents / 100),
  fc.constantFrom(...EDGE_VALUES),
);
/** Bank ids of the arbitraries: add them to a store before inserting rows. */
export const BANKS = ['ing', 'b.c_d-1', 'Z9'];
export const rowArbitrary: fc.Arbitrary<NewTransaction> = fc.record({
  date: fc.constantFrom('2024-02-29', '1999-12-31', '0001-01-01'),
  description: text(0, 40),
  value: valueArbitrary,
  category: fc.option(text(1, 20), { nil: null }),
  bank: fc.option(fc.constantFrom(...BANKS), { nil: null }),
});

/** rowArbitrary as the API would accept it: no NUL (refused on input, and PostgreSQL text cannot hold it). */
export const apiRowArbitrary: fc.Arbitrary<NewTransaction> = rowArbitrary.map((row) => {
  const category = row.category?.replaceAll('\u0000', '') ?? null;
  return { ...row, description: row.description.replaceAll('\u0000', ''), category: category === '' ? null : category };
});
