/**
 * The statement formats Moneta reads, with the names people know them by: the one list the
 * importers, the command line's `--format` choices and the contract's enums agree with
 * (test/importers/formats.test.ts also holds the web app's copy, web/src/lib/formats.ts, to it:
 * the web app imports nothing from src/).
 */
export const STATEMENT_FORMATS = [
  { id: 'csv', label: 'CSV' },
  { id: 'ofx', label: 'OFX/QFX' },
  { id: 'qif', label: 'QIF' },
  { id: 'camt053', label: 'CAMT.053' },
  { id: 'mt940', label: 'MT940' },
] as const;

export type StatementFormat = (typeof STATEMENT_FORMATS)[number]['id'];

export const FORMAT_IDS: readonly StatementFormat[] = STATEMENT_FORMATS.map((format) => format.id);

/** What a person reads for a format id. */
export function formatLabel(id: StatementFormat): string {
  return STATEMENT_FORMATS.find((format) => format.id === id)?.label ?? id;
}
