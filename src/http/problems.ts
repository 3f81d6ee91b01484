import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, LISTED_FIELDS, StoreDamagedError, StoreUnavailableError, describeFields, type FieldError } from '../domain/errors.js';
import { RequestValidationError } from './request-validation.js';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The first LISTED_FIELDS offending fields. */
  errors: FieldError[];
  /** How many offending fields there were, when `errors` lists fewer. */
  errorCount?: number;
  requestId: string;
}

const TITLES: Record<number, [slug: string, title: string]> = {
  400: ['invalid-request', 'Invalid request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not found'],
  405: ['method-not-allowed', 'Method not allowed'],
  408: ['request-timeout', 'Request timeout'],
  409: ['conflict', 'Conflict'],
  410: ['gone', 'Gone'],
  413: ['payload-too-large', 'Request body too large'],
  414: ['uri-too-long', 'URI too long'],
  415: ['unsupported-media-type', 'Unsupported media type'],
  417: ['expectation-failed', 'Expectation failed'],
  422: ['unprocessable', 'Unprocessable request'],
  429: ['too-many-requests', 'Too many requests'],
  431: ['headers-too-large', 'Request header fields too large'],
  500: ['internal', 'Internal server error'],
  503: ['unavailable', 'Service unavailable'],
  507: ['insufficient-storage', 'Insufficient storage'],
};

export function problem(status: number, detail: string, requestId: string, errors: FieldError[] = []): Problem {
  const [slug, title] = TITLES[status] ?? ['error', 'Error'];
  if (errors.length <= LISTED_FIELDS) return { type: `urn:moneta:problem:${slug}`, title, status, detail, errors, requestId };
  // A body with thousands of unknown properties must not get a response hundreds of times its size.
  const listed = errors.slice(0, LISTED_FIELDS);
  return { type: `urn:moneta:problem:${slug}`, title, status, detail, errors: listed, errorCount: errors.length, requestId };
}

export function sendProblem(reply: FastifyReply, status: number, detail: string, errors: FieldError[] = []): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(problem(status, detail, String(reply.request.id), errors));
}

/** Fastify's own 4xx codes, mapped to the contract's statuses and field names. */
const FRAMEWORK_ERRORS: Record<string, (error: FastifyError) => [number, FieldError[]]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => [400, [{ in: 'header', name: 'content-type', message: 'must be application/json' }]],
  FST_ERR_CTP_INVALID_TYPE: () => [400, [{ in: 'header', name: 'content-type', message: 'must be application/json' }]],
  FST_ERR_CTP_EMPTY_TYPE: () => [400, [{ in: 'header', name: 'content-type', message: 'must be application/json' }]],
  FST_ERR_CTP_EMPTY_JSON_BODY: () => [400, [{ in: 'body', name: 'body', message: 'is empty; send a JSON object' }]],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => [400, [{ in: 'header', name: 'content-length', message: 'does not match the body' }]],
  FST_ERR_CTP_BODY_TOO_LARGE: () => [413, [{ in: 'body', name: 'body', message: 'is larger than the server accepts' }]],
  FST_ERR_BAD_URL: () => [400, [{ in: 'path', name: 'url', message: 'is not valid percent-encoded UTF-8' }]],
  FST_ERR_ASYNC_CONSTRAINT: () => [400, [{ in: 'header', name: 'host', message: 'is not accepted' }]],
};

/** What an error answers: its status, the message, the fields it names, and when to retry. */
export interface ErrorAnswer {
  status: number;
  detail: string;
  fields: FieldError[];
  retryAfterSeconds?: number;
}

/**
 * The one mapping of errors to answers. Domain and validation errors become their status with the
 * fields named; anything unexpected becomes a 500 whose body says only the request id, while the
 * log line with the same id carries the error. Used by the error handler and by an import that
 * answers through its job (import-jobs.ts).
 */
export function errorAnswer(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof RequestValidationError) return { status: error.status, detail: error.message, fields: error.fields };
  if (error instanceof DomainError) {
    const status = { invalid: 400, not_found: 404, gone: 410, conflict: 409, unavailable: 503, exhausted: 507 }[error.code];
    return { status, detail: error.message, fields: error.fields };
  }
  if (error instanceof StoreDamagedError) {
    request.log.error({ err: error.cause ?? error }, error.recovery);
    return { status: 503, detail: `${error.message}; writes are refused until it is restored (the server log says how)`, fields: [] };
  }
  if (error instanceof StoreUnavailableError) {
    request.log.warn({ err: error.cause ?? error }, 'store unavailable');
    const status = /disk is full/.test(error.message) ? 507 : 503;
    return { status, detail: `${error.message}; try again shortly`, fields: [], retryAfterSeconds: error.retryAfterSeconds };
  }
  const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (mapped) {
    const [status, fields] = mapped(error);
    return { status, detail: describeFields(fields), fields };
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, detail: error.message, fields: [] };
  }
  request.log.error({ err: error }, 'unexpected failure');
  return { status: 500, detail: `unexpected failure; quote request id ${request.id} when reporting it`, fields: [] };
}

/** The one error path: every error's answer in the Problem shape (errorAnswer). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request);
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
    return sendProblem(reply, answer.status, answer.detail, answer.fields);
  });
}
