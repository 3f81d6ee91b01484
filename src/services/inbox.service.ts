import { inboxReport, type InboxReport } from '../domain/reports/inbox.js';
import type { Store } from '../store/store.js';

/** The review inbox (issue 13): the uncategorised transactions grouped by payee. */
export class InboxService {
  constructor(private readonly store: Pick<Store, 'inbox'>) {}

  async report(limit: number): Promise<InboxReport> {
    return inboxReport(await this.store.inbox.parts(), limit);
  }
}
