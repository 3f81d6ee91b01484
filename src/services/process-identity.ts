import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Who this process is, for what it leaves behind (temporary directories, running import jobs):
 * its id and a mark drawn once per process, so a former process that had the same id (a
 * container restart) is told apart; the host for what other machines sharing a store see.
 */
export const PROCESS_MARK = randomBytes(4).toString('hex');

/** `host/pid.mark`. */
export function processOwner(): string {
  return `${hostname()}/${process.pid}.${PROCESS_MARK}`;
}

/** True while a process with this id exists (one of another user's counts too: it cannot be signalled, but it lives). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process an owner names is known to be gone: on this host, its id no longer exists,
 * or is this process's with another mark. A process on another host is never known to be gone.
 */
export function ownerIsGone(owner: string, isAlive: (pid: number) => boolean = processExists): boolean {
  const match = /^(.*)\/(\d+)\.([0-9a-f]+)$/.exec(owner);
  if (match === null || match[1] !== hostname()) return false;
  const pid = Number(match[2]);
  return pid === process.pid ? match[3] !== PROCESS_MARK : !isAlive(pid);
}
