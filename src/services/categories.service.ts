import { checkedCategoryName, checkedName } from '../domain/bank-rules.js';
import { DomainError, invalidField, type FieldLocation } from '../domain/errors.js';
import { QUERY_PARAMETERS, type ParameterSpelling } from './parameter-spelling.js';
import { cleanName, lookalikeKey } from '../domain/names.js';
import type { Category } from '../domain/transaction.js';
import type { CategoryRemovalOutcome, Store } from '../store/store.js';

/** What removing a category did (rules retargeted name `rulesTo`). */
export interface CategoryRemoval {
  name: string;
  uncategorised: number;
  rulesRemoved: number[];
  rulesRetargeted: number[];
  rulesTo?: string;
}

export interface CategoryRemovalRequest {
  /** Transactions in it become uncategorised (without it, a category in use is not removed). */
  uncategorise: boolean;
  rules?: 'remove' | 'retarget';
  rulesTo?: string;
}

/** Categories whose names look alike (names.ts), stored before names had one spelling. */
export interface LookalikeGroup {
  /** The name the others merge into: the most used name already spelt by the rules, else the cleaned spelling of the most used. */
  into: string;
  /** Every stored name of the group, most used first, with its number of transactions. */
  names: Array<{ name: string; transactions: number }>;
}

export class CategoriesService {
  constructor(private readonly store: Pick<Store, 'catalogue' | 'transactions'>) {}

  list(): Promise<Category[]> {
    return this.store.catalogue.listCategories();
  }

  /** Adds the category, or sets the group of an existing one. Returns what was stored (NFC). */
  async save(category: Category): Promise<Category> {
    const saved = {
      name: checkedCategoryName(category.name, 'body', 'name'),
      group: category.group === null ? null : checkedName(category.group, 'body', 'group'),
    };
    await this.store.catalogue.saveCategory(saved);
    return saved;
  }

  /** Adds a category; 409 when the name exists. */
  async create(category: Category): Promise<Category> {
    const created = {
      name: checkedCategoryName(category.name, 'body', 'name'),
      group: category.group === null ? null : checkedCategoryName(category.group, 'body', 'group.name'),
    };
    if (!(await this.store.catalogue.createCategory(created))) throw new DomainError('conflict', `a category named "${created.name}" exists already`);
    return created;
  }

  /** Renames (relabelling its transactions and rules) and/or sets the group (null: none). */
  async update(rawName: string, changes: { name?: string; group?: string | null }): Promise<Category> {
    const name = await this.existingName(rawName, 'path', 'categoryName');
    const checked: { name?: string; group?: string | null } = {};
    if (changes.name !== undefined) checked.name = checkedCategoryName(changes.name, 'body', 'name');
    if (changes.group !== undefined) checked.group = changes.group === null ? null : checkedCategoryName(changes.group, 'body', 'group.name');
    const outcome = await this.store.catalogue.updateCategory(name, checked);
    if (outcome.status === 'missing') throw notFound(name);
    if (outcome.status === 'name-taken') {
      throw new DomainError('conflict', `a category named "${String(checked.name)}" exists already; merge the two with mergeCategories`);
    }
    return outcome.category;
  }

  /** Moves the transactions and rules of every `from` category into `into` and removes them. */
  async mergeInto(from: readonly string[], into: string): Promise<{ into: Category; transactions: number; rules: number[] }> {
    const target = checkedCategoryName(into, 'body', 'into');
    const sources = await Promise.all(from.map((name, index) => this.existingName(name, 'body', `from[${index}]`)));
    if (sources.includes(target)) throw invalidField('body', 'from', `must not list "${target}", the category merged into`);
    if (new Set(sources).size !== sources.length) throw invalidField('body', 'from', 'must not list a category twice');
    const outcome = await this.store.catalogue.mergeCategories(sources, target);
    if (outcome.status === 'missing') throw notFound(outcome.name);
    return { into: outcome.into, transactions: outcome.transactions, rules: outcome.rules };
  }

