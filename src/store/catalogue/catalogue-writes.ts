import type { SplitsQueries } from '../splits/splits-queries.js';
import type { Bank, Category } from '../../domain/transaction.js';
import type { BankChanges, CatalogueQueries, IdRow, NameRow } from './catalogue-queries.js';
import type { ChangeFeedQueries } from '../changes/change-feed-queries.js';
import type { CorrectionsQueries } from '../transactions/corrections-queries.js';
import { toCount, type BankRow, type CategoryRow, type CountRow, type Queries } from '../transactions/transactions-queries.js';
import type { RulesQueries } from '../rules/rules-queries.js';
import { changeRecorded, changes, changeToken, firstRow, type StepResult, type WriteProgram } from '../engine/write-steps.js';

/**
 * Where a removed bank's transactions go (`move` to `moveTo`, or the `trash` as deleted at
 * `deletedAt`) and what happens to rules naming it (`remove`, or `retarget` to `moveTo`).
 * Without an answer for what the bank has, nothing is removed (`in-use`).
 */
export interface BankRemovalPlan {
  transactions?: 'move' | 'trash';
  rules?: 'remove' | 'retarget';
  moveTo?: string;
  deletedAt: number;
}

export type BankRemovalOutcome =
  | { status: 'removed'; moved: number; trashed: number; rulesRemoved: number[]; rulesRetargeted: number[] }
  | { status: 'missing' }
  | { status: 'unknown-target' }
  | { status: 'in-use'; transactions: number; rules: number[] };

/** `uncategorise`: its transactions lose their category (else they keep it in use); rules as for banks, `rulesTo` the new name. */
export interface CategoryRemovalPlan {
  uncategorise: boolean;
  rules?: 'remove' | 'retarget';
  rulesTo?: string;
}

export type CategoryRemovalOutcome =
  | { status: 'removed'; uncategorised: number; rulesRemoved: number[]; rulesRetargeted: number[] }
  | { status: 'missing' }
  | { status: 'in-use'; transactions: number; rules: number[] };

export type CategoryUpdateOutcome = { status: 'updated'; category: Category } | { status: 'missing' } | { status: 'name-taken' };

export type CategoryMergeOutcome = { status: 'merged'; into: Category; transactions: number; rules: number[] } | { status: 'missing'; name: string };

/** A group's categories after the change (for a removal: those that left it). */
export type GroupOutcome = { status: 'done'; categories: string[] } | { status: 'missing' } | { status: 'exists' };

/**
 * With force, transactions in the category become uncategorised first; with mergeInto, its
 * transactions and rules move to that category (created when missing), in one transaction.
 */
export interface RemoveCategoryOptions {
  force: boolean;
  mergeInto?: string;
}

export type RemoveOutcome = { status: 'removed' } | { status: 'missing' } | { status: 'in-use'; transactions: number };

interface CatalogueStatements {
  transactions: Queries;
  catalogue: CatalogueQueries;
  rules: RulesQueries;
  corrections: CorrectionsQueries;
  changes: ChangeFeedQueries;
  splits: SplitsQueries;
}

function* ids(query: ReturnType<CatalogueQueries['rulesOfBank']>): Generator<ReturnType<CatalogueQueries['rulesOfBank']>, number[], StepResult> {
  return ((yield query) as StepResult).rows.map((row) => Number((row as IdRow).id));
}

function* names(query: ReturnType<CatalogueQueries['categoriesInGroup']>): Generator<ReturnType<CatalogueQueries['categoriesInGroup']>, string[], StepResult> {
  return ((yield query) as StepResult).rows.map((row) => String((row as NameRow).name));
}

/**
 * The write programs of catalogue management (see writes.ts): banks, categories and groups.
 * Each is one transaction, checks what it needs inside it, stamps what it changes and records
 * one change-feed entry; a change to rules raises the rules revision (migration 0010).
 */
