import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { InboxGroup } from '../lib/inbox.js';

/** How many groups the screen shows (the API's largest page); the headline counts them all. */
export const INBOX_GROUPS = 1000;

export interface InboxData {
  count: number;
  groupCount: number;
  groups: InboxGroup[];
}

export interface InboxSource {
  data: InboxData | null;
  failed: boolean;
  /** Read the inbox again (after an undo, or Try again). */
  reload(): void;
  /** The groups as the screen now knows them (a group categorised leaves at once). */
  set(data: InboxData): void;
}

/** The inbox, read again on each retry tick; the previous groups stay while it loads. */
export function useInbox(retryTick: number): InboxSource {
  const [data, setData] = useState<InboxData | null>(null);
  const [failed, setFailed] = useState(false);
  const [again, setAgain] = useState(0);
  useEffect(() => {
    let current = true;
    api
      .GET('/reports/inbox', { params: { query: { limit: INBOX_GROUPS } } })
      .then(({ data: answer }) => {
        if (!current) return;
        setFailed(!answer);
        if (answer) setData(answer);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [retryTick, again]);
  return { data, failed, reload: () => setAgain((at) => at + 1), set: setData };
}
