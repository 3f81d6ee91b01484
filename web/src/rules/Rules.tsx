import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { useKeys } from '../app/use-keys.js';
import { describeRule, moved } from '../lib/rule-form.js';
import { useCatalogue } from '../register/use-catalogue.js';
import { ApplyPanel } from './ApplyPanel.js';
import { RuleForm } from './RuleForm.js';
import { Suggestions } from './Suggestions.js';
import { useRules, type Rule } from './use-rules.js';

const UNDO_MS = 8000;

interface Props {
  readOnly: boolean;
  retryTick: number;
}

type Editing = { rule: Rule | null; initial?: { category: string; text: string } } | null;
type Undo = { rule: Rule; at: number; label: string };

/** The rules in the order they apply: create, edit, reorder, delete with undo, apply, and the suggestions. */
export function Rules({ readOnly, retryTick }: Props) {
  const source = useRules(retryTick);
  const catalogue = useCatalogue();
  const rules = source.rules ?? [];
  const [cursor, setCursor] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bankName = (id: string) => catalogue.banks.find((bank) => bank.id === id)?.name ?? id;

  useEffect(() => {
    if (undo === null) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  const failed = (problem: unknown, status: number) => setError((problem as Problem | undefined)?.detail ?? `the server answered ${status}`);

  const reorder = async (ids: number[], focusId: number) => {
    const { data, error: problem, response } = await api.PUT('/rules/order', { body: { ids } });
    if (!data) return failed(problem, response.status);
    source.set(data);
    setCursor(data.findIndex((rule) => rule.id === focusId));
    document.getElementById(`rule-${focusId}`)?.focus();
  };
  const move = (index: number, delta: number) => {
    const rule = rules[index];
    if (readOnly || !rule || index + delta < 0 || index + delta >= rules.length) return;
    void reorder(moved(rules.map((each) => each.id), index, delta), rule.id);
  };

  const remove = async (index: number) => {
    const rule = rules[index];
    if (readOnly || !rule) return;
    const { response, error: problem } = await api.DELETE('/rules/{ruleId}', { params: { path: { ruleId: rule.id } } });
    if (response.status !== 204) return failed(problem, response.status);
    setUndo({ rule, at: index, label: `Rule ${rule.id} (${rule.category}) deleted.` });
    source.set(rules.filter((each) => each.id !== rule.id));
    setCursor(Math.max(0, Math.min(index, rules.length - 2)));
  };

  /** Undo a delete: the same rule again (a new id, since ids are never reused) at its old place. */
  const restore = async () => {
    if (!undo) return;
    const { id: _id, priority: _priority, ...body } = undo.rule;
    setUndo(null);
    const created = await api.POST('/rules', { body });
    if (!created.data) return failed(created.error, created.response.status);
    const ids = rules.map((rule) => rule.id);
    ids.splice(undo.at, 0, created.data.id);
    await reorder(ids, created.data.id);
  };

  useKeys(editing === null && !readOnly, {
    j: () => setCursor((at) => Math.min(rules.length - 1, at + 1)),
    ArrowDown: () => setCursor((at) => Math.min(rules.length - 1, at + 1)),
    k: () => setCursor((at) => Math.max(0, at - 1)),
    ArrowUp: () => setCursor((at) => Math.max(0, at - 1)),
    n: () => setEditing({ rule: null }),
    e: () => rules[cursor] && setEditing({ rule: rules[cursor] }),
    Enter: () => rules[cursor] && setEditing({ rule: rules[cursor] }),
    Delete: () => void remove(cursor),
    'alt+ArrowUp': () => move(cursor, -1),
    'alt+ArrowDown': () => move(cursor, 1),
    z: () => void restore(),
  });

  useEffect(() => {
    if (editing === null && rules[cursor]) document.getElementById(`rule-${rules[cursor].id}`)?.focus({ preventScroll: false });
  }, [cursor]);

  return (
    <section class="rules" aria-labelledby="rules-title">
      <header class="screen-head">
        <h1 id="rules-title">Rules</h1>
        {!readOnly && editing === null && (
          <button type="button" class="button primary" onClick={() => setEditing({ rule: null })}>
            New rule <kbd>n</kbd>
          </button>
        )}
      </header>
      {readOnly && <p class="note">This token is read-only: the rules are shown, not changed.</p>}
      {source.failed && (
        <p class="field-error" role="alert">
          The rules could not be read; Moneta did not answer.
        </p>
      )}
      {error !== null && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      {editing !== null && (
        <RuleForm
          key={editing.rule?.id ?? 'new'}
          rule={editing.rule}
          {...(editing.initial && { initial: editing.initial })}
          categories={catalogue.categories}
          banks={catalogue.banks}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setError(null);
            source.reload();
            catalogue.reload();
            setCursor(Math.max(0, rules.findIndex((rule) => rule.id === saved.id)));
          }}
        />
      )}
      {source.rules === null ? (
        !source.failed && <div class="skeleton" aria-busy="true" aria-label="Loading the rules" />
      ) : rules.length === 0 ? (
        <p class="empty-note">No rules yet. A rule puts new transactions in a category by their description, amount or bank; accept a suggestion below or make one.</p>
      ) : (
        <section class="rules-card" aria-labelledby="order-title">
          <h2 id="order-title">In the order they apply</h2>
          <p class="small">The first rule that matches a transaction decides its category.{!readOnly && <> Keys: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> edits, <kbd>Alt</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd> reorder, <kbd>Delete</kbd> deletes, <kbd>z</kbd> undoes.</>}</p>
          <ol class={`rule-list ${source.loading ? 'loading' : ''}`}>
            {rules.map((rule, index) => (
              <li key={rule.id} id={`rule-${rule.id}`} tabIndex={-1} class={!readOnly && index === cursor ? 'cursor' : ''} onClick={() => setCursor(index)}>
                <span class="rule-place">{index + 1}</span>
                <span class="rule-what">
                  <strong>{rule.category}</strong> <span class="small">when {describeRule(rule, bankName)}</span>
                </span>
                {!readOnly && (
                  <span class="rule-actions">
                    <button type="button" class="icon" aria-label={`Move rule ${rule.id} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                      ↑
                    </button>
                    <button type="button" class="icon" aria-label={`Move rule ${rule.id} down`} disabled={index === rules.length - 1} onClick={() => move(index, 1)}>
                      ↓
                    </button>
                    <button type="button" class="button" aria-label={`Edit rule ${rule.id}`} onClick={() => setEditing({ rule })}>
                      Edit
                    </button>
                    <button type="button" class="button danger" aria-label={`Delete rule ${rule.id}`} onClick={() => void remove(index)}>
                      Delete
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      {!readOnly && source.rules !== null && rules.length > 0 && <ApplyPanel onApplied={() => source.reload()} />}
      {source.rules !== null && (
        <Suggestions
          suggestions={source.suggestions}
          readOnly={readOnly}
          onAccept={(suggestion) => setEditing({ rule: null, initial: { category: suggestion.category, text: suggestion.descriptionContains } })}
        />
      )}
      {undo !== null && (
        <div class="toast" role="status">
          {undo.label}{' '}
          <button type="button" onClick={() => void restore()}>
            Undo <kbd>z</kbd>
          </button>
        </div>
      )}
    </section>
  );
}
