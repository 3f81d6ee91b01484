import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import './filter-sheet.css';
import { PHONE_QUERY, useMedia } from './use-media.js';

interface Props {
  /** Names the sheet's heading and the dialog (its id is derived from it). */
  id: string;
  /** How many filters are set: the button shows the number. */
  active: number;
  /** A field inside has the API's error beside it: the button says so while the sheet is shut. */
  invalid?: boolean;
  children: ComponentChildren;
}

/**
 * A screen's filters: as they are on a wide screen; on a phone (PHONE_QUERY) a "Filters" button
 * with the number set, which opens them in a modal sheet. The sheet is a <dialog> shown with
 * showModal(), so the page behind is inert (focus stays in it); Escape or Done closes it and
 * focus returns to the button. The fields are the same components either way, so the URL state
 * they write is the same.
 */
export function FilterSheet({ id, active, invalid = false, children }: Props) {
  const phone = useMedia(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!phone) setOpen(false);
  }, [phone]);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open, phone]);

  if (!phone) return <>{children}</>;
  const titleId = `${id}-title`;
  return (
    <>
      <button
        type="button"
        ref={button}
        class={`filter-sheet-button ${invalid ? 'invalid' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
      >
        Filters
        {active > 0 && (
          <span class="filter-count">
            {active}
            <span class="visually-hidden"> set</span>
          </span>
        )}
        {invalid && <span class="visually-hidden">, one needs a fix</span>}
      </button>
      <dialog
        ref={dialog}
        id={id}
        class="filter-sheet"
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
        // The screen's single-key commands (j, u, Escape...) are not for the sheet's fields.
        onKeyDown={(event) => event.stopPropagation()}
      >
        <div class="filter-sheet-head">
          <h2 id={titleId}>Filters</h2>
          <button type="button" class="filter-sheet-done" onClick={() => dialog.current?.close()}>
            Done
          </button>
        </div>
        {children}
      </dialog>
    </>
  );
}
