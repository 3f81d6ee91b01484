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
const CHANGE_JSON: Record<number, string> = {
  [CHANGE_PHASES.categoryPut]: `'{"type":"category","op":"put","category":{"name":' || json_quote(x.name) || CASE WHEN x.group_name IS NULL THEN '' ELSE ',"group":{"name":' || json_quote(x.group_name) || '}' END || '}}'`,
  [CHANGE_PHASES.bankPut]: `'{"type":"bank","op":"put","bank":{"id":' || json_quote(x.id) || ',"name":' || json_quote(x.name) || CASE WHEN x.aggregator_id IS NULL THEN '' ELSE ',"aggregatorId":' || json_quote(x.aggregator_id) END || '}}'`,
  [CHANGE_PHASES.transactionPut]: `'{"type":"transaction","op":"put","transaction":' || x.row_json || '}'`,
  [CHANGE_PHASES.transactionDelete]: `'{"type":"transaction","op":"delete","id":' || x.id || '}'`,
  [CHANGE_PHASES.bankDelete]: `'{"type":"bank","op":"delete","id":' || json_quote(x.key) || '}'`,
  [CHANGE_PHASES.categoryDelete]: `'{"type":"category","op":"delete","name":' || json_quote(x.key) || '}'`,
};

export function sqliteChangeJson(phase: number): RawBuilder<string> {
  const json = CHANGE_JSON[phase];
  if (json === undefined) throw new Error(`unknown change phase ${phase}`);
  return sql.raw<string>(json);
}
