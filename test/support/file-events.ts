import { watch } from 'node:fs';

/**
 * Resolves when `condition` holds, checked now and after every change the file system reports
 * under `dir` (files and folders created or written below it): a wait for an event, not for time.
 * Rejects if `ended` settles first (the process that was to write there is gone).
 */
export function whenInDirectory(dir: string, condition: () => boolean, ended: Promise<unknown>, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      watcher.close();
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (!settled && condition()) finish();
    };
    const watcher = watch(dir, { recursive: true }, check);
    void ended.then(() => {
      check();
      finish(new Error(`the process ended before ${what}`));
    });
    check();
  });
}
