import type { AccountChanges, AccountRecord, AccountRemovalChoice, NewAccount } from '../../domain/accounts/account.js';
import type { ChangeFeedQueries } from '../changes/change-feed-queries.js';
import { changeRecorded, changes, changeToken, firstRow, type WriteProgram } from '../engine/write-steps.js';
import type { CorrectionsQueries } from '../transactions/corrections-queries.js';
import type { BankRow, Queries } from '../transactions/transactions-queries.js';
import { toAccountRecord } from './account-rows.js';
import type { AccountRow, AccountsQueries } from './accounts-queries.js';

export type CreateAccountOutcome = { status: 'created'; account: AccountRecord } | { status: 'name-taken' } | { status: 'unknown-bank' };

export type UpdateAccountOutcome =
  | { status: 'updated'; account: AccountRecord }
  | { status: 'missing' }
  | { status: 'name-taken' }
  | { status: 'unknown-bank' }
  | { status: 'currency-in-use'; transactions: number };

export type RemoveAccountOutcome =
  | { status: 'removed'; transactions: 'none' | AccountRemovalChoice['transactions']; moved: number; unassigned: number; trashed: number }
  | { status: 'missing' }
  | { status: 'in-use'; transactions: number }
  | { status: 'reconciled'; transactions: number }
  | { status: 'unknown-target' }
  | { status: 'currency-differs'; currency: string; targetCurrency: string };

interface AccountStatements {
  transactions: Queries;
  accounts: AccountsQueries;
  corrections: CorrectionsQueries;
  changes: ChangeFeedQueries;
}

/** The write programs of accounts (see ../writes.ts): each one transaction with its change-feed entry. */
export function accountPrograms(q: AccountStatements) {
  const { transactions: t, accounts: a, corrections, changes: feed } = q;

  function* knownBank(bankId: string | null | undefined): WriteProgram<boolean> {
    return bankId == null || (yield* firstRow<BankRow>(t.findBankById(bankId))) !== undefined;
  }

  function* counts(id: number): WriteProgram<{ n: number; reconciled: number }> {
    const row = yield* firstRow<{ n: number | string; reconciled: number | string }>(a.transactionCounts(id));
    return { n: Number(row?.n ?? 0), reconciled: Number(row?.reconciled ?? 0) };
  }

  return {
    *createAccount(account: NewAccount): WriteProgram<CreateAccountOutcome> {
      if (!(yield* knownBank(account.bankId))) return { status: 'unknown-bank' };
      const tx = yield* changeToken(feed);
      const inserted = yield* firstRow<{ id: number | string }>(a.insert(account, tx));
      if (!inserted) return { status: 'name-taken' };
      const row = yield* firstRow<AccountRow>(a.byId(Number(inserted.id)));
      if (!row) throw new Error('an account just inserted cannot be read');
      yield* changeRecorded(feed, tx);
      return { status: 'created', account: toAccountRecord(row) };
    },

    *updateAccount(id: number, update: AccountChanges): WriteProgram<UpdateAccountOutcome> {
      const existing = yield* firstRow<AccountRow>(a.byId(id));
      if (!existing) return { status: 'missing' };
      if (update.name !== undefined && update.name !== existing.name) {
        const holder = yield* firstRow<AccountRow>(a.byName(update.name));
        if (holder) return { status: 'name-taken' };
      }
      if (!(yield* knownBank(update.bankId))) return { status: 'unknown-bank' };
      if (update.currency !== undefined && update.currency !== existing.currency) {
        const { n } = yield* counts(id);
        if (n > 0) return { status: 'currency-in-use', transactions: n };
      }
      const tx = yield* changeToken(feed);
      yield a.update(id, update, tx);
      const row = yield* firstRow<AccountRow>(a.byId(id));
      if (!row) throw new Error('an account just updated cannot be read');
      yield* changeRecorded(feed, tx);
      return { status: 'updated', account: toAccountRecord(row) };
    },

    /** `choice` undefined: only an account without transactions goes. `force`: reconciled ones too. */
    *removeAccount(id: number, choice: AccountRemovalChoice | undefined, force: boolean, deletedAt: number): WriteProgram<RemoveAccountOutcome> {
      const existing = yield* firstRow<AccountRow>(a.byId(id));
      if (!existing) return { status: 'missing' };
      if (choice?.transactions === 'move') {
        const target = yield* firstRow<AccountRow>(a.byId(choice.moveTo));
        if (!target) return { status: 'unknown-target' };
        if (target.currency !== existing.currency) return { status: 'currency-differs', currency: existing.currency, targetCurrency: target.currency };
      }
      const { n, reconciled } = yield* counts(id);
      if (n > 0 && choice === undefined) return { status: 'in-use', transactions: n };
      if (reconciled > 0 && !force) return { status: 'reconciled', transactions: reconciled };
      const tx = yield* changeToken(feed);
      let moved = 0;
      let unassigned = 0;
      let trashed = 0;
      if (n > 0 && choice !== undefined) {
        if (choice.transactions === 'move') moved = yield* changes(a.moveAll(id, choice.moveTo, tx));
        else if (choice.transactions === 'unassign') unassigned = yield* changes(a.moveAll(id, null, tx));
        else {
          trashed = yield* changes(corrections.copyToTrash({ filter: { account: id } }, { at: deletedAt, reason: 'request', reference: null }, tx));
          yield corrections.deleteMoved(tx);
        }
      }
      yield a.forgetInTrash(id);
      yield a.forgetDays(id);
      yield a.remove(id);
      yield feed.tombstone('account', String(id), tx);
      yield* changeRecorded(feed, tx);
      return { status: 'removed', transactions: n === 0 || choice === undefined ? 'none' : choice.transactions, moved, unassigned, trashed };
    },

    /** A store setting (not a change of the feed: nothing a replica holds). */
    *saveSetting(key: string, value: string): WriteProgram<void> {
      yield a.saveSetting(key, value);
    },
  };
}

export type AccountPrograms = ReturnType<typeof accountPrograms>;
