import type { FastifyInstance } from 'fastify';
import { forbiddenCharacterIn } from '../domain/text.js';
import { jsonSourceProblem } from './json-source.js';
import { RequestValidationError } from './request-validation.js';

const MAX_DEPTH = 32;
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The only body parser: application/json, strictly UTF-8, not content-encoded. Anything else
 * (another media type, another charset, invalid bytes, malformed JSON, a property named twice
 * in one object, a non-zero number that underflows to 0, NUL or lone surrogates in any string,
 * absurd nesting) is a 400 naming what is wrong, before any handler runs; a Content-Encoding
 * (gzip, ...) is a 415: the server does not decode bodies.
 */
export function registerStrictJsonParser(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, raw, done) => {
    try {
      const encoding = request.headers['content-encoding'];
      if (encoding !== undefined && !/^\s*identity\s*$/i.test(encoding)) {
        throw new RequestValidationError(
          [{ in: 'header', name: 'content-encoding', message: `"${encoding}" is not supported; send the body without Content-Encoding` }],
          415,
        );
      }
      const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
      if (charset && !/^utf-?8$/i.test(charset)) fail('header', 'content-type', `charset "${charset}" is not supported; send UTF-8`);
      const buffer = raw as Buffer;
      if (buffer.length === 0) return done(null, undefined);
      let text: string;
      try {
        text = decoder.decode(buffer);
      } catch {
        fail('body', 'body', 'is not valid UTF-8');
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        fail('body', 'body', `is not valid JSON (${(error as Error).message})`);
      }
      const sourceProblem = jsonSourceProblem(text, MAX_DEPTH);
      if (sourceProblem) fail('body', sourceProblem.name, sourceProblem.message);
      checkStrings(value, '', 0);
      done(null, value);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

function fail(location: 'body' | 'header', name: string, message: string): never {
  throw new RequestValidationError([{ in: location, name, message }]);
}

function checkStrings(value: unknown, path: string, depth: number): void {
  if (depth > MAX_DEPTH) fail('body', path || 'body', `nests deeper than ${MAX_DEPTH} levels`);
  if (typeof value === 'string') {
    const problem = forbiddenCharacterIn(value);
    if (problem) fail('body', path || 'body', problem);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => checkStrings(item, `${path}[${index}]`, depth + 1));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      const keyProblem = forbiddenCharacterIn(key);
      if (keyProblem) fail('body', name, `has a property name that ${keyProblem.replace(/^must/, 'must')}`);
      checkStrings(item, name, depth + 1);
    }
  }
}
