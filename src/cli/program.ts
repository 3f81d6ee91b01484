import { Command, CommanderError } from 'commander';
import { registerAccountsCommand } from './accounts.command.js';
import { registerTransfersCommand } from './transfers.command.js';
import { registerBackupCommands } from './backup.command.js';
import { registerBanksCommand } from './banks.command.js';
import { registerCategoriesCommand } from './categories.command.js';
import { registerCopyCommand } from './copy.command.js';
import { ExitStatus, exitCodeFor, userMessage } from './cli-support.js';
import { registerDemoCommand } from './demo.command.js';
import { registerImportCommand } from './import.command.js';
import { registerImportsCommand } from './imports.command.js';
import { registerProfilesCommand } from './profiles.command.js';
import { registerReportCommand } from './report.command.js';
import { registerRulesCommand } from './rules.command.js';
import { registerReconcileCommand } from './reconcile.command.js';
import { registerServeCommand } from './serve.command.js';
import { registerSettingsCommand } from './settings.command.js';
import { registerTokensCommand } from './tokens.command.js';
import { registerTransactionsCommand } from './transactions.command.js';
import { registerUndoCommand } from './undo.command.js';
import { registerSplitCommand } from './split.command.js';
import { terminalSafe } from './terminal-text.js';

/** Every `moneta` command. main.ts runs it on the process's arguments; tests walk its commands. */
export function buildProgram(): Command {
  const program = new Command('moneta')
    .description('Moneta: a self-hosted personal finance server')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerServeCommand(program);
  registerTokensCommand(program);
  registerBackupCommands(program);
  registerAccountsCommand(program);
  registerBanksCommand(program);
  registerCategoriesCommand(program);
  registerDemoCommand(program);
  registerImportCommand(program);
  registerImportsCommand(program);
  registerProfilesCommand(program);
  registerReportCommand(program);
  registerReconcileCommand(program);
  registerRulesCommand(program);
  registerSettingsCommand(program);
  registerCopyCommand(program);
  registerTransactionsCommand(program);
  registerTransfersCommand(program);
  registerUndoCommand(program);
  registerSplitCommand(program);
  return program;
}

/**
 * Runs one command line. Exit codes: 0 done, 1 the work failed (message says why), 2 the command
 * line was wrong; a command may end with one of its own (ExitStatus: `moneta undo`'s 3). `writeError` receives what goes to stderr (tests pass their own).
 */
export async function runCli(argv: string[], writeError: (text: string) => void = (text) => process.stderr.write(text)): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof ExitStatus) return error.exitCode;
    // Messages can quote outside text (a name, a line of a statement): never raw to the terminal.
    const message = userMessage(error);
    if (message !== null) writeError(`moneta: error: ${terminalSafe(message, true)}\n`);
    else {
      const lines = ((error as Error)?.stack ?? String(error)).split('\n').map((line) => terminalSafe(line));
      writeError(`moneta: unexpected error: ${lines.join('\n')}\n`);
    }
    return exitCodeFor(error);
  }
}
