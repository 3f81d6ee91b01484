import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * A counter every change of an existing rule (an update, a new order, a category merge that
 * retargets rules) raises, in the same transaction. Caches of the compiled rules (the HTTP
 * path's rule resolver, one per process) compare it, with the rules' count and largest id,
 * to know when to reload: count and largest id alone change when a rule is added or removed,
 * not when one is edited. Not copied by `moneta copy`: it only names a version of this store's rules.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  const counter = engine === 'sqlite' ? 'INTEGER' : 'bigint';
  await sql`CREATE TABLE rules_revision (
    singleton integer PRIMARY KEY CHECK (singleton = 1),
    revision ${sql.raw(counter)} NOT NULL
  )`.execute(db);
  await sql`INSERT INTO rules_revision (singleton, revision) VALUES (1, 0)`.execute(db);
}
