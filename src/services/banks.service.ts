import { aggregatorIdProblem, bankIdProblem, checkedName } from '../domain/bank-rules.js';
import { DomainError, invalidField } from '../domain/errors.js';
import { QUERY_PARAMETERS, type ParameterSpelling } from './parameter-spelling.js';
import type { Bank } from '../domain/transaction.js';
import type { BankChanges } from '../store/catalogue/catalogue-queries.js';
import type { BankRemovalPlan, Store } from '../store/store.js';

/** How a removal request says where a bank's transactions and rules go (see BankRemovalPlan). */
export type BankRemovalRequest = Omit<BankRemovalPlan, 'deletedAt'>;

export interface BankRemoval {
  id: string;
  transactionsMoved: number;
  transactionsTrashed: number;
  rulesRemoved: number[];
  rulesRetargeted: number[];
  moveTo?: string;
}

/** The repositories this service uses. */
export type BanksStore = Pick<Store, 'catalogue'>;

export class BanksService {
  constructor(
    private readonly store: BanksStore,
    private readonly now: () => number = Date.now,
  ) {}

  list(): Promise<Bank[]> {
    return this.store.catalogue.listBanks();
  }

  async get(id: string): Promise<Bank> {
    const bank = await this.store.catalogue.findBank(id);
    if (!bank) throw notFound(id);
    return bank;
  }

  async add(bank: Bank): Promise<Bank> {
    const idProblem = bankIdProblem(bank.id);
    if (idProblem) throw invalidField('body', 'id', idProblem);
    const name = checkedName(bank.name, 'body', 'name');
    if (bank.aggregatorId !== null) {
      const uuidProblem = aggregatorIdProblem(bank.aggregatorId);
      if (uuidProblem) throw invalidField('body', 'aggregatorId', uuidProblem);
    }
    const normalised = { ...bank, name, aggregatorId: bank.aggregatorId?.toLowerCase() ?? null };
    if (!(await this.store.catalogue.addBank(normalised))) {
      throw new DomainError('conflict', `a bank with id "${bank.id}" exists already`);
    }
    return normalised;
  }

  /** Sets the name and/or aggregator id (null removes it); the id stays. */
  async update(id: string, changes: BankChanges): Promise<Bank> {
    const checked: BankChanges = {};
    if (changes.name !== undefined) checked.name = checkedName(changes.name, 'body', 'name');
    if (changes.aggregatorId !== undefined && changes.aggregatorId !== null) {
      const uuidProblem = aggregatorIdProblem(changes.aggregatorId);
      if (uuidProblem) throw invalidField('body', 'aggregatorId', uuidProblem);
      checked.aggregatorId = changes.aggregatorId.toLowerCase();
    } else if (changes.aggregatorId === null) checked.aggregatorId = null;
    if ((await this.store.catalogue.updateBank(id, checked)) === 'missing') throw notFound(id);
    return this.get(id);
  }

  /**
   * Removes the bank; refused while it has transactions or rules the request says nothing
   * about. `moveTo` is required exactly when something moves there, and must be another bank.
   */
  async remove(id: string, request: BankRemovalRequest = {}, spelling: ParameterSpelling = QUERY_PARAMETERS): Promise<BankRemoval> {
    const needsTarget = request.transactions === 'move' || request.rules === 'retarget';
    const moveTo = spelling.name('moveTo');
    const targetNeeded = `${spelling.set('transactions', 'move')} or ${spelling.set('rules', 'retarget')}`;
    if (needsTarget && request.moveTo === undefined) throw invalidField('query', moveTo, `is required with ${targetNeeded}`);
    if (!needsTarget && request.moveTo !== undefined) throw invalidField('query', moveTo, `is used only with ${targetNeeded}`);
    if (request.moveTo === id) throw invalidField('query', moveTo, 'must name another bank than the one removed');
    const outcome = await this.store.catalogue.removeBankWith(id, { ...request, deletedAt: this.now() });
    if (outcome.status === 'missing') throw notFound(id);
    if (outcome.status === 'unknown-target') throw invalidField('query', moveTo, `no bank has id "${String(request.moveTo)}"`);
    if (outcome.status === 'in-use') throw new DomainError('conflict', inUseMessage(id, outcome.transactions, outcome.rules, request, spelling));
    return {
      id,
      transactionsMoved: outcome.moved,
      transactionsTrashed: outcome.trashed,
      rulesRemoved: outcome.rulesRemoved,
      rulesRetargeted: outcome.rulesRetargeted,
      ...(needsTarget ? { moveTo: request.moveTo } : {}),
    };
  }
}

function notFound(id: string): DomainError {
  return new DomainError('not_found', `no bank has id "${id}"`);
}

function inUseMessage(id: string, transactions: number, rules: number[], request: BankRemovalRequest, spelling: ParameterSpelling): string {
  const reasons: string[] = [];
  const toBank = spelling.set('moveTo', '<bank>');
  if (transactions > 0 && request.transactions === undefined) {
    reasons.push(`${transactions} transaction(s) use it: say where they go (${spelling.set('transactions', 'move')} with ${toBank}, or ${spelling.set('transactions', 'trash')})`);
  }
  if (rules.length > 0 && request.rules === undefined) {
    reasons.push(`rule(s) ${rules.join(', ')} name it: say what happens to them (${spelling.set('rules', 'remove')}, or ${spelling.set('rules', 'retarget')} with ${toBank})`);
  }
  return `bank "${id}" cannot be removed yet: ${reasons.join('; ')}`;
}
