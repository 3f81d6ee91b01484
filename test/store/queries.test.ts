import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Kysely } from 'kysely';
import { sqliteQuirks } from '../../src/store/sqlite/sqlite-quirks.js';
import { escapeLike, postgresQuirks } from '../../src/store/postgres/postgres-quirks.js';
import { Queries } from '../../src/store/transactions/transactions-queries.js';
import type { Database } from '../../src/store/engine/schema.js';
import { offlineDialect } from '../support/offline-dialect.js';

/** Query builders without a connection: only SQL text and parameters are inspected. */
function offline(engine: 'sqlite' | 'postgres'): Queries {
  const db = new Kysely<Database>({ dialect: offlineDialect(engine) });
  return new Queries(db, engine === 'sqlite' ? sqliteQuirks : postgresQuirks);
}

describe('query building', () => {
  const base = { sort: [], limit: 10, offset: 20 };

  it('matches descriptions literally: instr() on SQLite, LIKE with escaped wildcards on PostgreSQL', () => {
    const sqlite = offline('sqlite').listPage({ ...base, descriptionContains: '50%_\\' });
    // SQLite walks its trigram index (migration 0004) up to its watermark (0005) and re-checks
    // every candidate with instr(); rows above the watermark are checked with instr() alone.
    assert.match(sqlite.sql, /"transactions_fts" MATCH \? and "f"\."rowid" <= \(SELECT indexed_through FROM search_index_state\) and instr\("t"\."description_folded", \?\) > 0/);
    assert.match(sqlite.sql, /union all select .* where "t"\."id" > \(SELECT indexed_through FROM search_index_state\) and instr\("t"\."description_folded", \?\) > 0/);
    assert.ok(sqlite.parameters.includes('"50%_\\"'));
    assert.ok(sqlite.parameters.includes('50%_\\'));
    const short = offline('sqlite').countMatching({ ...base, descriptionContains: '5%' });
    assert.match(short.sql, /where instr\(description_folded, \?\) > 0$/);
    const postgres = offline('postgres').listPage({ ...base, descriptionContains: '50%_\\' });
    assert.match(postgres.sql, /description_folded LIKE \$1/);
    assert.equal(postgres.parameters[0], '%50\\%\\_\\\\%');
  });

  it('adds the id tiebreak unless id is already a sort key, and orders uncategorised rows with NULLS LAST/FIRST', () => {
    const queries = offline('sqlite');
    const byValue = queries.listPage({ ...base, sort: [{ field: 'value', descending: true }] }).sql;
    assert.match(byValue, /order by "value" DESC, "id" ASC limit \? offset \?$/);
    const byCategory = queries.listPage({ ...base, sort: [{ field: 'category', descending: false }] }).sql;
    assert.match(byCategory, /order by category ASC NULLS LAST, "id" ASC/);
    const byCategoryDesc = queries.listPage({ ...base, sort: [{ field: 'category', descending: true }] }).sql;
    assert.match(byCategoryDesc, /order by category DESC NULLS FIRST/);
    const byId = queries.listPage({ ...base, sort: [{ field: 'id', descending: true }] }).sql;
    assert.match(byId, /order by "id" DESC limit/);
    // Ids are unique: keys after id never decide, so the order ends there.
    const byIdThenDate = queries.listPage({ ...base, sort: [{ field: 'id', descending: false }, { field: 'date', descending: true }] }).sql;
    assert.match(byIdThenDate, /order by "id" ASC limit/);
  });

  it('selects uncategorised rows with IS NULL (or a split row with a line without one) and combines filters with AND', () => {
    const compiled = offline('postgres').countMatching({ ...base, category: null, bank: 'ing', descriptionContains: 'xyz' });
    const uncategorised = String.raw`where \("category" IS NULL AND "split" IS NULL OR "id" = ANY\(ARRAY\(SELECT transaction_id FROM split_lines WHERE category IS NULL\)\)\)`;
    assert.match(compiled.sql, new RegExp(String.raw`${uncategorised} and "bank_id" = \$1 and description_folded LIKE \$2`));
    // One or two characters are looked up in the grams index (migration 0011) instead.
    const short = offline('postgres').countMatching({ ...base, category: null, bank: 'ing', descriptionContains: 'x' });
    assert.match(short.sql, new RegExp(String.raw`${uncategorised} and "bank_id" = \$1 and description_grams @> ARRAY\[\$2::text\]`));
  });

  it('leaves the description filter out when it is empty (the empty string is in every description)', () => {
    assert.doesNotMatch(offline('sqlite').countMatching({ ...base, descriptionContains: '' }).sql, /instr/);
  });

  it('escapes LIKE wildcards and the escape character itself', () => {
    assert.equal(escapeLike('a%b_c\\d'), 'a\\%b\\_c\\\\d');
  });
});
