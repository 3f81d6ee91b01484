import { sql, type SqlBool } from 'kysely';

/**
 * The rows of confirmed transfers (migration 0021): money moved between one's own accounts, neither
 * income nor expense. Reports and the inbox leave them out, over `transactions` unaliased.
 */
const CONFIRMED_TRANSFER_ROWS = sql`(SELECT outflow_id FROM transfers WHERE status = 'confirmed' UNION ALL SELECT inflow_id FROM transfers WHERE status = 'confirmed')`;
export const IN_CONFIRMED_TRANSFER = sql<SqlBool>`id IN ${CONFIRMED_TRANSFER_ROWS}`;
export const NOT_IN_CONFIRMED_TRANSFER = sql<SqlBool>`id NOT IN ${CONFIRMED_TRANSFER_ROWS}`;
