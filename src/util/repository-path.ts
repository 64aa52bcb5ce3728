// Where a file is in its git repository, as the repository names it: the path from the top level, each part
// as written. git names the top level after following links (/tmp/x is /private/tmp/x on macOS), so the
// directories above it may be links; a link inside the repository is the checkout's content, a pull
// request's to make, and is never followed: the base commit's file at the same path is the base's own,
// whatever the pull request's link there points at.
import { realpath } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The path of `file` from `top` (a top level as git names it), the links above `top` followed and none below
 * it; null when `file` is not under `top` without following a link inside the repository.
 */
export async function repositoryPath(top: string, file: string): Promise<string | null> {
  const lexical = resolve(file);
  const realTop = await realpath(top).catch(() => top);
  const ancestors: string[] = [];
  for (let dir = dirname(lexical); ; dir = dirname(dir)) {
    ancestors.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  // From the root down: the first directory that is the top level, so a link inside it to itself is not taken for it.
  for (const dir of ancestors) {
    const real = await realpath(dir).catch(() => null);
    if (real === realTop) {
      const path = relative(dir, lexical);
      return path === '' || path.startsWith(`..${sep}`) ? null : path;
    }
  }
  return null;
}
