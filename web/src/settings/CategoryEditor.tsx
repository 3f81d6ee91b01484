import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Category, Problem } from '../api/types.js';
import { counted, errorsByField } from '../lib/catalogue.js';
import { CatalogueField, idFor, valueOf } from './CatalogueField.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  category: Category;
  /** Its transactions, to say how many a rename relabels. */
  transactions: number;
  /** Saved: what was done, and the category's name now. */
  onDone(message: string, name: string): void;
  onCancel(): void;
}

type Field = 'name' | 'group';

/** Renames a category (its transactions and rules follow) or moves it to another group, or out of any. */
export function CategoryEditor({ category, transactions, onDone, onCancel }: Props) {
  const locale = appLocale();
  const [name, setName] = useState(category.name);
  const [group, setGroup] = useState(category.group?.name ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const prefix = `category-edit-${idFor(category.name)}`;

  const save = async (event: Event) => {
    event.preventDefault();
    const body: { name?: string; group?: { name: string } | null } = {};
    if (name !== category.name) body.name = name;
    if (group.trim() !== (category.group?.name ?? '')) body.group = group.trim() === '' ? null : { name: group.trim() };
    if (Object.keys(body).length === 0) return onCancel();
    setBusy(true);
    const { data, error } = await api
      .PATCH('/manage/categories/{categoryName}', { params: { path: { categoryName: category.name } }, body })
      .catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (!data) return setErrors(errorsByField(error as Problem | undefined, { 'body:name': 'name', 'body:group': 'group', 'path:categoryName': 'name' }, 'name'));
    const said: string[] = [];
    if (body.name !== undefined) said.push(`renamed ${category.name} to ${data.name}: its ${counted(transactions, 'transaction', locale)} now read ${data.name}`);
    if (body.group !== undefined) said.push(data.group !== undefined ? `in group ${data.group.name}` : 'in no group');
    onDone(`Saved: ${said.join(', ')}.`, data.name);
  };

  return (
    <form class="catalogue-form" aria-label={`Edit ${category.name}`} onSubmit={(event) => void save(event)} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <CatalogueField id={`${prefix}-name`} label="Name" error={errors.name} hint={`Its ${counted(transactions, 'transaction', locale)} and its rules follow a new name.`}>
        {(control) => <input {...control} autoFocus value={name} autocomplete="off" onInput={(event) => setName(valueOf(event))} />}
      </CatalogueField>
      <CatalogueField id={`${prefix}-group`} label="Group" error={errors.group} hint="A new name makes a group; empty: no group.">
        {(control) => <input {...control} list="catalogue-groups" value={group} autocomplete="off" onInput={(event) => setGroup(valueOf(event))} />}
      </CatalogueField>
      <div class="catalogue-actions">
        <button type="submit" class="button primary" disabled={busy}>
          Save
        </button>
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
