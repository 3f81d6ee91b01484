import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliEngines } from '../support/cli-engines.js';
import { runCli } from '../support/spawned-server.js';

const IBAN = 'DE44500105175407324931';
const STATEMENTS = 'test/fixtures/statements';

type Run = Awaited<ReturnType<typeof runCli>>;

function ok(run: Run): Run {
  assert.equal(run.code, 0, `${run.stderr}${run.stdout}`);
  return run;
}

/** A one-line message naming the flag, exit code 1 (the service refused) or 2 (the command line). */
function refused(run: Run, code: number, message: RegExp): void {
  assert.equal(run.code, code, `${run.stderr}${run.stdout}`);
  assert.match(run.stderr, /^moneta: error: /);
  assert.match(run.stderr, message);
  assert.doesNotMatch(run.stderr, /openingBalance|openingDate|moveTo|bankId|force=true|\n\s+at /);
}

const ENGINES = cliEngines('moneta-accounts-');

for (const engine of ENGINES) {
  describe(`moneta accounts on ${engine.name}`, { skip: engine.skip }, () => {
    it('adds, lists by type with net worth per currency, shows, edits, closes, reopens and removes; problems name the flags', async () => {
      const db = await engine.db();
      const cli = (...args: string[]) => runCli([...args, '--db', db]);
      ok(await cli('banks', 'add', 'dkb', 'DKB'));
      const added = ok(await cli('accounts', 'add', 'Giro', '--type', 'checking', '--currency', 'EUR', '--bank', 'dkb', '--iban', 'DE44 5001 0517 5407 3249 31', '--opening-balance', '1200.50', '--opening-date', '2024-01-01'));
      assert.match(added.stdout, /^added account 1 \(Giro, checking, EUR\)$/m);
      assert.match(added.stdout, /^change \d+: `moneta undo \d+` reverts it$/m);
      ok(await cli('accounts', 'add', 'Card', '--type', 'credit_card', '--currency', 'USD', '--opening-balance', '-250', '--opening-date', '2024-01-01'));
      ok(await cli('accounts', 'add', '=HYPERLINK("x")', '--type', 'savings', '--currency', 'EUR', '--opening-balance', '99.5', '--opening-date', '2024-01-01'));

      const list = ok(await cli('accounts', 'list')).stdout;
      assert.match(list, /^Checking\n {2}ID {2}NAME/m);
      assert.match(list, /^ {2} 1 {2}Giro .* EUR {7}1,200\.50 {2}1,200\.50 {5}0\.00 {2}dkb {3}DE44 •••• 4931 {2}open$/m);
      assert.ok(list.indexOf('Checking') < list.indexOf('Savings') && list.indexOf('Savings') < list.indexOf('Credit cards'), list);
      // Currencies never added together: EUR is 1,200.50 + 99.50, USD apart.
      assert.match(list, /^Net worth\n {2}EUR {2}1,300\.00 {2}\(2 accounts\)\n {2}USD {2}-250\.00 {2}\(1 account\)$/m);
      assert.doesNotMatch(list, new RegExp(IBAN), 'a list shows the IBAN masked');

      const json = JSON.parse(ok(await cli('accounts', 'list', '--json')).stdout) as { accounts: { id: number; iban?: string; ibanMasked?: string; balance: { current: number } }[]; netWorth: unknown };
      assert.deepEqual(json.netWorth, [
        { currency: 'EUR', netWorth: 1300, accounts: 2 },
        { currency: 'USD', netWorth: -250, accounts: 1 },
      ]);
      assert.equal(json.accounts.find((account) => account.id === 1)?.iban, undefined);
      assert.equal(json.accounts.find((account) => account.id === 1)?.ibanMasked, 'DE44 •••• 4931');

      const csv = ok(await cli('accounts', 'list', '--csv')).stdout;
      assert.match(csv, /^id,name,type,currency,current,cleared,pending,as_of,bank,iban,account_number,opening_balance,opening_date,closed_on\r\n/);
      assert.match(csv, /\r\n3,"'=HYPERLINK\(""x""\)",savings,EUR,99\.5,99\.5,0,2024-01-01,/, 'a name a spreadsheet would run is written as text');

      const shown = ok(await cli('accounts', 'show', '1')).stdout;
      assert.match(shown, new RegExp(`^IBAN: +${IBAN}$`, 'm'));
      assert.match(shown, /^opening balance: 1,200\.50 EUR on 2024-01-01$/m);
      assert.equal((JSON.parse(ok(await cli('accounts', 'show', '1', '--json')).stdout) as { iban: string }).iban, IBAN);

      refused(await cli('accounts', 'add', 'Odd', '--type', 'cash', '--currency', 'EUR', '--opening-balance', '1.234', '--opening-date', '2024-01-01'), 1, /--opening-balance has more decimals than EUR has \(2\)/);
      refused(await cli('accounts', 'add', 'Odd', '--type', 'cash', '--opening-balance', '5'), 1, /--opening-date must be given with --opening-balance and --opening-date together/);
      refused(await cli('accounts', 'add', 'Odd', '--type', 'cash', '--bank', 'nope'), 1, /--bank names no known bank/);
      refused(await cli('accounts', 'add', 'Odd', '--type', 'cash', '--iban', 'DE00 1234'), 1, /--iban is not an IBAN/);
      refused(await cli('accounts', 'add', 'Odd', '--type', 'cash', '--opening-balance', '1,5', '--opening-date', '2024-01-01'), 2, /--opening-balance must be an amount/);
      refused(await cli('accounts', 'edit', '1', '--opening-date', '2024-02-30'), 2, /--opening-date must be a date/);
      refused(await cli('accounts', 'show', '99'), 1, /no account has id 99/);

      ok(await cli('accounts', 'edit', '1', '--name', 'Joint giro', '--no-iban'));
      const edited = JSON.parse(ok(await cli('accounts', 'show', '1', '--json')).stdout) as { name: string; iban?: string };
      assert.deepEqual([edited.name, edited.iban], ['Joint giro', undefined]);
      assert.match(ok(await cli('accounts', 'close', '3', '--on', '2024-06-30')).stdout, /^closed account 3 .* on 2024-06-30$/m);
      assert.match(ok(await cli('accounts', 'list')).stdout, /closed 2024-06-30/);
      ok(await cli('accounts', 'reopen', '3'));
      assert.doesNotMatch(ok(await cli('accounts', 'list')).stdout, /closed/);
      refused(await cli('accounts', 'remove', '1', '--transactions', 'move'), 1, /--move-to is required with --transactions move/);
      refused(await cli('accounts', 'remove', '1', '--transactions', 'move', '--move-to', '2'), 1, /--move-to is in USD/);
      assert.match(ok(await cli('accounts', 'remove', '3')).stdout, /^removed account 3$/m);
      assert.equal((JSON.parse(ok(await cli('accounts', 'list', '--json')).stdout) as { accounts: unknown[] }).accounts.length, 2);
    });

    it('imports into an account with its balance check, shows the register with running balances, and reconciles (exit 3 while they differ)', async () => {
      const db = await engine.db();
      const cli = (...args: string[]) => runCli([...args, '--db', db]);
      ok(await cli('banks', 'add', 'dkb', 'DKB'));
      ok(await cli('accounts', 'add', 'Giro', '--type', 'checking', '--currency', 'EUR', '--bank', 'dkb', '--iban', IBAN));

      const partial = ok(await cli('import', `${STATEMENTS}/camt053-balanced-one-row-removed.xml`, '--account', '1')).stdout;
      assert.match(partial, /into account 1 \(bank dkb\): imported/);
      assert.match(partial, /^note: the account had no opening balance: it now starts at 1,520\.33 on 2024-03-01/m);
      assert.match(partial, /^balance check: DIFFERS: the statement ends at 2,836\.53; Moneta has 2,836\.83 on 2024-03-31: 0\.30 missing or extra between 2024-03-01 and 2024-03-31$/m);
      const full = JSON.parse(ok(await cli('import', `${STATEMENTS}/camt053-balanced.xml`, '--account', '1', '--json')).stdout) as { added: number; balanceCheck: { agrees: boolean; difference: number } };
      assert.deepEqual([full.added, full.balanceCheck.agrees, full.balanceCheck.difference], [1, true, 0]);
      refused(await cli('import', `${STATEMENTS}/camt053-balanced.xml`, '--account', '1', '--bank', 'ing'), 1, /--bank differs from the account's bank/);
      refused(await cli('import', `${STATEMENTS}/camt053-balanced.xml`), 2, /say --bank <id> or --account <account>/);

      const register = ok(await cli('accounts', 'register', '1', '--oldest')).stdout;
      const balances = [...register.matchAll(/ (-?[\d,]+\.\d\d) {2}(?:cleared|uncleared|pending) {2}(-?[\d,]+\.\d\d)$/gm)].map((match) => match[2]);
      assert.deepEqual(balances, ['1,496.83', '3,596.83', '3,596.53', '2,836.53']);
      const page = JSON.parse(ok(await cli('accounts', 'register', '1', '--json', '--limit', '1')).stdout) as { total: number; rows: { balance: number; transaction: { id: number } }[] };
      assert.deepEqual([page.total, page.rows.length, page.rows[0]?.balance], [4, 1, 2836.53]);
      const history = JSON.parse(ok(await cli('accounts', 'history', '1', '--from', '2024-03-01', '--to', '2024-04-30', '--json')).stdout) as { points: { date: string; balance: number }[] };
      assert.deepEqual(history.points, [
        { date: '2024-03-31', balance: 2836.53 },
        { date: '2024-04-30', balance: 2836.53 },
      ]);

      const rent = page.rows[0]?.transaction.id ?? 0;
      ok(await cli('transactions', 'status', 'uncleared', '--ids', String(rent)));
      const preview = ok(await cli('reconcile', '1', '--date', '2024-03-31', '--balance', '2836.53'));
      assert.match(preview.stdout, /the statement says 2,836\.53 EUR; the cleared balance is 3,596\.53 EUR/);
      assert.match(preview.stdout, /^difference: -760\.00 EUR/m);
      assert.match(preview.stdout, /^1 uncleared transaction\(s\) on or before 2024-03-31:$/m);
      const differs = await cli('reconcile', '1', '--date', '2024-03-31', '--balance', '2836.53', '--complete');
      assert.equal(differs.code, 3, differs.stderr);
      assert.match(differs.stdout, /NOT reconciled, nothing changed/);
      refused(await cli('reconcile', '1', '--date', '2024-03-31', '--balance', '2836.531'), 1, /--balance has more decimals than EUR has/);

      ok(await cli('transactions', 'status', 'cleared', '--account', '1', '--to', '2024-03-31'));
      const done = JSON.parse(ok(await cli('reconcile', '1', '--date', '2024-03-31', '--balance', '2836.53', '--complete', '--json')).stdout) as { agrees: boolean; reconciled: number };
      assert.deepEqual([done.agrees, done.reconciled], [true, 4]);

      ok(await cli('accounts', 'add', 'Cash', '--type', 'cash', '--currency', 'EUR'));
      refused(await cli('transactions', 'move', '--ids', String(rent), '--to-account', '2'), 1, /reconciled: a reconciled transaction is moved only when forced \(--force\)/);
      assert.match(ok(await cli('transactions', 'move', '--ids', String(rent), '--to-account', '2', '--force')).stdout, /^moved 1 transaction\(s\) into account 2$/m);
      const cash = JSON.parse(ok(await cli('accounts', 'show', '2', '--json')).stdout) as { balance: { current: number } };
      assert.equal(cash.balance.current, -760);
    });
  });
}

describe('moneta settings and --currency', () => {
  it('a new store starts with --currency; one that exists keeps its own and says so; settings set changes it', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'moneta-settings-')), 'moneta.db');
    const cli = (...args: string[]) => runCli([...args, '--db', db]);
    refused(await cli('import', `${STATEMENTS}/camt053-balanced.xml`, '--bank', 'x', '--currency', 'EURO'), 2, /--currency must be an ISO 4217 currency code/);
    ok(await cli('demo', '--currency', 'GBP'));
    assert.match(ok(await cli('settings')).stdout, /^currency {2}GBP /m);
    const again = ok(await cli('demo', '--force', '--currency', 'USD'));
    assert.match(again.stderr, /this store's default currency stays GBP; --currency USD only sets a new store's/);
    ok(await cli('settings', 'set', 'currency', 'CHF'));
    assert.deepEqual(JSON.parse(ok(await cli('settings', '--json')).stdout), { currency: 'CHF', transferWindowDays: 4 });
    refused(await cli('settings', 'set', 'currency', 'XYZ1'), 1, /currency is not an ISO 4217 currency code/);
    assert.match(ok(await cli('accounts', 'add', 'Pocket', '--type', 'cash')).stdout, /^added account \d+ \(Pocket, cash, CHF\)$/m);
  });

  it('the demo has one currency per account, every row in one, most cleared, a few uncleared, two pending', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'moneta-demo-accounts-')), 'moneta.db');
    assert.match(ok(await runCli(['demo', '--db', db])).stdout, /^loaded 3 banks, 4 accounts, 20 categories and 2000 transactions$/m);
    const listed = JSON.parse(ok(await runCli(['accounts', 'list', '--json', '--db', db])).stdout) as {
      accounts: { name: string; currency: string; balance: { current: number; cleared: number; pending: number } }[];
      netWorth: { currency: string; netWorth: number }[];
    };
    assert.deepEqual(
      listed.accounts.map((account) => [account.name, account.currency, account.balance.current]).sort(([a], [b]) => String(a).localeCompare(String(b))),
      [
        ['Chase Checking', 'USD', 892.63],
        ['ING Checking', 'EUR', 3515.34],
        ['ING Savings', 'EUR', 8500],
        ['Monzo Current', 'GBP', 978.51],
      ],
    );
    assert.deepEqual(listed.netWorth.map((total) => [total.currency, total.netWorth]), [['EUR', 12015.34], ['GBP', 978.51], ['USD', 892.63]]);
    assert.equal(listed.accounts.find((account) => account.name === 'ING Checking')?.balance.pending, -197.14);
    const register = ok(await runCli(['accounts', 'register', '1', '--limit', '10000', '--csv', '--db', db])).stdout;
    const statuses = register.trim().split('\r\n').slice(1).map((line) => line.split(',').at(-3));
    assert.equal(statuses.filter((status) => status === 'pending').length, 2);
    assert.ok(statuses.filter((status) => status === 'uncleared').length >= 3);
    assert.ok(statuses.filter((status) => status === 'cleared').length > 1000);
    const outside = JSON.parse(ok(await runCli(['accounts', 'net-worth', '--json', '--from', '2026-10-01', '--to', '2026-10-31', '--db', db])).stdout) as { currencies: { currency: string }[] };
    assert.deepEqual(outside.currencies.map((entry) => entry.currency), ['EUR', 'GBP', 'USD']);
  });
});
