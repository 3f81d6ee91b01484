import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';

export type Access = 'read-only' | 'read-write' | 'unknown';

/**
 * Whether this token may write, asked of the server: adding a category with an empty name
 * writes nothing and is refused either way, 403 (insufficient scope) to a read-only token before
 * its body is read, 400 (the name) to one that may write. The 403 also turns the whole app
 * read-only.
 */
export function useAccess(knownReadOnly: boolean): Access {
  const [access, setAccess] = useState<Access>(knownReadOnly ? 'read-only' : 'unknown');
  useEffect(() => {
    if (knownReadOnly) return setAccess('read-only');
    let current = true;
    void api
      .POST('/manage/categories', { body: { name: '' } })
      .then(({ response }) => current && setAccess(response.status === 403 ? 'read-only' : response.status === 400 ? 'read-write' : 'unknown'))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [knownReadOnly]);
  return access;
}
