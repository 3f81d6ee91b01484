import { useEffect, useRef } from 'preact/hooks';

export const KEYS: ReadonlyArray<[keys: string, action: string]> = [
  ['j / ↓', 'next row'],
  ['k / ↑', 'previous row'],
  ['PageDown / PageUp', 'a screenful of rows down or up'],
  ['Home / End', 'the first or the last row of the list'],
  ['Enter or c', 'edit the category (type to filter, Enter to choose or create, Esc to cancel)'],
  ['x', 'select or deselect the row; shift+click a checkbox selects a range'],
  ['/', 'search descriptions'],
  ['u', 'show uncategorised only (again: show all)'],
  ['a', 'select every row that matches the filter (not only the loaded ones)'],
  ['Shift+C', 'set the category of the selection'],
  ['Delete', 'move the selection (or the cursor row) to the trash'],
  ['z', 'undo the last bulk action (while its toast shows)'],
  ['Esc', 'clear the selection'],
  ['?', 'this sheet'],
];

/** The register's keys, in a modal dialog (Esc or the button closes it). */
export function KeySheet({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} class="key-sheet" aria-labelledby="key-sheet-title" onClose={onClose}>
      <h2 id="key-sheet-title">Keys</h2>
      <table>
        <tbody>
          {KEYS.map(([keys, action]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" class="button">Close</button>
      </form>
    </dialog>
  );
}
