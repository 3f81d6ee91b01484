import { checkedCategoryName } from '../domain/bank-rules.js';
import { DomainError } from '../domain/errors.js';
import type { GroupOutcome, Store } from '../store/store.js';

/** A group and its categories, by name. */
export interface CategoryGroupListing {
  name: string;
  categories: string[];
}

/**
 * Category groups. A group is a name categories carry; it exists while at least one category
 * names it, so there are no empty groups: one is made with its first categories, and goes when
 * its last category leaves it. Group names follow the rules of category names.
 */
export class CategoryGroupsService {
  constructor(private readonly store: Pick<Store, 'catalogue'>) {}

  async list(): Promise<CategoryGroupListing[]> {
    const byGroup = new Map<string, string[]>();
    for (const { name, group } of await this.store.catalogue.listCategories()) {
      if (group !== null) byGroup.set(group, [...(byGroup.get(group) ?? []), name]);
    }
    return [...byGroup.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, categories]) => ({ name, categories: categories.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) }));
  }

  async create(rawName: string, rawCategories: readonly string[]): Promise<CategoryGroupListing> {
    const name = checkedCategoryName(rawName, 'body', 'name');
    const categories = [...new Set(rawCategories.map((category, index) => checkedCategoryName(category, 'body', `categories[${index}]`)))];
    return listing(name, await this.store.catalogue.createCategoryGroup(name, categories));
  }

  async rename(rawName: string, rawTo: string): Promise<CategoryGroupListing> {
    const name = checkedCategoryName(rawName, 'path', 'groupName');
    const to = checkedCategoryName(rawTo, 'body', 'name');
    return listing(to, await this.store.catalogue.renameCategoryGroup(name, to), name);
  }

  /** Its categories stay, without a group; the answer lists them. */
  async remove(rawName: string): Promise<CategoryGroupListing> {
    const name = checkedCategoryName(rawName, 'path', 'groupName');
    return listing(name, await this.store.catalogue.removeCategoryGroup(name));
  }
}

function listing(name: string, outcome: GroupOutcome, asked = name): CategoryGroupListing {
  if (outcome.status === 'missing') throw new DomainError('not_found', `no category is in a group named "${asked}"`);
  if (outcome.status === 'exists') throw new DomainError('conflict', `a group named "${name}" exists already`);
  return { name, categories: outcome.categories };
}
