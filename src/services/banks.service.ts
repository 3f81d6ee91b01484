import { aggregatorIdProblem, bankIdProblem } from '../domain/bank-rules.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { Bank } from '../domain/transaction.js';
import type { Store } from '../store/store.js';

/** The repositories this service uses. */
export type BanksStore = Pick<Store, 'catalogue'>;

export class BanksService {
  constructor(private readonly store: BanksStore) {}

  list(): Promise<Bank[]> {
    return this.store.catalogue.listBanks();
  }

  async get(id: string): Promise<Bank> {
    const bank = await this.store.catalogue.findBank(id);
    if (!bank) throw new DomainError('not_found', `no bank has id "${id}"`);
    return bank;
  }

  async add(bank: Bank): Promise<Bank> {
    const idProblem = bankIdProblem(bank.id);
    if (idProblem) throw invalidField('body', 'id', idProblem);
    if (bank.name.trim() === '') throw invalidField('body', 'name', 'must not be empty');
    if (bank.aggregatorId !== null) {
      const uuidProblem = aggregatorIdProblem(bank.aggregatorId);
      if (uuidProblem) throw invalidField('body', 'aggregatorId', uuidProblem);
    }
    const normalised = { ...bank, aggregatorId: bank.aggregatorId?.toLowerCase() ?? null };
    if (!(await this.store.catalogue.addBank(normalised))) {
      throw new DomainError('conflict', `a bank with id "${bank.id}" exists already`);
    }
    return normalised;
  }

  async remove(id: string): Promise<void> {
    const outcome = await this.store.catalogue.removeBank(id);
    if (outcome.status === 'missing') throw new DomainError('not_found', `no bank has id "${id}"`);
    if (outcome.status === 'in-use') {
      throw new DomainError('conflict', `bank "${id}" still has ${outcome.transactions} transaction(s); it cannot be removed`);
    }
  }
}
