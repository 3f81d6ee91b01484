import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import type { ImportSummary } from '../domain/import-history.js';
import { ImportHistoryService } from '../services/import-history.service.js';
import { addStoreOptions, printTable, say, sayChange, UsageError, withChange, withStore } from './cli-support.js';
import { jsonForTerminal } from './terminal-text.js';

interface PageFlags extends StoreFlags {
  limit: string;
  offset: string;
  json?: boolean;
}

function countOf(text: string, flag: string): number {
  if (!/^(0|[1-9][0-9]{0,8})$/.test(text)) throw new UsageError(`${flag} must be a whole number such as 20 (got "${text}")`);
  return Number(text);
}

function importIdOf(text: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new UsageError(`the import id must be a number such as 3 (see \`moneta imports list\`; got "${text}")`);
  return Number(text);
}

const when = (summary: ImportSummary) => new Date(summary.importedAt).toISOString().replace('T', ' ').slice(0, 19);

/** Where the rows an import added are: in the list, or in the trash (undone); nothing for an import that added none. */
const rowsState = (summary: ImportSummary) => (summary.added === 0 ? '-' : summary.rowsInList ? 'in list' : 'undone');

/** The history rows as a table; file and profile names are the client's text, escaped by printTable. */
function printImports(rows: readonly ImportSummary[]): void {
  printTable(
    ['ID', 'IMPORTED (UTC)', 'BANK', 'FORMAT', 'ADDED', 'DUPLICATES', 'CONFLICTS', 'INVALID', 'SKIPPED', 'ROWS', 'FILE'],
    rows.map((row) => [String(row.id), when(row), row.bank, row.format, String(row.added), String(row.duplicates), String(row.conflicts), String(row.invalid), String(row.skipped), rowsState(row), row.fileName]),
  );
}

export function registerImportsCommand(program: Command): void {
  const imports = program.command('imports').description('The import history: list, show and undo imported statements');

  addStoreOptions(
    imports
      .command('list')
      .description('List imported statements, most recent first')
      .option('--limit <n>', 'how many', '50')
      .option('--offset <n>', 'skip this many', '0')
      .option('--json', 'print JSON'),
  ).action(async (flags: PageFlags) => {
    const limit = countOf(flags.limit, '--limit');
    const offset = countOf(flags.offset, '--offset');
    await withStore(flags, 'existing', async (store) => {
      const page = await new ImportHistoryService(store).list(limit, offset);
      if (flags.json) return void process.stdout.write(`${jsonForTerminal(page)}\n`);
      if (page.total === 0) return say('no imports yet');
      printImports(page.rows);
      if (offset + page.rows.length < page.total) say(`${page.total} imports in all; see more with --offset ${offset + page.rows.length}`);
    });
  });

  addStoreOptions(
    imports
      .command('show <importId>')
      .description('Show one import, where its rows are now, and the rows it added')
      .option('--limit <n>', 'how many of its rows', '50')
      .option('--offset <n>', 'skip this many of its rows', '0')
      .option('--json', 'print JSON'),
  ).action(async (id: string, flags: PageFlags) => {
    const importId = importIdOf(id);
    const limit = countOf(flags.limit, '--limit');
    const offset = countOf(flags.offset, '--offset');
    await withStore(flags, 'existing', async (store) => {
      const found = await new ImportHistoryService(store).get(importId, limit, offset);
      if (flags.json) return void process.stdout.write(`${jsonForTerminal(found)}\n`);
      printImports([found.import]);
      say(`${found.import.inList} of its rows in the list, ${found.import.inTrash} in the trash`);
      if (found.import.profile !== null) say(`profile: ${found.import.profile}`);
      if (found.rows.length > 0) {
        printTable(['ID', 'DATE', 'VALUE', 'CATEGORY', 'DESCRIPTION'], found.rows.map((row) => [String(row.id), row.date, String(row.value), row.category ?? '', row.description]));
      }
      if (offset + found.rows.length < found.import.inList) say(`see more with --offset ${offset + found.rows.length}`);
    });
  });

  addStoreOptions(imports.command('undo <importId>').description("Move the rows an import added into the trash (restorable); importing the file again adds them back"))
    .addHelpText('after', '\nExample:\n  moneta imports undo 3\n  moneta transactions restore --ids 120,121   # bring some back')
    .action(async (id: string, flags: StoreFlags) => {
      const importId = importIdOf(id);
      await withStore(flags, 'existing', async (store) => {
        const { result: undone, change } = await withChange(() => new ImportHistoryService(store).undo(importId));
        say(`moved ${undone.deleted} transaction(s) of import ${importId} (${undone.import.fileName}) to the trash; \`moneta transactions restore --ids ...\` brings them back`);
        sayChange(change);
      });
    });
}
