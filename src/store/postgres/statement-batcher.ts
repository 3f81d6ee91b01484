/** At most this many writes share one statement. */
export const MAX_BATCH = 256;
/** At most this many batch statements of one kind run at once per process; writes that arrive meanwhile wait and form the next. */
export const MAX_RUNNING = 3;

interface Pending<Input, Result> {
  input: Input;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Group commit for PostgreSQL's one-row writes (creates, category changes), as SQLite's writer
 * has (sqlite/write-batcher.ts): the writes of one kind that arrive in the same turn of the event
 * loop, or while MAX_RUNNING batches are already running, go to the server as one statement and
 * one commit (`many`), so the statement-level triggers, the plan and the WAL flush are paid once
 * for all of them. Every caller's promise settles only after that commit: a 2xx still means
 * stored.
 *
 * If a batch fails as a whole for a reason one write may cause (a value the server refuses, a
 * foreign-key race with a concurrent removal: `causedByOneWrite`), each of its writes runs again alone
 * (`one`), so one write's failure is its own and never another's. Any other failure (the server
 * away, a timeout) is every write's: they all fail with it (503), not retried one by one. That
 * judgement is this module's alone (no caller passes its own), so its unit test guards the one
 * the store runs.
 */
export class StatementBatcher<Input, Result> {
  private queue: Array<Pending<Input, Result>> = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly many: (inputs: readonly Input[]) => Promise<Result[]>,
    private readonly one: (input: Input) => Promise<Result>,
  ) {}

  write(input: Input): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= MAX_RUNNING || this.queue.length === 0) return;
    this.scheduled = true;
    // The rest of this turn's writes join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.running < MAX_RUNNING && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.schedule();
      });
    }
  }

  private async run(batch: Array<Pending<Input, Result>>): Promise<void> {
    let results: Result[];
    try {
      results = await this.many(batch.map((pending) => pending.input));
    } catch (error) {
      if (batch.length === 1 || !causedByOneWrite(error)) {
        for (const pending of batch) pending.reject(error);
        return;
      }
      // Alone, each write meets only its own failure (or none).
      await Promise.all(batch.map((pending) => this.one(pending.input).then(pending.resolve, pending.reject)));
      return;
    }
    batch.forEach((pending, index) => pending.resolve(results[index]!));
  }
}

/**
 * A batch's failure that one of its writes may have caused alone: a value the server refuses
 * (SQLSTATE class 22, data exception) or a constraint (class 23, a foreign-key race among them).
 * Anything else (the server away, a timeout, too many connections, an error with no SQLSTATE
 * such as a lost connection) fails every write of the batch as it is: running each alone would
 * only repeat it as many times.
 */
export function causedByOneWrite(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
