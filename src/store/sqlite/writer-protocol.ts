import { DomainError, type DomainErrorCode, type FieldError } from '../../domain/errors.js';
import type { WriteCommand } from '../writes.js';

/** What the store sends its writer thread: writes, and control of the thread and its indexer. */
export type WriterRequest =
  | { id: number; command: WriteCommand }
  | { id: number; control: 'flush' | 'kick' | 'pause' | 'resume' | 'pragmas' | 'caught-up' }
  | { id: number; control: 'index-chunk'; rows?: number };

/** To a writer thread: requests, or 'close' once its store has nothing more to ask. */
export type WriterThreadMessage = WriterRequest[] | 'close';

/** Between cluster workers and the primary that hosts their writer (tagged: other messages share the channel). */
export interface ClusterWriterMessage {
  monetaWriter: WriterRequest[] | WriterReply[];
}

export function isClusterWriterMessage(message: unknown): message is ClusterWriterMessage {
  return typeof message === 'object' && message !== null && Array.isArray((message as { monetaWriter?: unknown }).monetaWriter);
}

export type WriterReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

export interface WriterThreadOptions {
  path: string;
  busyTimeoutMs: number;
}

/** Errors as plain data: a DomainError stays one (4xx), an SQLite error keeps its code (503 or 500). */
export type WireError =
  | { kind: 'domain'; code: DomainErrorCode; message: string; fields: FieldError[] }
  | { kind: 'error'; message: string; code?: string };

export function toWire(error: unknown): WireError {
  if (error instanceof DomainError) return { kind: 'domain', code: error.code, message: error.message, fields: error.fields };
  const code = (error as { code?: unknown } | null)?.code;
  return { kind: 'error', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
}

export function fromWire(wire: WireError): Error {
  if (wire.kind === 'domain') return new DomainError(wire.code, wire.message, wire.fields);
  return Object.assign(new Error(wire.message), wire.code === undefined ? {} : { code: wire.code });
}
