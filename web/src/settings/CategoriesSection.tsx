import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { errorsByField } from '../lib/catalogue.js';
import { CatalogueField, countText, useFocusReturn, valueOf } from './CatalogueField.js';
import { CategoryEditor } from './CategoryEditor.js';
import { CategoryRemovalPanel } from './CategoryRemovalPanel.js';
import type { CatalogueFacts } from './use-catalogue-facts.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  facts: CatalogueFacts;
  canWrite: boolean;
}

type Open = { name: string; mode: 'edit' | 'merge' | 'delete' } | null;

/** The categories with their group and transactions: add (in a group, new or not), rename, regroup, merge, remove. */
export function CategoriesSection({ facts, canWrite }: Props) {
  const locale = appLocale();
  const [adding, setAdding] = useState({ name: '', group: '' });
  const [addErrors, setAddErrors] = useState<Partial<Record<'name' | 'group', string>>>({});
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    const body = { name: adding.name, ...(adding.group.trim() !== '' && { group: { name: adding.group.trim() } }) };
    const { data, error } = await api.POST('/manage/categories', { body }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (!data) return setAddErrors(errorsByField(error as Problem | undefined, { 'body:name': 'name', 'body:group': 'group' }, 'name'));
    setAddErrors({});
    setAdding({ name: '', group: '' });
    setStatus(`Added ${data.name}${data.group !== undefined ? ` in ${data.group.name}` : ''}.`);
    facts.reload();
  };

  const { list, returnTo } = useFocusReturn('data-category');
  const close = (name: string) => {
    returnTo(name);
    setOpen(null);
  };
  const done = (message: string) => {
    setOpen(null);
    setStatus(message);
    facts.reload();
  };
  const openRow = (name: string, mode: 'edit' | 'merge' | 'delete') => {
    setStatus(null);
    setOpen({ name, mode });
  };

  return (
    <section class="settings-card catalogue" aria-labelledby="categories-title">
      <h2 id="categories-title">Categories</h2>
      {status !== null && (
        <p role="status" class="catalogue-status">
          {status}
        </p>
      )}
      {facts.loaded && facts.categories.length === 0 && <p class="note">No categories yet.</p>}
      <datalist id="catalogue-groups">
        {facts.groups.map((group) => (
          <option key={group.name} value={group.name} />
        ))}
      </datalist>
      <datalist id="catalogue-categories">
        {facts.categories.map((category) => (
          <option key={category.name} value={category.name} />
        ))}
      </datalist>
      <ul class="catalogue-list" ref={list}>
        {facts.categories.map((category) => {
          // Unknown until the by-category report answers; a category it does not list has none.
          const transactions = facts.categoryCounts === null ? undefined : (facts.categoryCounts.get(category.name) ?? 0);
          const mode = open?.name === category.name ? open.mode : null;
          return (
            <li key={category.name} data-category={category.name}>
              {mode === 'edit' ? (
                <CategoryEditor
                  category={category}
                  transactions={transactions ?? 0}
                  onDone={(message, name) => {
                    returnTo(name);
                    done(message);
                  }}
                  onCancel={() => close(category.name)}
                />
              ) : (
                <div class="catalogue-row">
                  <span class="catalogue-name">{category.name}</span>
                  <span class="small catalogue-detail">{category.group?.name ?? 'no group'}</span>
                  <span class="catalogue-count" data-count={transactions}>
                    {countText(transactions, locale)}
                  </span>
                  {canWrite && (
                    <span class="catalogue-actions">
                      <button type="button" class="button" aria-label={`Edit ${category.name}`} disabled={transactions === undefined} onClick={() => openRow(category.name, 'edit')}>
                        Edit
                      </button>
                      <button type="button" class="button" aria-label={`Merge ${category.name}`} disabled={transactions === undefined || facts.categories.length < 2} onClick={() => openRow(category.name, 'merge')}>
                        Merge
                      </button>
                      <button type="button" class="button danger" aria-label={`Delete ${category.name}`} disabled={transactions === undefined} onClick={() => openRow(category.name, 'delete')}>
                        Delete
                      </button>
                    </span>
                  )}
                </div>
              )}
              {(mode === 'merge' || mode === 'delete') && <CategoryRemovalPanel category={category} mode={mode} facts={facts} onDone={done} onCancel={() => close(category.name)} />}
            </li>
          );
        })}
      </ul>
      {canWrite && (
        <form class="catalogue-form catalogue-add" aria-labelledby="category-add-title" onSubmit={(event) => void add(event)}>
          <h3 id="category-add-title">Add a category</h3>
          <CatalogueField id="category-add-name" label="Name" error={addErrors.name}>
            {(control) => <input {...control} value={adding.name} autocomplete="off" onInput={(event) => setAdding({ ...adding, name: valueOf(event) })} />}
          </CatalogueField>
          <CatalogueField id="category-add-group" label="Group" error={addErrors.group} hint="Optional; a new name makes a group.">
            {(control) => <input {...control} list="catalogue-groups" value={adding.group} autocomplete="off" onInput={(event) => setAdding({ ...adding, group: valueOf(event) })} />}
          </CatalogueField>
          <div class="catalogue-actions">
            <button type="submit" class="button primary" disabled={busy}>
              Add category
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
