import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Bank, Problem } from '../api/types.js';
import { errorsByField } from '../lib/catalogue.js';
import { ConfirmDialog } from '../register/ConfirmDialog.js';
import { BankRemovalPanel } from './BankRemovalPanel.js';
import { CatalogueField, countText, useFocusReturn, valueOf } from './CatalogueField.js';
import type { CatalogueFacts } from './use-catalogue-facts.js';
import { appLocale } from '../app/preferences.js';

interface Props {
  facts: CatalogueFacts;
  canWrite: boolean;
}

type AddField = 'id' | 'name' | 'aggregatorId';
type EditField = 'name' | 'aggregatorId';

/** The banks: each with its transactions; add, rename, set the aggregator id, remove (saying where its rows go). */
export function BanksSection({ facts, canWrite }: Props) {
  const locale = appLocale();
  const [adding, setAdding] = useState({ id: '', name: '', aggregatorId: '' });
  const [addErrors, setAddErrors] = useState<Partial<Record<AddField, string>>>({});
  const [editing, setEditing] = useState<{ id: string; name: string; aggregatorId: string } | null>(null);
  const [editErrors, setEditErrors] = useState<Partial<Record<EditField, string>>>({});
  const [removing, setRemoving] = useState<string | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState<Bank | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const { list, returnTo } = useFocusReturn('data-bank');
  const stopEditing = () => {
    if (editing) returnTo(editing.id);
    setEditing(null);
  };

  const add = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    const body = { id: adding.id.trim(), name: adding.name, ...(adding.aggregatorId.trim() !== '' && { aggregatorId: adding.aggregatorId.trim() }) };
    const { data, error } = await api.POST('/manage/banks', { body }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (!data) return setAddErrors(errorsByField(error as Problem | undefined, { 'body:id': 'id', 'body:name': 'name', 'body:aggregatorId': 'aggregatorId' }, 'id'));
    setAddErrors({});
    setAdding({ id: '', name: '', aggregatorId: '' });
    setStatus(`Added ${data.name} (${data.id}).`);
    facts.reload();
  };

  const save = async (event: Event) => {
    event.preventDefault();
    if (!editing) return;
    const before = facts.banks.find((bank) => bank.id === editing.id);
    const body: { name?: string; aggregatorId?: string | null } = {};
    if (editing.name !== before?.name) body.name = editing.name;
    if (editing.aggregatorId.trim() !== (before?.aggregatorId ?? '')) body.aggregatorId = editing.aggregatorId.trim() === '' ? null : editing.aggregatorId.trim();
    if (Object.keys(body).length === 0) return stopEditing();
    setBusy(true);
    const { data, error } = await api
      .PATCH('/manage/banks/{bankId}', { params: { path: { bankId: editing.id } }, body })
      .catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (!data) return setEditErrors(errorsByField(error as Problem | undefined, { 'body:name': 'name', 'body:aggregatorId': 'aggregatorId' }, 'name'));
    stopEditing();
    setEditErrors({});
    setStatus(`Saved ${data.name} (${data.id})${data.aggregatorId !== undefined ? `, aggregator id ${data.aggregatorId}` : ', no aggregator id'}.`);
    facts.reload();
  };

  const removeEmpty = async (bank: Bank) => {
    setConfirmEmpty(null);
    const { data, error } = await api.DELETE('/manage/banks/{bankId}', { params: { path: { bankId: bank.id } } }).catch(() => ({ data: undefined, error: undefined }));
    setStatus(data ? `Removed ${bank.name}.` : `${bank.name} was not removed: ${(error as Problem | undefined)?.detail ?? 'Moneta did not answer; try again.'}`);
    facts.reload();
  };

  const startEditing = (bank: Bank) => {
    setEditErrors({});
    setEditing({ id: bank.id, name: bank.name, aggregatorId: bank.aggregatorId ?? '' });
  };

  const startRemoving = (bank: Bank) => {
    setStatus(null);
    const used = (facts.bankCounts.get(bank.id) ?? 0) > 0 || facts.rules.some((rule) => rule.bank === bank.id);
    if (used) setRemoving(bank.id);
    else setConfirmEmpty(bank);
  };

  return (
    <section class="settings-card catalogue" aria-labelledby="banks-title">
      <h2 id="banks-title">Banks</h2>
      {status !== null && (
        <p role="status" class="catalogue-status">
          {status}
        </p>
      )}
      {facts.loaded && facts.banks.length === 0 && <p class="note">No banks yet. An import or a transaction names a bank by its id; add one here first.</p>}
      <ul class="catalogue-list" ref={list}>
        {facts.banks.map((bank) => (
          <li key={bank.id} data-bank={bank.id}>
            {editing?.id === bank.id ? (
              <form class="catalogue-form" aria-label={`Edit ${bank.name}`} onSubmit={(event) => void save(event)} onKeyDown={(event) => event.key === 'Escape' && stopEditing()}>
                <CatalogueField id="bank-edit-name" label="Name" error={editErrors.name}>
                  {(control) => <input {...control} autoFocus value={editing.name} onInput={(event) => setEditing({ ...editing, name: valueOf(event) })} />}
                </CatalogueField>
                <CatalogueField id="bank-edit-aggregator" label="Aggregator id" error={editErrors.aggregatorId} hint="A UUID; empty removes it.">
                  {(control) => <input {...control} value={editing.aggregatorId} autocomplete="off" onInput={(event) => setEditing({ ...editing, aggregatorId: valueOf(event) })} />}
                </CatalogueField>
                <div class="catalogue-actions">
                  <button type="submit" class="button primary" disabled={busy}>
                    Save
                  </button>
                  <button type="button" class="button" onClick={stopEditing}>
                    Cancel
                  </button>
                </div>
              </form>
            ) : (
              <div class="catalogue-row">
                <span class="catalogue-name">{bank.name}</span>
                <code class="catalogue-id">{bank.id}</code>
                <span class="small catalogue-detail">{bank.aggregatorId !== undefined ? `aggregator ${bank.aggregatorId}` : 'no aggregator id'}</span>
                <span class="catalogue-count" data-count={facts.bankCounts.get(bank.id)}>
                  {countText(facts.bankCounts.get(bank.id), locale)}
                </span>
                {canWrite && (
                  <span class="catalogue-actions">
                    <button type="button" class="button" aria-label={`Edit ${bank.name}`} onClick={() => startEditing(bank)}>
                      Edit
                    </button>
                    <button type="button" class="button danger" aria-label={`Delete ${bank.name}`} disabled={!facts.bankCounts.has(bank.id)} onClick={() => startRemoving(bank)}>
                      Delete
                    </button>
                  </span>
                )}
              </div>
            )}
            {removing === bank.id && (
              <BankRemovalPanel
                bank={bank}
                facts={facts}
                onDone={(message) => {
                  setRemoving(null);
                  setStatus(message);
                  facts.reload();
                }}
                onCancel={() => {
                  returnTo(bank.id);
                  setRemoving(null);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form class="catalogue-form catalogue-add" aria-labelledby="bank-add-title" onSubmit={(event) => void add(event)}>
          <h3 id="bank-add-title">Add a bank</h3>
          <CatalogueField id="bank-add-id" label="Id" error={addErrors.id} hint="Short, kept for good: letters, digits, . _ -">
            {(control) => <input {...control} value={adding.id} autocomplete="off" onInput={(event) => setAdding({ ...adding, id: valueOf(event) })} />}
          </CatalogueField>
          <CatalogueField id="bank-add-name" label="Name" error={addErrors.name}>
            {(control) => <input {...control} value={adding.name} autocomplete="off" onInput={(event) => setAdding({ ...adding, name: valueOf(event) })} />}
          </CatalogueField>
          <CatalogueField id="bank-add-aggregator" label="Aggregator id" error={addErrors.aggregatorId} hint="Optional, a UUID.">
            {(control) => <input {...control} value={adding.aggregatorId} autocomplete="off" onInput={(event) => setAdding({ ...adding, aggregatorId: valueOf(event) })} />}
          </CatalogueField>
          <div class="catalogue-actions">
            <button type="submit" class="button primary" disabled={busy}>
              Add bank
            </button>
          </div>
        </form>
      )}
      {confirmEmpty && (
        <ConfirmDialog
          title={`Delete ${confirmEmpty.name}?`}
          detail={`${confirmEmpty.name} has no transactions and no rules; it will be removed.`}
          action="Delete bank"
          onConfirm={() => void removeEmpty(confirmEmpty)}
          onCancel={() => setConfirmEmpty(null)}
        />
      )}
    </section>
  );
}
