import type { components } from '../../../src/http/contract.gen.js';

/** A statement format as the contract names it (an import report's `format`). */
export type StatementFormat = components['schemas']['ImportReport']['format'];

/**
 * The statement formats and the names people know them by: the web app's copy of the server's
 * registry (src/importers/formats.ts), which the web app may not import; test/importers/formats.test.ts
 * holds the two, the contract's enums and the command line's choices to one list.
 */
export const STATEMENT_FORMATS: ReadonlyArray<{ id: StatementFormat; label: string }> = [
  { id: 'csv', label: 'CSV' },
  { id: 'ofx', label: 'OFX/QFX' },
  { id: 'qif', label: 'QIF' },
  { id: 'camt053', label: 'CAMT.053' },
  { id: 'mt940', label: 'MT940' },
];

/** What a person reads for a format. */
export function formatName(id: StatementFormat): string {
  return STATEMENT_FORMATS.find((format) => format.id === id)?.label ?? id;
}
