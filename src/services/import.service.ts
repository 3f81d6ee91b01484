import { maskedAccountNumber, maskedIban } from '../domain/accounts/account.js';
import type { Transfer } from '../domain/transfers/transfer.js';
import { TransfersService } from './transfers.service.js';
import { AddedByDate, checkAccountBalance, type AccountCheckInput, type AccountCheckResult } from './import/account-balance-check.js';
import type { BalanceCheck } from '../domain/accounts/balance-check.js';
import { basename } from 'node:path';
import { DomainError, invalidField } from '../domain/errors.js';
import { bankIdFromName, freeBankId } from '../domain/bank-id.js';
import { listProfiles, openStatement, ProfileInvalidError, StatementError, validateProfile, type CsvProfile, type ImportableItem, type StatementFormat } from '../importers/index.js';
import { type AccountBalances, StatedBalanceCollector } from '../importers/stated-balances.js';
import type { ImportSession } from '../store/imports/import-session.js';
import type { Store } from '../store/store.js';
import { importBatch } from './import/batch-import.js';
import { OccurrenceCounter } from './import/occurrence-counter.js';
import { ReportSpool, type ReportRow } from './import/report-spool.js';
import { loadRuleSet } from './rules.service.js';

export type { ReportRow, RowStatus } from './import/report-spool.js';

export interface ImportOptions {
  bank: string;
  /** The account the rows go into (issue 23): resolved with importTarget, its bank is `bank`. */
  account?: number;
  /** The account has no bank yet and takes `bank` with this import (created first with `newBankName`); from importTarget. */
  accountTakesBank?: AccountTakesBank;
  format?: StatementFormat | 'auto';
  /** CSV only: a built-in profile name or a path to a profile JSON file, or a profile itself (ownProfile). */
  profile?: string | CsvProfile;
  /** CSV only: the date layout (DD/MM/YYYY...), replacing the profile's. */
  dateFormat?: string;
  /** Decide every row, write nothing. */
  dryRun?: boolean;
  /** Import the valid rows of a file that has invalid ones (default: the file imports nothing). */
  skipInvalid?: boolean;
  /** Rows decided and written per round trip; memory is bounded by this, not by the file. */
  batchSize?: number;
  /** Called after each batch with the file line (or entry number) reached. */
  onProgress?: (line: number) => void;
  /** Keep every row's report for rows() (spooled to a temporary file). Default true. */
  keepRows?: boolean;
  /** The name the import history keeps (default: the path's last part), e.g. an upload's own name. */
  fileName?: string;
}

/** The account has no bank yet and takes the import's bank (created first when `newBankName` is set). */
export interface AccountTakesBank {
  newBankName: string | null;
}

/** Where an import's rows go (importTarget). */
export interface ImportTarget {
  bank: string;
  account?: number;
  accountTakesBank?: AccountTakesBank;
}

/** imported: committed. dry-run: nothing written on purpose. rejected: invalid rows, nothing written. */
export type ImportOutcome = 'imported' | 'dry-run' | 'rejected';

export interface ImportResult {
  file: string;
  /** The import history's id of a committed import that added rows; null otherwise. */
  importId: number | null;
  format: StatementFormat;
  outcome: ImportOutcome;
  added: number;
  duplicates: number;
  /** Imported although their bank id is already on another transaction (see RowStatus). */
  conflicts: number;
  invalid: number;
  /** Entries that are not booked transactions (pending, balance lines), each with its reason. */
  skipped: number;
  /** Duplicates by the rule that decided. */
  duplicatesByRule: Record<'bank-id' | 'fingerprint', number>;
  /** The first invalid, conflict and skipped rows (at most 20 of each), for a summary. */
  firstInvalid: ReportRow[];
  firstConflicts: ReportRow[];
  firstSkipped: ReportRow[];
  /**
   * The balances the file states, per account, with the rows read for each (stated-balances.ts);
   * empty when it states none. Not in the report yet: the accounts' balance check reads it.
   */
  statedBalances: AccountBalances[];
  /** With an account: its balance against the statement's closing balance, when the file states one. */
  balanceCheck?: BalanceCheck;
  /** With an account, once imported: the transfers found between its new rows and other accounts' rows, kept as suggested. */
  transfers?: Transfer[];
  /** How the file was read, when the user should know (a charset the bytes contradict, the profile picked). */
  notes: string[];
  /** Every input row in file order (keepRows only). Ids of rows that were not written are null. */
  rows(): AsyncIterable<ReportRow>;
  /** Deletes the spooled report; call once done with rows(). */
  dispose(): Promise<void>;
}

