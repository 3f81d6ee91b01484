import { useEffect, useState } from 'preact/hooks';
import { api } from './client.js';

/** What this session's token may do: asked of the server (GET /manage/access), never guessed from a failing write. */
export type Access = 'read-only' | 'read-write' | 'unknown';

/**
 * Asks the server what the token may do, again whenever `ask` changes (a new session, a retry after
 * an outage). Until it answers, the access is 'unknown', which screens treat as "may not write": no
 * write control is drawn that would then fail (issue 27 item 10). `setAccess` lets a refused write
 * (403 insufficient_scope) turn it read-only at once.
 */
export function useAccess(ask: string): [Access, (access: Access) => void] {
  const [access, setAccess] = useState<Access>('unknown');
  useEffect(() => {
    let current = true;
    void api
      .GET('/manage/access')
      .then(({ data }) => {
        if (current && data) setAccess(data.readOnly ? 'read-only' : 'read-write');
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [ask]);
  return [access, setAccess];
}
