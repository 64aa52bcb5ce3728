// The candidate, read once and safely: what acceptance uses is exactly what the hash covers. Links and
// special files are never followed (a link to the reference answers would otherwise be read as the
// agent's work), and the limits keep a runaway candidate from exhausting the runner.
import { mkdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { lstat } from 'node:fs/promises';
import { listEntries, readRegularFile } from '../util/files.ts';
import { sha256, sha256Manifest } from '../util/hash.ts';
import { writeInside } from '../util/safe-write.ts';

export interface CandidateLimits {
  bytes: number;
  files: number;
}

export interface CandidateSnapshot {
  /** Relative path (POSIX) → bytes, in path order. */
  files: Map<string, Buffer>;
  /** Over exactly these bytes (path → sha256 manifest). */
  sha256: string;
  /** Links, special files and shared inodes: a constraint failure, each naming the file. */
  unsafe: string[];
  /** Limits exceeded: a format failure naming the file or the count. */
  oversize: string[];
}

/** Errors reading a candidate file that the candidate caused, and how they are named. */
const CANDIDATE_DID: Record<string, string> = {
  ENOENT: 'changed or vanished while it was read',
  ELOOP: 'changed or vanished while it was read',
  ENOTREG: 'changed or vanished while it was read',
  ENXIO: 'changed or vanished while it was read',
  EACCES: 'is unreadable (its permissions deny the runner)',
  EPERM: 'is unreadable (its permissions deny the runner)',
};

export const NO_LIMITS: CandidateLimits = { bytes: Number.MAX_SAFE_INTEGER, files: Number.MAX_SAFE_INTEGER };

/** Read the candidate below `dir`, named `label` in messages (e.g. `candidate/`). */
export async function readCandidate(dir: string, limits: CandidateLimits, label = 'candidate/'): Promise<CandidateSnapshot> {
  const files = new Map<string, Buffer>();
  const unsafe: string[] = [];
  const oversize: string[] = [];
  const root = await lstat(dir).catch(() => null);
  if (!root?.isDirectory()) {
    if (root) unsafe.push(`${label} is ${root.isSymbolicLink() ? `a symbolic link to ${await readlink(dir).catch(() => '?')}` : 'not a directory'}`);
    return { files, sha256: sha256Manifest({}), unsafe, oversize };
  }
  let total = 0;
  const entries = await listEntries(dir);
  const regular = entries.filter((e) => e.kind === 'file');
  if (regular.length > limits.files) oversize.push(`${label} holds ${regular.length} files; the limit is ${limits.files} (limits.candidate_files)`);
  for (const entry of entries) {
    const name = `${label}${entry.path}`;
    if (entry.kind === 'link')
      unsafe.push(`${name} is a symbolic link (to ${await readlink(join(dir, entry.path)).catch(() => '?')}): links are never followed`);
    else if (entry.kind === 'other') unsafe.push(`${name} is not a regular file (a device, pipe or socket)`);
    if (entry.kind !== 'file' || files.size >= limits.files) continue;
    if (entry.links > 1) {
      unsafe.push(`${name} is a hard link shared with a file outside the candidate`);
      continue;
    }
    if (total + entry.size > limits.bytes) {
      oversize.push(`${name} (${entry.size} bytes) takes the candidate past ${limits.bytes} bytes (limits.candidate_mb)`);
      continue;
    }
    const read = await readRegularFile(join(dir, entry.path), limits.bytes - total).then(
      (bytes) => bytes ?? 'changed or vanished while it was read',
      (e: NodeJS.ErrnoException) => {
        // What the candidate did to the file (removed it, swapped in a link or a pipe, locked it) is its
        // failure; any other error (no descriptor left, an I/O error) is the runner's and is thrown.
        const why = CANDIDATE_DID[e.code ?? ''];
        if (!why) throw e;
        return why;
      },
    );
    if (typeof read === 'string') {
      unsafe.push(`${name} ${read}`);
      continue;
    }
    const bytes = read;
    total += bytes.length;
    files.set(entry.path, bytes);
  }
  const hashes: Record<string, string> = {};
  for (const [path, bytes] of files) hashes[path] = sha256(bytes);
  return { files, sha256: sha256Manifest(hashes), unsafe, oversize };
}

/** Write the snapshot's files into `dir` (a fresh copy for one acceptance run), never through a link found there. */
export async function writeCandidate(snapshot: CandidateSnapshot, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [path, bytes] of snapshot.files) await writeInside(dir, path, bytes);
}

/** One file of the snapshot as text, or undefined when the candidate has no such file. */
export function candidateText(snapshot: CandidateSnapshot, path: string): string | undefined {
  return snapshot.files.get(path)?.toString('utf8');
}

/** Deeper nesting than any real candidate needs; past it, parsers and comparisons would recurse too far. */
export const MAX_JSON_DEPTH = 64;

/**
 * Parse one JSON file of the snapshot, refusing nesting deeper than MAX_JSON_DEPTH before any parser
 * recurses into it. A problem names the file.
 */
export function candidateJson(snapshot: CandidateSnapshot, path: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const text = candidateText(snapshot, path);
  if (text === undefined) return { ok: false, problem: `${path}: file not found in the candidate` };
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) return { ok: false, problem: `${path}: nested ${depth} levels deep; the limit is ${MAX_JSON_DEPTH}` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, problem: `${path}: not valid JSON: ${(e as Error).message}` };
  }
}

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}
