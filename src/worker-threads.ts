import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Starts a worker thread whose entry is `entry` (a URL without extension, beside the caller) with
 * this file's own extension: .js when built, .mjs when the fault tests bundle the CLI (every
 * thread's entry is bundled beside it), .ts under tsx (tests), where the thread has to load tsx
 * itself first: a worker does not inherit the loader hooks of `--import tsx`.
 */
export function startWorker(entry: URL, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const extension = extname(fileURLToPath(import.meta.url));
  const file = new URL(`${entry.href}${extension}`);
  if (extension !== '.ts') return new Worker(file, { workerData, resourceLimits });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

/** Slot 0: the gate (0 shut, 1 open); slot 1: how many waits have begun at it. */
const GATE = 0;
const ARRIVALS = 1;

type WaitAsync = (array: Int32Array, index: number, value: number) => { async: boolean; value: Promise<string> | string };

/**
 * A barrier a test holds shut to pause a worker thread in the middle of its work (a read, a
 * parse), so it can show what the server answers meanwhile, without sleeps. The thread calls
 * waitAtBarrier(buffer) with the buffer it was given; the test awaits arrived() and calls open().
 */
export class ThreadBarrier {
  readonly buffer = new SharedArrayBuffer(8);
  private readonly slots = new Int32Array(this.buffer);

  /** How many waits have begun at the barrier so far. */
  get arrivals(): number {
    return Atomics.load(this.slots, ARRIVALS);
  }

  /** Resolves once `count` waits have begun at the barrier in all (the thread is paused in its work). */
  async arrived(count = 1): Promise<void> {
    for (;;) {
      const seen = Atomics.load(this.slots, ARRIVALS);
      if (seen >= count) return;
      const wait = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync(this.slots, ARRIVALS, seen);
      if (wait.async) await wait.value;
    }
  }

  /** Shuts the barrier again: the next wait at it pauses until open(). */
  shut(): void {
    Atomics.store(this.slots, GATE, 0);
  }

  /** Lets every thread waiting at the barrier, and every later one, go on. */
  open(): void {
    Atomics.store(this.slots, GATE, 1);
    Atomics.notify(this.slots, GATE);
  }
}

/** In a worker thread: announces itself at the barrier (when it was given one) and waits while it is shut. */
export function waitAtBarrier(buffer: SharedArrayBuffer | undefined): void {
  if (buffer === undefined) return;
  const slots = new Int32Array(buffer);
  Atomics.add(slots, ARRIVALS, 1);
  Atomics.notify(slots, ARRIVALS);
  while (Atomics.load(slots, GATE) === 0) Atomics.wait(slots, GATE, 0);
}

/**
 * The one answer of a thread that does one job and replies once (a backup, a copy), after which
 * it is terminated; rejects if the thread fails or stops before it answers.
 */
export function oneReply<R>(worker: Worker, what: string): Promise<R> {
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (reply: R) => {
      settled = true;
      void worker.terminate();
      resolve(reply);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the ${what} stopped (exit code ${code}) before it answered`));
    });
  });
}
