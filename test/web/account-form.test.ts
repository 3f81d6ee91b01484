import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountPatch, accountRemovalQuery, accountRemovalSentence, draftOf, moveTargets, newAccountBody } from '../../web/src/lib/account-form.js';
import type { Account } from '../../web/src/lib/accounts.js';

const giro: Account = { id: 3, name: 'Giro', type: 'checking', currency: 'EUR', bankId: 'dkb', iban: 'DE44500105175407324931', openingBalance: 10.5, openingDate: '2024-01-01', balance: { current: 10.5, cleared: 10.5, pending: 0 } };

describe('web: the account form', () => {
  it('a new account: trimmed, the currency in capitals, an IBAN or a number, the opening balance exact', () => {
    const draft = { ...draftOf(null), name: ' Cash ', type: 'cash' as const, currency: 'gbp', number: 'DE44 5001 0517 5407 3249 31', openingBalance: '1.234,50', openingDate: '2024-02-01' };
    assert.deepEqual(newAccountBody(draft), { body: { name: 'Cash', type: 'cash', currency: 'GBP', iban: 'DE44 5001 0517 5407 3249 31', openingBalance: 1234.5, openingDate: '2024-02-01' } });
    assert.deepEqual(newAccountBody({ ...draft, number: '123-456' }), { body: { name: 'Cash', type: 'cash', currency: 'GBP', accountNumber: '123-456', openingBalance: 1234.5, openingDate: '2024-02-01' } });
    assert.deepEqual(newAccountBody({ ...draft, openingBalance: '1.005', currency: 'EUR' }), { body: { name: 'Cash', type: 'cash', currency: 'EUR', iban: 'DE44 5001 0517 5407 3249 31', openingBalance: 1005, openingDate: '2024-02-01' } });
    assert.deepEqual(newAccountBody({ ...draft, openingBalance: '1.0055' }), { errors: { openingBalance: 'an amount with at most 2 decimals, such as 1234.50' } });
  });

  it('an edit sends only what changed; emptied fields are removed with null', () => {
    assert.equal(accountPatch(giro, draftOf(giro)), null);
    assert.deepEqual(accountPatch(giro, { ...draftOf(giro), name: 'Giro DKB', number: '', bankId: '', openingBalance: '' }), {
      body: { name: 'Giro DKB', bankId: null, iban: null, openingBalance: null },
    });
    assert.deepEqual(accountPatch(giro, { ...draftOf(giro), number: 'DE44 5001 0517 5407 3249 31' }), null, 'spaces in an IBAN are no change');
  });
});

describe('web: removing an account', () => {
  const euro: Account = { ...giro, id: 4, name: 'Savings' };
  const pound: Account = { ...giro, id: 5, name: 'London', currency: 'GBP' };
  const closed: Account = { ...giro, id: 6, name: 'Old', closedOn: '2024-01-31' };

  it('offers only open accounts of the same currency to move to', () => {
    assert.deepEqual(moveTargets([giro, euro, pound, closed], giro).map((each) => each.name), ['Savings']);
  });

  it('asks for what happens to the transactions only when there are some', () => {
    assert.deepEqual(accountRemovalQuery({ transactions: 'move', moveTo: '4', force: false }, 0), {});
    assert.deepEqual(accountRemovalQuery({ transactions: 'move', moveTo: '4', force: false }, 3), { transactions: 'move', moveTo: 4 });
    assert.deepEqual(accountRemovalQuery({ transactions: 'unassign', moveTo: '4', force: true }, 3), { transactions: 'unassign', force: true });
    assert.equal(accountRemovalSentence(giro, { transactions: 'trash', moveTo: '', force: false }, 1, () => '', 'en'), 'Giro will be removed: 1 transaction will be moved to the trash (restorable).');
    assert.equal(accountRemovalSentence(giro, { transactions: 'move', moveTo: '4', force: false }, 1200, () => 'Savings', 'en'), 'Giro will be removed: 1,200 transactions will move to Savings.');
  });
});
