import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { describeFields, type FieldError } from '../domain/errors.js';
import { sendProblem } from './problems.js';

/**
 * Errors Fastify's router raises before any route runs (a path segment that is not valid
 * percent-encoded UTF-8, a path parameter past `maxParamLength`, a failed Host constraint).
 * Without this hook Fastify answers them with its own body; here they get the contract's Error
 * body, a request id, and, when the URL matches one of the contract's paths, the name of the
 * offending path parameter, as every other 400 does.
 */
export function frameworkErrorHandler(contractPaths: readonly string[], maxParamLength: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('x-request-id', request.id);
    if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') {
      sendProblem(reply, 400, 'host is not accepted', [{ in: 'header', name: 'host', message: 'is not accepted' }]);
      return;
    }
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const fields = pathParameterProblems(request.url, contractPaths, (segment) => {
      if (tooLong && segment.length > maxParamLength) return `is longer than ${maxParamLength} characters`;
      try {
        decodeURIComponent(segment);
        return null;
      } catch {
        return 'is not valid percent-encoded UTF-8';
      }
    });
    const named = fields.length > 0 ? fields : [{ in: 'path' as const, name: 'url', message: tooLong ? 'is too long' : 'is not valid percent-encoded UTF-8' }];
    sendProblem(reply, 400, describeFields(named), named);
  };
}

/** Matches the raw URL against `/a/{b}` templates and names each parameter whose segment is refused. */
function pathParameterProblems(url: string, templates: readonly string[], problemOf: (segment: string) => string | null): FieldError[] {
  const segments = (url.split('?')[0] ?? '').split('/');
  for (const template of templates) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    const fields: FieldError[] = [];
    let matches = true;
    parts.forEach((part, index) => {
      const segment = segments[index]!;
      const parameter = /^\{(.+)\}$/.exec(part)?.[1];
      if (parameter === undefined) {
        if (part !== segment) matches = false;
        return;
      }
      const message = problemOf(segment);
      if (message) fields.push({ in: 'path', name: parameter, message });
    });
    if (matches && fields.length > 0) return fields;
  }
  return [];
}
