import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Command } from 'commander';
import { storeConfig } from '../../src/config.js';
import { buildProgram, runCli } from '../../src/cli/program.js';
import { openMigratedStore } from '../../src/store/open-store.js';
import { describeEachEngine } from '../support/engines.js';

/**
 * Every command that takes the list's filter flags refuses a reversed range as a usage error
 * (exit code 2) naming the flag, and changes nothing. The commands are found by their flags, so
 * a new one is covered when it appears. Run in-process (spawning one CLI per case costs seconds
 * each); test/reports/report.cli.test.ts and test/cli/transactions.cli.test.ts spawn the real binary.
 */
const FILTER_FLAGS = ['--category', '--uncategorised', '--bank', '--description', '--from', '--to', '--min-value', '--max-value'];

function commandsWithFilterFlags(command: Command, path: string[] = []): string[][] {
  const found: string[][] = [];
  for (const sub of command.commands) {
    const subPath = [...path, sub.name()];
    const flags = new Set(sub.options.map((option) => option.long));
    if (FILTER_FLAGS.every((flag) => flags.has(flag))) found.push(subPath);
    found.push(...commandsWithFilterFlags(sub, subPath));
  }
  return found;
}

/** What a command needs besides its filter to be a valid command line. */
const OTHER_FLAGS: Record<string, string[]> = {
  'transactions recategorise': ['--set', 'Moved'],
  'transactions move': ['--to-account', '1'],
  'transactions status': ['cleared'],
};

const REVERSED = [
  { label: 'from after to', flags: ['--from', '2024-03-02', '--to', '2024-03-01'], message: /^moneta: error: --from must not be after --to \(2024-03-02 > 2024-03-01\)$/m },
  { label: 'min above max', flags: ['--min-value', '5', '--max-value', '4.99'], message: /^moneta: error: --min-value must not be above --max-value \(5 > 4\.99\)$/m },
];

const commands = commandsWithFilterFlags(buildProgram());

describeEachEngine('moneta commands with filter flags, given a reversed range', ({ freshDbSetting }) => {
  it('are found by their flags: the reports and the bulk corrections', () => {
    assert.deepEqual(commands.map((path) => path.join(' ')).sort(), [
      'report cashflow',
      'report categories',
      'report payees',
      'report totals',
      'transactions delete',
      'transactions move',
      'transactions recategorise',
      'transactions status',
    ]);
  });

  for (const path of commands) {
    it(`moneta ${path.join(' ')}: exit code 2, a message naming the flag, nothing changed`, async () => {
      const db = await freshDbSetting();
      const store = await openMigratedStore(storeConfig({ db }));
      const contents = async () => JSON.stringify([await store.transactions.list({ sort: [], limit: 100, offset: 0 }), await store.trash.list(100, 0)]);
      try {
        await store.transactions.create({ date: '2024-03-01', description: 'TESCO', value: -5, category: 'Food' });
        await store.transactions.create({ date: '2024-03-02', description: 'SALARY', value: 4.99 });
        const before = await contents();
        for (const reversed of REVERSED) {
          let stderr = '';
          const code = await runCli(['node', 'moneta', ...path, ...reversed.flags, ...(OTHER_FLAGS[path.join(' ')] ?? []), '--db', db], (text) => (stderr += text));
          assert.equal(code, 2, `${reversed.label}: ${stderr}`);
          assert.match(stderr, reversed.message, reversed.label);
          assert.equal(await contents(), before, `${reversed.label}: nothing changed`);
        }
      } finally {
        await store.lifecycle.close();
      }
    });
  }
});
