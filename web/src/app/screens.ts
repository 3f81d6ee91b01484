/**
 * The screens that exist (the design's six, Settings last): the
 * navigation never offers a screen that is not there.
 */
export const SCREENS = [
  { id: 'register', label: 'Register', path: '/app/' },
  { id: 'inbox', label: 'Inbox', path: '/app/inbox' },
  { id: 'import', label: 'Import', path: '/app/import' },
  { id: 'accounts', label: 'Accounts', path: '/app/accounts' },
  { id: 'rules', label: 'Rules', path: '/app/rules' },
  { id: 'reports', label: 'Reports', path: '/app/reports' },
  { id: 'settings', label: 'Settings', path: '/app/settings' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

/** The screen a path shows: the register at /app/, and "not found" for a path no screen has. */
export function screenAt(pathname: string): ScreenId | 'account' | 'not-found' {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/app' || path === '/app/index.html') return 'register';
  if (accountAt(path) !== null) return 'account';
  return SCREENS.find((screen) => screen.path !== '/app/' && screen.path === path)?.id ?? 'not-found';
}

/** The browser tab's title for a screen. */
export function titleOf(screen: ScreenId | 'account' | 'not-found'): string {
  const label = screen === 'not-found' ? 'Not found' : screen === 'account' ? 'Account' : SCREENS.find((each) => each.id === screen)!.label;
  return `${label} · Moneta`;
}

/** The account an account screen's path (`/app/accounts/12`) shows, or null. */
export function accountAt(pathname: string): number | null {
  const match = /^\/app\/accounts\/([1-9]\d{0,15})\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}
