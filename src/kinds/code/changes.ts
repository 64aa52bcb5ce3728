// What an agent changed in a code task's repository: each path added, changed or removed against the
// snapshot it was given, the paths outside the allowed scope, and the whole as a unified diff for the
// evidence. A solution (the fixture's reference or a wrong fix) is the files it adds or replaces, laid over
// the snapshot. Pure.
import { createTwoFilesPatch } from 'diff';
import picomatch from 'picomatch';
import type { CandidateSnapshot } from '../../acceptance/snapshot.ts';
import { isBinary } from '../../util/files.ts';
import { sha256, sha256Manifest } from '../../util/hash.ts';
import { inToolCache } from '../../util/tool-caches.ts';

export interface Change {
  /** Relative to the repository, with `/`. */
  path: string;
  change: 'added' | 'changed' | 'removed';
}

/** Every path whose bytes differ between `before` and `after`, in path order. */
export function changesOf(before: CandidateSnapshot, after: CandidateSnapshot): Change[] {
  const paths = [...new Set([...before.files.keys(), ...after.files.keys()])].sort();
  return paths.flatMap((path): Change[] => {
    const was = before.files.get(path);
    const is = after.files.get(path);
    if (!was) return [{ path, change: 'added' }];
    if (!is) return [{ path, change: 'removed' }];
    return was.equals(is) ? [] : [{ path, change: 'changed' }];
  });
}

/** The changes no `scope` glob allows, each one line naming the path (the `constraint:scope` failures). */
export function outOfScope(changes: readonly Change[], scope: readonly string[]): string[] {
  const allowed = picomatch([...scope], { dot: true });
  return changes.filter((c) => !allowed(c.path)).map((c) => `${c.change} ${c.path}, outside the allowed scope (${scope.join(', ')})`);
}

/** Past this many changed bytes in one file the diff shows only that it changed. */
const MAX_DIFF_BYTES = 512 * 1024;

/** The changes as one unified diff (`a/<path>` → `b/<path>`); binary and very large files are named, not shown. */
export function unifiedDiff(before: CandidateSnapshot, after: CandidateSnapshot, changes: readonly Change[]): string {
  return changes
    .map(({ path, change }) => {
      const was = before.files.get(path) ?? Buffer.alloc(0);
      const is = after.files.get(path) ?? Buffer.alloc(0);
      if (isBinary(was) || isBinary(is) || was.length + is.length > MAX_DIFF_BYTES) return `Binary or large file ${path} ${change}\n`;
      return createTwoFilesPatch(
        change === 'added' ? '/dev/null' : `a/${path}`,
        change === 'removed' ? '/dev/null' : `b/${path}`,
        was.toString('utf8'),
        is.toString('utf8'),
      );
    })
    .join('');
}

/** `base` with `over`'s files added or replacing its own: a solution applied to the repository. */
export function overlay(base: CandidateSnapshot, over: CandidateSnapshot): CandidateSnapshot {
  const files = new Map(base.files);
  for (const [path, bytes] of over.files) files.set(path, bytes);
  return snapshotOf(files, [...base.unsafe, ...over.unsafe], [...base.oversize, ...over.oversize]);
}

/**
 * The code of a snapshot: without what tools cached in it (util/tool-caches.ts) and what the fixture says
 * its build and tools write in place (`code.ignore`), its hash over what is left. What is left out is no
 * change, is not in the diff, and is neither built from nor accepted.
 */
export function codeOf(snapshot: CandidateSnapshot, ignore: readonly string[]): CandidateSnapshot {
  const ignored = ignore.length ? picomatch([...ignore], { dot: true }) : () => false;
  const kept = [...snapshot.files].filter(([path]) => !inToolCache(path) && !ignored(path));
  return kept.length === snapshot.files.size ? snapshot : snapshotOf(new Map(kept), snapshot.unsafe, snapshot.oversize);
}

function snapshotOf(files: Map<string, Buffer>, unsafe: string[], oversize: string[]): CandidateSnapshot {
  const sorted = new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const hashes: Record<string, string> = {};
  for (const [path, bytes] of sorted) hashes[path] = sha256(bytes);
  return { files: sorted, sha256: sha256Manifest(hashes), unsafe, oversize };
}
