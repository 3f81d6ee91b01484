import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WriterTransport } from './remote-writer.js';
import { isClusterWriterMessage, type ClusterWriterMessage, type WriterReply, type WriterThreadMessage, type WriterThreadOptions } from './writer-protocol.js';

/** A WriterHost in a worker thread of this process, started now and stopped with the store. */
export function threadTransport(options: WriterThreadOptions): WriterTransport {
  const worker = startWriterThread(options);
  // Idle, the thread must not keep a finished process alive.
  worker.unref();
  const post = (message: WriterThreadMessage) => worker.postMessage(message);
  return {
    send: post,
    listen(onReplies, onFailure) {
      worker.on('message', onReplies);
      worker.on('error', onFailure);
      worker.on('exit', (code) => onFailure(new Error(`the writer thread stopped (exit code ${code})`)));
    },
    hold: (held) => (held ? worker.ref() : worker.unref()),
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      // Held until it has exited: the caller awaits the close and nothing else may keep this process up.
      worker.ref();
      post('close');
      await exited;
    },
  };
}

/** The WriterHost of the primary of `serve --workers` (cluster-writer.ts), over the cluster's IPC channel. */
export function primaryTransport(): WriterTransport {
  const send = process.send?.bind(process);
  if (!send) throw new Error('a store writing through the primary must run in a cluster worker');
  let listener: ((message: unknown) => void) | undefined;
  return {
    send: (requests) => send({ monetaWriter: requests } satisfies ClusterWriterMessage),
    listen(onReplies, onFailure) {
      listener = (message) => {
        if (isClusterWriterMessage(message)) onReplies(message.monetaWriter as WriterReply[]);
      };
      process.on('message', listener);
      process.once('disconnect', () => onFailure(new Error('the primary process is gone')));
    },
    // The IPC channel keeps a worker alive anyway, for as long as the cluster runs.
    hold: () => {},
    async close() {
      if (listener) process.off('message', listener);
    },
  };
}

/**
 * The thread's entry is writer-thread beside this file, with this file's own extension: .js when
 * built, .mjs when the fault tests bundle the CLI, .ts under tsx (tests), where the thread has
 * to load tsx itself first: a worker does not inherit the loader hooks of `--import tsx`.
 */
function startWriterThread(options: WriterThreadOptions): Worker {
  const extension = extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./writer-thread${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(entry, { workerData: options });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: options });
}
