import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';

/** The file name the server gives in Content-Disposition, or a dated one. */
export function backupFileName(disposition: string | null, today: Date): string {
  const named = /filename="([A-Za-z0-9._-]+)"/.exec(disposition ?? '')?.[1];
  return named ?? `moneta-${today.toISOString().slice(0, 10)}.db`;
}

/**
 * Settings: download the whole store as one SQLite file. A plain link cannot send the token, so
 * the file is fetched with the Authorization header (the one client) and saved through a Blob URL.
 * Any token may download it: it is a read.
 */
export function BackupSection() {
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: string | null }>({ busy: false, message: null, error: null });

  const download = async () => {
    setState({ busy: true, message: null, error: null });
    try {
      const { data, error, response } = await api.GET('/manage/backup', { parseAs: 'blob' });
      if (!data) {
        setState({ busy: false, message: null, error: (error as Problem | undefined)?.detail ?? `the server answered ${response.status}` });
        return;
      }
      const name = backupFileName(response.headers.get('content-disposition'), new Date());
      const url = URL.createObjectURL(data as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has the file once the click is handled; the URL is freed on the next turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setState({ busy: false, message: `Saved ${name} (${Math.max(1, Math.round((data as Blob).size / 1024))} KB).`, error: null });
    } catch {
      setState({ busy: false, message: null, error: 'Moneta did not answer; try again.' });
    }
  };

  return (
    <section class="settings-card" aria-labelledby="backup-title">
      <h2 id="backup-title">Backup</h2>
      <p>
        The whole store (transactions, banks, categories, rules, imports, token hashes) as one SQLite file, copied from one consistent moment while Moneta keeps running.
        Restore it with <code>moneta restore &lt;file&gt;</code>, or move it into PostgreSQL with <code>moneta copy</code>.
      </p>
      <button type="button" class="button" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing the backup…' : 'Download a backup'}
      </button>
      {state.message !== null && <p role="status">{state.message}</p>}
      {state.error !== null && (
        <p class="field-error" role="alert">
          {state.error}
        </p>
      )}
    </section>
  );
}
