import type { WriterTransport } from './remote-writer.js';
import { startThread } from './start-thread.js';
import { isClusterWriterMessage, type ClusterWriterMessage, type WriterReply, type WriterThreadMessage, type WriterThreadOptions } from './writer-protocol.js';

/** A WriterHost in a worker thread of this process, started now and stopped with the store. */
export function threadTransport(options: WriterThreadOptions): WriterTransport {
  const worker = startThread('writer-thread', options);
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
