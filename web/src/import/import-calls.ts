import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import type { components } from '../../../src/http/contract.gen.js';
import { contentTypeFor, historyFileName, importErrors, type ImportField } from '../lib/import-report.js';

export type ImportReport = components['schemas']['ImportReport'];
export type ImportSummary = components['schemas']['ImportSummary'];
type ImportJob = components['schemas']['ImportJob'];
export type ImportFormat = 'auto' | ImportReport['format'];
export type FieldMessages = Partial<Record<ImportField, string>>;

export interface ImportChoices {
  bank: string;
  /** The account the statement is of (its closing balance is checked against it), or null. */
  account: number | null;
  format: ImportFormat;
  /** '' for "the one whose columns match". */
  profile: string;
  /** '' for "as the profile says" (automatic when unambiguous), else a layout such as MM/DD/YYYY. */
  dateFormat: string;
  /** A profile file of one's own, as the Moneta-Csv-Profile header carries it (profileHeaderValue), or null. */
  ownProfile: string | null;
  skipInvalid: boolean;
}

/** Sends the statement file as createImport's body (dry run or for real): the report, or each field's error. */
export async function sendStatement(file: File, choices: ImportChoices, dryRun: boolean): Promise<{ report: ImportReport } | { errors: FieldMessages }> {
  try {
    const { data, error, response } = await api.POST('/imports', {
      params: {
        query: {
          bank: choices.bank,
          ...(choices.account !== null && { account: choices.account }),
          format: choices.format,
          ...(choices.profile.trim() !== '' && choices.ownProfile === null && { profile: choices.profile.trim() }),
          ...(choices.dateFormat !== '' && { dateFormat: choices.dateFormat }),
          fileName: historyFileName(file.name),
          dryRun,
          skipInvalid: choices.skipInvalid,
        },
      },
      // The contract types a binary body as a string; the File itself is sent, streamed by the browser, never read into a string.
      body: file as unknown as string,
      bodySerializer: (body) => body,
      headers: { 'content-type': contentTypeFor(file.name), ...(choices.ownProfile !== null && { 'moneta-csv-profile': choices.ownProfile }) },
    });
    if (data && 'state' in data) return await outcomeOf(data);
    if (data) return { report: data };
    const problem = error as Problem | undefined;
    return { errors: importErrors(response.status, problem?.errors ?? [], problem?.detail) };
  } catch {
    // The server closes the connection on a body past its limit, which a browser may see as a reset.
    return { errors: { file: 'Moneta did not answer while the file was sent. If the file is large it may be above the server\'s import limit; otherwise try again.' } };
  }
}

const POLL_SECONDS = 2;

/**
 * A large statement is answered 202 with its import job (createImport): the job is read again
 * every Retry-After seconds until the import has ended, and its report or error is what the
 * request would have answered.
 */
async function outcomeOf(accepted: ImportJob): Promise<{ report: ImportReport } | { errors: FieldMessages }> {
  let job = accepted;
  while (job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_SECONDS * 1000));
    const { data, error, response } = await api.GET('/import-jobs/{jobId}', { params: { path: { jobId: job.id } } });
    if (!data) {
      const problem = error as Problem | undefined;
      return { errors: importErrors(response.status, problem?.errors ?? [], problem?.detail) };
    }
    job = data;
  }
  if (job.report) return { report: job.report };
  return { errors: importErrors(job.status ?? 500, job.problem?.errors ?? [], job.problem?.detail) };
}
