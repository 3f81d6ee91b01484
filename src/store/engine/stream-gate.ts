import type { StreamLimitOptions } from '../../config/limits.js';
import { StoreUnavailableError } from '../../domain/errors.js';

/** A page of transactions read in batches, as either engine streams it (TransactionsRepository.stream). */
export interface TransactionStream {
  /** Matching all filters, before limit and offset; from the same snapshot as the rows. */
  total: number;
  /**
   * The rows a batch at a time, each batch a JSON array of Transaction objects written inside the
   * engine, as TransactionPageJson.json is: byte for byte what the listTransactions route's
   * serialiser writes for those rows. Never an empty array. Ends the read when exhausted; call
   * return() to abandon it early.
   */
  batches: AsyncGenerator<string, void, undefined>;
  /** Releases the stream's connection and snapshot at once, even while a batch is being read. */
  abandon?(): void;
  /** Aborts when the stream is cut short by its limits (see StreamGate); the reply must then end at once. */
  signal?: AbortSignal;
}

export interface StreamLimits extends StreamLimitOptions {
  /** The statement time limit: the total and the first batch must be read within it, or 503. */
  statementTimeoutMs: number;
}

/**
 * Bounds the streamed pages of one store, the same way on both engines. A stream holds a
 * snapshot (SQLite: the WAL cannot be checkpointed past it and grows; PostgreSQL: a connection of
 * the streams' own pool) for as long as its client takes to read it, so:
 * - at most `maxStreams` are open at once; another is refused before anything is read;
 * - a stream must produce its total and first batch within the statement time limit (503 then,
 *   as for any page), and must be finished within `streamTimeoutMs`. Past that its connection
 *   and snapshot are released at once, its `signal` aborts (the reply, which has sent its status
 *   already, is cut off: the client sees a truncated body, never a shorter valid one), and a
 *   later pull of its batches throws.
 */
export class StreamGate {
  private open = 0;

  constructor(private readonly limits: StreamLimits) {}

  get active(): number {
    return this.open;
  }

  async start(openStream: () => Promise<TransactionStream>): Promise<TransactionStream> {
    const { maxStreams, streamTimeoutMs, statementTimeoutMs } = this.limits;
    if (this.open >= maxStreams) {
      throw new StoreUnavailableError(`${this.open} streamed pages are being sent, the limit (--max-streams ${maxStreams})`);
    }
    this.open += 1;
    const bound = new BoundedStream(() => (this.open -= 1), statementTimeoutMs, streamTimeoutMs);
    return bound.attach(openStream());
  }
}

class BoundedStream {
  private readonly controller = new AbortController();
  private readonly aborted: Promise<never>;
  private readonly firstTimer: NodeJS.Timeout;
  private readonly wholeTimer: NodeJS.Timeout;
  private inner: TransactionStream | undefined;
  private released = false;

  constructor(
    private readonly onRelease: () => void,
    statementTimeoutMs: number,
    streamTimeoutMs: number,
  ) {
    this.aborted = new Promise<never>((_, reject) => {
      this.controller.signal.addEventListener('abort', () => reject(this.controller.signal.reason as Error), { once: true });
    });
    this.aborted.catch(() => {});
    // Neither timer keeps a process alive on its own: the reply's socket does while it is open.
    this.firstTimer = setTimeout(
      () => this.stop(new StoreUnavailableError(`the query did not finish within the statement time limit (${statementTimeoutMs} ms)`)),
      statementTimeoutMs,
    ).unref();
    this.wholeTimer = setTimeout(
      () => this.stop(new StoreUnavailableError(`the streamed page was not sent within the stream time limit (${streamTimeoutMs} ms)`)),
      streamTimeoutMs,
    ).unref();
  }

  async attach(opening: Promise<TransactionStream>): Promise<TransactionStream> {
    let inner: TransactionStream;
    try {
      inner = await Promise.race([opening, this.aborted]);
    } catch (error) {
      // Opened after its time was up: released as soon as it exists.
      opening.then((late) => release(late), () => {});
      this.stop(error as Error);
      throw error;
    }
    this.inner = inner;
    return { total: inner.total, batches: this.batches(inner), abandon: () => this.stop(new Error('the stream was abandoned')), signal: this.controller.signal };
  }

  private async *batches(inner: TransactionStream): AsyncGenerator<string, void, undefined> {
    try {
      for (;;) {
        const next = await Promise.race([inner.batches.next(), this.aborted]);
        clearTimeout(this.firstTimer);
        if (next.done === true) return;
        yield next.value;
        this.controller.signal.throwIfAborted();
      }
    } finally {
      this.finish();
      await inner.batches.return();
    }
  }

  /** Cut short: the snapshot goes now, whatever the reader or the engine is doing. */
  private stop(reason: Error): void {
    if (this.controller.signal.aborted) return;
    this.controller.abort(reason);
    this.finish();
    if (this.inner) release(this.inner);
  }

  private finish(): void {
    clearTimeout(this.firstTimer);
    clearTimeout(this.wholeTimer);
    if (this.released) return;
    this.released = true;
    this.onRelease();
  }
}

function release(stream: TransactionStream): void {
  stream.abandon?.();
  // A generator in the middle of a batch returns once that batch is read (PostgreSQL: within the
  // statement timeout); one waiting at a yield returns now.
  stream.batches.return().catch(() => {});
}
