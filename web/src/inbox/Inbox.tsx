import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { savedToken } from '../api/session.js';
import { useKeys } from '../app/use-keys.js';
import { cursorAfterRemoval, inboxSummary, type InboxGroup } from '../lib/inbox.js';
import { UndoToast } from '../register/UndoToast.js';
import { useCatalogue } from '../register/use-catalogue.js';
import { GroupRow, type Editing } from './GroupRow.js';
import { alwaysCategorise, categoriseGroup, previewAlways, type Done, type Outcome } from './inbox-actions.js';
import { useInbox } from './use-inbox.js';
import { appLocale } from '../app/preferences.js';
import { useFocusReturn } from '../app/use-focus-return.js';

interface Props {
  readOnly: boolean;
  retryTick: number;
}

/** The review inbox: uncategorised rows by payee, one category per group, "Always" as a rule. */
export function Inbox({ readOnly, retryTick }: Props) {
  const locale = appLocale();
  const today = new Date().toISOString().slice(0, 10);
  const inbox = useInbox(retryTick);
  const catalogue = useCatalogue();
  const [cursor, setCursor] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [busy, setBusy] = useState(false);
  const groups = inbox.data?.groups ?? [];

  // With a token, ask once whether it may write (a dry run that changes nothing), as the register does.
  useEffect(() => {
    if (savedToken() !== null) void api.POST('/manage/transactions/recategorise', { body: { ids: [0], category: null, dryRun: true } }).catch(() => undefined);
  }, []);

  useEffect(() => {
    if (cursor >= groups.length && groups.length > 0) setCursor(groups.length - 1);
  }, [groups.length]);

  /** The group leaves the list at once; the inbox is then read again for the truth. */
  const finish = (group: InboxGroup, outcome: Outcome) => {
    setBusy(false);
    if (!outcome.ok) return setEditing((now) => (now ? { ...now, error: outcome.problem } : now));
    setEditing(null);
    setDone(outcome.done);
    const data = inbox.data;
    if (data) {
      const at = data.groups.findIndex((each) => each.payee === group.payee);
      if (at >= 0) {
        setCursor(cursorAfterRemoval(cursor, at, data.groups.length));
        inbox.set({ count: data.count - group.count, groupCount: data.groupCount - 1, groups: data.groups.filter((each) => each.payee !== group.payee) });
      }
    }
    catalogue.reload();
    inbox.reload();
  };

  const choose = async (group: InboxGroup, mode: Editing['mode'], category: string) => {
    setBusy(true);
    if (mode === 'once') return finish(group, await categoriseGroup(group, category, locale));
    const preview = await previewAlways(group, category);
    setBusy(false);
    if ('problem' in preview) return setEditing({ payee: group.payee, mode, error: preview.problem });
    setEditing({ payee: group.payee, mode, error: null, confirm: { category, count: preview.count } });
  };

  const confirmAlways = async (group: InboxGroup, category: string) => {
    setBusy(true);
    finish(group, await alwaysCategorise(group, category, locale));
  };

  const undo = async () => {
    if (!done?.undo || busy) return;
    setBusy(true);
    try {
      setDone({ message: await done.undo(), undo: null });
    } catch (error) {
      setDone({ message: `Undo failed: ${(error as Error).message}`, undo: null });
    }
    setBusy(false);
    inbox.reload();
  };

  const open = (mode: Editing['mode'], at = cursor) => {
    const group = groups[at];
    if (readOnly || !group || busy) return;
    setCursor(at);
    setEditing({ payee: group.payee, mode, error: null });
  };
  const move = (delta: number) => {
    const next = Math.max(0, Math.min(groups.length - 1, cursor + delta));
    setCursor(next);
    document.getElementById(`inbox-group-${next}`)?.scrollIntoView({ block: 'nearest' });
  };

  useKeys(editing === null, {
    j: () => move(1),
    k: () => move(-1),
    ArrowDown: () => move(1),
    ArrowUp: () => move(-1),
    ...(readOnly ? {} : { Enter: () => open('once'), c: () => open('once'), a: () => open('always'), z: () => void undo() }),
  });

  // After a group is categorised, or its picker or confirm closes, the keyboard goes on from the cursor's group.
  useFocusReturn(editing === null && !busy, () =>
    document.querySelector<HTMLElement>(`#inbox-group-${cursor} .inbox-actions button`) ?? document.querySelector<HTMLElement>('.inbox h1'),
  );

  const data = inbox.data;
  return (
    <section class="inbox" aria-labelledby="inbox-title">
      <header class="screen-head">
        <h1 id="inbox-title" tabIndex={-1}>
          Inbox
        </h1>
        {data && data.count > 0 && <p class="inbox-summary">Uncategorised: {inboxSummary(data.count, data.groupCount, locale)}</p>}
        {!readOnly && groups.length > 0 && (
          <p class="keys-hint small">
            <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>c</kbd> categorise · <kbd>a</kbd> always · <kbd>z</kbd> undo
          </p>
        )}
      </header>
      {inbox.failed && (
        <p class="field-error" role="alert">
          The inbox could not be read.{' '}
          <button type="button" class="button" onClick={inbox.reload}>
            Try again
          </button>
        </p>
      )}
      {data && data.count === 0 && (
        <div class="empty-note inbox-empty">
          <h2>Nothing to review</h2>
          <p>Every transaction has a category. New imports without one will wait here.</p>
        </div>
      )}
      {groups.length > 0 && (
        <ol class="inbox-groups" aria-label="Groups, largest first">
          {groups.map((group, index) => (
            <GroupRow
              key={group.payee}
              index={index}
              group={group}
              cursor={index === cursor}
              readOnly={readOnly}
              busy={busy}
              locale={locale}
              today={today}
              categories={catalogue.categories}
              editing={editing?.payee === group.payee ? editing : null}
              onOpen={(mode) => open(mode, index)}
              onCursor={() => setCursor(index)}
              onChoose={(mode, category) => void choose(group, mode, category)}
              onConfirm={(category) => void confirmAlways(group, category)}
              onCancel={() => setEditing(null)}
              onCancelPicker={() => setEditing((now) => (now?.confirm ? now : null))}
            />
          ))}
        </ol>
      )}
      {data && data.groups.length < data.groupCount && <p class="note small">Showing the largest {groups.length} groups.</p>}
      <div class="inbox-foot">
        {done && <UndoToast message={done.message} canUndo={done.undo !== null} busy={busy} onUndo={() => void undo()} onClose={() => setDone(null)} />}
      </div>
    </section>
  );
}
