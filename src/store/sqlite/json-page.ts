import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { TRANSACTION_FIELDS, type TransactionField, type TransactionQuery, type TransactionRecord } from '../../domain/transaction.js';
import type { Queries, TransactionRow } from '../transactions/transactions-queries.js';

/**
 * A page of transactions written as JSON by SQLite itself, in C: materialising row objects in JS
 * and serialising them again costs about twice as much. The text must be byte for byte what the
 * listTransactions route's serialiser writes for the same rows (presentTransaction's objects
 * through the contract's response schema): the properties and their order come from
 * TRANSACTION_FIELDS (domain/transaction.ts), how SQLite writes each type is spelled out here,
 * and both are tested against that serialiser (test/store/json-page.test.ts).
 */

/** A property of the Transaction (TRANSACTION_FIELDS) and the column it comes from. */
interface JsonField extends TransactionField {
  column: keyof TransactionRow;
}

const COLUMN_OF: Record<keyof TransactionRecord, keyof TransactionRow> = {
  id: 'id',
  date: 'date',
  description: 'description',
  value: 'value',
  category: 'category',
  bank: 'bank_id',
  categorySource: 'category_source',
  account: 'account_id',
  status: 'status',
  split: 'split',
};

/** The Transaction's properties in the serialiser's order (TRANSACTION_FIELDS), with their columns. */
export const TRANSACTION_JSON_FIELDS: readonly JsonField[] = TRANSACTION_FIELDS.map((field) => ({ ...field, column: COLUMN_OF[field.key] }));

/** Integers up to this magnitude are exact doubles, and JSON.stringify writes all their digits. */
const EXACT_INTEGERS = 2 ** 53;

function valueSql(field: JsonField): string {
  const column = `"${field.column}"`;
  switch (field.type) {
    case 'integer':
      return column;
    // json_quote escapes exactly as JSON.stringify and the serialiser do (control characters as
    // \b \f \n \r \t or lower-case \u00XX, '"' and '\'; nothing else), property-tested over arbitrary text.
    case 'string':
      return `json_quote(${column})`;
    // Only ever 1 or NULL (migration 0020): present means true.
    case 'boolean':
      return `'true'`;
    // SQLite writes integral REALs as '-23.0'; as INTEGERs they come out as JSON.stringify writes
    // them. -0.0 equals 0 and becomes 0, as JSON.stringify writes it too. See REWRITTEN_NUMBERS.
    case 'double':
      return `CASE WHEN abs(${column}) <= ${EXACT_INTEGERS} AND ${column} = CAST(${column} AS INTEGER) THEN CAST(${column} AS INTEGER) ELSE ${column} END`;
  }
}

/** A string literal of SQL. */
function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function propertySql(field: JsonField, index: number): string {
  // A leading optional property would leave the next one starting with a comma.
  if (index === 0 && field.optional) throw new Error('the first property of a Transaction must always be present');
  const property = `${sqlText(`${index === 0 ? '{' : ','}${JSON.stringify(field.key)}:`)} || ${valueSql(field)}`;
  return field.optional ? `CASE WHEN "${field.column}" IS NULL THEN '' ELSE ${property} END` : property;
}

/**
 * One transaction's JSON object, as SQL over a page's columns (see Queries.listPageAs). Plain
 * concatenation with json_quote(): as fast as json_object() and exact about which properties
 * are left out; printf() per row costs twice as much.
 */
export const TRANSACTION_JSON: RawBuilder<string> = sql.raw(`${TRANSACTION_JSON_FIELDS.map(propertySql).join(' || ')} || '}'`);

/**
 * Numbers SQLite may write otherwise than JSON.stringify (which is how the serialiser writes
 * numbers). Integral values within 2^53 left SQL
 * as INTEGERs, written alike. SQLite (3.52 on) writes any other REAL rounded to 17 significant
 * digits, shorter only when its digits end in a run of 0s or 9s and the shorter text reads back
 * as the same double; so its text always reads back as the same double (property-tested), but is
 * not always the shortest. Plain notation from 1e-4 up to 1e17, always with a '.', exponent
 * notation outside ('1.0e-05'). JSON.stringify writes the shortest decimal that reads back as the
 * same double (the closest such if several), in plain notation from 1e-6 up to 1e21. So only two
 * kinds of number can differ:
 * - those with an exponent;
 * - those with 16 or more characters of digits and dot: '0.33333333333333332' for JS's
 *   '0.3333333333333333', '9900128053.445221' for '9900128053.44522', '9007199254740994.0';
 * - 'Inf' and '-Inf', which no writer stores (values are finite) but a file could hold: null, as
 *   the serialiser and JSON.stringify write them.
 * Any other number is plain, with at most 15 significant digits. No two decimals of at most 15
 * significant digits read as the same double (15 digits always survive a round trip through a
 * double), and JS's shortest decimal is no longer than SQLite's, so the two are the same number,
 * written alike: plain, no trailing zeros. (An integral REAL would end in '.0', but one that
 * short is below 2^53 and left SQL as an INTEGER.) Rewriting every number instead costs ~30 us
 * a 100-row page against ~5 us for this scan; typical amounts (cents) match nothing.
 *
 * The pattern cannot match inside a string: there every '"' is escaped, so `,"` and `{"` are
 * always the JSON's own punctuation.
 */
const DOUBLE_KEYS = TRANSACTION_JSON_FIELDS.filter((field) => field.type === 'double').map((field) => JSON.stringify(field.key));
const REWRITTEN_NUMBERS =
  // Without a key the pattern would be ',:' followed by digits, which a string may hold.
  DOUBLE_KEYS.length === 0 ? undefined : new RegExp(`([{,](?:${DOUBLE_KEYS.join('|')}):)(-?(?:[0-9.]{16,}|[0-9.]+e[-+]?[0-9]+|Inf))(?=[,}])`, 'g');

function rewriteNumber(_match: string, property: string, number: string): string {
  return `${property}${JSON.stringify(Number(number))}`;
}

/** The page's JSON array from its rows' TRANSACTION_JSON texts, numbers written as the serialiser writes them. */
export function transactionsJsonArray(rows: readonly string[]): string {
  const array = `[${rows.join(',')}]`;
  return REWRITTEN_NUMBERS === undefined ? array : array.replace(REWRITTEN_NUMBERS, rewriteNumber);
}

/**
 * A page of each row's stored JSON (row_json, migration 0006), equal to TRANSACTION_JSON over its
 * columns: read rather than written per request.
 */
export function listStoredJsonPage(queries: Queries, query: TransactionQuery): CompiledQuery<{ row: string }> {
  return queries.storedJsonPage(query);
}
