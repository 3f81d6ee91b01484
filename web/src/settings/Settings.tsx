import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { savedToken } from '../api/session.js';
import type { Problem } from '../api/types.js';
import { formatCount } from '../lib/format.js';
import { CatalogueSections } from './CatalogueSections.js';
import type { Access } from '../api/access.js';
import { AccountsSection } from './AccountsSection.js';
import { BackupSection } from './BackupSection.js';
import { DisplaySection } from './DisplaySection.js';
import { TokensSection } from './TokensSection.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  /** What the token may do, as the server said (GET /manage/access). */
  access: Access;
  onSignOut(): void;
}

type Health = { status: string; store: { engine: string; reachable: boolean } };

/** The session (token, access, sign out), the demo data, and what this server says about itself. */
export function Settings({ access, onSignOut }: Props) {
  const locale = appLocale();
  const token = savedToken();
  const [health, setHealth] = useState<Health | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [demo, setDemo] = useState<{ busy: boolean; message: string | null; error: string | null }>({ busy: false, message: null, error: null });
  const [epoch, setEpoch] = useState(0);

  useEffect(() => {
    void api.GET('/healthz').then(({ data }) => setHealth((data as Health | undefined) ?? null)).catch(() => setHealth(null));
    void api
      .GET('/transactions', { params: { query: { limit: 0 } } })
      .then(({ response }) => setCount(response.ok ? Number(response.headers.get('x-total-count')) : null))
      .catch(() => setCount(null));
  }, [epoch]);

  const loadDemo = async () => {
    setDemo({ busy: true, message: null, error: null });
    try {
      const { data, error, response } = await api.POST('/manage/demo');
      if (data) setDemo({ busy: false, message: `Loaded ${formatCount(data.transactions, locale)} transactions, ${data.banks} banks and ${data.categories} categories.`, error: null });
      else setDemo({ busy: false, message: null, error: (error as Problem | undefined)?.detail ?? `the server answered ${response.status}` });
    } catch {
      setDemo({ busy: false, message: null, error: 'Moneta did not answer; try again.' });
    }
    setEpoch((at) => at + 1);
  };

  return (
    <section class="settings" aria-labelledby="settings-title">
      <header class="screen-head">
        <h1 id="settings-title">Settings</h1>
      </header>
      <section class="settings-card" aria-labelledby="session-title">
        <h2 id="session-title">This session</h2>
        <dl class="facts">
          <div>
            <dt>Token</dt>
            <dd data-fact="token">
              {token === null ? 'None: this server answers without a token.' : `A token ending in …${token.slice(-4)}, kept in this tab only (session storage).`}
            </dd>
          </div>
          <div>
            <dt>Access</dt>
            <dd data-fact="access">{access === 'read-only' ? 'Read-only: this token can look but not change anything.' : access === 'read-write' ? 'Read and write.' : 'Checking…'}</dd>
          </div>
        </dl>
        {token !== null && (
          <button type="button" class="button" onClick={onSignOut}>
            Sign out
          </button>
        )}
      </section>
      <section class="settings-card" aria-labelledby="demo-title">
        <h2 id="demo-title">Demo data</h2>
        <p>3 banks, 20 categories and 2,000 transactions over two years, to try things out. Moneta loads them only into an empty store, so they never mix with real data.</p>
        {count !== null && <p class="note" data-fact="count">The store holds {formatCount(count, locale)} {count === 1 ? 'transaction' : 'transactions'}.</p>}
        <button type="button" class="button" disabled={demo.busy || access !== 'read-write' || count !== 0} onClick={() => void loadDemo()}>
          {demo.busy ? 'Loading demo data…' : 'Load demo data'}
        </button>
        {access === 'read-only' && <p class="note">A read-only token cannot load data.</p>}
        {demo.message !== null && <p role="status">{demo.message}</p>}
        {demo.error !== null && (
          <p class="field-error" role="alert">
            {demo.error}
          </p>
        )}
      </section>
      <DisplaySection />
      <TokensSection access={access} onSignOut={onSignOut} />
      <BackupSection />
      <section class="settings-card" aria-labelledby="server-title">
        <h2 id="server-title">Server</h2>
        <dl class="facts">
          <div>
            <dt>Version</dt>
            <dd data-fact="version">Moneta {__MONETA_VERSION__} (the build this server serves)</dd>
          </div>
          <div>
            <dt>Store</dt>
            <dd data-fact="store">{health === null ? 'Not answering' : `${health.store.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${health.store.reachable ? 'reachable' : 'not reachable'}`}</dd>
          </div>
        </dl>
        <p class="small">
          The API and its reference: <a href="/docs">/docs</a>.
        </p>
      </section>
      <AccountsSection access={access} />
      <CatalogueSections access={access} />
    </section>
  );
}
