import { maskedAccountNumber, maskedIban, type AccountWithBalance } from '../../domain/accounts/account.js';
import type { AccountsService } from '../../services/accounts.service.js';
import type { OperationHandlers, Schemas } from '../operation-types.js';
import { presentAccountRecord } from '../presenters.js';
import { changeField } from '../register-operations.js';

type Handlers = Pick<OperationHandlers, 'listAccounts' | 'createAccount' | 'getAccount' | 'updateAccount' | 'deleteAccount'>;

/**
 * An account with its balance and masked numbers; `full`: with the full IBAN and account number
 * too (one account's read and the answers of writes; a list shows them masked only).
 */
function presentAccount(account: AccountWithBalance, full: boolean): Schemas['Account'] {
  const record = presentAccountRecord(account);
  const { iban, accountNumber, ...rest } = record;
  const { current, cleared, pending, asOf } = account.balance;
  return {
    ...(full ? record : rest),
    balance: asOf === null ? { current, cleared, pending } : { current, cleared, pending, asOf },
    ...(iban === undefined ? {} : { ibanMasked: maskedIban(iban) }),
    ...(accountNumber === undefined ? {} : { accountNumberMasked: maskedAccountNumber(accountNumber) }),
  };
}

/** Accounts (issue 23; docs/accounts.md). */
export function accountHandlers(accounts: AccountsService): Handlers {
  return {
    async listAccounts(_input, reply) {
      return reply.code(200).send((await accounts.list()).map((account) => presentAccount(account, false)));
    },

    async createAccount({ body }, reply) {
      const account = await accounts.create(body);
      return reply.code(201).header('location', `/accounts/${account.id}`).send(presentAccount(account, true));
    },

    async getAccount({ params }, reply) {
      return reply.code(200).send(presentAccount(await accounts.get(Number(params.accountId)), true));
    },

    async updateAccount({ params, body }, reply) {
      return reply.code(200).send(presentAccount(await accounts.update(Number(params.accountId), body), true));
    },

    async deleteAccount({ params, query }, reply) {
      const id = Number(params.accountId);
      const { moveTo, ...choice } = query;
      const { transactions, moved, unassigned, trashed } = await accounts.remove(id, { ...choice, ...(moveTo === undefined ? {} : { moveTo: Number(moveTo) }) });
      return reply.code(200).send({ id, transactions, moved, unassigned, trashed, ...changeField(reply) });
    },
  };
}
