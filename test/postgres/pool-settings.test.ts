import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPostgresPool } from '../../src/store/postgres/pool.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

const skip = await postgresSkipReason();

// The ledger's register page at 1,000,000 rows spent 60 ms of 98 compiling its plan with JIT
// (the planner cannot estimate a guard, so the plan's cost passed jit_above_cost): a store's
// connections run without JIT, and with the statement timeout they were given.
describe("a PostgreSQL store's connections", { skip }, () => {
  it('have JIT off and their statement timeout', async () => {
    const database = await createTestDatabase();
    const pool = openPostgresPool({ url: database.url, max: 1, statementTimeoutMs: 4321 });
    try {
      const jit = await pool.query<{ jit: string }>('SHOW jit');
      assert.equal(jit.rows[0]?.jit, 'off');
      const timeout = await pool.query<{ statement_timeout: string }>('SHOW statement_timeout');
      assert.equal(timeout.rows[0]?.statement_timeout, '4321ms');
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
