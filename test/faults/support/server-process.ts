import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { projectFile } from '../../../src/project-root.js';
import { request as requestPath, spawnServe, type HttpResult } from '../../support/spawned-server.js';

/**
 * The real server in its own process (`moneta serve`), for tests that kill it, starve its disk or
 * lock its database. One worker, so SIGKILL hits the process that holds the store and nothing
 * survives it.
 *
 * The CLI is compiled from the current sources once per test file (esbuild, well under a second)
 * instead of being run through tsx: a crash test restarts the server 70 times, and tsx's
 * compile-on-start costs seconds each time on a busy machine. The bundle lives under
 * node_modules/.cache so the code still finds the project folder (and the contract) above it.
 */
let entry: Promise<string> | undefined;

function serverEntry(): Promise<string> {
  entry ??= (async () => {
    // One folder per test process: the threads' entries are looked up beside the CLI's.
    const dir = projectFile(`node_modules/.cache/moneta-faults/${process.pid}`);
    mkdirSync(dir, { recursive: true });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await build({
      entryPoints: {
        moneta: projectFile('src/cli/main.ts'),
        'writer-thread': projectFile('src/store/sqlite/writer-thread.ts'),
        'read-thread': projectFile('src/store/sqlite/read-thread.ts'),
        'backup-thread': projectFile('src/store/sqlite/backup-thread.ts'),
        'xml-thread': projectFile('src/importers/xml-thread.ts'),
        'import-thread': projectFile('src/store/sqlite/import-thread.ts'),
        'postgres-backup-thread': projectFile('src/store/copy/postgres-backup-thread.ts'),
      },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    return `${dir}/moneta.mjs`;
  })();
  return entry;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote to stderr and stdout so far (for failure messages). */
  output(): string;
  /** SIGKILL, then waits for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), then waits. */
  stop(): Promise<void>;
}

/**
 * `moneta serve --port 0` from the bundle, resolved once its start-up line names the port it
 * bound (no port picked here, released and bound again by the server: another process could
 * take it in between).
 */
export async function startServerProcess(db: string, extraArgs: string[] = []): Promise<ServerProcess> {
  const server = await spawnServe([await serverEntry()], ['--db', db, '--workers', '1', '--log-level', 'warn', ...extraArgs]);
  const finish = async (signal: NodeJS.Signals) => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
    await server.exited;
  };
  return {
    url: server.baseUrl,
    child: server.child,
    output: () => server.output.join('\n'),
    kill: () => finish('SIGKILL'),
    stop: () => finish('SIGTERM'),
  };
}

export type { HttpResult } from '../../support/spawned-server.js';

/** A JSON request with a deadline, to a full URL; throws on a network failure (as a killed server gives). */
export function request(url: string, method: string, payload?: unknown, timeoutMs = 10_000): Promise<HttpResult> {
  return requestPath(url, method, '', payload, timeoutMs);
}