/** --bank names no bank; the message says how to add it and what the file calls its bank. */
export class UnknownBankError extends DomainError {
  constructor(
    readonly bank: string,
    readonly bankNameHint: string | undefined,
  ) {
    const name = bankNameHint ?? 'Bank name';
    super(
      'invalid',
      `no bank has id "${bank}"; add it first with: moneta banks add ${bank} ${JSON.stringify(name)}` +
        (bankNameHint ? ` (the file names its bank "${bankNameHint}")` : ''),
    );
  }
}

const DEFAULT_BATCH = 2000;
const FIRST_LISTED = 20;

/**
 * Imports statement files: the one write path for files, used by the command line. Each file
 * is one store transaction (all or nothing); rows are streamed and decided batch by batch.
 */
export class ImportService {
  constructor(private readonly store: Pick<Store, 'catalogue' | 'rules' | 'imports' | 'accounts' | 'ledger' | 'transfers'>) {}

  /**
   * Where an import's rows go: a bank, or an account (then its bank; a `bank` given too must be
   * that one). `names` spells the fields as the caller's client knows them (query parameters or
   * flags). The account must be open. Imported rows are recognised per bank, so an account
   * without a bank takes one with its first import: the `bank` given, or a new bank named after
   * the account (docs/accounts.md, Importing into an account).
   */
  async importTarget(given: { bank?: string; account?: number }, names: { location: 'query'; bank: string; account: string }): Promise<ImportTarget> {
    if (given.account === undefined) {
      if (given.bank === undefined) throw invalidField(names.location, names.bank, `is required, or ${names.account}: the bank or the account the statement is of`);
      return { bank: given.bank };
    }
    const account = await this.store.accounts.find(given.account);
    if (!account) throw invalidField(names.location, names.account, `names no account (${given.account})`);
    if (account.closedOn !== null) throw invalidField(names.location, names.account, `is closed (since ${account.closedOn}); reopen it to import into it`);
    if (account.bankId === null) {
      if (given.bank !== undefined) {
        if (!(await this.store.catalogue.findBank(given.bank))) throw invalidField(names.location, names.bank, 'names no bank; create it first, or leave it out to give the account a bank of its own');
        return { bank: given.bank, account: account.id, accountTakesBank: { newBankName: null } };
      }
      const bank = await freeBankId(bankIdFromName(account.name, `account-${account.id}`), async (id) => (await this.store.catalogue.findBank(id)) !== null);
      return { bank, account: account.id, accountTakesBank: { newBankName: account.name } };
    }
    if (given.bank !== undefined && given.bank !== account.bankId) throw invalidField(names.location, names.bank, `differs from the account's bank ("${account.bankId}"); leave it out`);
    return { bank: account.bankId, account: account.id };
  }

  /**
   * An import a request asked for (createImport): a profile must be built in (a path would read
   * the server's files), and what cannot be read is a 400 naming the request's field: `bank`,
   * `profile`, or `body` for the statement itself.
   */
  async importRequested(path: string, options: ImportOptions & { fileName: string }): Promise<ImportResult> {
    if (typeof options.profile === 'string' && !listProfiles().includes(options.profile)) {
      throw invalidField('query', 'profile', `is not a built-in profile; they are ${listProfiles().join(', ')}`);
    }
    if (!(await this.bankReady(options))) throw invalidField('query', 'bank', 'names no bank; create it first (createBank)');
    try {
      return await this.importFile(path, options);
    } catch (error) {
      if (!(error instanceof StatementError)) throw error;
      const field = statementErrorField(error.message, options);
      throw new DomainError('invalid', `${field.name}: ${error.message}`, [{ ...field, message: error.message }]);
    }
  }

