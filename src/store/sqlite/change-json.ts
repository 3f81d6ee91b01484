import { sql, type RawBuilder } from 'kysely';
import { CHANGE_PHASES } from '../changes/change-feed-queries.js';

/**
 * One change of the feed as JSON, written by SQLite (DialectQuirks.changeJson), over the kind's
 * row `x`: the bytes the listChanges route's serialiser writes for presentChange's object (the
 * contract's property order; optional properties left out when NULL), compared with it in
 * test/changes/change-json.test.ts. A transaction is its stored JSON (row_json, migrations 0006
 * and 0009: TRANSACTION_JSON over its columns), whose few odd numbers transactionsJsonArray
 * rewrites; json_quote escapes as the serialiser does (see json-page.ts).
 */
/** A double as JSON.stringify writes it (integral ones without '.0'; see json-page.ts's valueSql). */
function numberJson(column: string): string {
  return `CASE WHEN abs(${column}) <= 9007199254740992 AND ${column} = CAST(${column} AS INTEGER) THEN CAST(${column} AS INTEGER) ELSE ${column} END`;
}

/** `,"name":value` when the column is not NULL. */
function optional(name: string, column: string, type: 'text' | 'number'): string {
  const value = type === 'text' ? `json_quote(${column})` : numberJson(column);
  return ` || CASE WHEN ${column} IS NULL THEN '' ELSE ',"${name}":' || ${value} END`;
}

const CHANGE_JSON: Record<number, string> = {
  [CHANGE_PHASES.categoryPut]: `'{"type":"category","op":"put","category":{"name":' || json_quote(x.name) || CASE WHEN x.group_name IS NULL THEN '' ELSE ',"group":{"name":' || json_quote(x.group_name) || '}' END || '}}'`,
  [CHANGE_PHASES.bankPut]: `'{"type":"bank","op":"put","bank":{"id":' || json_quote(x.id) || ',"name":' || json_quote(x.name) || CASE WHEN x.aggregator_id IS NULL THEN '' ELSE ',"aggregatorId":' || json_quote(x.aggregator_id) END || '}}'`,
  [CHANGE_PHASES.transactionPut]: `'{"type":"transaction","op":"put","transaction":' || x.row_json || '}'`,
  [CHANGE_PHASES.transactionDelete]: `'{"type":"transaction","op":"delete","id":' || x.id || '}'`,
  [CHANGE_PHASES.bankDelete]: `'{"type":"bank","op":"delete","id":' || json_quote(x.key) || '}'`,
  [CHANGE_PHASES.categoryDelete]: `'{"type":"category","op":"delete","name":' || json_quote(x.key) || '}'`,
  [CHANGE_PHASES.accountPut]: `'{"type":"account","op":"put","account":{"id":' || x.id || ',"name":' || json_quote(x.name) || ',"type":' || json_quote(x.type) || ',"currency":' || json_quote(x.currency)${optional('bankId', 'x.bank_id', 'text')}${optional('iban', 'x.iban', 'text')}${optional('accountNumber', 'x.account_number', 'text')}${optional('openingBalance', 'x.opening_balance', 'number')}${optional('openingDate', 'x.opening_date', 'text')}${optional('closedOn', 'x.closed_on', 'text')} || CASE WHEN x.reconciled_on IS NULL OR x.reconciled_balance IS NULL THEN '' ELSE ',"lastReconciled":{"date":' || json_quote(x.reconciled_on) || ',"balance":' || ${numberJson('x.reconciled_balance')} || '}' END || '}}'`,
  [CHANGE_PHASES.accountDelete]: `'{"type":"account","op":"delete","id":' || x.key || '}'`,
  [CHANGE_PHASES.transferPut]: `'{"type":"transfer","op":"put","transfer":{"id":' || x.id || ',"status":' || json_quote(x.status) || ',"outflowTransactionId":' || x.outflow_id || ',"inflowTransactionId":' || x.inflow_id || '}}'`,
  [CHANGE_PHASES.transferDelete]: `'{"type":"transfer","op":"delete","id":' || x.key || '}'`,
};

export function sqliteChangeJson(phase: number): RawBuilder<string> {
  const json = CHANGE_JSON[phase];
  if (json === undefined) throw new Error(`unknown change phase ${phase}`);
  return sql.raw<string>(json);
}
