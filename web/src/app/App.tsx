import { useEffect, useState } from 'preact/hooks';
import { onConnection } from '../api/client.js';
import { saveToken, savedToken } from '../api/session.js';
import { Register } from '../register/Register.js';
import { SCREENS } from './screens.js';
import { SignIn } from './SignIn.js';

const RETRY_SECONDS = 3;

export function App() {
  const [signIn, setSignIn] = useState<string | null | false>(false);
  const [readOnly, setReadOnly] = useState(false);
  const [outage, setOutage] = useState<string | null>(null);
  const [retryTick, setRetryTick] = useState(0);
  const [session, setSession] = useState(0);

  useEffect(
    () =>
      onConnection((event) => {
        if (event.kind === 'unauthorized') setSignIn(savedToken() ? 'The token was not accepted (revoked or mistyped).' : null);
        else if (event.kind === 'read-only') setReadOnly(true);
        else if (event.kind === 'unavailable') setOutage(event.detail);
        else setOutage(null);
      }),
    [],
  );

  // Moneta is not answering: keep the page, say so, and ask again every few seconds.
  useEffect(() => {
    if (outage === null) return;
    const timer = setTimeout(() => setRetryTick((tick) => tick + 1), RETRY_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [outage, retryTick]);

  const signOut = () => {
    saveToken(null);
    setReadOnly(false);
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
          {SCREENS.map((screen) => (
            <li key={screen.id}>
              <a href={screen.path} aria-current="page">
                {screen.label}
              </a>
            </li>
          ))}
        </ul>
        {savedToken() !== null && signIn === false && (
          <button type="button" class="sign-out" onClick={signOut}>
            Sign out
          </button>
        )}
      </nav>
      <main id="main" class="main">
        {outage !== null && (
          <div class="banner warning" role="alert">
            Moneta is not answering ({outage}). Retrying in {RETRY_SECONDS} s…{' '}
            <button type="button" onClick={() => setRetryTick((tick) => tick + 1)}>
              Retry now
            </button>
          </div>
        )}
        {readOnly && signIn === false && (
          <div class="banner info" role="status">
            Read-only: this token can look but not change anything.
          </div>
        )}
        {signIn !== false ? (
          <SignIn
            reason={signIn}
            onSignedIn={() => {
              setSignIn(false);
              setReadOnly(false);
              setSession((at) => at + 1);
            }}
          />
        ) : (
          <Register key={session} readOnly={readOnly} retryTick={retryTick} />
        )}
      </main>
    </div>
  );
}
