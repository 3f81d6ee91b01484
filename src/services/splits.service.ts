import { currencyDecimals } from '../domain/accounts/currencies.js';
import { checkedCategoryName } from '../domain/bank-rules.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { FieldLocation } from '../domain/errors.js';
import { checkedSplitLines, splitLineOf, type SplitLine, type SplitRecord } from '../domain/splits.js';
import type { SplitParent, Store } from '../store/store.js';
import { FALLBACK_CURRENCY } from './accounts.service.js';

/** How the caller's input names the lines: body properties over HTTP, arguments on the command line. */
export interface SplitFieldNames {
  location: FieldLocation;
  lines: string;
  amount(index: number): string;
  category(index: number): string;
  memo(index: number): string;
}

export const BODY_FIELDS: SplitFieldNames = {
  location: 'body',
  lines: 'lines',
  amount: (index) => `lines.${index}.amount`,
  category: (index) => `lines.${index}.category`,
  memo: (index) => `lines.${index}.memo`,
};

/** The contract's longest memo (SplitLine.memo), in characters. */
const MEMO_LIMIT = 200;

/**
 * Splits (issue 24; docs/transfers-and-splits.md): the rules beyond the contract's schema (amounts
 * in the currency's decimals and whole hundredths, a sum equal to the value, category names) and
 * which field a problem names. The same for the HTTP API and `moneta split`.
 */
export class SplitsService {
  constructor(
    private readonly store: Pick<Store, 'splits'>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(id: number): Promise<SplitRecord> {
    const parent = await this.parent(id);
    if (!parent.split) throw new DomainError('not_found', `transaction ${id} is not split`);
    return { transactionId: id, value: parent.value, lines: (await this.store.splits.lines(id)).map(splitLineOf) };
  }

  async put(id: number, lines: readonly SplitLine[], names: SplitFieldNames = BODY_FIELDS): Promise<SplitRecord> {
    const named = lines.map((line, index) => {
      if (line.memo !== null && (line.memo.length === 0 || [...line.memo].length > MEMO_LIMIT)) throw invalidField(names.location, names.memo(index), `must be 1 to ${MEMO_LIMIT} characters`);
      return { ...line, category: line.category === null ? null : checkedCategoryName(line.category, names.location, names.category(index)) };
    });
    const parent = await this.parent(id);
    const currency = parent.currency ?? FALLBACK_CURRENCY;
    const decimals = currencyDecimals(currency) ?? 2;
    const stored = checkedSplitLines(parent.value, currency, decimals, named, names);
    const outcome = await this.store.splits.put(id, parent.value, stored, this.now());
    if (outcome.status === 'missing') throw notFound(id);
    if (outcome.status === 'value-changed') throw new DomainError('conflict', `transaction ${id} changed while it was being split; try again`);
    return { transactionId: id, value: parent.value, lines: stored.map(splitLineOf) };
  }

  async remove(id: number): Promise<void> {
    const outcome = await this.store.splits.remove(id, this.now());
    if (outcome.status === 'missing') throw notFound(id);
    if (outcome.status === 'not-split') throw new DomainError('not_found', `transaction ${id} is not split`);
  }

  private async parent(id: number): Promise<SplitParent> {
    const parent = await this.store.splits.parent(id);
    if (!parent) throw notFound(id);
    return parent;
  }
}

function notFound(id: number): DomainError {
  return new DomainError('not_found', `no transaction has id ${id}`);
}
