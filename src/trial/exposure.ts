// Nothing the agent is shown may hold a fixture's protected files (its reference answers, hidden tests,
// solutions, service, defects, manifest), by any route: the path itself or a directory above it, a link
// that leads there (a link named in agent.files is mounted as its target), a link inside a shown directory,
// or a copy of a protected file's bytes under another name. Checked before any trial runs, so a pull request
// that shows the agent the answers is refused with the file and the fix, never run (docs/isolation.md).
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { UserInputError } from '../util/errors.ts';
import { listEntries } from '../util/files.ts';

/** A path the agent may read, and the field of trialgate.yml that shows it. */
export interface Shown {
  path: string;
  field: string;
}

/** A fixture's protected files: absolute paths and their content hashes. */
export interface Protected {
  task: string;
  files: { path: string; sha256: string }[];
}

/** Copies shorter than this are not told apart from chance (an empty file, `{}`): they are not compared. */
const MIN_COPY_BYTES = 24;

export async function refuseExposure(file: string, dir: string, shown: readonly Shown[], fixtures: readonly Protected[]): Promise<void> {
  const hidden = await hiddenPaths(fixtures);
  const bySize = await hiddenBySize(fixtures);
  const refuse = (field: string, what: string, task: string, exposed: string) =>
    new UserInputError(
      file,
      field,
      `${what} would show the agent ${relative(dir, exposed) || exposed} (a protected file of task ${task}, which no agent may see: its hidden tests, solutions, reference answers, service or manifest); name only the agent's own files`,
    );
  for (const { path, field } of shown) {
    const shownAs = relative(dir, path) || '.';
    const real = await realpath(path).catch(() => path);
    const direct = covering(real, hidden);
    if (direct) throw refuse(field, real === path ? shownAs : `${shownAs} (a link to ${relative(dir, real) || real})`, direct.task, direct.path);
    const info = await stat(real).catch(() => null);
    const entries = info?.isDirectory() ? await listEntries(real) : info?.isFile() ? [{ path: '', kind: 'file' as const, size: info.size }] : [];
    for (const entry of entries) {
      const inside = entry.path ? join(real, entry.path) : real;
      const named = entry.path ? `${shownAs}/${entry.path}` : shownAs;
      if (entry.kind === 'link') {
        const target = await realpath(inside).catch(() => null);
        const reached = target ? covering(target, hidden) : null;
        if (reached) throw refuse(field, `${named} (a link to ${relative(dir, target!) || target})`, reached.task, reached.path);
        continue;
      }
      if (entry.kind !== 'file' || entry.size < MIN_COPY_BYTES) continue;
      const same = bySize.get(entry.size);
      if (!same) continue;
      const digest = createHash('sha256')
        .update(await readFile(inside))
        .digest('hex');
      const copied = same.find((h) => h.sha256 === digest);
      if (copied) throw refuse(field, `${named} (a copy of it, byte for byte)`, copied.task, copied.path);
    }
  }
}

/** Every protected path, links resolved, with its task. */
async function hiddenPaths(fixtures: readonly Protected[]): Promise<{ path: string; task: string }[]> {
  const out: { path: string; task: string }[] = [];
  for (const f of fixtures) for (const { path } of f.files) out.push({ path: await realpath(path).catch(() => resolve(path)), task: f.task });
  return out;
}

/** Protected files by size, for the copy check: only a file of a protected file's size is read and hashed. */
async function hiddenBySize(fixtures: readonly Protected[]): Promise<Map<number, { path: string; sha256: string; task: string }[]>> {
  const out = new Map<number, { path: string; sha256: string; task: string }[]>();
  for (const f of fixtures)
    for (const h of f.files) {
      const size = (await stat(h.path).catch(() => null))?.size;
      if (size === undefined || size < MIN_COPY_BYTES) continue;
      out.set(size, [...(out.get(size) ?? []), { ...h, task: f.task }]);
    }
  return out;
}

/** The protected path that `path` is, or lies in a directory of. */
function covering(path: string, hidden: readonly { path: string; task: string }[]): { path: string; task: string } | null {
  return hidden.find((h) => h.path === path || h.path.startsWith(path + sep)) ?? null;
}
