import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker thread whose entry is `name` beside this file, with this file's own
 * extension: .js when built, .mjs when the fault tests bundle the CLI, .ts under tsx (tests),
 * where the thread has to load tsx itself first: a worker does not inherit the loader hooks of
 * `--import tsx`.
 */
export function startThread(name: string, workerData: unknown): Worker {
  const extension = extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./${name}${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(entry, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}
