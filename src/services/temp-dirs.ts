import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESS_MARK, processExists } from './process-identity.js';

/**
 * Temporary directories of this process: a received statement (`upload`), an import's report
 * spool (`import`), a backup copy being made (`download-backup`). Each name carries the process
 * id and a mark drawn once per process (`moneta-upload-4242.1a2b3c4d-XXXXXX`), so what a process
 * killed with SIGKILL left behind is recognisable and `moneta serve` removes it on start
 * (removeDeadTempDirs), never what another live process (a second server, a `moneta import`)
 * still uses.
 */
export type TempKind = 'upload' | 'import' | 'download-backup';

const NAME = /^moneta-(?:upload|import|download-backup)-(\d+)\.([0-9a-f]{8})-[^/]+$/;

/** A new private directory (mode 0700) for `kind`, named for this process. */
export function makeTempDir(kind: TempKind, parent: string = tmpdir()): Promise<string> {
  return mkdtemp(join(parent, `moneta-${kind}-${process.pid}.${PROCESS_MARK}-`));
}

export interface SweepOptions {
  /** Where the directories are; the system's temporary directory by default (TMPDIR). */
  parent?: string;
  /** Whether a process id is alive; tests pass their own. */
  isAlive?: (pid: number) => boolean;
}

/**
 * Removes the temporary directories whose process is gone: its id no longer exists, or it is this
 * process's id with another mark (a process before a restart that got the same id, as in a
 * container). Names of other programs, and of live processes, are left alone. Answers what was removed.
 */
export async function removeDeadTempDirs(options: SweepOptions = {}): Promise<string[]> {
  const parent = options.parent ?? tmpdir();
  const isAlive = options.isAlive ?? processExists;
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (match === null) continue;
    const pid = Number(match[1]);
    const dead = pid === process.pid ? match[2] !== PROCESS_MARK : !isAlive(pid);
    if (!dead) continue;
    await rm(join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
