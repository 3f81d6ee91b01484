/** Child processes of the benchmark: start, wait until they answer, sample memory, stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const started = new Set<ChildProcess>();
// A failing run must not leave servers behind: whatever is still running dies with the bench.
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

export interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
  output(): string;
}

/** Spawns `command args`, waits until GET `probe` answers with any status. */
export async function startProcess(command: string, args: string[], port: number, probe: string, options: { cwd?: string; timeoutMs?: number } = {}): Promise<Running> {
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  child.once('exit', () => started.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(url + probe);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${command} did not answer on ${url} in time:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    child,
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The process and all its descendants (cluster workers), from /proc. */
export function processTree(pid: number): number[] {
  const result = [pid];
  for (let i = 0; i < result.length; i += 1) {
    try {
      const children = readFileSync(`/proc/${result[i]}/task/${result[i]}/children`, 'utf8').trim();
      if (children) result.push(...children.split(/\s+/).map(Number));
    } catch {
      // The process exited meanwhile.
    }
  }
  return result;
}

/** Resident set size of one process in MB (0 when it is gone). */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
