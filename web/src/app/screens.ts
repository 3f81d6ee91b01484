/**
 * The screens that exist (the design's six, Settings last): the
 * navigation never offers a screen that is not there.
 */
export const SCREENS = [
  { id: 'register', label: 'Register', path: '/app/' },
  { id: 'inbox', label: 'Inbox', path: '/app/inbox' },
  { id: 'import', label: 'Import', path: '/app/import' },
  { id: 'rules', label: 'Rules', path: '/app/rules' },
  { id: 'reports', label: 'Reports', path: '/app/reports' },
  { id: 'settings', label: 'Settings', path: '/app/settings' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

/** The screen a path shows; anything unknown under /app/ is the register. */
export function screenAt(pathname: string): ScreenId {
  const path = pathname.replace(/\/+$/, '');
  return SCREENS.find((screen) => screen.path !== '/app/' && screen.path === path)?.id ?? 'register';
}
