import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json. Code runs from src/ (tests, tsx) or dist/src/ (built), so
 * files shipped beside the code (the contract, CSV profiles) are found from here, not by a
 * fixed relative path.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the project folder (no package.json above the code)');
    dir = parent;
  }
  return dir;
}

const ROOT = findProjectRoot();

export function projectFile(relativePath: string): string {
  return join(ROOT, relativePath);
}
