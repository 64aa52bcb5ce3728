// File helpers shared by the fixture, the trial and the results parts.
import { readdir, readFile } from 'node:fs/promises';
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

/** Files below `root` matching any of `globs` (relative, POSIX separators), sorted. */
export async function matchFiles(root: string, globs: readonly string[]): Promise<string[]> {
  const isMatch = picomatch(globs as string[], { dot: true });
  return (await listFiles(root)).filter((f) => isMatch(f));
}

/** path → sha256 for each file. */
export async function hashFiles(root: string, files: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of files) out[f] = await sha256File(join(root, f));
  return out;
}

/** Read and parse a JSON file; a missing file or broken JSON names the file. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserInputError(path, '', code === 'ENOENT' ? 'file not found' : `cannot read (${code})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserInputError(path, '', `not valid JSON: ${(e as Error).message}`);
  }
}
