// Tamper and escape detection around each agent run: hash what the agent may not change before and
// after, and list what it left where only the runner writes. Pure comparison below; the snapshot
// itself is the only I/O, and it never follows a link.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { hashFiles, listEntries, unlessMissing } from '../util/files.ts';
import { manifestChanges } from '../util/hash.ts';

export interface Snapshot {
  /** Every entry of the trial directory outside candidate/ and evidence/: files by hash, links by target. */
  trial: Record<string, string>;
  /** Entries in evidence/ (the runner's to write, but for the agent's usage.json). */
  evidence: string[];
  /** Entries beside the trial directory: in its task directory and in the run directory. */
  neighbours: string[];
}

export interface IntegrityFindings {
  tampered: string[];
  escaped: string[];
  forged: string[];
  /** Links and special files: never followed, and named. */
  unsafe: string[];
}

export const noFindings = (): IntegrityFindings => ({ tampered: [], escaped: [], forged: [], unsafe: [] });

export async function takeSnapshot(trialDir: string, taskDir: string, runDir: string): Promise<Snapshot> {
  const entries = (await listEntries(trialDir)).filter((e) => e.kind !== 'dir' && !/^(candidate|evidence)(\/|$)/.test(e.path));
  const trial = await hashFiles(
    trialDir,
    entries.filter((e) => e.kind === 'file').map((e) => e.path),
  );
  for (const e of entries) if (e.kind !== 'file') trial[e.path] = e.kind;
  const evidence = (await unlessMissing(listEntries(join(trialDir, 'evidence')), [])).filter((e) => e.kind !== 'dir').map((e) => `evidence/${e.path}`);
  return {
    trial,
    evidence,
    neighbours: [
      ...readdirSync(taskDir)
        .filter((n) => !/^trial-\d+$/.test(n))
        .map((n) => `${n} beside the trial directories`),
      ...readdirSync(runDir).map((n) => `${n} in the run directory`),
    ],
  };
}

/**
 * After an agent run the trial directory must be a real directory again: one the agent deleted, or
 * replaced by a link or a file, is made anew (what was there is removed, never followed). Returns what
 * the agent had done, for the constraint layer; the snapshot then names every input it took with it.
 */
export function restoreTrialDir(trialDir: string): string | undefined {
  const stats = lstatSync(trialDir, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return undefined;
  if (stats) rmSync(trialDir, { force: true });
  mkdirSync(trialDir);
  return `${stats ? `replaced the trial directory with ${stats.isSymbolicLink() ? 'a symbolic link' : 'a file'}` : 'deleted the trial directory'} (trial input)`;
}

/**
 * Below this many bytes of path under the directory walked, an entry can be read back whatever the
 * directory's own depth: deeper ones (an agent nesting directories past PATH_MAX) are removed.
 */
const MAX_PATH_BYTES = 2048;

/**
 * After an agent run, every entry of `root` (the trial directory, or the agent's own evidence directory,
 * named `shownAs` in the lines) is made readable again (directories listable), and the candidate's files
 * writable: an agent that locked its candidate (chmod 000) must not stop the runner from reading it,
 * removing its links or scrubbing its secrets. An entry no walk could read back is removed first: a name
 * that is not UTF-8 (a string path cannot reach it) or a path nested past MAX_PATH_BYTES. Returns one line
 * per such entry, naming it: a constraint failure of the candidate, never an environment error and never
 * the run's crash. Links are not followed; a permission that cannot be restored is thrown, not ignored.
 */
export function reclaimAccess(root: string, shownAs = ''): string[] {
  const found: string[] = [];
  const rootBytes = Buffer.from(root);
  const shown = (rel: string) => [shownAs, rel].filter(Boolean).join('/');
  const visit = (path: Buffer, rel: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink() || !(stats.isDirectory() || stats.isFile())) return;
    const writable = rel === 'candidate' || rel.startsWith('candidate/') ? 0o200 : 0;
    const needed = stats.isDirectory() ? 0o700 : 0o400 | writable;
    const missing = needed & ~stats.mode;
    if (missing) {
      chmodSync(path, (stats.mode & 0o7777) | needed);
      if (missing & (stats.isDirectory() ? 0o500 : 0o400))
        found.push(
          `${shown(rel) || 'the trial directory'} was left ${stats.isDirectory() ? 'unlistable' : 'unreadable'} (mode ${(stats.mode & 0o777).toString(8).padStart(3, '0')}): the runner restored its permissions to read it`,
        );
    }
    if (!stats.isDirectory()) return;
    for (const name of readdirSync(path, { encoding: 'buffer' })) {
      const child = Buffer.concat([path, SLASH, name]);
      const text = name.toString('utf8');
      const childRel = rel ? `${rel}/${text}` : text;
      if (!Buffer.from(text, 'utf8').equals(name)) {
        removeTree(root, child);
        found.push(`${shown(childRel)} has a name that is not UTF-8 (shown with U+FFFD): removed, since no reader could reach it`);
      } else if (child.length - rootBytes.length > MAX_PATH_BYTES) {
        removeTree(root, child);
        found.push(`${shown(rel)} holds entries nested past ${MAX_PATH_BYTES} bytes of path: removed, since no reader could reach them`);
      } else visit(child, childRel);
    }
  };
  visit(rootBytes, '');
  return found;
}

const SLASH = Buffer.from('/');

/**
 * Remove `entry`, below `root`, however deep it goes: moved to a name of our own first (a name that is not
 * UTF-8 cannot be passed to a program), then removed by rm, which walks by descriptors, not by path.
 */
function removeTree(root: string, entry: Buffer): void {
  const moved = join(root, `.trialgate-removed-${randomBytes(6).toString('hex')}`);
  renameSync(entry, moved);
  const rm = spawnSync('rm', ['-rf', '--', moved], { encoding: 'utf8' });
  if (rm.status !== 0 || existsSync(moved)) throw new Error(`could not remove ${moved}: ${rm.stderr || rm.error?.message || `rm exited ${rm.status}`}`);
}

/** The constraint violations between two snapshots, one line each, naming the file. */
export function integrityViolations(before: Snapshot, after: Snapshot): Pick<IntegrityFindings, 'tampered' | 'escaped'> {
  const trialChanges = manifestChanges(before.trial, after.trial);
  const tampered = trialChanges.filter((c) => isTrialInput(c)).map((c) => `${c} (trial input)`);
  const escaped = trialChanges.filter((c) => !isTrialInput(c)).map((c) => `${c} (outside candidate/ and evidence/)`);
  const known = new Set(before.neighbours);
  escaped.push(...after.neighbours.filter((n) => !known.has(n)).map((n) => `wrote ${n}`));
  return { tampered, escaped };
}

/** Changes of the project's protected files (fixtures, watched prompt/skill files) since the run started. */
export function projectChanges(atStart: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>): string[] {
  return manifestChanges(atStart, now).map((c) => `${c} in the project during the run (the version under test must not change)`);
}

function isTrialInput(change: string): boolean {
  return / (inputs\/|task\.txt|config\.json)/.test(change);
}
