import { invalidField } from '../../domain/errors.js';
import type { CsvProfile } from '../../importers/index.js';
import type { ImportHistoryService } from '../../services/import-history.service.js';
import type { ImportJobsService } from '../../services/import-jobs.service.js';
import type { ImportResult, ImportService, ReportRow } from '../../services/import.service.js';
import { importAnswer, JOB_RETRY_AFTER_SECONDS, prefersAsync, presentImportJob, sendAnswer, within } from '../import-answer.js';
import { RequestValidationError } from '../request-validation.js';
import { changeField } from '../register-operations.js';
import type { OperationHandlers, Schemas } from '../operation-types.js';
import { presentImportDetail, presentImportSummary, presentTransaction } from '../presenters.js';
import { receiveFile, type UploadLimits } from '../statement-body.js';
import { presentTransfer } from './transfers.routes.js';

type Handlers = Pick<OperationHandlers, 'createImport' | 'listImports' | 'getImport' | 'undoImport' | 'getImportJob'>;

/** The per-row report createImport answers with, at most; the rest of a big file via getImport's pages. */
export const REPORT_ROWS = 1000;

/** How a statement upload is bounded, and how long createImport waits for its report before answering 202. */
export interface ImportAnswerOptions extends UploadLimits {
  /** Past this, the answer is 202 with the import's job; the import goes on. 0: always 202 at once. */
  answerMs: number;
}

/**
 * Imports: statements as request bodies, the history, undo, and the jobs of imports answered 202.
 * The same ImportService as `moneta import`.
 */
export function importHandlers(imports: ImportService, history: ImportHistoryService, jobs: ImportJobsService, options: ImportAnswerOptions): Handlers {
  return {
    async createImport({ query }, reply, request) {
      const fileName = query.fileName ?? 'statement';
      // Before a byte of the statement is read; an unread body closes the connection after the answer.
      let target;
      let ownProfile: CsvProfile | undefined;
      try {
        jobs.assertRoom();
        const account = query.account === undefined ? undefined : Number(query.account);
        const ownProfileText = request.headers['moneta-csv-profile'];
        if (typeof ownProfileText === 'string') {
          if (query.profile !== undefined) throw invalidField('query', 'profile', 'and a Moneta-Csv-Profile header were both given; send one');
          ownProfile = imports.ownProfile(ownProfileText);
        }
        target = await imports.importTarget({ bank: query.bank, account }, { location: 'query', bank: 'bank', account: 'account' });
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
      let file;
      try {
        file = await receiveFile(request, fileName, options);
      } catch (error) {
        // An over-long or stalled body is not read to its end: the connection is closed after the answer.
        if (error instanceof RequestValidationError && (error.status === 413 || error.status === 408)) reply.header('connection', 'close');
        throw error;
      }
      // Known to this process only until the import ends: nothing is written while SQLite imports hold the write lock.
      const { bank, account, accountTakesBank } = target;
      const job = jobs.start(fileName, bank);
      const received = file;
      const answer = importAnswer(request, async () => {
        try {
          const result = await imports.importRequested(received.path, {
            bank,
            account,
            accountTakesBank,
            format: query.format,
            profile: ownProfile ?? query.profile,
            ...(query.dateFormat === undefined ? {} : { dateFormat: query.dateFormat }),
            fileName,
            dryRun: query.dryRun,
            skipInvalid: query.skipInvalid,
          });
          try {
            // The change it made (undo by change), also when the answer is a job's (the report is made in this request's scope).
            return { ...(await presentReport(result, bank)), ...(account === undefined ? {} : { account }), ...changeField(reply) };
          } finally {
            await result.dispose();
          }
        } finally {
          await received.remove();
        }
      });
      // Whoever answers, the job keeps the outcome: a client cut off before the answer polls it.
      jobs.follow(job, answer, (error) => request.log.error({ err: error, job: job.id }, 'the outcome of an import job could not be recorded'));
      // An answer time of 0: every import answers 202 at once, as if it preferred to.
      const inTime = prefersAsync(request) || options.answerMs === 0 ? undefined : await within(answer, options.answerMs);
      if (inTime !== undefined) return sendAnswer(reply, inTime);
      return reply
        .code(202)
        .header('location', `/import-jobs/${job.id}`)
        .header('retry-after', String(JOB_RETRY_AFTER_SECONDS))
        .send(presentImportJob({ ...job, state: 'running' }, String(request.id)));
    },

    async getImportJob({ params }, reply, request) {
      const job = await jobs.find(params.jobId);
      if (job.state === 'running') reply.header('retry-after', String(JOB_RETRY_AFTER_SECONDS));
      return reply.code(200).send(presentImportJob(job, String(request.id)));
    },

    async listImports({ query }, reply) {
      const page = await history.list(query.limit ?? 100, Math.max(0, query.offset ?? -1));
      reply.header('x-total-count', String(page.total));
      if (page.rows.length === 0) return reply.code(204).send();
      return reply.code(200).send(page.rows.map(presentImportSummary));
    },

    async getImport({ params, query }, reply) {
      const found = await history.get(Number(params.importId), query.limit ?? 100, Math.max(0, query.offset ?? -1));
      return reply.code(200).send({ ...presentImportDetail(found.import), rows: found.rows.map(presentTransaction) });
    },

    async undoImport({ params }, reply) {
      const undone = await history.undo(Number(params.importId));
      return reply.code(200).send({ deleted: undone.deleted, import: presentImportSummary(undone.import), ...changeField(reply) });
    },
  };
}

async function presentReport(result: ImportResult, bank: string): Promise<Schemas['ImportReport']> {
  const rows: Schemas['ImportReportRow'][] = [];
  let rowsTruncated = false;
  for await (const row of result.rows()) {
    if (rows.length === REPORT_ROWS) {
      rowsTruncated = true;
      break;
    }
    rows.push(presentReportRow(row));
  }
  return {
    outcome: result.outcome,
    ...(result.importId === null ? {} : { importId: result.importId }),
    fileName: result.file,
    format: result.format,
    bank,
    added: result.added,
    duplicates: result.duplicates,
    duplicatesByRule: result.duplicatesByRule,
    conflicts: result.conflicts,
    invalid: result.invalid,
    skipped: result.skipped,
    ...(result.balanceCheck === undefined ? {} : { balanceCheck: result.balanceCheck }),
    ...(result.transfers === undefined ? {} : { transfers: result.transfers.map(presentTransfer) }),
    notes: result.notes,
    rows,
    rowsTruncated,
  };
}

function presentReportRow(row: ReportRow): Schemas['ImportReportRow'] {
  return {
    line: row.line,
    status: row.status,
    ...(row.id === null ? {} : { id: row.id }),
    ...(row.duplicateOf === null ? {} : { duplicateOf: row.duplicateOf }),
    ...(row.reason === null ? {} : { reason: row.reason }),
    ...readFields(row),
  };
}

/** The row as read (date, description, value) and an unreadable record's text, when there are. */
function readFields(row: ReportRow): Pick<Schemas['ImportReportRow'], 'date' | 'description' | 'value' | 'raw'> {
  const read = row.read === null ? {} : { date: row.read.date, description: row.read.description, ...(row.read.value === null ? {} : { value: row.read.value }) };
  return row.raw === null ? read : { ...read, raw: row.raw };
}
