// The head candidate's files against a base candidate's: which files were added, removed or changed,
// and the changed ones as unified diff hunks (jsdiff, so the diff is the same one `diff -u` users know).
// Pure.
import { structuredPatch } from 'diff';
import type { Candidate } from './evidence.ts';

export type FileChange =
  | { path: string; change: 'added' | 'removed' | 'same' }
  | { path: string; change: 'changed'; patch: string }
  | { path: string; change: 'not compared'; why: string };

/** Past this many edited lines a diff is not worth reading in a page; the files are still shown. */
const MAX_EDIT_LENGTH = 4000;

export function diffCandidates(base: Candidate, head: Candidate): FileChange[] {
  const baseFiles = new Map(base.files.map((f) => [f.path, f]));
  const headFiles = new Map(head.files.map((f) => [f.path, f]));
  const paths = [...new Set([...baseFiles.keys(), ...headFiles.keys()])].sort();
  return paths.map((path): FileChange => {
    const b = baseFiles.get(path);
    const h = headFiles.get(path);
    if (!b) return { path, change: 'added' };
    if (!h) return { path, change: 'removed' };
    if (b.text === null || h.text === null)
      return {
        path,
        change: 'not compared',
        why: `${b.text === null ? `base: ${b.why}` : ''}${b.text === null && h.text === null ? '; ' : ''}${h.text === null ? `head: ${h.why}` : ''}`,
      };
    if (b.text === h.text) return { path, change: 'same' };
    const patch = structuredPatch(`base/${path}`, `head/${path}`, b.text, h.text, undefined, undefined, { context: 3, maxEditLength: MAX_EDIT_LENGTH });
    if (!patch) return { path, change: 'not compared', why: `more than ${MAX_EDIT_LENGTH} lines differ` };
    const lines = patch.hunks.flatMap((hunk) => [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines]);
    return { path, change: 'changed', patch: lines.join('\n') };
  });
}
