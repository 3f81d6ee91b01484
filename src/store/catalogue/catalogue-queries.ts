import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../engine/schema.js';

/** Changes to a bank: what is given is set (null clears the aggregator id). */
export interface BankChanges {
  name?: string;
  aggregatorId?: string | null;
}

export interface IdRow {
  id: number | string;
}

export interface NameRow {
  name: string;
}

/**
 * Statements of catalogue management (banks, categories and their groups) beyond what the
 * seed's reads and the command line's first writes needed (queries.ts): updates, moves of a
 * bank's transactions, rules that name a bank or a category, and groups. Each write that
 * changes a row stamps it with the write's change token.
 */
export class CatalogueQueries {
  constructor(private readonly db: Kysely<Database>) {}

  updateBank(id: string, changes: BankChanges, tx: number): CompiledQuery {
    const values = {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.aggregatorId === undefined ? {} : { aggregator_id: changes.aggregatorId }),
      change_tx: tx,
    };
    return this.db.updateTable('banks').set(values).where('id', '=', id).compile();
  }

  /**
   * Rows of bank `from` whose import key bank `to` holds already lose it before they move (the
   * keys are unique per bank); `to`'s own row still stands for that statement line.
   */
  dropCollidingImportKeys(from: string, to: string): CompiledQuery {
    return this.db
      .updateTable('transactions')
      .set({ import_key: null })
      .where('bank_id', '=', from)
      .where('import_key', 'in', (eb) => eb.selectFrom('transactions').select('import_key').where('bank_id', '=', to).where('import_key', 'is not', null))
      .compile();
  }

  moveBankTransactions(from: string, to: string, tx: number): CompiledQuery {
    return this.db.updateTable('transactions').set({ bank_id: to, change_tx: tx }).where('bank_id', '=', from).compile();
  }

  /** Accounts at a removed bank move to `to`, or keep no bank (migration 0019). */
  rehomeAccounts(from: string, to: string | null, tx: number): CompiledQuery {
    return this.db.updateTable('accounts').set({ bank_id: to, change_tx: tx }).where('bank_id', '=', from).compile();
  }

  rulesOfBank(id: string): CompiledQuery<IdRow> {
    return this.db.selectFrom('rules').select('id').where('bank_id', '=', id).orderBy('id').compile();
  }

  deleteRulesOfBank(id: string): CompiledQuery {
    return this.db.deleteFrom('rules').where('bank_id', '=', id).compile();
  }

  retargetRulesOfBank(from: string, to: string): CompiledQuery {
    return this.db.updateTable('rules').set({ bank_id: to }).where('bank_id', '=', from).compile();
  }

  rulesOfCategory(name: string): CompiledQuery<IdRow> {
    return this.db.selectFrom('rules').select('id').where('category', '=', name).orderBy('id').compile();
  }

  deleteRulesOfCategory(name: string): CompiledQuery {
    return this.db.deleteFrom('rules').where('category', '=', name).compile();
  }

  /** Inserts the category, doing nothing when the name exists; `changes` tells which. */
  insertCategory(name: string, group: string | null, tx: number): CompiledQuery {
    return this.db
      .insertInto('categories')
      .values({ name, group_name: group, change_tx: tx })
      .onConflict((oc) => oc.column('name').doNothing())
      .compile();
  }

  setCategoryGroup(names: readonly string[], group: string | null, tx: number): CompiledQuery {
    return this.db.updateTable('categories').set({ group_name: group, change_tx: tx }).where('name', 'in', names).compile();
  }

  categoriesInGroup(group: string): CompiledQuery<NameRow> {
    return this.db.selectFrom('categories').select('name').where('group_name', '=', group).orderBy('name').compile();
  }

  /** Every category of group `from` moves to `to` (null: no group). */
  regroup(from: string, to: string | null, tx: number): CompiledQuery {
    return this.db.updateTable('categories').set({ group_name: to, change_tx: tx }).where('group_name', '=', from).compile();
  }
}
