import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { saveToken } from '../api/session.js';
import type { Problem } from '../api/types.js';

/** Shown when the API answers 401: takes a token made with `moneta tokens create`. */
export function SignIn({ reason, onSignedIn }: { reason: string | null; onSignedIn(): void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    saveToken(token.trim());
    try {
      const { response, error: problem } = await api.GET('/transactions', { params: { query: { limit: 0 } } });
      if (response.status === 200 || response.status === 204) return onSignedIn();
      saveToken(null);
      setError((problem as Problem | undefined)?.detail ?? `the server answered ${response.status}`);
    } catch {
      saveToken(null);
      setError('Moneta did not answer; try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to Moneta</h1>
      <p>This server needs an API token. Make one on the server with <code>moneta tokens create &lt;name&gt;</code>.</p>
      {reason !== null && <p class="note">{reason}</p>}
      <form onSubmit={(event) => void submit(event)}>
        <label for="token">API token</label>
        <input
          id="token"
          name="token"
          type="password"
          autocomplete="off"
          required
          value={token}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? 'token-error' : undefined}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        {error !== null && (
          <p class="field-error" id="token-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy || token.trim() === ''}>
          Sign in
        </button>
      </form>
      <p class="small">The token is kept in this tab only (session storage) and forgotten when the tab closes.</p>
    </section>
  );
}
