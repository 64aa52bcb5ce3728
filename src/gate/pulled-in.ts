// The files that run the gate, found the same way on every CI system: from the file that runs the job, every
// local file it pulls in (a GitHub workflow's `uses: ./…`, a GitLab file's `include: local:`), through each
// of those in turn. The gate's settings may live in any of them, so a pull request that changed only one would
// change the gate unseen. A file reached through a link is also where the link leads: a pull request changes
// it there, under that path.
import { readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { parse } from 'yaml';
import { matchFiles } from '../util/files.ts';

export interface PulledIn {
  /** The files a document pulls in, relative to the root (globs are expanded). */
  from(document: unknown): string[];
  /** Another name a missing file may have (GitHub reads action.yaml where action.yml is missing). */
  otherName?(file: string): string | undefined;
}

/** `starts` and every file they pull in, relative to `root`, each once; a file that is not there is still listed. */
export async function filesPulledIn(root: string, starts: readonly string[], pulled: PulledIn): Promise<string[]> {
  const found: string[] = [];
  const visit = async (file: string): Promise<void> => {
    if (found.includes(file)) return;
    const text = await readFile(join(root, file), 'utf8').catch(() => null);
    const other = text === null ? pulled.otherName?.(file) : undefined;
    if (other !== undefined) return visit(other);
    found.push(file);
    const real = await inRoot(root, file);
    if (real && real !== file && !found.includes(real)) found.push(real);
    if (text === null) return;
    let document: unknown;
    try {
      document = parse(text);
    } catch {
      return;
    }
    for (const path of pulled.from(document)) {
      if (!picomatch.scan(path).isGlob) await visit(path);
      else for (const match of await matchFiles(root, [path])) await visit(match);
    }
  };
  for (const start of starts) await visit(posix.normalize(start.replace(/\\/g, '/')).replace(/^\.\//, ''));
  return found;
}

/** Where `file` leads through links, relative to the root; null when it is not there or lies outside. */
async function inRoot(root: string, file: string): Promise<string | null> {
  const [real, top] = await Promise.all([realpath(join(root, file)).catch(() => null), realpath(root).catch(() => root)]);
  if (!real) return null;
  const rel = relative(top, real);
  return rel.startsWith('..') || isAbsolute(rel) ? null : rel.split(sep).join('/');
}
