import { useEffect } from 'preact/hooks';

/** How long an Undo stays offered (the trash keeps deleted rows far longer). */
export const UNDO_SECONDS = 8;

interface Props {
  message: string;
  canUndo: boolean;
  busy: boolean;
  onUndo(): void;
  onClose(): void;
}

/** The toast after a bulk action: what it did, and Undo (or `z`) for UNDO_SECONDS. */
export function UndoToast({ message, canUndo, busy, onUndo, onClose }: Props) {
  useEffect(() => {
    const timer = setTimeout(onClose, UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div class="undo-toast" role="status">
      <span>{message}</span>
      {canUndo && (
        <button type="button" disabled={busy} onClick={onUndo} title="z">
          Undo <kbd>z</kbd>
        </button>
      )}
      <button type="button" class="undo-toast-close" aria-label="Dismiss" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
