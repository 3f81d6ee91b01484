import type { Bank, Category } from '../../domain/transaction.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toBank, toCategory, type BankRow, type CategoryRow, type Queries } from '../transactions/transactions-queries.js';
import type { BankChanges } from './catalogue-queries.js';
import type {
  BankRemovalOutcome,
  BankRemovalPlan,
  CataloguePrograms,
  CategoryMergeOutcome,
  CategoryRemovalOutcome,
  CategoryRemovalPlan,
  CategoryUpdateOutcome,
  GroupOutcome,
  RemoveCategoryOptions,
  RemoveOutcome,
} from './catalogue-writes.js';

/** Banks and categories. */
export interface CatalogueRepository {
  listBanks(): Promise<Bank[]>;
  findBank(id: string): Promise<Bank | null>;
  /** False when a bank with that id exists already. */
  addBank(bank: Bank): Promise<boolean>;
  removeBank(id: string): Promise<RemoveOutcome>;
  listCategories(): Promise<Category[]>;
  /** Creates the category or, when it exists, sets its group. */
  saveCategory(category: Category): Promise<void>;
  /** See RemoveCategoryOptions. */
  removeCategory(name: string, options: RemoveCategoryOptions): Promise<RemoveOutcome>;
  /** Sets what is given; the id stays. */
  updateBank(id: string, changes: BankChanges): Promise<'updated' | 'missing'>;
  /** Removes the bank, its transactions and rules going where the plan says (see BankRemovalPlan). */
  removeBankWith(id: string, plan: BankRemovalPlan): Promise<BankRemovalOutcome>;
  /** False when the name exists already. */
  createCategory(category: Category): Promise<boolean>;
  /** Renames (its rows and rules relabelled, their sources kept) and/or sets the group (undefined keeps it). */
  updateCategory(name: string, changes: { name?: string; group?: string | null }): Promise<CategoryUpdateOutcome>;
  /** Moves the rows and rules of each `from` to `into` (created when missing) and removes them. */
  mergeCategories(from: readonly string[], into: string): Promise<CategoryMergeOutcome>;
  removeCategoryWith(name: string, plan: CategoryRemovalPlan): Promise<CategoryRemovalOutcome>;
  /** The listed categories (created when missing) move into the group, which must not exist yet. */
  createCategoryGroup(group: string, categories: readonly string[]): Promise<GroupOutcome>;
  renameCategoryGroup(group: string, to: string): Promise<GroupOutcome>;
  /** Its categories stay, without a group. */
  removeCategoryGroup(group: string): Promise<GroupOutcome>;
}

export function catalogueRepository(db: EngineAccess<{ transactions: Queries }, CataloguePrograms>): CatalogueRepository {
  const { transactions: t } = db.queries;
  return {
    async listBanks() {
      return (await db.all<BankRow>(t.listBanks())).map(toBank);
    },
    async findBank(id) {
      const row = await db.first<BankRow>(t.findBankById(id));
      return row ? toBank(row) : null;
    },
    addBank: (bank) => db.write('addBank', bank),
    removeBank: (id) => db.write('removeBank', id),
    async listCategories() {
      return (await db.all<CategoryRow>(t.listCategories())).map(toCategory);
    },
    saveCategory: (category) => db.write('saveCategory', category),
    removeCategory: (name, options) => db.write('removeCategory', name, options),
    updateBank: (id, changes) => db.write('updateBank', id, changes),
    removeBankWith: (id, plan) => db.write('removeBankWith', id, plan),
    createCategory: (category) => db.write('createCategory', category),
    updateCategory: (name, changes) => db.write('updateCategory', name, changes),
    mergeCategories: (from, into) => db.write('mergeCategories', from, into),
    removeCategoryWith: (name, plan) => db.write('removeCategoryWith', name, plan),
    createCategoryGroup: (group, categories) => db.write('createCategoryGroup', group, categories),
    renameCategoryGroup: (group, to) => db.write('renameCategoryGroup', group, to),
    removeCategoryGroup: (group) => db.write('removeCategoryGroup', group),
  };
}
