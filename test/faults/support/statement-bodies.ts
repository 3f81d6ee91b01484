import fc from 'fast-check';
import type { OperationSpec } from '../../../src/http/contract.js';
import type { Expectation, Parts, World } from './fuzz-requests.js';

/**
 * createImport's body is a statement file, not JSON: valid requests send a small CSV the generic
 * profile reads (any row may still be invalid or a duplicate: that is a 200 report), with a
 * known bank and only what the contract says in prose makes a readable request (a built-in
 * profile that fits the file, a format that is the file's). Mutations break one thing.
 */
const DESCRIPTIONS = fc.oneof(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .&'%_-]{0,29}$/), fc.constantFrom('Café Müller', 'Straße Ärger', 'ﬁsh & chips', 'TESCO STORES 3297'));

const ROW = fc.record({
  day: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
  description: DESCRIPTIONS,
  cents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
});

export const statementCsv: fc.Arbitrary<string> = fc.array(ROW, { minLength: 1, maxLength: 8 }).map((rows) =>
  ['Date,Description,Amount', ...rows.map((row) => `${row.day.toISOString().slice(0, 10)},${row.description},${(row.cents / 100).toFixed(2)}`)].join('\n') + '\n',
);

/** The query of a valid createImport: a known bank; profile, format and file name that fit a CSV. */
export function statementQuery(world: World): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      bank: fc.constantFrom(...world.banks),
      format: fc.constantFrom('auto', 'csv'),
      profile: fc.constant('generic'),
      fileName: fc.stringMatching(/^[A-Za-z0-9 ._-]{0,40}$/).map((name) => `${name}.csv`),
      dryRun: fc.constantFrom('true', 'false'),
      skipInvalid: fc.constantFrom('true', 'false'),
    },
    { requiredKeys: ['bank'] },
  );
}

export function isFileBody(operation: OperationSpec): boolean {
  return operation.fileBody === true;
}

/** Broken statement bodies: none, empty, or bytes no format reads. */
export function statementBodyMutations(base: fc.Arbitrary<Parts>): fc.Arbitrary<{ parts: Parts; expect: Expectation; mutation: string }> {
  return fc.tuple(base, fc.constantFrom<[string | undefined, string]>([undefined, 'no body'], ['', 'empty body'], ['just some words\n', 'not a statement'])).map(([parts, [raw, mutation]]) => ({
    parts: raw === undefined ? { ...parts, body: undefined } : { ...parts, body: { raw }, contentType: 'text/csv' },
    expect: { in: 'body' as const, name: 'body' },
    mutation,
  }));
}

/** A profile of one's own that reads statementCsv's files (the Moneta-Csv-Profile header). */
const OWN_PROFILE = JSON.stringify({ name: 'fuzz', columns: { date: 'Date', description: 'Description', amount: 'Amount' } });

/**
 * A valid createImport's own profile, as the contract says in prose: absent, or a usable
 * profile that reads the file, and then no built-in `profile` beside it (both are a 400).
 */
export function withStatementProfile(query: Record<string, string>, headers: Record<string, string>, own: boolean): { query: Record<string, string>; headers: Record<string, string> } {
  const { 'Moneta-Csv-Profile': _drawn, ...others } = headers;
  if (!own) return { query, headers: others };
  const { profile: _builtIn, ...rest } = query;
  return { query: rest, headers: { ...others, 'Moneta-Csv-Profile': OWN_PROFILE } };
}
