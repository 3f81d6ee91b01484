import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { UndoService } from '../services/undo.service.js';
import { addStoreOptions, ExitStatus, printTable, say, UsageError, withStore } from './cli-support.js';
import { jsonForTerminal } from './terminal-text.js';

/** `moneta undo` exits with this when the change was undone but some of its rows were left as they are (conflicts). */
export const UNDO_CONFLICTS_EXIT_CODE = 3;

function changeOf(text: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`the change must be a number such as 42 (a write's Moneta-Change, or what \`moneta transactions ...\` printed; got "${text}")`);
  }
  return Number(text);
}

/**
 * `moneta undo <change>`: POST /changes/{change}/undo from the command line (docs/undo.md).
 * Exit codes: 0 undone; 3 undone with conflicts (rows a later change touched, left as they are);
 * 1 not undone (unknown, expired, undone already, a catalogue change); 2 a malformed change.
 */
export function registerUndoCommand(program: Command): void {
  addStoreOptions(
    program
      .command('undo <change>')
      .description('Revert one change (a delete, restore, re-categorisation, rules apply, import or undo) from the before-images the store keeps')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      '\nExit codes: 0 undone, 3 undone but some rows a later change touched were left as they are, 1 not undone, 2 bad change.\n\nExample:\n  moneta transactions delete --bank ing --from 2024-03-01   # prints its change, e.g. 42\n  moneta undo 42',
    )
    .action(async (text: string, flags: StoreFlags & { json?: boolean }) => {
      const change = changeOf(text);
      await withStore(flags, 'existing', async (store) => {
        const undone = await new UndoService(store).undo(change);
        if (flags.json) process.stdout.write(`${jsonForTerminal(undone)}\n`);
        else {
          say(`undid change ${change}: ${undone.recategorised} re-categorised back, ${undone.restored} restored, ${undone.trashed} moved to the trash`);
          say(`this undo is change ${undone.change}: \`moneta undo ${undone.change}\` redoes it`);
          if (undone.conflicts.length > 0) {
            say(`${undone.conflicts.length} transaction(s) changed since were left as they are:`);
            printTable(['ID', 'REASON'], undone.conflicts.map((conflict) => [String(conflict.id), conflict.reason]));
          }
        }
        if (undone.conflicts.length > 0) throw new ExitStatus(UNDO_CONFLICTS_EXIT_CODE);
      });
    });
}
