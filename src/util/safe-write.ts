// Writing into a directory that an agent could write to as well: never through a link it planted. Every
// component below `root` must be a real directory (a planted link or file in its place is removed, which
// never follows it), and the file itself is opened without following a link. Evidence files are small
// and a run writes thousands: synchronous calls, for the CPU they save (util/files.ts).
import { closeSync, constants, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { UserInputError } from './errors.ts';
import type { Scrubber } from './scrub.ts';

/** Write `data` to `root/relPath` (POSIX separators), scrubbed; returns the full path. */
export async function writeInside(root: string, relPath: string, data: string | Buffer, scrubber?: Scrubber): Promise<string> {
  const bytes = typeof data === 'string' ? Buffer.from(scrubber ? scrubber.text(data) : data) : scrubber ? scrubber.bytes(data) : data;
  const { fd, path } = openInside(root, relPath);
  try {
    writeAll(fd, bytes);
  } finally {
    closeSync(fd);
  }
  return path;
}

/**
 * Write a file the user named (an output path, the failure archive, a calibration record): its directory
 * is the user's to choose, links and all (resolved once); the file itself is never written through a link
 * found in its place, which is replaced.
 */
export async function writeNamedFile(path: string, data: string | Buffer, scrubber?: Scrubber): Promise<string> {
  return writeInside(realpathSync(dirname(path)), basename(path), data, scrubber);
}

/**
 * Make a run's output directory `dir` (new or empty) without following a link on the way down from
 * `root` (the project, or where the command runs): a repository can hold `.trialgate` or `results` as a
 * link, and a run written through it lands wherever it points. Above `root` the path is the user's own
 * (a home reached through a link); a `dir` outside `root` is checked itself only. `option` names the flag.
 */
export function makeOutputDir(dir: string, root: string, option: string): void {
  const below = relative(root, dir);
  const inside = below !== '' && !below.startsWith('..') && !isAbsolute(below);
  let at = inside ? root : dirname(dir);
  for (const part of inside ? below.split(sep) : [basename(dir)]) {
    at = join(at, part);
    const stats = lstatSync(at, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink())
      throw new UserInputError(
        at,
        option,
        `is a symbolic link (to ${readlinkSync(at)}): a run is never written through a link trialgate did not make; remove it, or name another directory`,
      );
  }
  mkdirSync(dir, { recursive: true });
}

/**
 * Write `pieces` one after the other to `root/relPath`, as writeInside does, never joining them: a file of
 * thousands of trials is never one string. Each piece is scrubbed on its own, so a piece must hold whole
 * values (a JSON value, an XML element, a part of the HTML page): a secret inside one string never spans two.
 */
export async function writePiecesInside(root: string, relPath: string, pieces: Iterable<string> | AsyncIterable<string>, scrubber: Scrubber): Promise<string> {
  const { fd, path } = openInside(root, relPath);
  try {
    for await (const piece of pieces) writeAll(fd, Buffer.from(scrubber.text(piece)));
  } finally {
    closeSync(fd);
  }
  return path;
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
}

/** `root/relPath` opened for writing (created or emptied) as writeInside does; the caller closes `fd`. */
export function openInside(root: string, relPath: string): { fd: number; path: string } {
  if (!lstatSync(root).isDirectory()) throw new Error(`${root} is not a directory: refusing to write into it`);
  const parts = relPath.split('/');
  // A name that leads anywhere but down (`..`, an absolute path, an empty part) is refused, whoever supplied it.
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\0')))
    throw new Error(`${JSON.stringify(relPath)} is not a path below ${root}: refusing to write it`);
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = join(dir, part);
    const stats = lstatSync(dir, { throwIfNoEntry: false });
    if (stats?.isDirectory()) continue;
    if (stats) rmSync(dir, { force: true });
    // Another writer may create it at the same moment: what matters is that it is a real directory now.
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (!lstatSync(dir).isDirectory()) throw new Error(`${dir} is not a directory: refusing to write into it`);
  }
  const path = join(dir, parts.at(-1)!);
  const existing = lstatSync(path, { throwIfNoEntry: false });
  if (existing && !existing.isFile()) rmSync(path, { recursive: true, force: true });
  return { fd: openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644), path };
}
