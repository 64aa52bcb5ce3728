// File helpers shared by the fixture, the trial and the results parts.
import { isAscii } from 'node:buffer';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { sha256File } from './hash.ts';
import { UserInputError } from './errors.ts';

/** Every file below `root` (relative, POSIX separators), sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
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
      if (await stat(join(root, glob)).then((s) => s.isFile(), () => false)) found.add(glob);
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

/** path → sha256 for each file. */
export async function hashFiles(root: string, files: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of files) out[f] = await sha256File(join(root, f));
  return out;
}

/** Read a text file; a missing or unreadable one is a UserInputError naming it (`notFound` says the fix). */
export async function readTextFile(path: string, notFound = 'file not found'): Promise<string> {
  try {
    // One decode of the whole buffer (reading with an encoding decodes chunk by chunk, many times slower
    // on large files); pure ASCII, the usual results.json, needs no UTF-8 decoding at all.
    const buffer = await readFile(path);
    return isAscii(buffer) ? buffer.toString('latin1') : buffer.toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserInputError(path, '', code === 'ENOENT' ? notFound : `cannot read (${code})`);
  }
}

/** Read and parse a JSON file; a missing file or broken JSON names the file. */
export async function readJsonFile(path: string): Promise<unknown> {
  const text = await readTextFile(path);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserInputError(path, '', `not valid JSON: ${(e as Error).message}`);
  }
}
