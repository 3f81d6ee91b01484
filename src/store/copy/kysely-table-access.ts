import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { ConnectionPragmas } from '../engine/connection-pragmas.js';
import type { CopiedTable } from './copied-tables.js';
import type { DerivedTable } from './derived-tables.js';
import type { Row, TableAccess, TableReader, TableWriter } from './table-access.js';

/** What differs between the engines when copying; everything else is shared SQL below. */
export interface CopyQuirks {
  readonly engine: 'sqlite' | 'postgres';
  listTables(): RawBuilder<{ name: string }>;
  /** One row `{ seq, top }`: the sequence's last value and the largest id present. */
  identityState(table: CopiedTable, column: string): RawBuilder<{ seq: unknown; top: unknown }>;
  /** Statements that make the sequence continue after `value`. */
  setIdentity(table: CopiedTable, column: string, value: number): RawBuilder<unknown>[];
  /** Turns a driver value into one the driver can bind (booleans and dates differ per engine). */
  bindable(value: unknown): unknown;
  /** Starts the read snapshot inside an open transaction (PostgreSQL: read only). */
  beginSnapshot(): RawBuilder<unknown> | undefined;
  /** Statements run before and after writing a copy, inside its transaction (see postgres). */
  beforeRewrite(): RawBuilder<unknown>[];
  afterRewrite(): RawBuilder<unknown>[];
  /** Most bound parameters one statement may carry. */
  readonly maxParameters: number;
  /**
   * The last change token handed out, where the engine keeps it outside change_feed_state
   * (PostgreSQL: a sequence): read into that table's last_tx, so both engines copy and compare
   * the same fact (SQLite counts its tokens in last_tx itself).
   */
  feedTokenHighWater?(): RawBuilder<{ top: unknown }>;
}

/**
 * Table access over a Kysely instance of either engine. Statements are built with Kysely's
 * `sql` template and identifier helpers, so table and column names are always quoted by the
 * dialect and values are always bound, never spliced.
 */
export class KyselyTableAccess implements TableAccess {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly quirks: CopyQuirks,
    private readonly pragmas: () => ConnectionPragmas | null = () => null,
  ) {}

  connectionPragmas(): ConnectionPragmas | null {
    return this.pragmas();
  }

  get engine(): 'sqlite' | 'postgres' {
    return this.quirks.engine;
  }

  async tableNames(): Promise<string[]> {
    return (await this.quirks.listTables().execute(this.db)).rows.map((row) => row.name);
  }

  snapshot<T>(work: (reader: TableReader) => Promise<T>): Promise<T> {
    // SQLite: a deferred transaction reads one snapshot from its first SELECT on (WAL).
    const transaction = this.quirks.engine === 'postgres' ? this.db.transaction().setIsolationLevel('repeatable read') : this.db.transaction();
    return transaction.execute(async (trx) => {
      const begin = this.quirks.beginSnapshot();
      if (begin) await begin.execute(trx);
      return work(new Access(trx, this.quirks));
    });
  }

  rewrite<T>(work: (writer: TableWriter) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      for (const statement of this.quirks.beforeRewrite()) await statement.execute(trx);
      const result = await work(new Access(trx, this.quirks));
      for (const statement of this.quirks.afterRewrite()) await statement.execute(trx);
      return result;
    });
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

class Access implements TableWriter {
  constructor(
    private readonly trx: Transaction<unknown>,
    private readonly quirks: CopyQuirks,
    private readonly pragmas: () => ConnectionPragmas | null = () => null,
  ) {}

  connectionPragmas(): ConnectionPragmas | null {
    return this.pragmas();
  }

  async count(table: CopiedTable): Promise<number> {
    const { rows } = await sql<{ n: unknown }>`SELECT count(*) AS n FROM ${sql.table(table.name)}`.execute(this.trx);
    return Number(rows[0]?.n ?? 0);
  }

  async rowsAfter(table: CopiedTable, after: Row | undefined, limit: number): Promise<Row[]> {
    const keys = sql.join(table.key.map((column) => sql.ref(column)));
    // A row value comparison, so composite keys page correctly too; the key index serves it.
    const where = after === undefined ? sql`` : sql`WHERE (${keys}) > (${sql.join(table.key.map((column) => this.quirks.bindable(after[column])))})`;
    const query = sql<Row>`SELECT * FROM ${sql.table(table.name)} ${where} ORDER BY ${keys} LIMIT ${limit}`;
    const { rows } = await query.execute(this.trx);
    // Neither copied nor compared: the target computes its own (and the other engine has none).
    for (const column of table.derived ?? []) for (const row of rows) delete row[column];
    if (table.name === 'change_feed_state' && this.quirks.feedTokenHighWater) {
      const { rows: high } = await this.quirks.feedTokenHighWater().execute(this.trx);
      const top = Number(high[0]?.top ?? 0);
      for (const row of rows) row.last_tx = Math.max(Number(row.last_tx ?? 0), top);
    }
    return rows;
  }

  async identityHighWater(table: CopiedTable): Promise<number> {
    if (!table.identity) return 0;
    const { rows } = await this.quirks.identityState(table, table.identity).execute(this.trx);
    return Math.max(Number(rows[0]?.seq ?? 0), Number(rows[0]?.top ?? 0));
  }

  async derivedRows(table: DerivedTable): Promise<{ stored: Row[]; truth: Row[] }> {
    const stored = (await table.stored().execute(this.trx)).rows;
    const truth = (await table.truth(this.quirks.engine).execute(this.trx)).rows;
    return { stored, truth };
  }

  async deleteAll(table: CopiedTable): Promise<void> {
    await sql`DELETE FROM ${sql.table(table.name)}`.execute(this.trx);
  }

  async insert(table: CopiedTable, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    const perStatement = Math.max(1, Math.floor(this.quirks.maxParameters / columns.length));
    for (let start = 0; start < rows.length; start += perStatement) {
      const values = rows
        .slice(start, start + perStatement)
        .map((row) => sql`(${sql.join(columns.map((column) => this.quirks.bindable(row[column])))})`);
      await sql`INSERT INTO ${sql.table(table.name)} (${sql.join(columns.map((column) => sql.ref(column)))}) VALUES ${sql.join(values)}`.execute(
        this.trx,
      );
    }
  }

  async continueIdentityAfter(table: CopiedTable, atLeast: number): Promise<void> {
    if (!table.identity) return;
    const value = Math.max(atLeast, await this.identityHighWater(table));
    for (const statement of this.quirks.setIdentity(table, table.identity, value)) await statement.execute(this.trx);
  }
}
