// File helpers shared by the fixture, the trial and the results parts. The files a run walks and hashes
// are small and local, and there are thousands of them (every trial's directory, the acceptance copy
// before every variant): they are read with synchronous calls, which cost a fraction of the CPU of an
// asynchronous call's thread-pool round trip. The functions stay asynchronous for their callers.
import { isAscii } from 'node:buffer';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, statSync } from 'node:fs';
import { chmod, lstat, open, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import type { z } from 'zod';
import { sha256 } from './hash.ts';
import { UserInputError } from './errors.ts';

/** Every file below `root` (relative, POSIX separators), sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * The symbolic links below `root` that `globs` match (relative, sorted): matchFiles lists no link, so a link
 * where a file is expected would be silently left out; callers name it instead.
 */
export function linksMatching(root: string, globs: readonly string[]): string[] {
  const found = new Set<string>();
  for (const glob of globs) {
    const { base, isGlob } = picomatch.scan(glob);
    if (!isGlob) {
      if (lstatSync(join(root, glob), { throwIfNoEntry: false })?.isSymbolicLink()) found.add(glob);
      continue;
    }
    const isMatch = picomatch(glob, { dot: true });
    let entries: import('node:fs').Dirent[] = [];
    try {
      entries = readdirSync(join(root, base), { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (!e.isSymbolicLink()) continue;
      const rel = relative(join(root, base), join(e.parentPath, e.name)).split(sep).join('/');
      const path = base ? `${base}/${rel}` : rel;
      if (isMatch(path)) found.add(path);
    }
  }
  return [...found].sort();
}

/**
 * Files matching any of `globs`, relative to `root` (POSIX separators, sorted). Each glob is walked only
 * below its fixed prefix, so `skills/**` never lists node_modules, and `../shared/**` reaches a sibling.
 */
export async function matchFiles(root: string, globs: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const glob of globs) {
    const { base, isGlob } = picomatch.scan(glob);
    if (!isGlob) {
      const entry = lstatSync(join(root, glob), { throwIfNoEntry: false });
      if (entry?.isFile() || (entry?.isSymbolicLink() && statSync(join(root, glob), { throwIfNoEntry: false })?.isFile())) found.add(glob);
      continue;
    }
    const isMatch = picomatch(glob, { dot: true });
    for (const file of await listFiles(join(root, base)).catch(() => [])) {
      const path = base ? `${base}/${file}` : file;
      if (isMatch(path)) found.add(path);
    }
  }
  return [...found].sort();
}

/** The largest file trialgate hashes; a file past it hashes as its size (a change still shows). */
const HASH_CAP_BYTES = 1024 * 1024 * 1024;

/**
 * path → sha256 for each file, never following a link or reading a pipe: one that became a link or a
 * special file hashes as what it is, so the change shows and nothing hangs or leaks through it.
 */
export async function hashFiles(root: string, files: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of files) out[f] = await hashEntry(join(root, f));
  return out;
}

async function hashEntry(path: string): Promise<string> {
  try {
    const bytes = await readRegularFile(path, HASH_CAP_BYTES);
    return bytes === null ? `over ${HASH_CAP_BYTES} bytes` : sha256(bytes);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return `link to ${linkTarget(path)}`;
    if (code === 'ENOTREG') return 'not a regular file';
    if (code === 'ENOENT') return 'missing';
    throw e;
  }
}

/** Where a link points, or `?` when it cannot be read. */
export function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
}

/**
 * Read a text file; a missing or unreadable one is a UserInputError naming it (`notFound` says the fix).
 * `follow: false` refuses a symbolic link in the file's place (a file trialgate wrote is never one).
 */
export async function readTextFile(path: string, notFound = 'file not found', follow = true): Promise<string> {
  try {
    // One decode of the whole buffer (reading with an encoding decodes chunk by chunk, many times slower
    // on large files); pure ASCII, the usual results.json, needs no UTF-8 decoding at all.
    const buffer = follow ? await readFile(path) : await readNoFollow(path);
    return isAscii(buffer) ? buffer.toString('latin1') : buffer.toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP')
      throw new UserInputError(path, '', `is a symbolic link (to ${linkTarget(path)}) that trialgate did not write: it is not read; remove it`);
    throw new UserInputError(path, '', code === 'ENOENT' ? notFound : `cannot read (${code})`);
  }
}

