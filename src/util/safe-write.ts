// Writing into a directory that an agent could write to as well: never through a link it planted. Every
// component below `root` must be a real directory (a planted link or file in its place is removed, which
// never follows it), and the file itself is opened without following a link.
import { constants } from 'node:fs';
import { lstat, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Scrubber } from './scrub.ts';

/** Write `data` to `root/relPath` (POSIX separators), scrubbed; returns the full path. */
export async function writeInside(root: string, relPath: string, data: string | Buffer, scrubber?: Scrubber): Promise<string> {
  const rootStats = await lstat(root);
  if (!rootStats.isDirectory()) throw new Error(`${root} is not a directory: refusing to write into it`);
  const parts = relPath.split('/');
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = join(dir, part);
    const stats = await lstat(dir).catch(() => null);
    if (stats?.isDirectory()) continue;
    if (stats) await rm(dir, { force: true });
    // Another writer may create it at the same moment: what matters is that it is a real directory now.
    await mkdir(dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
    if (!(await lstat(dir)).isDirectory()) throw new Error(`${dir} is not a directory: refusing to write into it`);
  }
  const path = join(dir, parts.at(-1)!);
  const existing = await lstat(path).catch(() => null);
  if (existing && !existing.isFile()) await rm(path, { recursive: true, force: true });
  const bytes = typeof data === 'string' ? Buffer.from(scrubber ? scrubber.text(data) : data) : scrubber ? scrubber.bytes(data) : data;
  const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
  return path;
}
