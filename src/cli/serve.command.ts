import type { Command } from 'commander';
import { serveConfig, type ServeFlags } from '../config.js';
import { serve } from '../server.js';
import { addStoreOptions } from './cli-support.js';

export function registerServeCommand(program: Command): void {
  addStoreOptions(
    program
      .command('serve')
      .description('Run the HTTP API server')
      .option('--port <port>', 'TCP port (env MONETA_PORT or PORT; default 8080; 0 picks a free one)')
      .option('--host <host>', 'address to listen on (env MONETA_HOST; default 127.0.0.1)')
      .option('--workers <n>', 'server processes sharing the port and database (env MONETA_WORKERS; default one per core)')
      .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (env MONETA_LOG_LEVEL; default info)')
      .option('--no-access-log', 'no log line per request (env MONETA_ACCESS_LOG=off)'),
  )
    .addHelpText('after', '\nExample:\n  moneta serve --port 8080 --db ./moneta.db\n  moneta serve --db postgres://localhost/moneta --workers 2')
    .action(async (flags: ServeFlags) => {
      await serve(serveConfig(flags));
    });
}
