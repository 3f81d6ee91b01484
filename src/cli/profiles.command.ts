import type { Command } from 'commander';
import { describeProfile, listProfiles, loadProfile, StatementError } from '../importers/index.js';
import profileSchema from '../importers/profiles/profile.schema.json' with { type: 'json' };
import { CliError, printTable } from './cli-support.js';
import { terminalSafe } from './terminal-text.js';

/** `moneta profiles list|show|schema`: the CSV profiles that ship with Moneta, and their format. */
export function registerProfilesCommand(program: Command): void {
  const profiles = program.command('profiles').description('CSV import profiles: the built-in ones, and the format of your own');
  profiles
    .command('list')
    .description('List the built-in CSV profiles (use one with `moneta import --profile <name>`)')
    .action(() => {
      printTable(['NAME', 'READS'], listProfiles().map((name) => [name, String((describeProfile(name) as { description?: unknown }).description ?? '')]));
    });
  profiles
    .command('show <name-or-file>')
    .description('Print a built-in profile as JSON (a starting point for your own), or check a profile file of yours')
    .action(async (nameOrFile: string) => {
      const builtIn = describeProfile(nameOrFile);
      if (builtIn !== undefined) {
        process.stdout.write(`${JSON.stringify(builtIn, null, 2)}\n`);
        return;
      }
      try {
        const profile = await loadProfile(nameOrFile);
        process.stdout.write(`${terminalSafe(nameOrFile)}: a valid CSV profile "${terminalSafe(profile.name)}"\n`);
      } catch (error) {
        if (error instanceof StatementError) throw new CliError(terminalSafe(error.message, true));
        throw error;
      }
    });
  profiles
    .command('schema')
    .description('Print the JSON Schema of a profile file (for editors and validators)')
    .action(() => {
      process.stdout.write(`${JSON.stringify(profileSchema, null, 2)}\n`);
    });
}
