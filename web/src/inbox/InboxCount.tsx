import { useEffect, useState } from 'preact/hooks';
import { api, onConnection } from '../api/client.js';
import { formatCount } from '../lib/format.js';
import { appLocale } from '../app/preferences.js';

/**
 * The navigation's count of uncategorised rows beside "Inbox", read again when `tick` changes and
 * after every write any screen makes (a category set in the register, a group in the inbox, an
 * import, an undo), so it is never stale (issue 27 item 9).
 */
export function InboxCount({ tick }: { tick: string }) {
  const [count, setCount] = useState<number | null>(null);
  const [changed, setChanged] = useState(0);
  useEffect(
    () =>
      onConnection((event) => {
        if (event.kind === 'wrote') setChanged((at) => at + 1);
      }),
    [],
  );
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
        {formatCount(count, appLocale())}
      </span>
    </>
  );
}
