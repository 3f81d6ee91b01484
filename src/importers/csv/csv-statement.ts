// Streams a CSV statement: decode -> drop the preamble -> csv-parse -> map each record.
// Nothing here holds more than one chunk and one record, so file size does not matter.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { HEAD_BYTES, openDecodedStream, readHead } from '../encoding.js';
import { invalidItem, type ParsedItem } from '../types.js';
import { loadProfile } from './builtin-profiles.js';
import { type CsvLayout, planCsvLayout } from './csv-layout.js';
import { makeRecordMapper } from './csv-rows.js';

/** A record this large is a runaway quote, not a bank row; it is reported and skipped. */
const MAX_RECORD_CHARS = 1_000_000;

export async function openCsvStatement(path: string, profileName: string, fileLabel: string): Promise<AsyncIterable<ParsedItem>> {
  const profile = await loadProfile(profileName);
  const head = await readHead(path, HEAD_BYTES + 1);
  const layout = planCsvLayout(head.subarray(0, HEAD_BYTES), head.length > HEAD_BYTES, profile, fileLabel);
  return { [Symbol.asyncIterator]: () => readCsvItems(path, layout) };
}

async function* readCsvItems(path: string, layout: CsvLayout): AsyncGenerator<ParsedItem> {
  const mapRecord = makeRecordMapper(layout);
  const skipped: ParsedItem[] = [];
  const parser = parse({
    delimiter: layout.delimiter,
    quote: layout.quote,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false, // kept so line numbers stay right; blank records are dropped below
    max_record_size: MAX_RECORD_CHARS,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error) skipped.push(invalidItem(typeof error.lines === 'number' ? error.lines : 0, `unreadable CSV record: ${error.message}`));
    },
  });
  const source = openDecodedStream(path, layout.encoding);
  pipeline(source, dropLeadingChars(layout.startChar), parser, () => {
    // Errors surface through the parser's async iterator below.
  });
  let nextLine = layout.startLine;
  let isHeader = layout.skipHeaderRecord;
  try {
    for await (const fields of parser as AsyncIterable<string[]>) {
      const line = nextLine;
      nextLine += 1;
      for (const field of fields) if (field.includes('\n')) nextLine += countNewlines(field);
      while (skipped.length > 0) yield skipped.shift() as ParsedItem;
      if (isHeader) { isHeader = false; continue; }
      const item = mapRecord(fields, line);
      if (item) yield item;
    }
    while (skipped.length > 0) yield skipped.shift() as ParsedItem;
  } finally {
    source.destroy();
  }
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
