/**
 * The API token lives in sessionStorage: it survives a reload of this tab, is gone when the tab
 * or browser closes, is not shared with other tabs, and no other origin can read it. Never
 * localStorage (it would stay on disk for any later script on the origin to find).
 */
const KEY = 'moneta.token';

export function savedToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string | null): void {
  if (token === null) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, token);
}
