import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import type { LogFormat, ServeConfig } from './config.js';
import { appSecurityOptions, refuseUnsafeBinding } from './server/binding.js';
import { humanLogStream } from './server/human-log.js';
import { removeDeadTempDirs } from './services/temp-dirs.js';
import { hostWorkersWriter, openMigratedStore, openServingStore } from './store/open-store.js';
import type { Store } from './store/store.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** JSON lines (for a pipe or a file, with the pid), or one short human line per event at a terminal. */
export function createLogger(level: string, format: LogFormat = 'json'): Logger {
  return format === 'human' ? pino({ level }, humanLogStream(process.stdout)) : pino({ level, base: { pid: process.pid } });
}

/** The server cannot start as configured; the message says why and what to change. */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** Errors of listen() as one line with the fix. */
function listenError(error: unknown, host: string, port: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (code === 'EADDRINUSE') {
    return new StartupError(`${where} is in use by another program (another \`moneta serve\`?): stop it, or choose another port with --port (0 picks a free one)`, { cause: error });
  }
  if (code === 'EACCES') return new StartupError(`this user may not listen on ${where}: choose a port above 1023 with --port`, { cause: error });
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new StartupError(`${host} is not an address of this machine: check --host (127.0.0.1 for this machine only, 0.0.0.0 for every interface)`, { cause: error });
  }
  return error;
}

/** The one line a person starting the server reads: where it listens, where the reference is, which data. */
function announceListening(address: string, db: string, workers: number): void {
  process.stderr.write(
    `moneta listening on ${address} (API reference: ${address}/docs; data: ${describeDb(db)}${workers > 1 ? `; ${workers} workers` : ''})\n`,
  );
}

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  address: string;
  close(): Promise<void>;
}

/** Opens the store, builds the app and listens. The caller decides about signals. */
export async function startServer(config: ServeConfig, logger: Logger, options: { migrate: boolean }): Promise<RunningServer> {
  const store = await openServingStore(config, options);
  const app = await buildApp({
    store,
    logger,
    accessLog: config.accessLog,
    bodyLimit: config.security.bodyLimit,
    importLimit: config.security.importLimit,
    importAnswerMs: config.security.importAnswerMs,
    security: appSecurityOptions(config),
    trashRetentionDays: config.trashRetentionDays,
    undoRetentionDays: config.undoRetentionDays,
  });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    await store.lifecycle.close();
    throw listenError(error, config.host, config.port);
  }
  const port = (app.server.address() as { port: number }).port;
  let closing: Promise<void> | undefined;
  return {
    app,
    store,
    address: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    // Stop accepting, let in-flight requests finish, then flush and close the store.
    close: () => (closing ??= app.close().then(() => store.lifecycle.close())),
  };
}

/** Closes gracefully on SIGTERM/SIGINT; a second signal or the grace period forces the exit. */
export function closeOnSignals(logger: Logger, close: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/** Warns loudly when the store could lose acknowledged writes. */
async function checkDurability(config: ServeConfig, logger: Logger): Promise<void> {
  const store = await openMigratedStore(config);
  try {
    for (const warning of await store.lifecycle.durabilityWarnings()) {
      logger.warn(`DURABILITY WARNING: ${warning}`);
      process.stderr.write(`moneta: DURABILITY WARNING: ${warning}\n`);
    }
    // Before any worker listens: a network-facing server without a token does not start.
    await refuseUnsafeBinding(config, store);
  } finally {
    await store.lifecycle.close();
  }
}

/**
 * Removes the temporary files (received statements, report spools, backup copies) of processes
 * that died without removing them (SIGKILL, a crash); a live process's are never touched.
 */
async function removeLeftovers(logger: Logger): Promise<void> {
  try {
    const removed = await removeDeadTempDirs();
    if (removed.length > 0) logger.info({ removed }, `removed ${removed.length} temporary directories of processes that are gone`);
  } catch (error) {
    logger.warn({ err: error }, 'could not remove the temporary files of processes that are gone');
  }
}

/**
 * `moneta serve`: one process, or a primary that migrates once and then runs N workers sharing
 * the port and the database. Workers that die are replaced until shutdown begins.
 */
export async function serve(config: ServeConfig): Promise<void> {
  const logger = createLogger(config.logLevel, config.logFormat);
  if (cluster.isWorker) {
    const server = await startServer(config, logger, { migrate: false });
    closeOnSignals(logger, server.close);
    return;
  }
  await checkDurability(config, logger);
  await removeLeftovers(logger);
  if (config.workers === 1) {
    // The command migrated the store it checked and closed; an in-memory store is gone with that
    // connection, so this one is migrated here (it was served without its tables: every request 500).
    const server = await startServer(config, logger, { migrate: config.db === ':memory:' });
    // Before the line that says it listens: whoever reads it may send SIGTERM at once, and a
    // signal with no handler yet would kill the process instead of closing it gracefully.
    closeOnSignals(logger, server.close);
    // At a terminal the announcement below says it once; a log collector gets the record.
    if (config.logFormat === 'json') logger.info({ address: server.address, db: describeDb(config.db) }, `moneta listening on ${server.address}`);
    announceListening(server.address, config.db, 1);
    return;
  }
  await runWorkers(config, logger);
}

async function runWorkers(config: ServeConfig, logger: Logger): Promise<void> {
  let stopping = false;
  // Structured clone, not JSON, between primary and workers: ids past 2^53 travel as bigint.
  cluster.setupPrimary({ serialization: 'advanced' });
  const closeWriter = hostWorkersWriter(config);
  const started = new Promise<void>((resolve, reject) => {
    let listening = 0;
    cluster.on('listening', (_worker, address) => {
      listening += 1;
      if (listening === config.workers) {
        const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}`;
        if (config.logFormat === 'json') logger.info({ address: url, workers: config.workers, db: describeDb(config.db) }, `moneta listening on ${url} with ${config.workers} workers`);
        announceListening(url, config.db, config.workers);
        resolve();
      }
    });
    let failed: StartupError | undefined;
    const noWorkersLeft = () => Object.keys(cluster.workers ?? {}).length === 0;
    cluster.on('exit', (worker, code, signal) => {
      // The start failed: it ends once every worker is gone, so none still has the store open
      // (the command may then remove a store file it created for this start).
      if (failed) {
        if (noWorkersLeft()) reject(failed);
        return;
      }
      if (stopping) return;
      if (listening < config.workers) {
        // The worker has printed why (its own "moneta: error:" line) before exiting. The others
        // would fail the same way or serve alone: all stop, so the command ends with the error.
        stopping = true;
        failed = new StartupError(`a worker exited while starting (code ${code ?? signal}); its error is printed above`);
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
        closeWriter();
        if (noWorkersLeft()) reject(failed);
        return;
      }
      logger.error({ worker: worker.process.pid, code, signal }, 'worker died; starting a new one');
      cluster.fork();
      void removeLeftovers(logger);
    });
  });
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 2000);
    timer.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      closeWriter();
      process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await started;
}

/** A URL's password never reaches the log. */
export function describeDb(db: string): string {
  try {
    if (!/^postgres(ql)?:/i.test(db)) return db;
    const url = new URL(db);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres (unparseable URL)';
  }
}
