import cluster from 'node:cluster';
import { WriterHost, type ReplySink } from './writer-host.js';
import { isClusterWriterMessage, type WriterRequest } from './writer-protocol.js';

/**
 * SQLite with several workers: the primary, which serves no requests, commits every worker's
 * writes with one connection (WriterHost), so writes arriving at both workers share one commit
 * and one fsync instead of taking turns at SQLite's single write lock. The workers' stores reach
 * it over the cluster's IPC channel (primaryTransport, writer-transports.ts). Returns its closer.
 */
export function hostClusterWriter(options: { path: string; busyTimeoutMs: number }): () => void {
  const host = new WriterHost(options);
  const sinks = new Map<number, ReplySink>();
  cluster.on('message', (worker, message: unknown) => {
    if (!isClusterWriterMessage(message)) return;
    let sink = sinks.get(worker.id);
    if (!sink) {
      // A worker that died meanwhile gets no answer: its client saw the connection drop.
      sink = (replies) => void (worker.isConnected() && worker.send({ monetaWriter: replies }));
      sinks.set(worker.id, sink);
    }
    host.handle(message.monetaWriter as WriterRequest[], sink);
  });
  cluster.on('exit', (worker) => sinks.delete(worker.id));
  return () => host.close();
}
