import { checkedCategoryName, checkedName } from '../domain/bank-rules.js';
import { DomainError } from '../domain/errors.js';
import { cleanName, lookalikeKey } from '../domain/names.js';
import type { Category } from '../domain/transaction.js';
import type { Store } from '../store/store.js';

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

  async remove(name: string, options: { force: boolean }): Promise<void> {
    const outcome = await this.store.catalogue.removeCategory(name, options);
    if (outcome.status === 'missing') throw new DomainError('not_found', `no category is named "${name}"`);
    if (outcome.status === 'in-use') {
      throw new DomainError(
        'conflict',
        `category "${name}" is used by ${outcome.transactions} transaction(s); use --force to uncategorise them and remove it`,
      );
    }
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
