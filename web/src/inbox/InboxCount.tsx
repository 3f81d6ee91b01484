import { useEffect, useState } from 'preact/hooks';
import { api, onConnection } from '../api/client.js';
import { formatCount } from '../lib/format.js';
import { appLocale } from '../app/preferences.js';

/**
 * The navigation's count of uncategorised rows beside "Inbox", read again when `tick` changes and
 * after every write any screen makes (a category set in the register, a group in the inbox, an
 * import, an undo), so it is never stale (issue 27 item 9). It is the total of the uncategorised
 * rows' list (X-Total-Count of `category=&limit=0`, which the maintained counts answer): the
 * inbox's groups, which `GET /reports/inbox` computes from every such row, took 0.4–6 s at
 * 1,000,000 rows, on every screen change (issue 26).
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
      .GET('/transactions', { params: { query: { category: '', limit: 0 } } })
      .then(({ response }) => current && setCount(response.ok ? Number(response.headers.get('x-total-count')) : null))
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
