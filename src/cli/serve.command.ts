import cluster from 'node:cluster';
import type { Command } from 'commander';
import { serveConfig, type ServeFlags } from '../config.js';
import { serve } from '../server.js';
import { removeUnservedStoreFile, storePresence } from '../store/store-presence.js';
import { terminalSafe } from './terminal-text.js';
import { addCurrencyOption, addStoreOptions, openCheckedStore } from './cli-support.js';

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function registerServeCommand(program: Command): void {
  addCurrencyOption(addStoreOptions(
    program
      .command('serve')
      .description('Run the HTTP API server')
      .option('--port <port>', 'TCP port (env MONETA_PORT or PORT; default 8080; 0 picks a free one)')
      .option('--host <host>', 'address to listen on (env MONETA_HOST; default 127.0.0.1)')
      .option('--workers <n>', 'server processes sharing the port and database (env MONETA_WORKERS; default one per core)')
      .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (env MONETA_LOG_LEVEL; default info)')
      .option('--log-format <format>', 'human (one short line per request; the default in a terminal) or json (one object per line; the default into a pipe or a file) (env MONETA_LOG_FORMAT)')
      .option('--no-access-log', 'no log line per request (env MONETA_ACCESS_LOG=off)')
      .option('--insecure-no-auth', 'listen beyond loopback although no API token exists (env MONETA_INSECURE_NO_AUTH=1)')
      .option('--allowed-host <name>', 'a Host name to accept besides localhost/127.0.0.1/[::1]; repeatable (env MONETA_ALLOWED_HOSTS, comma-separated)', collect)
      .option('--cors-origin <origin>', 'a browser origin allowed to call the API; repeatable (env MONETA_CORS_ORIGINS; default none)', collect)
      .option('--body-limit <bytes>', 'largest request body (env MONETA_BODY_LIMIT; default 65536)')
      .option('--import-limit <bytes>', 'largest statement a createImport body may be (env MONETA_IMPORT_LIMIT; default 104857600)')
      .option('--import-answer-time <ms>', 'a POST /imports whose report is not ready within this answers 202 with a job to poll; the import goes on (env MONETA_IMPORT_ANSWER_MS; default 20000, at most half the connection timeout; 0: always 202)')
      .option('--max-header-size <bytes>', 'largest request line + headers (env MONETA_MAX_HEADER_SIZE; default 16384)')
      .option('--max-url-length <chars>', 'longest URL (env MONETA_MAX_URL_LENGTH; default 14336)')
      .option('--request-timeout <ms>', 'time a client has to send its headers, and any body but a statement upload (env MONETA_REQUEST_TIMEOUT_MS; default 30000)')
      .option('--upload-stall-timeout <ms>', 'a statement upload is cut when no byte of it arrives for this long; a slow but steady one is read to its end (env MONETA_UPLOAD_STALL_TIMEOUT_MS; default 30000)')
      .option('--connection-timeout <ms>', 'idle connections are closed after this (env MONETA_CONNECTION_TIMEOUT_MS; default 60000)')
      .option('--max-in-flight <n>', 'requests handled at once; more get 503 (env MONETA_MAX_IN_FLIGHT; default 512)')
      .option('--max-event-loop-delay <ms>', 'event-loop delay above which requests get 503; 0 off (env MONETA_MAX_EVENT_LOOP_DELAY_MS; default 1000)')
      .option('--token-cache <ms>', 'how long the API token list is reused; a token created or revoked with the CLI takes effect within it; 0 reads it on every request (env MONETA_TOKEN_CACHE_MS; default 1000)')
      .option('--rate-limit <n>', 'requests per minute per client address, 429 beyond; 0 off (env MONETA_RATE_LIMIT; default 0)')
      .option('--max-in-flight-per-client <n>', 'requests handled at once for one client address; more get 503 (env MONETA_MAX_IN_FLIGHT_PER_CLIENT; default 64)')
      .option('--max-in-flight-per-connection <n>', 'pipelined requests handled at once on one connection; more get 503 (env MONETA_MAX_IN_FLIGHT_PER_CONNECTION; default 8)')
      .option('--read-threads <n>', 'SQLite: threads reading pages no index bounds, per process (env MONETA_READ_THREADS; default 2)')
      .option('--max-streams <n>', 'streamed pages (limit > 5000) sent at once, per process; more get 503 (env MONETA_MAX_STREAMS; default 4)')
      .option('--stream-timeout <ms>', 'a streamed page not sent within this is cut off (env MONETA_STREAM_TIMEOUT_MS; default 60000)')
      .option('--max-backup-downloads <n>', 'backup downloads (GET /manage/backup) made or sent at once, per process; more get 503 (env MONETA_MAX_BACKUP_DOWNLOADS; default 2)')
      .option('--backup-timeout <ms>', 'a backup download still being sent this long after its first byte is cut off (env MONETA_BACKUP_TIMEOUT_MS; default 600000)')
      .option('--trash-retention-days <days>', 'deleted transactions are purged from the trash after this (env MONETA_TRASH_RETENTION_DAYS; default 30)')
      .option('--undo-retention-days <days>', 'a change can be undone (POST /changes/{change}/undo, moneta undo) for this long (env MONETA_UNDO_RETENTION_DAYS; default: the trash retention)'),
  ))
    .addHelpText('after', '\nExample:\n  moneta serve --port 8080 --db ./moneta.db\n  moneta serve --db postgres://localhost/moneta --workers 2')
    .action(async (flags: ServeFlags) => {
      const config = serveConfig(flags);
      // Checked, created and announced once, by the process the user started, never by its workers.
      const isNewFile = !cluster.isWorker && (await storePresence(config.db)) === 'missing';
      if (!cluster.isWorker) await (await openCheckedStore(config, 'create')).lifecycle.close();
      try {
        await serve(config);
      } catch (error) {
        // A start that fails (a port in use) leaves no new, empty store file behind.
        if (isNewFile) {
          removeUnservedStoreFile(config.db);
          process.stderr.write(`moneta: removed the new store at ${terminalSafe(config.db)}: the server did not start\n`);
        }
        throw error;
      }
    });
}
