// Streams a CSV statement: decode -> drop the preamble -> csv-parse -> map each record.
// Nothing here holds more than one chunk and one record, so file size does not matter.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { HEAD_BYTES, openDecodedStream, readHead } from '../encoding.js';
import { parseAmount } from '../amounts.js';
import { ParseFailure } from '../parse-result.js';
import { invalidItem, type ParsedItem, recordText, StatementError } from '../types.js';
import { GENERIC_PROFILE, listProfiles, loadProfile } from './builtin-profiles.js';
import { type CsvLayout, identifyingColumns, planCsvLayout } from './csv-layout.js';
import type { CsvProfile } from './csv-profile.js';
import { makeRecordMapper } from './csv-rows.js';
import { RunningBalances } from './running-balance.js';

/** A record this large is a runaway quote, not a bank row; it is reported and skipped. */
const MAX_RECORD_CHARS = 1_000_000;

export interface CsvStatement {
  items: AsyncIterable<ParsedItem>;
  notes: string[];
}

/**
 * Without a profile: a built-in bank profile whose `identifiedBy` columns are all in the header
 * reads the file; else the generic profile; else, when it cannot (no header it knows, dates it
 * cannot tell apart), the first built-in profile that reads the file. The report notes any
 * profile picked. `dateFormat` overrides the profile's date layout (the --date-format option).
 * A file read with any profile but generic carries, row by row, the generic reading too when
 * there is one (`formerly`), so rows an earlier version imported that way are still duplicates.
 */
export async function openCsvStatement(path: string, profileName: string | CsvProfile | undefined, fileLabel: string, dateFormat?: string): Promise<CsvStatement> {
  const head = await readHead(path, HEAD_BYTES + 1);
  const plan = (profile: CsvProfile) => planCsvLayout(head.subarray(0, HEAD_BYTES), head.length > HEAD_BYTES, profile, fileLabel, dateFormat);
  const generic = await loadProfile(GENERIC_PROFILE);
  const read = (profile: CsvProfile, layout: CsvLayout, notes: string[]): CsvStatement => {
    const former = profile.name === GENERIC_PROFILE ? undefined : formerLayout(layout, () => plan(generic));
    return { items: { [Symbol.asyncIterator]: () => readCsvItems(path, layout, former) }, notes };
  };
  if (profileName !== undefined) {
    const profile = typeof profileName === 'string' ? await loadProfile(profileName) : profileName;
    return read(profile, plan(profile), []);
  }
  const builtIns = await Promise.all(listProfiles().filter((name) => name !== GENERIC_PROFILE).map((name) => loadProfile(name)));
  for (const profile of builtIns) {
    if (profile.identifiedBy.length === 0) continue;
    const layout = tryPlan(plan, profile);
    const names = layout && identifyingColumns(profile, layout);
    if (!layout || !names) continue;
    return read(profile, layout, [`read with the built-in CSV profile "${profile.name}": the header has its columns ${names.map((n) => `"${n}"`).join(', ')}`]);
  }
  let genericError: unknown;
  try {
    return read(generic, plan(generic), []);
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    genericError = error;
  }
  for (const profile of builtIns) {
    const layout = tryPlan(plan, profile);
    if (!layout?.fitsFully) continue;
    return read(profile, layout, [`read with the built-in CSV profile "${profile.name}": every column it names is in this file's header and the dates fit (the generic profile could not read the file)`]);
  }
  throw genericError;
}

function tryPlan(plan: (profile: CsvProfile) => CsvLayout, profile: CsvProfile): CsvLayout | undefined {
  try {
    return plan(profile);
  } catch (error) {
    if (error instanceof StatementError) return undefined;
    throw error;
  }
}

/**
 * The generic profile's layout, when it reads the same records as `layout` (same text, same
 * header line, same delimiter and quote), so both can map each parsed record.
 */
function formerLayout(layout: CsvLayout, planGeneric: () => CsvLayout): CsvLayout | undefined {
  let former: CsvLayout;
  try {
    former = planGeneric();
  } catch (error) {
    if (error instanceof StatementError) return undefined; // the generic profile never read this file
    throw error;
  }
  const same = former.encoding === layout.encoding && former.delimiter === layout.delimiter && former.quote === layout.quote &&
    former.startChar === layout.startChar && former.skipHeaderRecord === layout.skipHeaderRecord;
  return same ? former : undefined;
}

async function* readCsvItems(path: string, layout: CsvLayout, former: CsvLayout | undefined): AsyncGenerator<ParsedItem> {
  const mapRecord = makeRecordMapper(layout);
  const mapFormer = former ? makeRecordMapper(former) : undefined;
  const skipped: ParsedItem[] = [];
  const parser = parse({
    delimiter: layout.delimiter,
    quote: layout.quote,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false, // kept so line numbers stay right; blank records are dropped below
    max_record_size: MAX_RECORD_CHARS,
    skip_records_with_error: true,
    raw: true, // an invalid record's text goes into the report
    on_skip: (error, raw) => {
      if (error) skipped.push(invalidItem(typeof error.lines === 'number' ? error.lines : 0, `unreadable CSV record: ${error.message}`, raw));
    },
  });
  const source = openDecodedStream(path, layout.encoding);
  pipeline(source, dropLeadingChars(layout.startChar), parser, () => {
    // Errors surface through the parser's async iterator below.
  });
  let nextLine = layout.startLine;
  let isHeader = layout.skipHeaderRecord;
  const balanceColumn = layout.columns.runningBalance;
  const running = balanceColumn === undefined ? undefined : new RunningBalances();
  try {
    for await (const { record: fields, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const line = nextLine;
      nextLine += 1;
      for (const field of fields) if (field.includes('\n')) nextLine += countNewlines(field);
      while (skipped.length > 0) yield skipped.shift() as ParsedItem;
      if (isHeader) { isHeader = false; continue; }
      const item = mapRecord(fields, line);
      if (!item) continue;
      if (item.kind === 'invalid') item.raw = recordText(raw);
      const was = mapFormer?.(fields, line);
      if (was?.kind === 'row') item.formerly = was.row;
      if (running && item.kind === 'row') running.see(item.row, balanceAfter(fields[balanceColumn as number], layout));
      yield item;
    }
    while (skipped.length > 0) yield skipped.shift() as ParsedItem;
    if (running) yield* running.items();
  } finally {
    source.destroy();
  }
}

/** A row's running balance, signed as its value (a profile that flips signs flips it too). */
function balanceAfter(text: string | undefined, layout: CsvLayout): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = parseAmount(text, layout.numberStyle);
  if (value instanceof ParseFailure) return undefined;
  return layout.invertSign && value !== 0 ? -value : value;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** The preamble above the header was already read from the head; the parser never sees it. */
function dropLeadingChars(count: number) {
  return async function* (source: Readable): AsyncGenerator<string> {
    let remaining = count;
    for await (const chunk of source as AsyncIterable<string>) {
      if (remaining === 0) { yield chunk; continue; }
      if (chunk.length <= remaining) { remaining -= chunk.length; continue; }
      yield chunk.slice(remaining);
      remaining = 0;
    }
  };
}
