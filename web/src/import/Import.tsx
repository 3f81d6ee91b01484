import { useEffect, useState } from 'preact/hooks';
import { STATEMENT_FORMATS } from '../lib/formats.js';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { inApp } from '../app/navigate.js';
import { useKeys } from '../app/use-keys.js';
import { formatCount } from '../lib/format.js';
import { DATE_FORMATS, profileHeaderValue, registerQueryFor, rowsWritten } from '../lib/import-report.js';
import { ConfirmDialog } from '../register/ConfirmDialog.js';
import { useCatalogue } from '../register/use-catalogue.js';
import type { Access } from '../api/access.js';
import { useAccounts } from '../accounts/use-accounts.js';
import { AccountChoice } from './AccountChoice.js';
import { BalanceCheckView } from './BalanceCheckView.js';
import { BankChoice } from './BankChoice.js';
import { FilePicker } from './FilePicker.js';
import { sendStatement, type FieldMessages, type ImportFormat, type ImportReport, type ImportSummary } from './import-calls.js';
import { ImportHistory } from './ImportHistory.js';
import { ReportView } from './ReportView.js';
import { useImportHistory } from './use-import-history.js';
import './import.css';
import { appLocale } from '../app/preferences.js';

interface Props {
  /** What the token may do, as the server said (GET /manage/access). */
  access: Access;
  retryTick: number;
}

const STEPS = ['File', 'Bank', 'Check', 'Done'] as const;
/** The most rows read back to find the dates an import spans. */
const DATES_PAGE = 2000;
const FORMATS: Array<[ImportFormat, string]> = [['auto', 'Recognise it'], ...STATEMENT_FORMATS.map(({ id, label }): [ImportFormat, string] => [id, label])];

