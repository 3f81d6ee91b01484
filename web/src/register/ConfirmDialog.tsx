import { useEffect, useRef } from 'preact/hooks';

interface Props {
  title: string;
  detail: string;
  action: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a bulk action touches many rows; says how many. Esc or Cancel keeps everything. */
export function ConfirmDialog({ title, detail, action, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} class="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-detail" onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-detail">{detail}</p>
      <div class="confirm-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" class="danger" onClick={onConfirm}>
          {action}
        </button>
      </div>
    </dialog>
  );
}