  /**
   * Removes the category. Refused while transactions use it unless `uncategorise`, and while
   * rules name it unless `rules` says what happens to them (`rulesTo` exactly with retarget).
   */
  async remove(
    rawName: string,
    request: CategoryRemovalRequest,
    field = { location: 'path' as const, name: 'categoryName' },
    spelling: ParameterSpelling = QUERY_PARAMETERS,
  ): Promise<CategoryRemoval> {
    const name = await this.existingName(rawName, field.location, field.name);
    const rulesToField = spelling.name('rulesTo');
    const retarget = spelling.set('rules', 'retarget');
    if (request.rules === 'retarget' && request.rulesTo === undefined) throw invalidField('query', rulesToField, `is required with ${retarget}`);
    if (request.rules !== 'retarget' && request.rulesTo !== undefined) throw invalidField('query', rulesToField, `is used only with ${retarget}`);
    const rulesTo = request.rulesTo === undefined ? undefined : checkedCategoryName(request.rulesTo, 'query', rulesToField);
    if (rulesTo === name) throw invalidField('query', rulesToField, 'must name another category than the one removed');
    const outcome = await this.store.catalogue.removeCategoryWith(name, { uncategorise: request.uncategorise, rules: request.rules, rulesTo });
    if (outcome.status === 'missing') throw notFound(name);
    if (outcome.status === 'in-use') throw new DomainError('conflict', inUseMessage(name, outcome, request.uncategorise, spelling));
    return {
      name,
      uncategorised: outcome.uncategorised,
      rulesRemoved: outcome.rulesRemoved,
      rulesRetargeted: outcome.rulesRetargeted,
      ...(rulesTo === undefined ? {} : { rulesTo }),
    };
  }

  /**
   * The name of a category to act on: exactly as given when a category is stored under it (an
   * older version, or a write straight into the database, may have stored a name today's rules
   * refuse: it can still be renamed, merged and removed), else checked as any name is.
   */
  private async existingName(rawName: string, location: FieldLocation, field: string): Promise<string> {
    const stored = (await this.store.catalogue.listCategories()).some((category) => category.name === rawName);
    return stored ? rawName : checkedCategoryName(rawName, location, field);
  }

  /** Groups of categories whose names look alike, and names spelt against the rules. */
  async lookalikes(): Promise<LookalikeGroup[]> {
    const byKey = new Map<string, string[]>();
    for (const { name } of await this.store.catalogue.listCategories()) {
      const key = lookalikeKey(name);
      byKey.set(key, [...(byKey.get(key) ?? []), name]);
    }
    const groups: LookalikeGroup[] = [];
    for (const names of byKey.values()) {
      // A lone name spelt against the rules (stored before them) is listed too: merging renames it.
      if (names.length < 2 && cleanName(names[0]!) === names[0]) continue;
      const counted = await Promise.all(names.map(async (name) => ({ name, transactions: await this.countOf(name) })));
      counted.sort((a, b) => b.transactions - a.transactions || (a.name < b.name ? -1 : 1));
      const clean = counted.find(({ name }) => cleanName(name) === name);
      groups.push({ into: clean?.name ?? cleanName(counted[0]!.name), names: counted });
    }
    return groups.sort((a, b) => (a.into < b.into ? -1 : a.into > b.into ? 1 : 0));
  }

  /**
   * Moves the transactions and rules of category `from` (its exact stored name) to `into`
   * (created when missing) and removes `from`, in one transaction.
   */
  async merge(from: string, into: string): Promise<void> {
    const target = checkedCategoryName(into, 'body', 'into');
    if (target === from) throw new DomainError('invalid', `"${from}" cannot be merged into itself`);
    const outcome = await this.store.catalogue.removeCategory(from, { force: true, mergeInto: target });
    if (outcome.status === 'missing') throw new DomainError('not_found', `no category is named "${from}"`);
  }

  private async countOf(name: string): Promise<number> {
    return (await this.store.transactions.list({ category: name, sort: [], limit: 0, offset: 0 })).total;
  }
}

function notFound(name: string): DomainError {
  return new DomainError('not_found', `no category is named "${name}"`);
}

function inUseMessage(name: string, outcome: Extract<CategoryRemovalOutcome, { status: 'in-use' }>, uncategorising: boolean, spelling: ParameterSpelling): string {
  const reasons: string[] = [];
  if (outcome.transactions > 0 && !uncategorising) reasons.push(`${outcome.transactions} transaction(s) use it (${spelling.set('uncategorise')} uncategorises them)`);
  if (outcome.rules.length > 0) {
    const choices = `${spelling.set('rules', 'remove')}, or ${spelling.set('rules', 'retarget')} with ${spelling.set('rulesTo', '<category>')}`;
    reasons.push(`rule(s) ${outcome.rules.join(', ')} name it: say what happens to them (${choices})`);
  }
  return `category "${name}" cannot be removed yet: ${reasons.join('; ')}`;
}
