import type { ImportHistoryService } from '../../services/import-history.service.js';
import type { ImportResult, ImportService, ReportRow } from '../../services/import.service.js';
import { RequestValidationError } from '../request-validation.js';
import { changeField } from '../register-operations.js';
import type { OperationHandlers, Schemas } from '../operation-types.js';
import { presentImportDetail, presentImportSummary, presentTransaction } from '../presenters.js';
import { receiveFile } from '../statement-body.js';

type Handlers = Pick<OperationHandlers, 'createImport' | 'listImports' | 'getImport' | 'undoImport'>;

/** The per-row report createImport answers with, at most; the rest of a big file via getImport's pages. */
export const REPORT_ROWS = 1000;

/** Imports: statements as request bodies, the history, undo. The same ImportService as `moneta import`. */
export function importHandlers(imports: ImportService, history: ImportHistoryService, importLimit: number): Handlers {
  return {
    async createImport({ query }, reply, request) {
      const fileName = query.fileName ?? 'statement';
      let file;
      try {
        file = await receiveFile(request, fileName, importLimit);
      } catch (error) {
        // An over-long body is not read to its end: the connection is closed after the answer.
        if (error instanceof RequestValidationError && error.status === 413) reply.header('connection', 'close');
        throw error;
      }
      try {
        const result = await imports.importRequested(file.path, {
          bank: query.bank,
          format: query.format,
          profile: query.profile,
          fileName,
          dryRun: query.dryRun,
          skipInvalid: query.skipInvalid,
        });
        try {
          return reply.code(200).send({ ...(await presentReport(result, query.bank)), ...changeField(reply) });
        } finally {
          await result.dispose();
        }
      } finally {
        await file.remove();
      }
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
  };
}
