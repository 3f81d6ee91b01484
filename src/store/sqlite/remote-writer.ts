import type { Recorded } from '../engine/write-steps.js';
import type { WriteArgs, WriteCommand, WriteName, WriteResult } from '../writes.js';
import type { ConnectionPragmas } from './connection.js';
import type { IndexOutcome, SearchIndexControl, Writer } from './writer.js';
import { fromWire, type WriterReply, type WriterRequest } from './writer-protocol.js';

type Waiting = { resolve(value: unknown): void; reject(error: unknown): void };
type Request = WriterRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** How often a stopped host is started again within a minute before the writer gives up. */
const RESTARTS_PER_MINUTE = 3;

/** How requests reach a WriterHost and replies come back (writer-transports.ts). */
export interface WriterTransport {
  send(requests: WriterRequest[]): void;
  /** Called once, before the first send. */
  listen(onReplies: (replies: WriterReply[]) => void, onFailure: (error: Error) => void): void;
  /** While answers are owed the transport keeps the process alive; idle, it must not. */
  hold(held: boolean): void;
  /** Every request has been answered: release the host (stop a private thread, or just detach). */
  close(): Promise<void>;
}

/**
 * The store's writes, sent to a WriterHost elsewhere (a thread of this process, or the primary
 * of `serve --workers`), so a commit's fsync, a wait for another process's write lock and the
 * search index's merges never stop this event loop. Writes queued in one turn travel in one
 * message; the host commits what it has in one transaction and answers after the commit, so a
 * resolved write is on disk exactly as with the inline writer.
 */
export class RemoteWriter implements Writer {
  private readonly waiting = new Map<number, Waiting>();
  private outbox: WriterRequest[] = [];
  private nextId = 1;
  private failure: Error | undefined;
  private closing: Promise<void> | undefined;
  private transport: WriterTransport;
  /** When the host was started again lately (see fail). */
  private restarts: number[] = [];
  readonly searchIndex: SearchIndexControl;

  /**
   * `open` starts a host and returns the way to it. With `restart`, a host that stops (a writer
   * thread that crashed) is started again, at most RESTARTS_PER_MINUTE times a minute: the
   * writes it had not answered fail, later ones go to the new host. Without it (the primary of
   * `serve --workers`, whose loss ends the cluster anyway) every later write fails.
   */
  constructor(
    private readonly open: () => WriterTransport,
    private readonly options: { restart?: boolean } = {},
  ) {
    this.transport = this.connect();
    this.searchIndex = {
      pause: async () => void (await this.request({ control: 'pause' })),
      resume: async () => void (await this.request({ control: 'resume' })),
      indexChunk: async (rows) => (await this.request({ control: 'index-chunk', rows })) as IndexOutcome,
      caughtUp: async () => void (await this.request({ control: 'caught-up' })),
    };
  }

  submit<K extends WriteName>(op: K, ...args: WriteArgs<K>): Promise<Recorded<WriteResult<K>>> {
    const command: WriteCommand = { op, args };
    return this.request({ command }) as Promise<Recorded<WriteResult<K>>>;
  }

  async flush(): Promise<void> {
    await this.request({ control: 'flush' });
  }

  kickIndexer(): void {
    this.request({ control: 'kick' }).catch(() => {
      // A stopped host has nothing to index; its writes report the failure.
    });
  }

  async connectionPragmas(): Promise<ConnectionPragmas> {
    return (await this.request({ control: 'pragmas' })) as ConnectionPragmas;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.failure) await this.flush().catch(() => {});
      this.failure ??= new Error('the store is closed');
      await this.transport.close();
    })();
    return this.closing;
  }

  private request(request: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const id = this.nextId;
      this.nextId += 1;
      if (this.waiting.size === 0) this.transport.hold(true);
      this.waiting.set(id, { resolve, reject });
      if (this.outbox.length === 0) setImmediate(() => this.send());
      this.outbox.push({ ...request, id } as WriterRequest);
    });
  }

  private send(): void {
    const requests = this.outbox;
    this.outbox = [];
    if (requests.length > 0 && !this.failure) this.transport.send(requests);
  }

  private receive(replies: WriterReply[]): void {
    for (const reply of replies) {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) continue;
      this.waiting.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(fromWire(reply.error));
    }
    if (this.waiting.size === 0) this.transport.hold(false);
  }

  private connect(): WriterTransport {
    const transport = this.open();
    transport.listen(
      (replies) => this.receive(replies),
      // A stopped host can report twice (an error, then its exit); only the current one counts.
      (error) => {
        if (transport === this.transport) this.fail(error);
      },
    );
    return transport;
  }

  /**
   * The host is gone: whatever it had not answered fails (it may or may not have committed).
   * Then either a new host takes the writes not sent yet and everything after, or, if it may not
   * be restarted (or was restarted too often lately), those fail too.
   */
  private fail(error: Error): void {
    const lost = new Error(`the writer stopped before answering (${error.message}); the write may or may not be stored`, { cause: error });
    const unsent = new Set(this.outbox.map((request) => request.id));
    for (const [id, waiting] of this.waiting) {
      if (unsent.has(id)) continue;
      waiting.reject(lost);
      this.waiting.delete(id);
    }
    this.transport.hold(false);
    const now = Date.now();
    this.restarts = this.restarts.filter((at) => now - at < 60_000);
    let cause = error;
    if (this.options.restart && !this.failure && !this.closing && this.restarts.length < RESTARTS_PER_MINUTE) {
      this.restarts.push(now);
      try {
        this.transport = this.connect();
        if (this.waiting.size > 0) this.transport.hold(true);
        return;
      } catch (restartError) {
        // No new host (the thread cannot start): fail like a writer that may not restart.
        cause = restartError instanceof Error ? restartError : new Error(String(restartError));
      }
    }
    this.failure ??= cause;
    for (const waiting of this.waiting.values()) waiting.reject(this.failure);
    this.waiting.clear();
    this.outbox = [];
  }
}
