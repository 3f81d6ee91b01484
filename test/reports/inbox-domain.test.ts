import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { descriptionsOfPayee, inboxReport, type InboxPart } from '../../src/domain/reports/inbox.js';

const part = (descriptionFolded: string, count: number, cents: [number, number], first: string, last: string, value: number | null = null): InboxPart => ({
  month: null,
  category: null,
  group: null,
  descriptionFolded,
  count,
  incomeCents: String(cents[0]),
  expensesCents: String(cents[1]),
  value,
  first,
  last,
});

describe('the review inbox: groups by payee', () => {
  it('joins the descriptions of one payee: counts, exact sums (odd values too), the earliest and latest date', () => {
    const report = inboxReport(
      [
        part('tesco stores 3297 london', 2, [0, -1050], '2024-03-01', '2024-03-09'),
        part('tesco stores 1044 london', 1, [0, -200], '2024-01-05', '2024-01-05'),
        // A value that is not whole cents comes alone, counted by its group's part.
        part('tesco stores 1044 london', 0, [0, 0], '2024-05-02', '2024-05-02', 0.001),
        part('aldi 12', 1, [300, 0], '2024-02-02', '2024-02-02'),
      ],
      10,
    );
    assert.deepEqual(report, {
      count: 4,
      groupCount: 2,
      groups: [
        { payee: 'tesco stores london', count: 3, income: 0.001, expenses: -12.5, net: -12.499, first: '2024-01-05', last: '2024-05-02' },
        { payee: 'aldi', count: 1, income: 3, expenses: 0, net: 3, first: '2024-02-02', last: '2024-02-02' },
      ],
    });
  });

  it('orders by count, then payee; the limit cuts the groups, not the counts', () => {
    const report = inboxReport([part('zeta', 1, [0, -1], '2024-01-01', '2024-01-01'), part('alpha', 1, [0, -1], '2024-01-01', '2024-01-01'), part('mid', 2, [0, -1], '2024-01-01', '2024-01-01')], 2);
    assert.deepEqual(report.groups.map((group) => group.payee), ['mid', 'alpha']);
    assert.equal(report.count, 4);
    assert.equal(report.groupCount, 3);
  });

  it('finds exactly the descriptions of a payee, not those that merely contain it', () => {
    assert.deepEqual(descriptionsOfPayee(['pos espresso house 1 nice', 'espresso house 2 nice', 'espresso house nice 3', ''], 'espresso house nice'), ['espresso house 2 nice', 'espresso house nice 3']);
    assert.deepEqual(descriptionsOfPayee(['', '  ', '12'], ''), ['', '  ']);
  });
});
