import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { StatementError } from '../../src/importers/index.js';
import { fixture, invalid, readStatement, row, skipped } from './statement-helpers.js';

describe('CAMT.053 statements', () => {
  it('reads version .001.02: plain Sts, several Ustrd, BIC as bank hint, pending entry reported as skipped', async () => {
    const result = await readStatement(fixture('camt053-v02.xml'));
    assert.equal(result.format, 'camt053');
    assert.equal(result.bankNameHint, 'COBADEFFXXX');
    const account = 'DE89370400440532013000';
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-01-31', description: 'Hausverwaltung Schmidt & Co. KG Miete Januar 2024 Wohnung 3.OG links', value: -1234.56, bankTransactionId: '2024013100012345', account }),
      skipped(2, 'pending (status PDNG): not booked yet'),
      row({ line: 3, date: '2024-01-31', description: 'Kontoführungsentgelt Januar', value: -0.99, bankTransactionId: '000003', account }),
      invalid(4, 'date "2024-02-30" is not a real day'),
    ]);
  });

  it('reads version .001.08: Sts/Cd, DtTm booking dates, Pty names and two accounts', async () => {
    const result = await readStatement(fixture('camt053-v08-two-accounts.xml'));
    assert.equal(result.bankNameHint, 'PostFinance AG');
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-03-01', description: 'Zürcher Verkehrsverbund Monatsabo März', value: -45, bankTransactionId: 'PF-20240301-0001', account: 'CH9300762011623852957' }),
      skipped(2, 'pending (status PDNG): not booked yet'),
      row({ line: 3, date: '2024-03-01', description: 'Employer SA Lohn Februar', value: 3000, bankTransactionId: 'B-77', account: '0000-5555-9' }),
    ]);
  });

  describe('a file that yields nothing to import says why, in one line', () => {
    const cases: Array<[file: string, reason: string]> = [
      ['camt053-no-entries.xml', 'camt053-no-entries.xml holds no entries: its statement (Stmt) has no Ntry, so there is nothing to import'],
      ['camt053-pending-only.xml', 'camt053-pending-only.xml holds no booked entries: its 3 entries are 2 pending (PDNG) and 1 information only (INFO), which may still change; import a statement in which they are booked (Sts BOOK)'],
      ['camt052-account-report.xml', 'camt052-account-report.xml is a camt.052 account report (BkToCstmrAcctRpt), not a camt.053 statement: reports are intraday and their entries may still change; import your bank\'s end-of-day statement (camt.053)'],
      ['camt054-notification.xml', 'camt054-notification.xml is a camt.054 debit/credit notification (BkToCstmrDbtCdtNtfctn), not a camt.053 statement: import your bank\'s account statement (camt.053)'],
      ['camt053-unknown-namespace.xml', 'camt053-unknown-namespace.xml declares the namespace "urn:example:bank:statement:v3", not a camt.053 one (urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN), and holds no statement (Stmt) Moneta can read'],
    ];
    for (const [file, reason] of cases) {
      it(file, async () => {
        await assert.rejects(readStatement(fixture(file)), (error: unknown) => {
          assert.ok(error instanceof StatementError, String(error));
          assert.equal(error.message, reason);
          return true;
        });
      });
    }

    it('a statement under another namespace (the Swiss SIX schema) still reads, with a note', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'moneta-camt-'));
      try {
        const path = join(dir, 'six.xml');
        const iso = await readFile(fixture('camt053-v02.xml'), 'utf8');
        await writeFile(path, iso.replace('urn:iso:std:iso:20022:tech:xsd:camt.053.001.02', 'http://www.six-interbank-clearing.com/de/camt.053.001.04.xsd'));
        const result = await readStatement(path);
        assert.deepEqual(result.items, (await readStatement(fixture('camt053-v02.xml'))).items);
        assert.deepEqual(result.notes, ['read as a camt.053 statement (Document/BkToCstmrStmt/Stmt/Ntry), although it declares the namespace "http://www.six-interbank-clearing.com/de/camt.053.001.04.xsd"']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('a camt.052 or camt.054 forced as camt053 gets the same reason', async () => {
      await assert.rejects(readStatement(fixture('camt052-account-report.xml'), { format: 'camt053' }), /is a camt\.052 account report/);
    });
  });
});
