import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Category } from '../api/types.js';

export interface PickerChoice {
  /** The category to set, or null to remove it. */
  name: string | null;
  /** Divide the transaction into lines instead (the split editor). */
  split?: true;
}

interface Props {
  rowId: number | string;
  /** The input's accessible name. */
  label?: string;
  current: string | undefined;
  categories: readonly Category[];
  /** The API's word on the last choice (a problem naming the field), shown beside the input. */
  error: string | null;
  onChoose(choice: PickerChoice): void;
  onCancel(): void;
}

interface Option {
  id: string;
  label: string;
  choice: PickerChoice;
}

/** A type-ahead over the categories: Enter takes the highlighted one, or creates the typed name. */
export function CategoryPicker({ rowId, label = 'Set category', current, categories, error, onChoose, onCancel }: Props) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // Focused as it renders, before the next key arrives: typing right after `c` lands in it.
  useLayoutEffect(() => input.current?.focus(), []);

  const options = useMemo<Option[]>(() => {
    const typed = text.trim();
    const needle = typed.toLocaleLowerCase();
    const matches = categories.filter((category) => category.name.toLocaleLowerCase().includes(needle)).slice(0, 50);
    const list: Option[] = matches.map((category) => ({ id: `c-${category.name}`, label: category.name, choice: { name: category.name } }));
    if (typed !== '' && !categories.some((category) => category.name === typed)) {
      list.push({ id: 'create', label: `Create “${typed}”`, choice: { name: typed } });
    }
    if (typed === '' && current !== undefined) list.unshift({ id: 'none', label: 'No category', choice: { name: null } });
    if (typed === '') list.push({ id: 'split', label: 'Split into lines…', choice: { name: null, split: true } });
    return list;
  }, [text, categories, current]);

  const listId = `picker-${rowId}`;
  const highlighted = options[Math.min(active, options.length - 1)];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((at) => Math.min(at + 1, options.length - 1));
    else if (event.key === 'ArrowUp') setActive((at) => Math.max(at - 1, 0));
    else if (event.key === 'Enter' && highlighted) onChoose(highlighted.choice);
    else if (event.key === 'Escape') onCancel();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div class="picker" onClick={(event) => event.stopPropagation()}>
      <input
        ref={input}
        class="picker-input"
        role="combobox"
        aria-label={label}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={highlighted ? `${listId}-${highlighted.id}` : undefined}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${listId}-error` : undefined}
        placeholder={current ?? 'Type a category'}
        value={text}
        onInput={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={onCancel}
      />
      {error !== null && (
        <p class="field-error" id={`${listId}-error`} role="alert">
          {error}
        </p>
      )}
      <ul class="picker-list" id={listId} role="listbox" aria-label="Categories">
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${option.id}`}
            role="option"
            aria-selected={index === active}
            class={index === active ? 'active' : undefined}
            // mousedown, not click: the input's blur (cancel) would come first.
            onMouseDown={(event) => {
              event.preventDefault();
              onChoose(option.choice);
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
