import { useState } from 'preact/hooks';
import { formatBytes } from '../lib/import-report.js';

interface Props {
  file: File | null;
  /** The import's error about the file (unreadable, too large), shown beside it. */
  error: string | undefined;
  onFile(file: File): void;
}

const ACCEPT = '.csv,.ofx,.qfx,.qif,.xml,.sta,.940,.mt940,.txt';

/** Step 1: the statement file, dropped on the zone or picked with the (labelled) file input. */
export function FilePicker({ file, error, onFile }: Props) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer?.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <fieldset class="import-step">
      <legend>
        <span class="step-number">1</span> File
      </legend>
      <div
        class={`drop-zone ${over ? 'over' : ''} ${error !== undefined ? 'invalid' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <label for="import-file">Statement file</label>
        <input
          id="import-file"
          type="file"
          accept={ACCEPT}
          aria-invalid={error !== undefined}
          aria-describedby={`import-file-help${error !== undefined ? ' import-file-error' : ''}`}
          onChange={(event) => {
            const picked = event.currentTarget.files?.[0];
            if (picked) onFile(picked);
          }}
        />
        <p class="small" id="import-file-help">
          Or drop it here<span class="keys-hint"> (<kbd>o</kbd> opens the picker)</span>. CSV, OFX/QFX, QIF, CAMT.053 (XML) or MT940, as your bank exports it.
        </p>
        {file !== null && (
          <p class="chosen-file">
            <strong>{file.name}</strong> <span class="small">{formatBytes(file.size)}</span>
          </p>
        )}
      </div>
      {error !== undefined && (
        <p class="field-error" id="import-file-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
