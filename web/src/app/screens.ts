/**
 * The screens that exist. The design's others (Inbox, Import, Rules, Reports, Settings) join
 * this list when they are built: the navigation never offers a screen that is not there.
 */
export const SCREENS = [{ id: 'register', label: 'Register', path: '/app/' }] as const;
