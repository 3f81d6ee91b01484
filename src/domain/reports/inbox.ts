import { payeeOf } from './payees.js';
import { TotalsAccumulator, type ReportPart, type Totals } from './report-parts.js';

/**
 * A part of the review inbox as the store reads it: the uncategorised transactions of one folded
 * description (a ReportPart grouped by description), with their first and last date.
 */
export interface InboxPart extends ReportPart {
  first: string;
  last: string;
}

export interface InboxGroup extends Totals {
  payee: string;
  first: string;
  last: string;
}

export interface InboxReport {
  /** Uncategorised transactions in all groups. */
  count: number;
  /** Groups in all, shown or not. */
  groupCount: number;
  groups: InboxGroup[];
}

/**
 * The uncategorised transactions grouped by payee (payeeOf, as the payee report and rule
 * suggestions see descriptions), largest count first, then by payee; the first `limit` groups.
 */
export function inboxReport(parts: readonly InboxPart[], limit: number): InboxReport {
  const groups = new Map<string, { totals: TotalsAccumulator; first: string; last: string }>();
  let count = 0;
  for (const part of parts) {
    const payee = payeeOf(part.descriptionFolded ?? '');
    let group = groups.get(payee);
    if (!group) groups.set(payee, (group = { totals: new TotalsAccumulator(), first: part.first, last: part.last }));
    group.totals.add(part);
    if (part.first < group.first) group.first = part.first;
    if (part.last > group.last) group.last = part.last;
    count += part.count;
  }
  const all = [...groups]
    .map(([payee, group]) => ({ payee, ...group.totals.totals(), first: group.first, last: group.last }))
    .filter((group) => group.count > 0)
    .sort((a, b) => b.count - a.count || (a.payee < b.payee ? -1 : a.payee > b.payee ? 1 : 0));
  return { count, groupCount: all.length, groups: all.slice(0, limit) };
}

/** Of the folded descriptions given, those whose payee is exactly `payee`. */
export function descriptionsOfPayee(descriptionsFolded: readonly string[], payee: string): string[] {
  return descriptionsFolded.filter((description) => payeeOf(description) === payee);
}
