import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { createInterface } from 'node:readline';
import { after } from 'node:test';
import { projectFile } from '../../src/project-root.js';

export interface SpawnedServer {
  /** http://127.0.0.1:port */
  baseUrl: string;
  child: ChildProcess;
  /** Every log line (stdout and stderr) so far, for assertions and failure messages. */
  output: string[];
  /** Resolves with the first log line (so far or to come) matching the pattern. */
  line(pattern: RegExp): Promise<string>;
  /** SIGTERM, then waits for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
  /** Resolves to the exit code once the process has exited, however it was stopped. */
  exited: Promise<number | null>;
}

// A guard against a start that hangs, not a wait: on a machine at load average 15-20 (CI beside
// other jobs) a start under tsx was seen to take over 30 s.
const START_TIMEOUT_MS = 120_000;

/**
 * Runs `moneta serve` as a real process on a port of its own choosing (--port 0) and resolves
 * once its "listening" log line names the port (single process or cluster primary alike).
 * Stopped after the test at the latest; a suite that starts it in a `before` hook (where
 * `after` would fire at the hook's end) passes `stopAfterTest: false` and stops it itself.
 */
export function spawnServer(args: string[], env: Record<string, string> = {}, options: { stopAfterTest?: boolean } = {}): Promise<SpawnedServer> {
  return spawnServe(['--import', 'tsx', 'src/cli/main.ts'], args, env, options);
}

/** As spawnServer, with the CLI started by `launcher` (node's arguments before `serve`: a built bundle, or tsx and the sources). */
export async function spawnServe(launcher: string[], args: string[], env: Record<string, string> = {}, options: { stopAfterTest?: boolean } = {}): Promise<SpawnedServer> {
  const child = spawn(
    process.execPath,
    // Load shedding on event-loop delay off (a loaded test machine gets spurious 503s); a test
    // about it passes its own --max-event-loop-delay, which wins as the later one.
    [...launcher, 'serve', '--port', '0', '--host', '127.0.0.1', '--max-event-loop-delay', '0', ...args],
    { cwd: projectFile('.'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  const lines = new EventEmitter();
  const line = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const seen = output.find((text) => pattern.test(text));
      if (seen !== undefined) return resolve(seen);
      const onLine = (text: string) => {
        if (!pattern.test(text)) return;
        lines.off('line', onLine);
        child.off('exit', onExit);
        resolve(text);
      };
      const onExit = () => {
        lines.off('line', onLine);
        reject(new Error(`server exited without a log line matching ${pattern}:\n${output.join('\n')}`));
      };
      lines.on('line', onLine);
      child.once('exit', onExit);
    });
  const exited: Promise<number | null> = once(child, 'exit').then(([code]) => code as number | null);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  if (options.stopAfterTest ?? true) after(stop);

  const baseUrl = await new Promise<string>((resolve, reject) => {
    // A guard against a start that hangs (it fails the test), not a wait: the line resolves it.
    const timer = setTimeout(() => reject(new Error(`server did not start in ${START_TIMEOUT_MS} ms:\n${output.join('\n')}`)), START_TIMEOUT_MS);
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (text) => {
        output.push(text);
        lines.emit('line', text);
        const match = /moneta listening on (http:\/\/[^\s"]+)/.exec(text);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (code ${code}) before listening:\n${output.join('\n')}`));
    });
  });
  return { baseUrl, child, output, line, stop, exited };
}

export interface HttpResult {
  status: number;
  headers: Headers;
  body: unknown;
  ms: number;
}

/** One HTTP request with JSON in and out; a network failure rejects. */
export async function request(baseUrl: string, method: string, path: string, payload?: unknown, timeoutMs = 20_000): Promise<HttpResult> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    // A write without a body says JSON too, as every client must (http/security/cross-site.ts).
    headers: payload === undefined && (method === 'GET' || method === 'HEAD') ? {} : { 'content-type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: kept as text so the assertion shows it
  }
  return { status: response.status, headers: response.headers, body, ms: performance.now() - started };
}

/** Runs the command line to completion (any command), capturing its output. */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: projectFile('.'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
