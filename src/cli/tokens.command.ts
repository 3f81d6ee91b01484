import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { TokensService } from '../services/tokens.service.js';
import { addStoreOptions, printTable, say, withStore } from './cli-support.js';
import { jsonForTerminal, terminalSafe } from './terminal-text.js';

export function registerTokensCommand(program: Command): void {
  const tokens = program
    .command('tokens')
    .description('Manage API tokens: once one exists, every request needs "Authorization: Bearer <token>"');

  addStoreOptions(
    tokens
      .command('create <name>')
      .description('Create a token and print it once (only its SHA-256 is stored)')
      .option('--read-only', 'the token may only read (GET); writes get 403'),
  )
    .addHelpText('after', '\nExample:\n  moneta tokens create laptop\n  moneta tokens create dashboard --read-only')
    .action(async (name: string, flags: StoreFlags & { readOnly?: boolean }) => {
      await withStore(flags, 'create', async (store) => {
        const { token, record } = await new TokensService(store).create(name, { readOnly: flags.readOnly === true });
        process.stdout.write(`${token}\n`);
        process.stderr.write(
          `created ${record.readOnly ? 'read-only ' : ''}token "${terminalSafe(record.name)}". It is shown only this once: store it now.\n` +
            'Send it as: Authorization: Bearer <token>. A running server accepts it within a second.\n',
        );
      });
    });

  addStoreOptions(tokens.command('list').description('List tokens (names and rights; the tokens themselves are not stored)').option('--json', 'print JSON')).action(
    async (flags: StoreFlags & { json?: boolean }) => {
      await withStore(flags, 'existing', async (store) => {
        const all = await new TokensService(store).list();
        const rows = all.map(({ name, readOnly, createdAt }) => ({ name, readOnly, createdAt }));
        if (flags.json) process.stdout.write(`${jsonForTerminal(rows)}\n`);
        else if (rows.length === 0) process.stdout.write('no tokens: the API is open on loopback only. Create one with `moneta tokens create <name>`\n');
        else printTable(['NAME', 'ACCESS', 'CREATED'], rows.map((row) => [row.name, row.readOnly ? 'read-only' : 'read-write', row.createdAt]));
      });
    },
  );

  addStoreOptions(tokens.command('revoke <name>').description('Revoke a token; a running server refuses it within a second')).action(
    async (name: string, flags: StoreFlags) => {
      await withStore(flags, 'existing', async (store) => {
        await new TokensService(store).revoke(name);
        say(`revoked token ${name}`);
      });
    },
  );
}
