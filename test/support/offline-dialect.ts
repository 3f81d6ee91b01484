import {
  DummyDriver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Dialect,
  type Driver,
} from 'kysely';
import type { EngineName } from '../../src/store/store.js';

/**
 * An engine's Kysely dialect without a database: its own adapter and query compiler, so built
 * queries compile to exactly that engine's SQL, and a driver that runs nothing (by default) or
 * whatever the test passes (one that records the statements, say).
 */
export function offlineDialect(engine: EngineName, driver: Driver = new DummyDriver()): Dialect {
  return {
    createAdapter: () => (engine === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
    createDriver: () => driver,
    createIntrospector: (kysely) => (engine === 'sqlite' ? new SqliteIntrospector(kysely) : new PostgresIntrospector(kysely)),
    createQueryCompiler: () => (engine === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
  };
}
