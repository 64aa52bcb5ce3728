// The files that run `trialgate gate` on another CI system: each --ci-config file and the local files it
// includes (GitLab's `include:`), through each of those in turn. A job's script, and so the gate's flags
// (--policy, --alpha, --fail-on, --base-dir), may live in an included file: a merge request that changed only
// that file would change the gate's settings unseen, as a reusable workflow would on GitHub (action/gate-files.ts).
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import picomatch from 'picomatch';
import { parse } from 'yaml';
import { matchFiles } from '../util/files.ts';

/** The CI files named and every local file they include, relative to the repository root. */
export async function ciConfigFiles(root: string, named: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const visit = async (file: string): Promise<void> => {
    if (found.includes(file)) return;
    found.push(file);
    const text = await readFile(join(root, file), 'utf8').catch(() => null);
    if (text === null) return;
    let document: unknown;
    try {
      document = parse(text);
    } catch {
      return;
    }
    for (const path of localIncludes(document)) {
      if (!picomatch.scan(path).isGlob) await visit(path);
      else for (const match of await matchFiles(root, [path])) await visit(match);
    }
  };
  for (const file of named) await visit(posix.normalize(file.replace(/\\/g, '/')).replace(/^\.\//, ''));
  return found;
}

/** The local files a GitLab CI document's top-level `include:` names (a string, `local:`, or a list of them), relative to the root. */
function localIncludes(document: unknown): string[] {
  const include = document && typeof document === 'object' ? (document as Record<string, unknown>).include : undefined;
  const out: string[] = [];
  for (const entry of Array.isArray(include) ? include : include === undefined ? [] : [include]) {
    const path =
      typeof entry === 'string' && !/^https?:\/\//.test(entry)
        ? entry
        : entry && typeof entry === 'object' && typeof (entry as Record<string, unknown>).local === 'string'
          ? ((entry as Record<string, unknown>).local as string)
          : null;
    if (path === null) continue;
    const relative = posix.normalize(path.replace(/^\/+/, ''));
    if (!relative.startsWith('..')) out.push(relative);
  }
  return out;
}
