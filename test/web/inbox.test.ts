import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cursorAfterRemoval, dateSpan, inboxSummary, ruleForPayee } from '../../web/src/lib/inbox.js';

describe('web: the review inbox', () => {
  it('makes a rule that matches every description of the payee, words in order', () => {
    assert.deepEqual(ruleForPayee('espresso house nice', 'Coffee'), { category: 'Coffee', descriptionMatches: 'espresso.*house.*nice' });
    assert.deepEqual(ruleForPayee('tesco', 'Groceries'), { category: 'Groceries', descriptionContains: 'tesco' });
    // No merchant words: the payee is the folded description, matched literally (no regex).
    assert.deepEqual(ruleForPayee('12 (a)', 'Misc'), { category: 'Misc', descriptionContains: '12 (a)' });
    const pattern = new RegExp(ruleForPayee('espresso house nice', 'Coffee').descriptionMatches ?? '', 'iu');
    assert.ok(pattern.test('pos espresso house 1234 nice'));
    assert.ok(!pattern.test('espresso nice house'));
  });

  it('falls back to the longest word when the pattern would pass the API limit', () => {
    const payee = Array.from({ length: 40 }, (_, index) => (index === 7 ? 'supercalifragilistic' : 'word')).join(' ');
    assert.deepEqual(ruleForPayee(payee, 'X'), { category: 'X', descriptionContains: 'supercalifragilistic' });
  });

  it('shows a date span short, one date when the group has one day', () => {
    assert.equal(dateSpan('2024-03-02', '2024-10-31', 'en-GB', '2024-11-01'), '2 Mar – 31 Oct');
    assert.equal(dateSpan('2024-03-02', '2024-03-02', 'en-GB', '2024-11-01'), '2 Mar');
    assert.equal(dateSpan('2023-12-30', '2024-01-02', 'en-GB', '2024-11-01'), '30 Dec 2023 – 2 Jan');
  });

  it('says how many rows in how many groups, with the locale grouping and singulars', () => {
    assert.equal(inboxSummary(1204, 23, 'en-GB'), '1,204 rows in 23 groups');
    assert.equal(inboxSummary(1, 1, 'en-GB'), '1 row in 1 group');
  });

  it('keeps the cursor on the next group when one leaves', () => {
    assert.equal(cursorAfterRemoval(2, 2, 5), 2);
    assert.equal(cursorAfterRemoval(4, 4, 5), 3);
    assert.equal(cursorAfterRemoval(3, 1, 5), 2);
    assert.equal(cursorAfterRemoval(0, 0, 1), 0);
  });
});

describe('web: the inbox screen\'s path', () => {
  it('is /app/inbox, and the navigation lists it', async () => {
    const { SCREENS, screenAt } = await import('../../web/src/app/screens.js');
    assert.equal(screenAt('/app/inbox'), 'inbox');
    assert.equal(screenAt('/app/inbox/'), 'inbox');
    assert.ok(SCREENS.some((screen) => screen.id === 'inbox' && screen.label === 'Inbox'));
  });
});

describe('web: paths no screen has, and the tab titles', () => {
  it('shows "not found" for an unknown path, the register at /app/ (issue 27 item 11)', async () => {
    const { screenAt, titleOf } = await import('../../web/src/app/screens.js');
    for (const path of ['/app', '/app/', '/app/index.html']) assert.equal(screenAt(path), 'register', path);
    for (const path of ['/app/nope', '/app/inbox/x', '/app/Reports']) assert.equal(screenAt(path), 'not-found', path);
    assert.equal(titleOf('reports'), 'Reports · Moneta');
    assert.equal(titleOf('not-found'), 'Not found · Moneta');
  });
});
