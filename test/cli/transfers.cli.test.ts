import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openMigratedStore } from '../../src/store/open-store.js';
import { cliEngines } from '../support/cli-engines.js';
import { runCli } from '../support/spawned-server.js';
import { addAccount } from '../support/ledger.js';


type Run = Awaited<ReturnType<typeof runCli>>;

function ok(run: Run): Run {
  assert.equal(run.code, 0, `${run.stderr}${run.stdout}`);
  return run;
}

const ENGINES = cliEngines('moneta-transfers-');

/** Two accounts, a transfer's two rows (ids 1 and 2) and a row of spending (id 3). */
async function seed(db: string): Promise<void> {
  const store = await openMigratedStore({ db });
  try {
    const current = await addAccount(store, { name: 'Current' });
    const savings = await addAccount(store, { name: 'Savings' });
    await store.transactions.create({ date: '2024-05-01', description: 'TRANSFER TO SAVINGS \u001b[31m', value: -250.25, account: current });
    await store.transactions.create({ date: '2024-05-02', description: 'FROM CURRENT', value: 250.25, account: savings });
    await store.transactions.create({ date: '2024-05-02', description: 'TESCO', value: -12.5, account: current });
  } finally {
    await store.lifecycle.close();
  }
}

for (const engine of ENGINES) {
  describe(`moneta transfers on ${engine.name}`, { skip: engine.skip }, () => {
    it('suggests, links, lists, unlinks and rejects; problems name the arguments; JSON keeps the text as stored', async () => {
      const db = await engine.db();
      await seed(db);
      const cli = (...args: string[]) => runCli([...args, '--db', db]);
      const suggested = ok(await cli('transfers', 'suggest')).stdout;
      assert.match(suggested, /^OUTFLOW {2}INFLOW {2}SCORE {2}REASON$/m);
      assert.match(suggested, /^1 {8}2 {7}0\.93 {3}opposite amounts of 250\.25 from Current to Savings, 1 day apart; "TRANSFER" in the description$/m);
      assert.deepEqual(JSON.parse(ok(await cli('transfers', 'suggest', '--json')).stdout).map((s: { score: number }) => s.score), [0.93]);

      const refused = await cli('transfers', 'link', '2', '1');
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, /^moneta: error: <outflow> must be money out/);
      assert.equal((await cli('transfers', 'link', 'x', '1')).code, 2);

      const linked = ok(await cli('transfers', 'link', '1', '2')).stdout;
      assert.match(linked, /^linked transfer 1: 1 -> 2$/m);
      assert.match(linked, /^change \d+: `moneta undo \d+` reverts it$/m);
      const list = ok(await cli('transfers', 'list')).stdout;
      assert.match(list, /^1 {3}confirmed {2}2024-05-01 {2}250\.25 {2}1 \(account 1\) {2}2 \(account 2, 2024-05-02\)$/m);
      assert.equal(JSON.parse(ok(await cli('transfers', 'list', '--json')).stdout)[0].outflow.description, 'TRANSFER TO SAVINGS \u001b[31m');
      assert.match(ok(await cli('transfers', 'suggest')).stdout, /^no suggestions$/m);

      assert.match(ok(await cli('transfers', 'unlink', '1')).stdout, /^unlinked transfer 1; transactions 1 and 2 stay$/m);
      assert.match(ok(await cli('transfers', 'list')).stdout, /^no transfers$/m);
      ok(await cli('settings', 'set', 'transferWindowDays', '0'));
      assert.match(ok(await cli('transfers', 'suggest')).stdout, /^no suggestions$/m, 'a day apart is outside a window of 0 days');
      assert.match(ok(await cli('settings')).stdout, /^transferWindowDays {2}0 /m);
      assert.equal((await cli('settings', 'set', 'transferWindowDays', '32')).code, 2);
      ok(await cli('settings', 'set', 'transferWindowDays', '4'));
      ok(await cli('transfers', 'reject', '1', '2'));
      assert.match(ok(await cli('transfers', 'suggest')).stdout, /^no suggestions$/m);

      // An import into an account names the transfers it found.
      ok(await cli('banks', 'add', 'dkb', 'DKB'));
      ok(await cli('accounts', 'add', 'Broker', '--type', 'investment', '--bank', 'dkb'));
      const file = join(mkdtempSync(join(tmpdir(), 'moneta-transfers-csv-')), 'broker.csv');
      writeFileSync(file, 'Date,Description,Amount\n2024-05-03,DEPOSIT,12.5\n');
      const imported = ok(await cli('import', file, '--account', '3')).stdout;
      assert.match(imported, /^transfer found: 3 -> 4 \(12\.5\), suggested as transfer 2: `moneta transfers link 3 4` confirms it$/m);
      assert.match(ok(await cli('transfers', 'list', '--status', 'suggested')).stdout, /^2 {3}suggested/m);
    });
  });
}
