import { useState } from 'preact/hooks';
import { savedToken } from '../api/session.js';
import { ConfirmDialog } from '../register/ConfirmDialog.js';
import type { Access } from '../api/access.js';
import { useTokens, type CreatedToken, type TokenError } from './use-tokens.js';
import './settings-tokens.css';
import { appLocale } from '../app/preferences.js';

interface Props {
  access: Access;
  /** This tab's own token was revoked: forget it and show the sign-in screen. */
  onSignOut(): void;
}

const NAME_HINT = 'Letters, digits, dot, dash and underscore; up to 64 characters.';

function formatCreated(iso: string, locale: string): string {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso : when.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Settings: the API tokens (list, create with the secret shown once, revoke after asking). */
export function TokensSection({ access, onSignOut }: Props) {
  const locale = appLocale();
  const { tokens, loadError, create, revoke } = useTokens();
  const canWrite = access === 'read-write';
  const [name, setName] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TokenError | null>(null);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setRevoked(null);
    const answer = await create(name.trim(), readOnly && !first);
    setBusy(false);
    if ('token' in answer) {
      setCreated(answer);
      setCopied(null);
      setName('');
      setReadOnly(false);
    } else setError(answer);
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  const confirmRevoke = async () => {
    const target = asking;
    setAsking(null);
    if (target === null) return;
    const answer = await revoke(target);
    if (answer === 'revoked-own') return onSignOut();
    if (answer === 'revoked') {
      setRevoked(target);
      setError(null);
      if (created?.name === target) setCreated(null);
    } else setError(answer);
  };

  // The first token of an open server becomes this tab's token (see useTokens): it must be able to write.
  const first = tokens !== null && tokens.length === 0 && savedToken() === null;
  const nameError = error?.field === 'name' ? error.message : null;

  return (
    <section class="settings-card tokens-section" aria-labelledby="tokens-title">
      <h2 id="tokens-title">API tokens</h2>
      <p>
        Once a token exists, every request needs one: <code>Authorization: Bearer &lt;token&gt;</code>. Only a token's SHA-256 is stored, so a token is shown once,
        when it is made.
      </p>
      {loadError !== null && (
        <p class="field-error" role="alert">
          {loadError}
        </p>
      )}
      {tokens !== null && tokens.length === 0 && <p class="note" data-fact="no-tokens">No tokens: this server answers without one (it listens on this computer only).</p>}
      {tokens !== null && tokens.length > 0 && (
        <table class="token-table">
          <caption class="visually-hidden">API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Access</th>
              <th scope="col">Made</th>
              {canWrite && (
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.name} data-token={token.name}>
                <td class="token-name">{token.name}</td>
                <td>{token.readOnly ? 'Read-only' : 'Read and write'}</td>
                <td>
                  <time dateTime={token.createdAt} title={token.createdAt}>
                    {formatCreated(token.createdAt, locale)}
                  </time>
                </td>
                {canWrite && (
                  <td class="token-actions">
                    <button type="button" class="button danger" aria-label={`Revoke ${token.name}`} onClick={() => setAsking(token.name)}>
                      Revoke
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {revoked !== null && <p role="status">Revoked “{revoked}”: requests carrying it are refused from now on.</p>}
      {created !== null && (
        <div class="token-secret" role="status" aria-labelledby="token-secret-title">
          <h3 id="token-secret-title">Token “{created.name}” made{created.readOnly ? ' (read-only)' : ''}</h3>
          <p class="token-warning">Copy it now: you will not see it again. Moneta keeps only its SHA-256.</p>
          <div class="token-value">
            <code data-secret>{created.token}</code>
            <button type="button" class="button primary" onClick={() => void copy()}>
              Copy
            </button>
          </div>
          {copied === 'yes' && <p class="note">Copied to the clipboard.</p>}
          {copied === 'no' && <p class="note">The browser did not allow copying: select the token and copy it by hand.</p>}
          <button type="button" class="link-button" onClick={() => setCreated(null)}>
            I have stored it; hide it
          </button>
        </div>
      )}
      {access === 'read-only' && <p class="note">A read-only token can see the list but cannot make or revoke tokens.</p>}
      {canWrite && (
        <form class="token-form" onSubmit={(event) => void submit(event)} noValidate>
          <h3>Make a token</h3>
          <div class="token-fields">
            <div class="token-field">
              <label for="token-name">Name</label>
              <input
                id="token-name"
                value={name}
                onInput={(event) => setName(event.currentTarget.value)}
                autocomplete="off"
                spellcheck={false}
                aria-invalid={nameError !== null}
                aria-describedby={nameError !== null ? 'token-name-error' : 'token-name-hint'}
              />
              {nameError !== null ? (
                <span class="field-error" id="token-name-error">
                  {nameError}
                </span>
              ) : (
                <span class="small" id="token-name-hint">
                  {NAME_HINT}
                </span>
              )}
            </div>
            <label class="check">
              <input type="checkbox" checked={readOnly && !first} disabled={first} onChange={(event) => setReadOnly(event.currentTarget.checked)} /> Read-only (may look,
              never change)
            </label>
            <button type="submit" class="button primary" disabled={busy || name.trim() === ''}>
              {busy ? 'Making…' : 'Make token'}
            </button>
          </div>
          {first && <p class="note">This is the first token: from now on the server asks for one, and this tab signs in with it, so it can read and write.</p>}
          {error !== null && error.field !== 'name' && (
            <p class="field-error" role="alert">
              {error.message}
            </p>
          )}
        </form>
      )}
      {asking !== null && (
        <ConfirmDialog
          title={`Revoke the token “${asking}”?`}
          detail="Every program or browser using it is refused from its next request. If this tab signed in with it, you will be signed out. This cannot be undone: make a new token instead."
          action="Revoke"
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
