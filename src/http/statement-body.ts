import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { makeTempDir } from '../services/temp-dirs.js';
import { RequestValidationError } from './request-validation.js';

/** The largest statement `createImport` accepts by default (`--import-limit`), in bytes. */
export const DEFAULT_IMPORT_LIMIT = 100 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation's body is a file, passed to the handler as the request stream (contract.ts fileBody). */
    fileBody?: boolean;
  }
}

/**
 * The parser for every media type but JSON: an operation whose body is a file (createImport)
 * gets the request stream as its body, unread; anywhere else such a body is the 400 it always
 * was. Runs after authentication, so a read-only token is refused before a byte is read.
 */
export function registerFileBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser('*', (request, payload, done) => {
    if (request.routeOptions.config.fileBody !== true) {
      done(new RequestValidationError([{ in: 'header', name: 'content-type', message: 'must be application/json' }]), undefined);
      return;
    }
    done(null, payload);
  });
}

/** A statement received into a temporary file, named as the client named it. */
export interface ReceivedFile {
  path: string;
  /** Removes the file and its directory. */
  remove(): Promise<void>;
}

/** How much of a statement upload is accepted, and how long it may stall. */
export interface UploadLimits {
  /** Bytes; 413 beyond. */
  limit: number;
  /** No byte for this long: 408 (a slow upload that keeps coming is never cut). */
  stallTimeoutMs: number;
}

/**
 * Streams a file body to a private temporary file, refusing it (413) past `limit` bytes, so
 * memory stays bounded whatever the size, and (408) when no byte arrives for `stallTimeoutMs`.
 * The file is named after `fileName` (made safe), whose extension helps recognise the format.
 */
export async function receiveFile(request: FastifyRequest, fileName: string, { limit, stallTimeoutMs }: UploadLimits): Promise<ReceivedFile> {
  const body = request.body as Readable | undefined;
  if (body === undefined || typeof (body as Partial<Readable>).pipe !== 'function') {
    throw new RequestValidationError([
      {
        in: body === undefined ? 'body' : 'header',
        name: body === undefined ? 'body' : 'content-type',
        message: body === undefined ? 'is required: send the statement file as the body' : 'must be the statement\'s type (text/csv, application/octet-stream...), not application/json',
      },
    ]);
  }
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && !/^\s*identity\s*$/i.test(encoding)) {
    throw new RequestValidationError([{ in: 'header', name: 'content-encoding', message: `"${encoding}" is not supported; send the body without Content-Encoding` }], 415);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit); // nothing read: the handler closes the connection
  const dir = await makeTempDir('upload');
  const path = join(dir, safeName(fileName));
  const remove = () => rm(dir, { recursive: true, force: true });
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      stall.refresh();
      if (received > limit) callback(tooLarge(limit));
      else callback(null, chunk);
    },
  });
  // Restarted by every chunk: only an upload that stops coming is cut, never a slow one.
  const stall = setTimeout(() => counter.destroy(stalled(stallTimeoutMs, received)), stallTimeoutMs);
  try {
    await pipeline(body, counter, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  } finally {
    clearTimeout(stall);
  }
  if (received === 0) {
    await remove();
    throw new RequestValidationError([{ in: 'body', name: 'body', message: 'is empty: send the statement file as the body' }]);
  }
  return { path, remove };
}

function stalled(stallTimeoutMs: number, received: number): RequestValidationError {
  const message = `stopped arriving: no byte for ${stallTimeoutMs} ms after ${received} bytes (--upload-stall-timeout); nothing was imported`;
  return new RequestValidationError([{ in: 'body', name: 'body', message }], 408);
}

function tooLarge(limit: number): RequestValidationError {
  return new RequestValidationError([{ in: 'body', name: 'body', message: `is larger than the server's import limit (${limit} bytes, --import-limit)` }], 413);
}

/** The last part of a client's name, with only letters, digits, dot, dash and underscore. */
function safeName(fileName: string): string {
  const cleaned = fileName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(-100);
  return cleaned === '' ? 'statement' : cleaned;
}
