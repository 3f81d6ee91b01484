import type { components } from '../../../src/http/contract.gen.js';

type ImportReport = components['schemas']['ImportReport'];
export type ReportRow = components['schemas']['ImportReportRow'];
export type RowStatus = ReportRow['status'];
type FieldError = components['schemas']['FieldError'];

/** The rows of a report shown at once: a report of 1000 rows is paged, never drawn whole. */
export const REPORT_PAGE_SIZE = 100;

const MAX_FILE_NAME = 255;

/**
 * The statement's Content-Type, from its name (the server recognises the format from the content
 * either way). Never text/plain: a web form can send that, so the server refuses it on a write
 * without a token (cross-site request forgery); QIF and MT940 go as application/octet-stream.
 */
export function contentTypeFor(fileName: string): 'text/csv' | 'application/x-ofx' | 'application/xml' | 'application/octet-stream' {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (extension === 'csv') return 'text/csv';
  if (extension === 'ofx' || extension === 'qfx') return 'application/x-ofx';
  if (extension === 'xml') return 'application/xml';
  return 'application/octet-stream';
}

/**
 * The name the history keeps (createImport's `fileName`: 1 to 255 characters, no slashes),
 * shortened from the middle so the extension that helps recognise the format stays.
 */
export function historyFileName(name: string): string {
  const clean = name.replace(/[/\\]/g, '_').trim();
  if (clean === '') return 'statement';
  const characters = [...clean];
  if (characters.length <= MAX_FILE_NAME) return clean;
  const extension = /\.[^.]{1,16}$/.exec(clean)?.[0] ?? '';
  return characters.slice(0, MAX_FILE_NAME - [...extension].length).join('') + extension;
}

/** A bank id proposed from the name typed for a new bank (`Deutsche Kreditbank` -> `deutsche-kreditbank`). */
export function bankIdFrom(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 64);
}

type Counts = Pick<ImportReport, 'added' | 'duplicates' | 'conflicts' | 'invalid' | 'skipped'>;

/**
 * The transactions an import writes (or wrote): the new rows and the rows in conflict, which are
 * imported as transactions of their own (a bank id already on another transaction).
 */
export function rowsWritten(counts: Pick<Counts, 'added' | 'conflicts'>): number {
  return counts.added + counts.conflicts;
}

/** The summary line (`42 new · 17 already there · 1 invalid`); statuses with none are left out, but "new" always shows. */
export function summaryLine(counts: Counts, locale: string, committed: boolean): string {
  const number = new Intl.NumberFormat(locale);
  const parts = [`${number.format(counts.added)} ${committed ? 'added' : 'new'}`];
  if (counts.duplicates > 0) parts.push(`${number.format(counts.duplicates)} already there`);
  if (counts.conflicts > 0) parts.push(`${number.format(counts.conflicts)} in conflict`);
  if (counts.invalid > 0) parts.push(`${number.format(counts.invalid)} invalid`);
  if (counts.skipped > 0) parts.push(`${number.format(counts.skipped)} skipped`);
  return parts.join(' · ');
}

export type StatusFilter = RowStatus | 'all';

/** One page of the rows with a status (or all), and where it is. `page` is clamped into range. */
export function reportPage(rows: readonly ReportRow[], status: StatusFilter, page: number, size = REPORT_PAGE_SIZE) {
  const matching = status === 'all' ? rows : rows.filter((row) => row.status === status);
  const pages = Math.max(1, Math.ceil(matching.length / size));
  const at = Math.max(0, Math.min(pages - 1, Math.floor(page)));
  return { rows: matching.slice(at * size, at * size + size), page: at, pages, total: matching.length, first: at * size + 1, last: Math.min(matching.length, at * size + size) };
}

/** The rule that found a duplicate, in words. */
export function duplicateRule(reason: string | undefined): string {
  if (reason === 'bank-id') return "the bank's own transaction id is the same";
  if (reason === 'fingerprint') return 'same date, amount and description';
  return reason ?? 'already there';
}

/** What a row's status means, in words for the table. */
export const STATUS_WORDS: Record<RowStatus, string> = {
  added: 'New',
  duplicate: 'Already there',
  conflict: 'Conflict',
  invalid: 'Invalid',
  skipped: 'Skipped',
};

/** Where an error is shown: beside the file, the bank, the format or the profile, or above the form. */
export type ImportField = 'file' | 'bank' | 'account' | 'format' | 'profile' | 'dateFormat' | 'ownProfile' | 'form';

/** The request's names of the fields the form shows an error beside (the rest go to the form). */
const FIELD_OF = new Map<string, ImportField>([
  ['body', 'file'],
  ['fileName', 'file'],
  ['content-type', 'file'],
  ['bank', 'bank'],
  ['account', 'account'],
  ['format', 'format'],
  ['profile', 'profile'],
  ['dateFormat', 'dateFormat'],
  ['Moneta-Csv-Profile', 'ownProfile'],
]);

/** The date layouts the import form offers for a CSV whose dates could be read several ways. */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY', 'DD-MM-YYYY', 'MM-DD-YYYY', 'DD/MM/YY', 'MM/DD/YY', 'DD.MM.YY', 'DD MMM YYYY'] as const;

/** A profile file's text as a header can carry it: JSON with each non-ASCII character as a \u escape (null: not JSON). */
export function profileHeaderValue(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text)).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  } catch {
    return null;
  }
}

/**
 * Each field's first error from a createImport problem. The statement is the body, so `body`
 * errors belong to the file; a 413 is explained in words (the server names the limit in bytes).
 */
export function importErrors(status: number, errors: readonly FieldError[], detail: string | undefined): Partial<Record<ImportField, string>> {
  if (status === 413) {
    const limit = /\((\d+) bytes/.exec(errors[0]?.message ?? '')?.[1];
    const size = limit === undefined ? 'its import limit' : `its import limit of ${formatBytes(Number(limit))}`;
    return { file: `This file is too large: Moneta accepts statements up to ${size}. Export a shorter period from your bank, or ask whoever runs Moneta to raise the limit (--import-limit).` };
  }
  const out: Partial<Record<ImportField, string>> = {};
  for (const error of errors) {
    const field: ImportField = FIELD_OF.get(error.name) ?? 'form';
    out[field] ??= field === 'form' ? `${error.name} ${error.message}` : error.message;
  }
  if (Object.keys(out).length === 0) out.form = detail ?? `Moneta answered ${status}.`;
  return out;
}

/** A size in words (`100 MiB`, `1.5 KiB`). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

/**
 * The register's filter for the rows an import added: its bank and the dates they span (the
 * list has no filter by import), or the bank alone when none are known.
 */
export function registerQueryFor(bank: string, dates: readonly string[]): string {
  const params = new URLSearchParams({ bank });
  if (dates.length > 0) {
    const sorted = [...dates].sort();
    params.set('from', sorted[0]!);
    params.set('to', sorted[sorted.length - 1]!);
  }
  return `?${params.toString()}`;
}

/**
 * A record's text as the file has it, with what cannot be seen made visible: C0 controls and
 * DEL as their Unicode control pictures (ESC as ␛, TAB as ␉, CR as ␍, LF as ␊), C1 and the
 * bidirectional controls (which would reorder what follows) as `<U+202E>`. Shown as text.
 */
export function visibleRecord(raw: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return raw.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20) return String.fromCodePoint(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}