async function readNoFollow(path: string): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * `root/relPath` (POSIX separators) when every directory below `root` is a real one and the file a regular
 * file: a link anywhere on the way is refused (code ELOOP), never followed. At most `maxBytes` (null when
 * longer); a missing file throws ENOENT.
 */
export function readInside(root: string, relPath: string, maxBytes: number): Buffer | null {
  let dir = root;
  for (const part of relPath.split('/').slice(0, -1)) {
    dir = join(dir, part);
    const stats = lstatSync(dir);
    if (!stats.isDirectory())
      throw Object.assign(new Error(`${dir} is ${stats.isSymbolicLink() ? 'a symbolic link' : 'not a directory'}: not followed`), { code: 'ELOOP' });
  }
  return readRegularFileSync(join(root, relPath), maxBytes);
}

/** Read and parse a JSON file; a missing file or broken JSON names the file. `follow: false` refuses a link there. */
export async function readJsonFile(path: string, options: { follow?: boolean; notFound?: string } = {}): Promise<unknown> {
  const text = await readTextFile(path, options.notFound, options.follow ?? true);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserInputError(path, '', `not valid JSON: ${(e as Error).message}`);
  }
}

export type EntryKind = 'file' | 'dir' | 'link' | 'other';

export interface Entry {
  /** Relative to the root, POSIX separators. */
  path: string;
  kind: EntryKind;
  size: number;
  /** Hard links to the inode: more than one means the bytes are shared with a file elsewhere. */
  links: number;
}

/**
 * Every entry below `root`, sorted, never following a link (a link is listed, not entered): a `root` that
 * is itself a link lists nothing (whoever asked for it names the link where it is listed).
 */
export async function listEntries(root: string): Promise<Entry[]> {
  const out: Entry[] = [];
  if (lstatSync(root).isSymbolicLink()) return out;
  const pending = [''];
  while (pending.length) {
    const dir = pending.pop()!;
    for (const dirent of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${dirent.name}` : dirent.name;
      const stats = lstatSync(join(root, path));
      const kind: EntryKind = stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'other';
      out.push({ path, kind, size: stats.size, links: stats.nlink });
      if (kind === 'dir') pending.push(path);
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `work`'s value, or `fallback` when it failed because the entry is not there; any other failure is thrown. */
export async function unlessMissing<T>(work: Promise<T>, fallback: T): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw e;
  }
}

/** A JSON file that `schema` accepts, or undefined when it is missing, too long, not JSON or not of the schema. */
export async function readValidJson<S extends z.ZodType>(path: string, schema: S, maxBytes: number): Promise<z.infer<S> | undefined> {
  const bytes = await readRegularFile(path, maxBytes).catch(() => null);
  if (!bytes) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bytes of a regular file, read without following a link or blocking on a pipe, and never more than
 * `maxBytes` (null when longer). A planted link or FIFO is refused, not read.
 */
export async function readRegularFile(path: string, maxBytes: number): Promise<Buffer | null> {
  return readRegularFileSync(path, maxBytes);
}

function readRegularFileSync(path: string, maxBytes: number): Buffer | null {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTREG' });
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return length > maxBytes ? null : buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** A NUL byte in the first 8 KiB: how git tells binary from text. */
export function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

/**
 * Removes a tree that a sandboxed process could write (a trial's scratch, a candidate's working copy, a
 * service's socket directory). What it made unreadable or unwritable (a directory of mode 000) would stop
 * the runner's own user, though never root, and fail the whole run after its trials: such directories are
 * opened to their owner first. Links are never followed.
 */
export async function removeWritten(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    return;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw e;
  }
  await openToOwner(dir);
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
}

async function openToOwner(dir: string): Promise<void> {
  const stat = await lstat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) return;
  await chmod(dir, 0o700).catch(() => undefined);
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) if (entry.isDirectory()) await openToOwner(join(dir, entry.name));
}
