import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { makeTempDir } from '../temp-dirs.js';

/**
 * added: a new transaction. duplicate: already stored (or earlier in the file). conflict: the
 * bank's id is already on a transaction with another date or value; imported all the same.
 * invalid: cannot be read (the file is refused unless --skip-invalid). skipped: not a booked
 * transaction (pending, not booked, a balance line), by the format or the profile.
 */
export type RowStatus = 'added' | 'duplicate' | 'conflict' | 'invalid' | 'skipped';

/** One line of the import report (the --json rows). */
export interface ReportRow {
  line: number;
  status: RowStatus;
  /** The new transaction's id (added and conflict rows of a committed import), else null. */
  id: number | null;
  /** The transaction this row duplicates, when known. */
  duplicateOf: number | null;
  /** Invalid, skipped, conflict: why. Duplicate: the rule that decided, "bank-id" or "fingerprint". */
  reason: string | null;
  /** The row as read, when the format could read it (null for an unreadable or skipped record). */
  read: ReadRow | null;
  /** An unreadable record's text as the file has it (bounded, see importers' recordText), when kept. */
  raw: string | null;
}

/** A row as the file gave it: what the transaction would be. value is null when it is not a finite number. */
export interface ReadRow {
  date: string;
  description: string;
  value: number | null;
}

/**
 * The report of a large file does not fit the "memory bounded by the batch" promise, so rows
 * go to a temporary file as they are decided and are read back once the outcome is known.
 */
export class ReportSpool {
  private constructor(
    private readonly dir: string,
    private readonly out: WriteStream,
  ) {}

  static async create(): Promise<ReportSpool> {
    const dir = await makeTempDir('import');
    return new ReportSpool(dir, createWriteStream(join(dir, 'rows.ndjson'), { mode: 0o600 }));
  }

  /** Appends rows; waits when the disk is slower than the import. */
  async write(rows: readonly ReportRow[]): Promise<void> {
    if (rows.length === 0) return;
    const text = rows.map((row) => JSON.stringify([row.line, row.status, row.id, row.duplicateOf, row.reason, row.read?.date ?? null, row.read?.description ?? null, row.read?.value ?? null, row.raw])).join('\n') + '\n';
    if (!this.out.write(text)) await new Promise<void>((resolve) => this.out.once('drain', resolve));
  }

  async finish(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }

  async *read(): AsyncGenerator<ReportRow> {
    const lines = createInterface({ input: createReadStream(join(this.dir, 'rows.ndjson'), 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line === '') continue;
      const [lineNumber, status, id, duplicateOf, reason, date, description, value, raw] =
        JSON.parse(line) as [number, RowStatus, number | null, number | null, string | null, string | null, string | null, number | null, string | null];
      const read = date === null ? null : { date, description: description ?? '', value };
      yield { line: lineNumber, status, id, duplicateOf, reason, read, raw };
    }
  }

  async dispose(): Promise<void> {
    // A write may still be on its way (an import that failed mid-file): destroying the stream
    // under it would raise an uncaught error. It lands, then the file goes; its errors no longer matter.
    if (!this.out.closed) {
      this.out.on('error', () => {});
      await new Promise<void>((resolve) => this.out.end(() => resolve()).once('close', resolve));
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}
