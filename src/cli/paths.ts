// Where the CLI finds what ships with it (the built-in fixtures) and where runs go by default.
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: the nearest ancestor of this file (src/cli/ or dist/) with the built-in fixtures. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'fixtures', 'inventory', 'fixture.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('trialgate: cannot find its built-in fixtures/ next to the package');
    dir = parent;
  }
  return dir;
}

export function builtinFixture(name: string): string {
  return join(packageRoot(), 'fixtures', name);
}

/** A fresh run directory name: sortable by time, unique within a second. */
export function runDirName(prefix: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `${prefix}-${stamp}-${Math.random().toString(36).slice(2, 6)}`;
}

/** A path as a user reads it: relative when under `cwd`, absolute otherwise (never a trail of ../). */
export function displayPath(path: string, cwd: string): string {
  return path.startsWith(cwd + '/') ? relative(cwd, path) : path;
}
