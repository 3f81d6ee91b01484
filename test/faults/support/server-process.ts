import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { build } from 'esbuild';
import { projectFile } from '../../../src/project-root.js';
import { request as requestPath, type HttpResult } from '../../support/spawned-server.js';

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

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export async function startServerProcess(db: string, extraArgs: string[] = [], timeoutMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [await serverEntry(), 'serve', '--db', db, '--port', String(port), '--workers', '1', '--log-level', 'warn', ...extraArgs],
    { cwd: projectFile('.'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited while starting (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const finish = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, output: () => output, kill: () => finish('SIGKILL'), stop: () => finish('SIGTERM') };
}

export type { HttpResult } from '../../support/spawned-server.js';

/** A JSON request with a deadline, to a full URL; throws on a network failure (as a killed server gives). */
export function request(url: string, method: string, payload?: unknown, timeoutMs = 10_000): Promise<HttpResult> {
  return requestPath(url, method, '', payload, timeoutMs);
}