  /**
   * A request's own CSV profile (the Moneta-Csv-Profile header): the JSON of a profile file,
   * checked as `moneta import --profile file.json` checks one; each problem named.
   */
  ownProfile(text: string): CsvProfile {
    const field = (message: string) => invalidField('header', OWN_PROFILE_HEADER, message);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw field(`is not JSON: ${(error as Error).message}`);
    }
    try {
      return validateProfile(parsed, 'the Moneta-Csv-Profile header', text);
    } catch (error) {
      if (error instanceof ProfileInvalidError) throw field(`is not a usable CSV profile: ${error.problems.join('; ')}`);
      throw error;
    }
  }

  /**
   * Into an account with an IBAN or number, a file that names the account of each row (CAMT.053,
   * MT940, OFX with several statements) gives only that account's rows: the others are skipped,
   * saying whose they are (masked).
   */
  private async accountRows(id: number | undefined): Promise<(item: ImportableItem) => ImportableItem> {
    const account = id === undefined ? null : await this.store.accounts.find(id);
    const numbers = new Set([account?.iban, account?.accountNumber].flatMap((text) => (text ? [plainAccountNumber(text)] : [])));
    if (numbers.size === 0) return (item) => item;
    return (item) => {
      if (item.kind !== 'row' || item.row.account === undefined || numbers.has(plainAccountNumber(item.row.account))) return item;
      return { kind: 'skipped', line: item.row.line, reason: `of another account in the file (${maskedNumber(item.row.account)})` };
    };
  }

  /** The import's bank exists, or is made by the import itself for an account without one. */
  private async bankReady(options: ImportOptions): Promise<boolean> {
    if (options.accountTakesBank?.newBankName != null) return true;
    return (await this.store.catalogue.findBank(options.bank)) !== null;
  }

  private async checkAccount(id: number, input: Omit<AccountCheckInput, 'account'>): Promise<AccountCheckResult> {
    const account = await this.store.accounts.find(id);
    if (!account) return { notes: [] };
    return checkAccountBalance(this.store, { ...input, account });
  }

  async importFile(path: string, options: ImportOptions): Promise<ImportResult> {
    const fileName = options.fileName ?? basename(path);
    const statement = await openStatement(path, { format: options.format ?? 'auto', profile: options.profile, dateFormat: options.dateFormat });
    if (!(await this.bankReady(options))) throw new UnknownBankError(options.bank, statement.bankNameHint);
    const rules = await loadRuleSet(this.store.rules);
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
    const keepRows = options.keepRows ?? true;
    const spool = keepRows ? await ReportSpool.create() : null;
    const counts = { added: 0, duplicates: 0, conflicts: 0, invalid: 0, skipped: 0 };
    const duplicatesByRule = { 'bank-id': 0, fingerprint: 0 };
    const firstInvalid: ReportRow[] = [];
    const firstConflicts: ReportRow[] = [];
    const firstSkipped: ReportRow[] = [];
    const remember = (list: ReportRow[], row: ReportRow) => {
      if (list.length < FIRST_LISTED) list.push(row);
    };
    let session: ImportSession | undefined;
    let firstInsertedId = Infinity;
    try {
      session = await this.store.imports.begin(options.bank, {
        fileName,
        format: statement.format,
        // The history names a profile of one's own by its name, marked as such.
        profile: options.profile === undefined ? null : typeof options.profile === 'string' ? options.profile : `own: ${options.profile.name}`,
        importedAt: Date.now(),
        account: options.account ?? null,
        ...(options.accountTakesBank === undefined ? {} : { accountTakesBank: options.accountTakesBank }),
      });
      const open = session;
      const occurrences = new OccurrenceCounter(open);
      const formerOccurrences = new OccurrenceCounter(open, { tag: 'former:' });
      const added = new AddedByDate();
      const flush = async (batch: ImportableItem[]) => {
        const rows = await importBatch(open, { bank: options.bank, rules, occurrences, formerOccurrences }, batch);
        const read = new Map(batch.flatMap((item) => (item.kind === 'row' ? [[item.row.line, item.row] as const] : [])));
        for (const row of rows) {
          const source = row.status === 'added' || row.status === 'conflict' ? read.get(row.line) : undefined;
          if (source) added.add(source.date, source.value);
          if (row.id !== null && row.id < firstInsertedId) firstInsertedId = row.id;
          switch (row.status) {
            case 'added': counts.added += 1; break;
            case 'duplicate':
              counts.duplicates += 1;
              duplicatesByRule[row.reason === 'bank-id' ? 'bank-id' : 'fingerprint'] += 1;
              break;
            case 'conflict': counts.conflicts += 1; remember(firstConflicts, row); break;
            case 'skipped': counts.skipped += 1; remember(firstSkipped, row); break;
            default: counts.invalid += 1; remember(firstInvalid, row);
          }
        }
        await spool?.write(rows);
        const last = batch[batch.length - 1];
        if (last) options.onProgress?.(last.kind === 'row' ? last.row.line : last.line);
      };
      let batch: ImportableItem[] = [];
      const balances = new StatedBalanceCollector();
      const ofAccount = await this.accountRows(options.account);
      for await (const item of statement.items) {
        balances.add(item);
        // A stated balance is neither a row nor skipped: no report counts it.
        if (item.kind === 'balance') continue;
        batch.push(ofAccount(item));
        if (batch.length >= batchSize) {
          await flush(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await flush(batch);
      await spool?.finish();
      const outcome: ImportOutcome = options.dryRun ? 'dry-run' : counts.invalid > 0 && !options.skipInvalid ? 'rejected' : 'imported';
      // The history row is written with the first batch that reached the store.
      const importId = outcome === 'imported' ? await session.importId : null;
      if (outcome === 'imported') await session.commit(counts);
      else await session.rollback();
      const statedBalances = balances.accounts().filter((account) => account.opening || account.closing);
      const checked =
        options.account === undefined || outcome === 'rejected'
          ? { notes: [] }
          : await this.checkAccount(options.account, { stated: statedBalances, committed: outcome === 'imported', added });
      const transfers =
        options.account !== undefined && outcome === 'imported' && Number.isFinite(firstInsertedId) ? await new TransfersService(this.store).foundByImport(firstInsertedId) : [];
      return {
        file: fileName,
        importId,
        format: statement.format,
        outcome,
        ...counts,
        duplicatesByRule,
        firstInvalid,
        firstConflicts,
        firstSkipped,
        statedBalances,
        ...(checked.balanceCheck === undefined ? {} : { balanceCheck: checked.balanceCheck }),
        ...(transfers.length === 0 ? {} : { transfers }),
        notes: [...statement.notes, ...tookBankNotes(options, outcome, counts.added + counts.conflicts), ...checked.notes],
        rows: () => {
          if (!spool) throw new Error('rows() needs keepRows');
          return outcome === 'imported' ? spool.read() : withoutUnwrittenIds(spool.read(), firstInsertedId);
        },
        dispose: async () => spool?.dispose(),
      };
    } catch (error) {
      await session?.rollback().catch(() => {});
      await spool?.dispose();
      throw error;
    }
  }
}

/** The header that carries a request's own CSV profile. */
const OWN_PROFILE_HEADER = 'Moneta-Csv-Profile';

/**
 * Which of the request's fields a statement's error is about: the profile only when it cannot
 * apply at all (a file its columns do not fit is the body's fault), the date format when the
 * dates' layout is unsure or unusable, else the statement itself.
 */
function statementErrorField(message: string, options: ImportOptions): { in: 'query' | 'header' | 'body'; name: string } {
  if (options.profile !== undefined && /^(unknown CSV profile|a CSV profile was given)/.test(message)) {
    return typeof options.profile === 'string' ? { in: 'query', name: 'profile' } : { in: 'header', name: OWN_PROFILE_HEADER };
  }
  if (/^(cannot tell the date format|the date format ".*" is not usable|a date format applies to CSV)/.test(message)) return { in: 'query', name: 'dateFormat' };
  return { in: 'body', name: 'body' };
}

/** What an import into an account without a bank did to it (or would do, on a dry run). */
function tookBankNotes(options: ImportOptions, outcome: ImportOutcome, written: number): string[] {
  const takes = options.accountTakesBank;
  if (takes === undefined || outcome === 'rejected' || written === 0) return [];
  const bank = takes.newBankName === null ? `bank "${options.bank}"` : `a new bank "${options.bank}", named after it`;
  return outcome === 'dry-run'
    ? [`The account has no bank: importing would give it ${bank}, under which its imported rows are recognised.`]
    : [`The account had no bank: it now has ${bank}, under which its imported rows are recognised.`];
}

/** Rows not committed have no id; a duplicate of one of them has no original to point at. */
async function* withoutUnwrittenIds(rows: AsyncIterable<ReportRow>, firstInsertedId: number): AsyncGenerator<ReportRow> {
  for await (const row of rows) {
    const unwrittenOriginal = row.duplicateOf !== null && row.duplicateOf >= firstInsertedId;
    yield { ...row, id: null, duplicateOf: unwrittenOriginal ? null : row.duplicateOf };
  }
}

/** An IBAN or account number compared as the bank writes it, without spaces and dashes, upper case. */
function plainAccountNumber(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** An IBAN masked as an IBAN, any other number by its last four characters. */
function maskedNumber(text: string): string {
  const plain = plainAccountNumber(text);
  return /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(plain) ? maskedIban(plain) : maskedAccountNumber(plain);
}
