// The XML formats (OFX, CAMT.053) are parsed whole, into a tree: a 95 MiB CAMT held every
// request of the server for 28 s and grew it from 570 MB to 1.6 GB (issue 28, item 16). So they
// are parsed on a worker thread of their own (xml-thread.ts), under a heap limit, and their
// items come back a batch at a time as the import asks for them.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-threads.js';
import { type ParsedItem, StatementError } from './types.js';

/**
 * The parse thread's heap limit: a 95 MiB CAMT.053 took about 1.8 GB; the server's own heap limit
 * is about 4 GB. A file whose parse needs more is refused as too large, and the server lives on.
 */
export const XML_PARSE_HEAP_MB = 3072;
/** Items sent from the parse thread at a time. */
const BATCH_SIZE = 2000;

export interface XmlThreadData {
  path: string;
  label: string;
  format: 'ofx' | 'camt053';
  batchSize: number;
  barrier?: SharedArrayBuffer;
}

export type XmlThreadMessage =
  | { kind: 'opened'; bankNameHint: string | undefined; notes: string[]; count: number }
  | { kind: 'batch'; items: ParsedItem[] }
  | { kind: 'failed'; message: string; statement: boolean };

export interface XmlStatement {
  bankNameHint?: string;
  notes: string[];
  /** Iterating again parses the file again, on a new thread. */
  items: AsyncIterable<ParsedItem>;
}

/**
 * Tests: a barrier (ThreadBarrier's buffer) every parse thread waits at before it reads its file,
 * so a test can hold an import in the middle of its parse and see what the server answers; and
 * the heap limit, which a test lowers to see a file refused as too large.
 */
export const xmlParseTesting: { barrier: SharedArrayBuffer | undefined; heapMb: number } = { barrier: undefined, heapMb: XML_PARSE_HEAP_MB };

/** Parses the file on a thread; whole-file problems throw StatementError here, as the parsers do. */
export async function readXmlStatement(format: 'ofx' | 'camt053', path: string, label: string): Promise<XmlStatement> {
  let parse: ParseThread | undefined = new ParseThread({ path, label, format, batchSize: BATCH_SIZE, barrier: xmlParseTesting.barrier });
  const opened = await parse.opened;
  const items: AsyncIterable<ParsedItem> = {
    [Symbol.asyncIterator]: () => {
      // The first pass reads from the thread already parsed; a later one parses again.
      const thread = parse ?? new ParseThread({ path, label, format, batchSize: BATCH_SIZE, barrier: xmlParseTesting.barrier });
      parse = undefined;
      return thread.items();
    },
  };
  return opened.bankNameHint === undefined ? { notes: opened.notes, items } : { bankNameHint: opened.bankNameHint, notes: opened.notes, items };
}

/** One parse of one file on a worker thread, and the items it sends. */
class ParseThread {
  private readonly worker: Worker;
  readonly opened: Promise<{ bankNameHint: string | undefined; notes: string[]; count: number }>;
  private waiting: { resolve: (items: ParsedItem[]) => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;

  constructor(data: XmlThreadData) {
    const heapMb = xmlParseTesting.heapMb;
    this.worker = startWorker(new URL('./xml-thread', import.meta.url), data, { maxOldGenerationSizeMb: heapMb });
    let opened: (value: { bankNameHint: string | undefined; notes: string[]; count: number }) => void = () => {};
    this.opened = new Promise((resolve, reject) => {
      opened = resolve;
      this.onFailure = reject;
    });
    this.opened.catch(() => {});
    this.worker.on('message', (message: XmlThreadMessage) => {
      // Held while it owes an answer; waiting to be asked, it must not keep a finished process alive.
      if (message.kind !== 'failed') this.worker.unref();
      if (message.kind === 'opened') opened(message);
      else if (message.kind === 'failed') this.fail(message.statement ? new StatementError(message.message) : new Error(message.message));
      else {
        const waiting = this.waiting;
        this.waiting = undefined;
        waiting?.resolve(message.items);
      }
    });
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new StatementError(`${data.label} is too large to read: parsing it needs more than ${heapMb} MB of memory; split it into smaller statements`)
          : error,
      ),
    );
    this.worker.on('exit', () => this.fail(new Error(`the parse of ${data.label} stopped before its end`)));
  }

  async *items(): AsyncGenerator<ParsedItem, void, undefined> {
    try {
      const { count } = await this.opened;
      let sent = 0;
      while (sent < count) {
        const batch = await this.next();
        sent += batch.length;
        yield* batch;
      }
    } finally {
      void this.worker.terminate();
    }
  }

  private onFailure: (error: Error) => void = () => {};

  private next(): Promise<ParsedItem[]> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.ref();
      this.worker.postMessage('next');
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.onFailure(this.failure);
    this.waiting?.reject(this.failure);
    this.waiting = undefined;
  }
}
