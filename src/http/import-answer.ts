import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ImportJob } from '../services/import-jobs.service.js';
import type { Schemas } from './operation-types.js';
import { errorAnswer, problem, sendProblem } from './problems.js';

/** Seconds a client is asked to wait between polls of a running import job. */
export const JOB_RETRY_AFTER_SECONDS = 2;

/** What an import answered: its status and JSON body, and when to retry (a store that was busy). */
export interface ImportAnswer {
  status: number;
  body: unknown;
  retryAfterSeconds?: number;
}

/** Runs the import and turns its outcome, report or error, into the answer createImport gives (errorAnswer for errors). */
export async function importAnswer(request: FastifyRequest, work: () => Promise<Schemas['ImportReport']>): Promise<ImportAnswer> {
  try {
    return { status: 200, body: await work() };
  } catch (error) {
    const answer = errorAnswer(error as FastifyError, request);
    return { status: answer.status, body: problem(answer.status, answer.detail, String(request.id), answer.fields), retryAfterSeconds: answer.retryAfterSeconds };
  }
}

/** Resolves with the answer if it comes within `ms`, else with undefined (the import goes on). */
export async function within(answer: Promise<ImportAnswer>, ms: number): Promise<ImportAnswer | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when the request asked for the 202 at once (RFC 7240 `Prefer: respond-async`). */
export function prefersAsync(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  return (Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '')).split(',').some((part) => /^\s*respond-async\s*(;|$)/i.test(part));
}

/** Sends an import's answer as createImport gives it. */
export function sendAnswer(reply: FastifyReply, answer: ImportAnswer): FastifyReply {
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  if (answer.status === 200) return reply.code(200).send(answer.body);
  const body = answer.body as { detail: string; errors: Parameters<typeof sendProblem>[3] };
  return sendProblem(reply, answer.status, body.detail, body.errors);
}

const LOST_DETAIL =
  'the server stopped before it recorded the outcome of this import; look in the import history (listImports) whether the file was imported before sending it again';

/** The ImportJob a client reads: running, finished with its report, or failed with its problem. */
export function presentImportJob(job: ImportJob, requestId: string): Schemas['ImportJob'] {
  const base = {
    id: job.id,
    ...(job.fileName === null ? {} : { fileName: job.fileName }),
    ...(job.bank === null ? {} : { bank: job.bank }),
    ...(job.createdAt === null ? {} : { createdAt: new Date(job.createdAt).toISOString() }),
  };
  if (job.state === 'running') return { ...base, state: 'running' };
  if (job.state === 'lost') return { ...base, state: 'failed', status: 503, problem: problem(503, LOST_DETAIL, requestId) };
  const ended = { ...base, finishedAt: new Date(job.finishedAt ?? Date.now()).toISOString(), status: job.status };
  return job.status === 200
    ? { ...ended, state: 'finished', report: job.body as Schemas['ImportReport'] }
    : { ...ended, state: 'failed', problem: job.body as Schemas['Problem'] };
}
