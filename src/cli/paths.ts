// Where the CLI finds what ships with it (the built-in fixtures) and where runs go by default.
import { join, relative } from 'node:path';
import { packageRoot } from '../util/package-root.ts';

export { packageRoot };

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
