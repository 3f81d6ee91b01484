import { categoryNameProblem } from '../domain/bank-rules.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { Category } from '../domain/transaction.js';
import type { Store } from '../store/store.js';

export class CategoriesService {
  constructor(private readonly store: Pick<Store, 'catalogue'>) {}

  list(): Promise<Category[]> {
    return this.store.catalogue.listCategories();
  }

  /** Adds the category, or sets the group of an existing one. */
  async save(category: Category): Promise<void> {
    const problem = categoryNameProblem(category.name);
    if (problem) throw invalidField('body', 'name', problem);
    if (category.group !== null && category.group.trim() === '') throw invalidField('body', 'group', 'must not be empty');
    await this.store.catalogue.saveCategory(category);
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
}