export function cataloguePrograms(q: CatalogueStatements) {
  const { transactions: t, catalogue: c, rules, corrections, changes: feed, splits } = q;

  /** The category's rows, relabelled `to` (keeping their source) or uncategorised; returns how many. */
  function* moveCategory(name: string, to: string | null, tx: number): Generator<ReturnType<Queries['countInCategory']>, number, StepResult> {
    const count = toCount(yield* firstRow<CountRow>(t.countInCategory(name)));
    if (count > 0) yield t.recategoriseAll(name, to, tx);
    yield splits.moveLines(name, to);
    yield t.deleteCategory(name);
    yield feed.tombstone('category', name, tx);
    return count;
  }

  return {
    *addBank(bank: Bank): WriteProgram<boolean> {
      const tx = yield* changeToken(feed);
      const added = (yield* changes(t.insertBank(bank, tx))) > 0;
      if (added) yield* changeRecorded(feed, tx);
      return added;
    },

    *removeBank(id: string): WriteProgram<RemoveOutcome> {
      if (!(yield* firstRow<BankRow>(t.findBankById(id)))) return { status: 'missing' };
      const transactions = toCount(yield* firstRow<CountRow>(t.countOfBank(id)));
      if (transactions > 0) return { status: 'in-use', transactions };
      const tx = yield* changeToken(feed);
      yield c.rehomeAccounts(id, null, tx);
      yield t.deleteBank(id);
      yield feed.tombstone('bank', id, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'removed' };
    },

    *saveCategory(category: Category): WriteProgram<void> {
      const tx = yield* changeToken(feed);
      yield t.upsertCategory(category, tx);
      yield* changeRecorded(feed, tx);
    },

    *removeCategory(name: string, options: RemoveCategoryOptions): WriteProgram<RemoveOutcome> {
      if (!(yield* firstRow<CategoryRow>(t.findCategory(name)))) return { status: 'missing' };
      const transactions = toCount(yield* firstRow<CountRow>(t.countInCategory(name)));
      if (options.mergeInto === undefined && transactions > 0 && !options.force) return { status: 'in-use', transactions };
      const tx = yield* changeToken(feed);
      if (options.mergeInto !== undefined) {
        yield t.insertCategoryIfMissing(options.mergeInto, tx);
        yield rules.recategoriseRules(name, options.mergeInto);
        yield rules.raiseRevision();
      }
      if (transactions > 0) yield t.recategoriseAll(name, options.mergeInto ?? null, tx);
      yield splits.moveLines(name, options.mergeInto ?? null);
      yield t.deleteCategory(name);
      yield feed.tombstone('category', name, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'removed' };
    },

    *updateBank(id: string, update: BankChanges): WriteProgram<'updated' | 'missing'> {
      if (!(yield* firstRow<BankRow>(t.findBankById(id)))) return 'missing';
      const tx = yield* changeToken(feed);
      yield c.updateBank(id, update, tx);
      yield* changeRecorded(feed, tx);
      return 'updated';
    },

    *removeBankWith(id: string, plan: BankRemovalPlan): WriteProgram<BankRemovalOutcome> {
      if (!(yield* firstRow<BankRow>(t.findBankById(id)))) return { status: 'missing' };
      if (plan.moveTo !== undefined && !(yield* firstRow<BankRow>(t.findBankById(plan.moveTo)))) return { status: 'unknown-target' };
      const transactions = toCount(yield* firstRow<CountRow>(t.countOfBank(id)));
      const named = yield* ids(c.rulesOfBank(id));
      if ((transactions > 0 && plan.transactions === undefined) || (named.length > 0 && plan.rules === undefined)) {
        return { status: 'in-use', transactions, rules: named };
      }
      const tx = yield* changeToken(feed);
      let moved = 0;
      let trashed = 0;
      if (transactions > 0 && plan.transactions === 'move') {
        yield c.dropCollidingImportKeys(id, plan.moveTo!);
        moved = yield* changes(c.moveBankTransactions(id, plan.moveTo!, tx));
      } else if (transactions > 0) {
        trashed = yield* changes(corrections.copyToTrash({ filter: { bank: id } }, { at: plan.deletedAt, reason: 'bank', reference: id }, tx));
        yield corrections.deleteMoved(tx);
      }
      if (named.length > 0) {
        yield plan.rules === 'retarget' ? c.retargetRulesOfBank(id, plan.moveTo!) : c.deleteRulesOfBank(id);
        yield rules.raiseRevision();
      }
      yield c.rehomeAccounts(id, plan.transactions === 'move' ? plan.moveTo! : null, tx);
      yield t.deleteBank(id);
      yield feed.tombstone('bank', id, tx);
      yield* changeRecorded(feed, tx);
      const retargeted = plan.rules === 'retarget';
      return { status: 'removed', moved, trashed, rulesRemoved: retargeted ? [] : named, rulesRetargeted: retargeted ? named : [] };
    },

    *createCategory(category: Category): WriteProgram<boolean> {
      const tx = yield* changeToken(feed);
      const added = (yield* changes(c.insertCategory(category.name, category.group, tx))) > 0;
      if (added) yield* changeRecorded(feed, tx);
      return added;
    },

    /** Renames (relabelling its rows and rules) and/or regroups; `group` undefined keeps it. */
    *updateCategory(name: string, update: { name?: string; group?: string | null }): WriteProgram<CategoryUpdateOutcome> {
      const existing = yield* firstRow<CategoryRow>(t.findCategory(name));
      if (!existing) return { status: 'missing' };
      const group = update.group === undefined ? existing.group_name : update.group;
      const newName = update.name ?? name;
      const tx = yield* changeToken(feed);
      if (newName !== name) {
        if ((yield* changes(c.insertCategory(newName, group, tx))) === 0) return { status: 'name-taken' };
        const named = yield* ids(c.rulesOfCategory(name));
        if (named.length > 0) {
          yield rules.recategoriseRules(name, newName);
          yield rules.raiseRevision();
        }
        yield* moveCategory(name, newName, tx);
      } else {
        yield c.setCategoryGroup([name], group, tx);
      }
      yield* changeRecorded(feed, tx);
      return { status: 'updated', category: { name: newName, group } };
    },

    /** Every `from` must exist and differ from `into` (the service checks the latter). */
    *mergeCategories(from: readonly string[], into: string): WriteProgram<CategoryMergeOutcome> {
      for (const name of from) if (!(yield* firstRow<CategoryRow>(t.findCategory(name)))) return { status: 'missing', name };
      const tx = yield* changeToken(feed);
      yield t.insertCategoryIfMissing(into, tx);
      const target = (yield* firstRow<CategoryRow>(t.findCategory(into)))!;
      let transactions = 0;
      const moved: number[] = [];
      for (const name of from) {
        moved.push(...(yield* ids(c.rulesOfCategory(name))));
        yield rules.recategoriseRules(name, into);
        transactions += yield* moveCategory(name, into, tx);
      }
      if (moved.length > 0) yield rules.raiseRevision();
      yield* changeRecorded(feed, tx);
      return { status: 'merged', into: { name: target.name, group: target.group_name }, transactions, rules: moved.sort((a, b) => a - b) };
    },

    *removeCategoryWith(name: string, plan: CategoryRemovalPlan): WriteProgram<CategoryRemovalOutcome> {
      if (!(yield* firstRow<CategoryRow>(t.findCategory(name)))) return { status: 'missing' };
      const transactions = toCount(yield* firstRow<CountRow>(t.countInCategory(name)));
      const named = yield* ids(c.rulesOfCategory(name));
      if ((transactions > 0 && !plan.uncategorise) || (named.length > 0 && plan.rules === undefined)) {
        return { status: 'in-use', transactions, rules: named };
      }
      const tx = yield* changeToken(feed);
      if (named.length > 0) {
        yield plan.rules === 'retarget' ? rules.recategoriseRules(name, plan.rulesTo!) : c.deleteRulesOfCategory(name);
        yield rules.raiseRevision();
      }
      const uncategorised = yield* moveCategory(name, null, tx);
      yield* changeRecorded(feed, tx);
      const retargeted = plan.rules === 'retarget';
      return { status: 'removed', uncategorised, rulesRemoved: retargeted ? [] : named, rulesRetargeted: retargeted ? named : [] };
    },

    /** A group comes to exist with its first categories (created when missing). */
    *createCategoryGroup(group: string, categories: readonly string[]): WriteProgram<GroupOutcome> {
      if ((yield* names(c.categoriesInGroup(group))).length > 0) return { status: 'exists' };
      const tx = yield* changeToken(feed);
      for (const name of categories) yield t.insertCategoryIfMissing(name, tx);
      yield c.setCategoryGroup(categories, group, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'done', categories: yield* names(c.categoriesInGroup(group)) };
    },

    *renameCategoryGroup(group: string, to: string): WriteProgram<GroupOutcome> {
      if ((yield* names(c.categoriesInGroup(group))).length === 0) return { status: 'missing' };
      if (to !== group && (yield* names(c.categoriesInGroup(to))).length > 0) return { status: 'exists' };
      const tx = yield* changeToken(feed);
      yield c.regroup(group, to, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'done', categories: yield* names(c.categoriesInGroup(to)) };
    },

    *removeCategoryGroup(group: string): WriteProgram<GroupOutcome> {
      const members = yield* names(c.categoriesInGroup(group));
      if (members.length === 0) return { status: 'missing' };
      const tx = yield* changeToken(feed);
      yield c.regroup(group, null, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'done', categories: members };
    },
  };
}

export type CataloguePrograms = ReturnType<typeof cataloguePrograms>;
