import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { formatCount } from '../lib/format.js';

/** Sent by the inbox after it changed what is uncategorised, so the count follows at once. */
export const INBOX_CHANGED = 'moneta-inbox-changed';

/** The navigation's count of uncategorised rows beside "Inbox", read again when `tick` changes or the inbox says so. */
export function InboxCount({ tick }: { tick: string }) {
  const [count, setCount] = useState<number | null>(null);
  const [changed, setChanged] = useState(0);
  useEffect(() => {
    const onChanged = () => setChanged((at) => at + 1);
    addEventListener(INBOX_CHANGED, onChanged);
    return () => removeEventListener(INBOX_CHANGED, onChanged);
  }, []);
  useEffect(() => {
    let current = true;
    api
      .GET('/reports/inbox', { params: { query: { limit: 1 } } })
      .then(({ data }) => current && setCount(data?.count ?? null))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [tick, changed]);
  if (count === null || count === 0) return null;
  return (
    <>
      {' '}
      <span class="nav-count" title="Uncategorised transactions">
        {formatCount(count, navigator.language)}
      </span>
    </>
  );
}
