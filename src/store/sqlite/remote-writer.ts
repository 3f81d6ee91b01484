import type { WriteArgs, WriteCommand, WriteOperationName, WriteResult } from './sqlite-writes.js';
import type { IndexOutcome, SearchIndexControl, Writer } from './writer.js';
import { fromWire, type WriterReply, type WriterRequest } from './writer-protocol.js';

type Waiting = { resolve(value: unknown): void; reject(error: unknown): void };
type Request = WriterRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

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
  readonly searchIndex: SearchIndexControl;

  constructor(private readonly transport: WriterTransport) {
    transport.listen(
      (replies) => this.receive(replies),
      (error) => this.fail(error),
    );
    this.searchIndex = {
      pause: async () => void (await this.request({ control: 'pause' })),
      resume: async () => void (await this.request({ control: 'resume' })),
      indexChunk: async (rows) => (await this.request({ control: 'index-chunk', rows })) as IndexOutcome,
    };
  }

  submit<K extends WriteOperationName>(op: K, ...args: WriteArgs<K>): Promise<WriteResult<K>> {
    const command: WriteCommand = { op, args };
    return this.request({ command }) as Promise<WriteResult<K>>;
  }

  async flush(): Promise<void> {
    await this.request({ control: 'flush' });
  }

  kickIndexer(): void {
    this.request({ control: 'kick' }).catch(() => {
      // A stopped host has nothing to index; its writes report the failure.
    });
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

  /** The host is gone: whatever it had not answered fails (it may or may not have committed), and so does everything after. */
  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(this.failure);
    this.waiting.clear();
    this.outbox = [];
    this.transport.hold(false);
  }
}
