import type { DestinationStream } from 'pino';
import { terminalSafe } from '../domain/terminal-text.js';

/** pino's level numbers, as a person reads them (info says nothing: it is the usual). */
const LEVELS: Record<number, string> = { 10: 'TRACE ', 20: 'DEBUG ', 30: '', 40: 'WARN ', 50: 'ERROR ', 60: 'FATAL ' };

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  err?: { message?: string };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * One log record (pino's JSON line) as one short line for a person at a terminal:
 * `14:03:07 GET /transactions?limit=100 200 3.2 ms` for a request, `14:03:07 WARN message` for
 * the rest, an error's message after its own. Everything printed is terminal-safe (a URL or a
 * message may carry what a client sent). A line that is not a record is printed as it came, made safe.
 */
export function humanLine(json: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return terminalSafe(json.trimEnd());
  }
  const at = new Date(record.time ?? Date.now());
  const clock = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
  const level = LEVELS[record.level ?? 30] ?? '';
  const text =
    record.msg === 'request' && record.method !== undefined
      ? `${record.method} ${record.url ?? ''} ${record.status ?? ''} ${record.ms ?? ''} ms`
      : `${record.msg ?? ''}${record.err?.message ? `: ${record.err.message}` : ''}`;
  return `${clock} ${level}${terminalSafe(text)}`;
}

/** Fastify's own "Server listening at ..." records: at a terminal the server's announcement says it once, with more. */
const FRAMEWORK_LISTENING = /"msg":"Server listening at /;

/** pino's destination for `--log-format human`: each record as humanLine, to `out`. */
export function humanLogStream(out: { write(text: string): unknown }): DestinationStream {
  return {
    write: (json: string) => {
      if (!FRAMEWORK_LISTENING.test(json)) out.write(`${humanLine(json)}\n`);
    },
  };
}
