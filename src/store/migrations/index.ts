import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';
import * as initialSchema from './0001-initial-schema.js';
import * as importAndRules from './0002-import-and-rules.js';
import * as security from './0003-security.js';
import * as performance from './0004-performance.js';
import * as deferredSearchIndex from './0005-deferred-search-index.js';
import * as storedRowJson from './0006-stored-row-json.js';
import * as transactionIdLimit from './0007-transaction-id-limit.js';
import * as reportTotals from './0008-report-totals.js';
import * as correctionsAndChangeFeed from './0009-corrections-and-change-feed.js';
import * as rulesRevision from './0010-rules-revision.js';
import * as postgresSearchGrams from './0011-postgres-search-grams.js';
import * as importRowsIndex from './0012-import-rows-index.js';
import * as postgresDescriptionStatistics from './0013-postgres-description-statistics.js';
import * as postgresDuplicateIdIndex from './0014-postgres-duplicate-id-index.js';
import * as changeFeedOrigin from './0015-change-feed-origin.js';
import * as importJobs from './0016-import-jobs.js';
import * as trashListingIndex from './0017-trash-listing-index.js';
import * as changeUndo from './0018-change-undo.js';
import * as accounts from './0019-accounts.js';
import * as splits from './0020-splits.js';
import * as transfers from './0021-transfers.js';
import * as dateOrderIndex from './0022-date-order-index.js';
import type { MigrationOptions } from './migration-options.js';

interface EngineMigration {
  up(db: Kysely<unknown>, engine: EngineName, options: MigrationOptions): Promise<void>;
}

/**
 * Append-only, in order. Never edit a migration once it has landed: add the next one.
 * Names sort by their numeric prefix.
 */
const MIGRATIONS: Record<string, EngineMigration> = {
  '0001-initial-schema': initialSchema,
  '0002-import-and-rules': importAndRules,
  '0003-security': security,
  '0004-performance': performance,
  '0005-deferred-search-index': deferredSearchIndex,
  '0006-stored-row-json': storedRowJson,
  '0007-transaction-id-limit': transactionIdLimit,
  '0008-report-totals': reportTotals,
  '0009-corrections-and-change-feed': correctionsAndChangeFeed,
  '0010-rules-revision': rulesRevision,
  '0011-postgres-search-grams': postgresSearchGrams,
  '0012-import-rows-index': importRowsIndex,
  '0013-postgres-description-statistics': postgresDescriptionStatistics,
  '0014-postgres-duplicate-id-index': postgresDuplicateIdIndex,
  '0015-change-feed-origin': changeFeedOrigin,
  '0016-import-jobs': importJobs,
  '0017-trash-listing-index': trashListingIndex,
  '0018-change-undo': changeUndo,
  '0019-accounts': accounts,
  '0020-splits': splits,
  '0021-transfers': transfers,
  '0022-date-order-index': dateOrderIndex,
};

export function migrationProvider(engine: EngineName, options: MigrationOptions = {}): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      const result: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(MIGRATIONS)) {
        result[name] = { up: (db) => migration.up(db, engine, options) };
      }
      return result;
    },
  };
}
