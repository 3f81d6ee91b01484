import { useEffect, useState } from 'preact/hooks';
import { useAccess } from '../api/access.js';
import { onConnection } from '../api/client.js';
import { saveToken, savedToken } from '../api/session.js';
import { Inbox } from '../inbox/Inbox.js';
import { InboxCount } from '../inbox/InboxCount.js';
import { Import } from '../import/Import.js';
import { AccountScreen } from '../accounts/AccountScreen.js';
import { AccountsScreen } from '../accounts/AccountsScreen.js';
import { NavAccounts } from '../accounts/NavAccounts.js';
import { Register } from '../register/Register.js';
import { Reports } from '../reports/Reports.js';
import { Rules } from '../rules/Rules.js';
import { Settings } from '../settings/Settings.js';
import { OutageBanner, type Outage } from './OutageBanner.js';
import { onPreferences } from './preferences.js';
import { NotFound } from './NotFound.js';
import { accountAt, SCREENS, screenAt, titleOf, type ScreenId } from './screens.js';
import { SignIn } from './SignIn.js';

export function App() {
  const [signIn, setSignIn] = useState<string | null | false>(false);
  const [outage, setOutage] = useState<Outage | null>(null);
  const [retryTick, setRetryTick] = useState(0);
  const [session, setSession] = useState(0);
  const [access, setAccess] = useAccess(`${session}:${retryTick}`);
  // Until the server has said, a screen draws no write control that would then fail.
  const readOnly = access !== 'read-write';
  const [screen, setScreen] = useState<ScreenId | 'account' | 'not-found'>(() => screenAt(location.pathname));
  // The account screens differ by path alone (/app/accounts/1, /app/accounts/2).
  const [pathname, setPathname] = useState(location.pathname);
  useEffect(() => {
    document.title = titleOf(screen);
  }, [screen]);
  // A new locale or date style (Settings, Display): every screen draws again with it.
  const [, setPreferencesTick] = useState(0);
  useEffect(() => onPreferences(() => setPreferencesTick((tick) => tick + 1)), []);

  // Back and forward between screens: the path is the screen.
  useEffect(() => {
    const onPop = () => {
      setScreen(screenAt(location.pathname));
      setPathname(location.pathname);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  /** A plain click on a screen's link moves without a reload; a modified click opens as links do. */
  const go = (event: MouseEvent, to: ScreenId, path: string) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (to === screen && location.search === '') return;
    history.pushState(null, '', path);
    setScreen(to);
    setPathname(path);
  };

  useEffect(
    () =>
      onConnection((event) => {
        if (event.kind === 'unauthorized') setSignIn(savedToken() ? 'The token was not accepted (revoked or mistyped).' : null);
        else if (event.kind === 'read-only') setAccess('read-only');
        else if (event.kind === 'unavailable') setOutage((was) => ({ detail: event.detail, retryAfter: event.retryAfter, serial: (was?.serial ?? 0) + 1 }));
        else setOutage(null);
      }),
    [],
  );

  const signOut = () => {
    saveToken(null);
    setAccess('unknown');
    setSignIn(null);
  };

  return (
    <div class="app">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <nav class="nav" aria-label="Screens">
        <span class="brand">Moneta</span>
        <ul>
          {SCREENS.map((each) => (
            <li key={each.id}>
              <a href={each.path} aria-current={each.id === screen ? 'page' : undefined} onClick={(event) => go(event, each.id, each.path)}>
                {each.label}
                {each.id === 'inbox' && signIn === false && <InboxCount tick={`${screen} ${session} ${retryTick}`} />}
              </a>
            </li>
          ))}
        </ul>
        {signIn === false && <NavAccounts current={screen === 'account' ? accountAt(pathname) : null} tick={`${session} ${retryTick}`} />}
        {savedToken() !== null && signIn === false && (
          <button type="button" class="sign-out" onClick={signOut}>
            Sign out
          </button>
        )}
      </nav>
      <main id="main" class="main">
        {/* Moneta is not answering: keep the page, say so, and ask again when the server said to. */}
        {outage !== null && <OutageBanner outage={outage} onRetry={() => setRetryTick((tick) => tick + 1)} />}
        {access === 'read-only' && signIn === false && (
          <div class="banner info" role="status">
            Read-only: this token can look but not change anything.
          </div>
        )}
        {signIn !== false ? (
          <SignIn
            reason={signIn}
            onSignedIn={() => {
              setSignIn(false);
              setAccess('unknown');
              setSession((at) => at + 1);
            }}
          />
        ) : screen === 'inbox' ? (
          <Inbox key={session} readOnly={readOnly} retryTick={retryTick} />
        ) : screen === 'import' ? (
          <Import key={session} access={access} retryTick={retryTick} />
        ) : screen === 'accounts' ? (
          <AccountsScreen key={session} readOnly={readOnly} retryTick={retryTick} />
        ) : screen === 'account' ? (
          <AccountScreen key={`${session} ${pathname}`} accountId={accountAt(pathname) ?? 0} readOnly={readOnly} retryTick={retryTick} />
        ) : screen === 'rules' ? (
          <Rules key={session} readOnly={readOnly} retryTick={retryTick} />
        ) : screen === 'reports' ? (
          <Reports key={session} />
        ) : screen === 'settings' ? (
          <Settings key={session} access={access} onSignOut={signOut} />
        ) : screen === 'not-found' ? (
          <NotFound onHome={(event) => go(event, 'register', '/app/')} />
        ) : (
          <Register key={session} readOnly={readOnly} retryTick={retryTick} />
        )}
      </main>
    </div>
  );
}
