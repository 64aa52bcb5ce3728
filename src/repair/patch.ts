// A human repair as a patch: the unified diff between the candidate as delivered and as repaired, and
// the same patch applied again to an identical candidate. Text files only: a binary change cannot be
// reviewed in a patch, so it is refused. Pure, on in-memory file sets; the diff is jsdiff's.
import { applyPatch, formatPatch, parsePatch, structuredPatch, type StructuredPatch } from 'diff';
import { isBinary } from '../util/files.ts';

export type Files = ReadonlyMap<string, Buffer>;

export interface CandidatePatch {
  /** The unified diff, file by file (`a/<path>` → `b/<path>`, /dev/null for an added or removed file). */
  text: string;
  /** Lines added plus lines removed: the size of the human fix. */
  lines: number;
  files: number;
  /** Binary files that changed: a patch cannot carry them. */
  binary: string[];
}

export function candidatePatch(before: Files, after: Files): CandidatePatch {
  const patches: StructuredPatch[] = [];
  const binary: string[] = [];
  let lines = 0;
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(path);
    const b = after.get(path);
    if (a && b && a.equals(b)) continue;
    if ((a && isBinary(a)) || (b && isBinary(b))) {
      binary.push(path);
      continue;
    }
    const patch = structuredPatch(a ? `a/${path}` : '/dev/null', b ? `b/${path}` : '/dev/null', a?.toString('utf8') ?? '', b?.toString('utf8') ?? '', '', '');
    for (const hunk of patch.hunks) lines += hunk.lines.filter((l) => l.startsWith('+') || l.startsWith('-')).length;
    patches.push(patch);
  }
  return { text: patches.length ? formatPatch(patches) : '', lines, files: patches.length, binary };
}

/** `files` with `patchText` applied, or why it does not apply (the candidate is not the one it was made for). */
export function applyCandidatePatch(files: Files, patchText: string): Map<string, Buffer> | string {
  const out = new Map(files);
  for (const patch of parsePatch(patchText)) {
    const from = stripPrefix(patch.oldFileName);
    const to = stripPrefix(patch.newFileName);
    const path = to ?? from;
    if (!path) return 'a file of the patch names no path';
    const source = from ? files.get(from) : undefined;
    if (from && !source) return `the patch changes ${from}, which the candidate does not have`;
    const result = applyPatch(source?.toString('utf8') ?? '', patch);
    if (result === false) return `the patch does not apply to ${path}: the candidate differs from the one it was made for`;
    if (from && from !== path) out.delete(from);
    if (to) out.set(to, Buffer.from(result, 'utf8'));
    else out.delete(from!);
  }
  return out;
}

function stripPrefix(name: string | undefined): string | undefined {
  if (!name || name === '/dev/null') return undefined;
  return name.replace(/^[ab]\//, '');
}