/** Import a statement: file, bank, a dry run's report row by row, then the import; and the history with Undo. */
export function Import({ access, retryTick }: Props) {
  const locale = appLocale();
  const canWrite = access === 'read-write';
  const catalogue = useCatalogue();
  const history = useImportHistory(retryTick);
  const [file, setFile] = useState<File | null>(null);
  const [bank, setBank] = useState('');
  const [account, setAccount] = useState<number | null>(null);
  const accounts = useAccounts(String(retryTick));
  const accountName = (id: number | undefined) => accounts.accounts?.find((each) => each.id === id)?.name ?? 'the account';
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [profile, setProfile] = useState('');
  const [dateFormat, setDateFormat] = useState('');
  /** A profile file of one's own: its name, and its JSON as the header carries it (null: the file is not JSON). */
  const [ownProfile, setOwnProfile] = useState<{ name: string; header: string | null } | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [checked, setChecked] = useState<ImportReport | null>(null);
  const [done, setDone] = useState<ImportReport | null>(null);
  const [undoing, setUndoing] = useState<ImportSummary | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [undone, setUndone] = useState<ReadonlySet<number>>(new Set());
  const [addedDates, setAddedDates] = useState<string[]>([]);
  // A new report (or the import's result) is what the person reads next: bring it into view.
  useEffect(() => {
    const heading = document.getElementById(done ? 'done-title' : 'check-title');
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [checked, done]);
  const bankName = (id: string) => catalogue.banks.find((each) => each.id === id)?.name ?? id;

  /** Any change to what would be imported asks for a new check. */
  const changed = () => {
    setChecked(null);
    setDone(null);
    setErrors({});
    setMessage(null);
  };
  const step = done ? 4 : checked ? 3 : file === null ? 1 : bank === '' ? 2 : 3;

  const send = async (dryRun: boolean) => {
    if (!file) return setErrors({ file: 'Choose a statement file first.' });
    if (bank === '') return setErrors({ bank: 'Choose the bank the statement comes from.' });
    setBusy(dryRun ? 'check' : 'import');
    setErrors({});
    setMessage(null);
    const answer = await sendStatement(file, { bank, account, format, profile, dateFormat, ownProfile: ownProfile?.header ?? null, skipInvalid }, dryRun);
    setBusy(null);
    if ('errors' in answer) return setErrors(answer.errors);
    if (dryRun) return setChecked(answer.report);
    if (answer.report.outcome === 'rejected') {
      setChecked(answer.report);
      return setErrors({ form: 'Nothing was imported: the file has invalid rows. Fix them, or tick "Skip the invalid rows".' });
    }
    setDone(answer.report);
    history.reload();
  };

  /**
   * The import taken back by its change while the server keeps it (docs/undo.md: exactly its rows
   * no later change touched); past the undo retention, every row of it still in the list (undoImport).
   */
  const undoImport = async (entry: ImportSummary): Promise<{ ok: true; trashed: number; left: number } | { ok: false; problem: string }> => {
    const refused = (error: unknown, status: number) => ({ ok: false as const, problem: (error as Problem | undefined)?.detail ?? `Moneta answered ${status}` });
    if (entry.change !== undefined) {
      const { data, error, response } = await api.POST('/changes/{change}/undo', { params: { path: { change: entry.change } } });
      return data ? { ok: true, trashed: data.trashed, left: data.conflicts.length } : refused(error, response.status);
    }
    const { data, error, response } = await api.POST('/imports/{importId}/undo', { params: { path: { importId: entry.id } } });
    return data ? { ok: true, trashed: data.deleted, left: 0 } : refused(error, response.status);
  };

  const undo = async (entry: ImportSummary) => {
    setUndoing(null);
    try {
      const answer = await undoImport(entry);
      if (!answer.ok) return setMessage(`Undo failed: ${answer.problem}.`);
      const left = answer.left > 0 ? ` ${formatCount(answer.left, locale)} changed since were left as they are.` : '';
      setMessage(`Undone: ${formatCount(answer.trashed, locale)} transaction${answer.trashed === 1 ? '' : 's'} from ${entry.fileName} moved to the trash (restorable from the trash).${left}`);
      setUndone((ids) => new Set([...ids, entry.id]));
      if (done?.importId === entry.id) setDone(null);
      history.reload();
    } catch {
      setMessage('Undo failed: Moneta did not answer; try again.');
    }
  };

  // The dates the import's rows span, for the register link: read when they fit one page.
  useEffect(() => {
    setAddedDates([]);
    if (done?.importId === undefined || rowsWritten(done) === 0 || rowsWritten(done) > DATES_PAGE) return;
    let current = true;
    api
      .GET('/imports/{importId}', { params: { path: { importId: done.importId }, query: { limit: DATES_PAGE } } })
      .then(({ data }) => current && data && data.rows.length === data.inList && setAddedDates(data.rows.map((row) => row.date)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [done]);

  const canCheck = busy === null && file !== null && bank !== '' && ownProfile?.header !== null;
  // A row in conflict (a bank id already on another transaction) is imported as a transaction of
  // its own, so it counts as a row the import writes (issue 27 item 2).
  const toWrite = checked === null ? 0 : rowsWritten(checked);
  const canImport = checked !== null && done === null && busy === null && toWrite > 0 && (checked.invalid === 0 || skipInvalid);
  useKeys(canWrite && undoing === null, {
    o: () => document.getElementById('import-file')?.click(),
    c: () => canCheck && void send(true),
    i: () => canImport && void send(false),
  });

  const registerLink = `/app/${registerQueryFor(done?.bank ?? bank, addedDates)}`;
  const doneEntry = done?.importId !== undefined ? history.imports?.find((entry) => entry.id === done.importId) : undefined;

  return (
    <section class="import" aria-labelledby="import-title">
      <header class="screen-head">
        <h1 id="import-title">Import</h1>
        {canWrite && (
          <ol class="stepper" aria-label="Steps">
            {STEPS.map((name, index) => (
              <li key={name} aria-current={step === index + 1 ? 'step' : undefined} class={step > index + 1 ? 'passed' : ''}>
                <span class="step-number">{index + 1}</span> {name}
              </li>
            ))}
          </ol>
        )}
      </header>
      {access === 'read-only' ? (
        <p class="note">This token is read-only: it can see the imported files, not import or undo.</p>
      ) : (
        canWrite && (
          <div class="import-card import-steps">
            <FilePicker
              key={pickerKey}
              file={file}
              error={errors.file}
              onFile={(picked) => {
                setFile(picked);
                changed();
              }}
            />
            <BankChoice
              banks={catalogue.banks}
              bank={bank}
              error={errors.bank}
              onChoose={(id) => {
                setBank(id);
                setAccount(null);
                changed();
              }}
              onCreated={(created) => {
                catalogue.reload();
                setBank(created.id);
                setAccount(null);
                changed();
              }}
            />
            {bank !== '' && (
              <AccountChoice
                accounts={accounts.accounts}
                bank={bank}
                bankName={bankName(bank)}
                account={account}
                error={errors.account}
                onChoose={(id) => {
                  setAccount(id);
                  changed();
                }}
                onCreated={(created) => {
                  accounts.reload();
                  setAccount(created.id);
                  changed();
                }}
              />
            )}
            <details
              class="import-options"
              open={format !== 'auto' || profile !== '' || dateFormat !== '' || ownProfile !== null || ['format', 'profile', 'dateFormat', 'ownProfile'].some((name) => errors[name as keyof typeof errors] !== undefined)}
            >
              <summary>Format, CSV profile and date format (optional)</summary>
              <div class="form-grid">
                <div class="form-field">
                  <label for="import-format">Format</label>
                  <select
                    id="import-format"
                    value={format}
                    aria-invalid={errors.format !== undefined}
                    aria-describedby={errors.format !== undefined ? 'import-format-error' : undefined}
                    onChange={(event) => {
                      setFormat(event.currentTarget.value as ImportFormat);
                      changed();
                    }}
                  >
                    {FORMATS.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                  {errors.format !== undefined && (
                    <p class="field-error" id="import-format-error">
                      {errors.format}
                    </p>
                  )}
                </div>
                <div class="form-field">
                  <label for="import-profile">CSV profile</label>
                  <input
                    id="import-profile"
                    value={profile}
                    placeholder="the one whose columns match"
                    maxLength={64}
                    aria-invalid={errors.profile !== undefined}
                    aria-describedby={`import-profile-help${errors.profile !== undefined ? ' import-profile-error' : ''}`}
                    onInput={(event) => {
                      setProfile(event.currentTarget.value);
                      changed();
                    }}
                  />
                  <span class="small" id="import-profile-help">
                    A built-in profile name such as ing-de, dkb or revolut (moneta profiles list).
                  </span>
                  {errors.profile !== undefined && (
                    <p class="field-error" id="import-profile-error">
                      {errors.profile}
                    </p>
                  )}
                </div>
                <div class="form-field">
                  <label for="import-date-format">Date format (CSV)</label>
                  <select
                    id="import-date-format"
                    value={dateFormat}
                    aria-invalid={errors.dateFormat !== undefined}
                    aria-describedby={errors.dateFormat !== undefined ? 'import-date-format-error' : undefined}
                    onChange={(event) => {
                      setDateFormat(event.currentTarget.value);
                      changed();
                    }}
                  >
                    <option value="">Automatic (when unambiguous)</option>
                    {DATE_FORMATS.map((layout) => (
                      <option key={layout} value={layout}>
                        {layout}
                      </option>
                    ))}
                  </select>
                  {errors.dateFormat !== undefined && (
                    <p class="field-error" id="import-date-format-error">
                      {errors.dateFormat} Choose the date format above.
                    </p>
                  )}
                </div>
                <div class="form-field">
                  <label for="import-own-profile">A profile file of your own (CSV)</label>
                  <input
                    id="import-own-profile"
                    type="file"
                    accept=".json,application/json"
                    aria-invalid={errors.ownProfile !== undefined || ownProfile?.header === null}
                    aria-describedby={`import-own-profile-help${errors.ownProfile !== undefined || ownProfile?.header === null ? ' import-own-profile-error' : ''}`}
                    onChange={(event) => {
                      const chosen = event.currentTarget.files?.[0];
                      changed();
                      if (!chosen) return setOwnProfile(null);
                      void chosen.text().then((text) => setOwnProfile({ name: chosen.name, header: profileHeaderValue(text) }));
                    }}
                  />
                  <span class="small" id="import-own-profile-help">
                    The JSON of a CSV profile (docs/importing.md), for a layout no built-in profile reads; it replaces the profile name.
                  </span>
                  {(errors.ownProfile !== undefined || ownProfile?.header === null) && (
                    <p class="field-error" id="import-own-profile-error">
                      {ownProfile?.header === null ? `${ownProfile.name} is not JSON.` : errors.ownProfile}
                    </p>
                  )}
                </div>
              </div>
            </details>
            <div class="form-actions">
              <button type="button" class="button primary" disabled={!canCheck} aria-keyshortcuts="c" onClick={() => void send(true)}>
                {busy === 'check' ? 'Checking…' : checked ? 'Check again' : 'Check the file'} <kbd>c</kbd>
              </button>
              <span class="small">A check reads every row and changes nothing.</span>
            </div>
            {errors.form !== undefined && (
              <p class="field-error" role="alert">
                {errors.form}
              </p>
            )}
          </div>
        )
      )}
      {canWrite && checked !== null && done === null && (
        <section class="import-card" aria-labelledby="check-title">
          <h2 id="check-title" tabIndex={-1}>
            <span class="step-number">3</span> Check
          </h2>
          <BalanceCheckView report={checked} accountName={accountName(checked.account)} />
          <ReportView report={checked} bankName={bankName} />
          <div class="form-actions">
            {checked.invalid > 0 && (
              <label class="check">
                <input type="checkbox" checked={skipInvalid} onChange={(event) => setSkipInvalid(event.currentTarget.checked)} /> Skip the invalid rows
              </label>
            )}
            <button type="button" class="button primary" disabled={!canImport} aria-keyshortcuts="i" onClick={() => void send(false)}>
              {busy === 'import' ? 'Importing…' : `Import ${formatCount(toWrite, locale)} new row${toWrite === 1 ? '' : 's'}`} <kbd>i</kbd>
            </button>
            {toWrite === 0 && <span class="small">Nothing new to import.</span>}
          </div>
        </section>
      )}
      {done !== null && (
        <section class="import-card" aria-labelledby="done-title">
          <h2 id="done-title" tabIndex={-1}>
            <span class="step-number">4</span> Done
          </h2>
          <BalanceCheckView report={done} accountName={accountName(done.account)} />
          <ReportView report={done} bankName={bankName} />
          <div class="form-actions">
            <a class="button primary" href={registerLink} onClick={(event) => inApp(event, registerLink)}>
              {addedDates.length > 0 ? `Show ${bankName(done.bank)} on the imported dates in the register` : `Show ${bankName(done.bank)} in the register`}
            </a>
            {done.account !== undefined && (
              <a class="button" href={`/app/accounts/${done.account}`} onClick={(event) => inApp(event, `/app/accounts/${done.account}`)}>
                Open {accountName(done.account)}
              </a>
            )}
            {doneEntry !== undefined && rowsWritten(doneEntry) > 0 && !undone.has(doneEntry.id) && (
              <button type="button" class="button danger" onClick={() => setUndoing(doneEntry)}>
                Undo this import
              </button>
            )}
            <button
              type="button"
              class="button"
              onClick={() => {
                setFile(null);
                setPickerKey((at) => at + 1);
                changed();
              }}
            >
              Import another file
            </button>
          </div>
        </section>
      )}
      {message !== null && (
        <p class="banner info" role="status">
          {message}
        </p>
      )}
      <ImportHistory source={history} canWrite={canWrite} bankName={bankName} undone={undone} onUndo={setUndoing} />
      {undoing !== null && (
        <ConfirmDialog
          title={`Undo the import of ${undoing.fileName}?`}
          detail={`The ${formatCount(rowsWritten(undoing), locale)} transaction${rowsWritten(undoing) === 1 ? '' : 's'} it added that are still in the register move to the trash, where they can be restored.`}
          action="Undo import"
          onConfirm={() => void undo(undoing)}
          onCancel={() => setUndoing(null)}
        />
      )}
    </section>
  );
}
