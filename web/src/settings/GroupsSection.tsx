import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { counted, errorsByField, groupRemovalSentence } from '../lib/catalogue.js';
import { ConfirmDialog } from '../register/ConfirmDialog.js';
import { CatalogueField, countText, valueOf } from './CatalogueField.js';
import type { CatalogueFacts, Group } from './use-catalogue-facts.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  facts: CatalogueFacts;
  canWrite: boolean;
}

/** The groups with their categories and transactions: rename, remove (its categories stay, without a group). */
export function GroupsSection({ facts, canWrite }: Props) {
  const locale = appLocale();
  const [renaming, setRenaming] = useState<{ group: string; name: string } | null>(null);
  const [renameError, setRenameError] = useState<string | undefined>(undefined);
  const [removing, setRemoving] = useState<Group | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [making, setMaking] = useState({ name: '', category: '' });
  const [makeErrors, setMakeErrors] = useState<Partial<Record<'name' | 'category', string>>>({});
  const counts = facts.categoryCounts;
  const transactionsOf = (group: Group) => group.categories.reduce((sum, name) => sum + (counts?.get(name) ?? 0), 0);

  const rename = async (event: Event) => {
    event.preventDefault();
    if (!renaming) return;
    if (renaming.name === renaming.group) return setRenaming(null);
    const { data, error } = await api
      .PATCH('/manage/category-groups/{groupName}', { params: { path: { groupName: renaming.group } }, body: { name: renaming.name } })
      .catch(() => ({ data: undefined, error: undefined }));
    if (!data) return setRenameError(errorsByField(error as Problem | undefined, { 'body:name': 'name', 'path:groupName': 'name' }, 'name').name);
    setRenaming(null);
    setRenameError(undefined);
    setStatus(`Renamed ${renaming.group} to ${data.name}: ${counted(data.categories.length, 'category', locale, 'categories')} moved with it.`);
    facts.reload();
  };

  const make = async (event: Event) => {
    event.preventDefault();
    const category = making.category !== '' ? making.category : facts.categories[0]?.name ?? '';
    const { data, error } = await api
      .POST('/manage/category-groups', { body: { name: making.name, categories: [category] } })
      .catch(() => ({ data: undefined, error: undefined }));
    if (!data) return setMakeErrors(errorsByField(error as Problem | undefined, { 'body:name': 'name', 'body:categories': 'category' }, 'name'));
    setMakeErrors({});
    setMaking({ name: '', category: '' });
    setStatus(`Made ${data.name} with ${data.categories.join(', ')} (${counted(transactionsOf(data), 'transaction', locale)}).`);
    facts.reload();
  };

  const remove = async (group: Group) => {
    setRemoving(null);
    const { data, error } = await api.DELETE('/manage/category-groups/{groupName}', { params: { path: { groupName: group.name } } }).catch(() => ({ data: undefined, error: undefined }));
    setStatus(
      data
        ? `Removed ${group.name}: ${counted(data.categories.length, 'category', locale, 'categories')} now without a group.`
        : `${group.name} was not removed: ${(error as Problem | undefined)?.detail ?? 'Moneta did not answer; try again.'}`,
    );
    facts.reload();
  };

  return (
    <section class="settings-card catalogue" aria-labelledby="groups-title">
      <h2 id="groups-title">Category groups</h2>
      {status !== null && (
        <p role="status" class="catalogue-status">
          {status}
        </p>
      )}
      <p class="note">A group holds at least one category: it is made with its first one (here, or by naming it on a category above), and ends when its last category leaves it.</p>
      {facts.loaded && facts.groups.length === 0 && <p class="note">No groups yet.</p>}
      <ul class="catalogue-list">
        {facts.groups.map((group) => (
          <li key={group.name} data-group={group.name}>
            {renaming?.group === group.name ? (
              <form class="catalogue-form" aria-label={`Rename ${group.name}`} onSubmit={(event) => void rename(event)} onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)}>
                <CatalogueField id="group-rename-name" label="Name" error={renameError}>
                  {(control) => <input {...control} autoFocus value={renaming.name} autocomplete="off" onInput={(event) => setRenaming({ ...renaming, name: valueOf(event) })} />}
                </CatalogueField>
                <div class="catalogue-actions">
                  <button type="submit" class="button primary">
                    Save
                  </button>
                  <button type="button" class="button" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </div>
              </form>
            ) : (
              <div class="catalogue-row">
                <span class="catalogue-name">{group.name}</span>
                <span class="small catalogue-detail">{group.categories.join(', ')}</span>
                <span class="catalogue-count" data-count={counts === null ? undefined : transactionsOf(group)}>
                  {countText(counts === null ? undefined : transactionsOf(group), locale)}
                </span>
                {canWrite && (
                  <span class="catalogue-actions">
                    <button
                      type="button"
                      class="button"
                      aria-label={`Rename ${group.name}`}
                      onClick={() => {
                        setRenameError(undefined);
                        setRenaming({ group: group.name, name: group.name });
                      }}
                    >
                      Rename
                    </button>
                    <button type="button" class="button danger" aria-label={`Delete group ${group.name}`} disabled={counts === null} onClick={() => setRemoving(group)}>
                      Delete
                    </button>
                  </span>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {canWrite && facts.categories.length > 0 && (
        <form class="catalogue-form catalogue-add" aria-labelledby="group-add-title" onSubmit={(event) => void make(event)}>
          <h3 id="group-add-title">Make a group</h3>
          <CatalogueField id="group-add-name" label="Name" error={makeErrors.name}>
            {(control) => <input {...control} value={making.name} autocomplete="off" onInput={(event) => setMaking({ ...making, name: valueOf(event) })} />}
          </CatalogueField>
          <CatalogueField id="group-add-category" label="Its first category" error={makeErrors.category} hint="Moved from the group it is in.">
            {(control) => (
              <select {...control} value={making.category} onChange={(event) => setMaking({ ...making, category: valueOf(event) })}>
                {facts.categories.map((category) => (
                  <option key={category.name} value={category.name}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </CatalogueField>
          <div class="catalogue-actions">
            <button type="submit" class="button primary">
              Make group
            </button>
          </div>
        </form>
      )}
      {removing && (
        <ConfirmDialog
          title={`Delete group ${removing.name}?`}
          detail={groupRemovalSentence(removing.name, removing.categories.length, transactionsOf(removing), locale)}
          action="Delete group"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
