import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';

export type Access = 'read-only' | 'read-write' | 'unknown';

/**
 * Whether this token may write, asked of the server: a rule preview with an empty body writes
 * nothing and is refused either way, 403 (insufficient scope) to a read-only token before it is
 * read, 400 to one that may write. The 403 also turns the whole app read-only.
 */
export function useAccess(knownReadOnly: boolean): Access {
  const [access, setAccess] = useState<Access>(knownReadOnly ? 'read-only' : 'unknown');
  useEffect(() => {
    if (knownReadOnly) return setAccess('read-only');
    let current = true;
    void api
      .POST('/rules/preview', { body: {} })
      .then(({ response }) => current && setAccess(response.status === 403 ? 'read-only' : response.status === 400 ? 'read-write' : 'unknown'))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [knownReadOnly]);
  return access;
}
