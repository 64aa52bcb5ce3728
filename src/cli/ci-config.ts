// The files that run `trialgate gate` on another CI system: each --ci-config file and the local files it
// includes (GitLab's `include:`), through each of those in turn. A job's script, and so the gate's flags
// (--policy, --alpha, --fail-on, --base-dir), may live in an included file: a merge request that changed only
// that file would change the gate's settings unseen, as a reusable workflow would on GitHub (action/gate-files.ts).
import { posix } from 'node:path';
import { filesPulledIn } from '../gate/pulled-in.ts';

/** The CI files named and every local file they include, relative to the repository root. */
export function ciConfigFiles(root: string, named: readonly string[]): Promise<string[]> {
  return filesPulledIn(root, named, { from: localIncludes });
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
