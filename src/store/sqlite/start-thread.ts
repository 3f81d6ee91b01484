import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../worker-threads.js';

/** Starts the worker thread whose entry is `name` beside this file (see startWorker). */
export function startThread(name: string, workerData: unknown): Worker {
  return startWorker(new URL(`./${name}`, import.meta.url), workerData);
}
