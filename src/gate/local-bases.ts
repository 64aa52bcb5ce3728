// Base runs from the local disk, for `trialgate gate` on any CI system: results.json files named one by
// one, or a directory of downloaded artefacts. The rules are the action's (src/action/baselines.ts): a run
// of another trial set, or one that is mostly environment errors, is not a baseline (base-runs.ts); the
// run of the pull request's base commit comes first when it is there, then the newest, at most maxRuns.
import { lstat, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { baseRunProblem, baseRunRefusal, holdsOtherTrialSet, type BaseRun } from '../compare/base-runs.ts';
import { readResultsFile } from '../results/read.ts';
import type { Results } from '../schemas/results.ts';
import { UserInputError } from '../util/errors.ts';
import type { FoundBases } from './gate.ts';

export interface LocalCandidate {
  /** How notes name it: the path as the user gave it, or relative to the directory searched. */
  label: string;
  dir: string;
  /** The results file read, where it was read from. */
  file?: string;
  results: Results;
}

export interface Choice {
  trialSet: string;
  maxRuns: number;
  /** The pull request's base commit: its run is used first when it is among the candidates. */
  baseSha?: string;
}

/** Pure: which candidates serve, in the order the gate pools them, with a note for each one that does not. */
export function chooseBaseRuns(candidates: readonly LocalCandidate[], choice: Choice): FoundBases {
  const notes: string[] = [];
  const usable: LocalCandidate[] = [];
  const otherNamed: BaseRun[] = [];
  const unusable: BaseRun[] = [];
  for (const c of candidates) {
    const refused = baseRunRefusal(c.results, choice.trialSet);
    if (refused) notes.push(`Baseline ${c.label} not used: ${refused}.`);
    else usable.push(c);
    if (holdsOtherTrialSet(c.results, choice.trialSet)) otherNamed.push({ dir: c.dir, results: c.results });
    else if (c.results.trial_set.name === choice.trialSet && baseRunProblem(c.results)) unusable.push({ dir: c.dir, results: c.results });
  }
  usable.sort((a, b) => b.results.run.started_at.localeCompare(a.results.run.started_at) || a.label.localeCompare(b.label));
  const atBase = usable.find((c) => choice.baseSha !== undefined && c.results.run.git_sha === choice.baseSha);
  const ordered = [...(atBase ? [atBase] : []), ...usable.filter((c) => c !== atBase)];
  const used = ordered.slice(0, choice.maxRuns);
  if (ordered.length > used.length)
    notes.push(`${ordered.length - used.length} older baseline run${ordered.length - used.length === 1 ? '' : 's'} not pooled (at most ${choice.maxRuns}).`);
  if (used.length) {
    // A run made outside a git checkout (or before the first commit) recorded none: say so rather than "at unknown".
    const shas = used.map((c) => (c.results.run.git_sha ? short(c.results.run.git_sha) : `${c.label} (no git commit recorded)`)).join(', ');
    const age = choice.baseSha
      ? atBase
        ? `; includes the base commit ${short(choice.baseSha)}`
        : `; the base commit ${short(choice.baseSha)} has no baseline run`
      : '';
    notes.unshift(`Baseline: ${used.length} run${used.length === 1 ? '' : 's'} at ${shas}${age}.`);
  }
  return {
    bases: used.map((c) => ({ dir: c.dir, results: c.results })),
    notes,
    ...(unusable.length ? { unusable } : {}),
    ...(otherNamed.length ? { otherNamed } : {}),
  };
}

/** Every results.json named, read whole (a file that cannot be read is the user's to fix, named). */
export async function readBaseFiles(paths: readonly string[], label: (path: string) => string): Promise<LocalCandidate[]> {
  const out: LocalCandidate[] = [];
  for (const path of paths) out.push({ label: label(path), dir: dirname(path), file: path, results: await readResultsFile(path) });
  return out;
}

/**
 * The results.json files of a directory of downloaded artefacts: the directory itself, or one or two levels
 * down (`<dir>/<artefact>/results.json`, `<dir>/<run>/<artefact>/results.json`), never through a link. An
 * artefact whose results.json cannot be read is noted and skipped, as the action skips a corrupt one.
 */
export async function readBaseDirectory(root: string): Promise<{ candidates: LocalCandidate[]; notes: string[]; unavailable: string[] }> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
      if (depth === 0) throw new UserInputError(root, '--base-dir', `cannot be read (${e.code}): pass a directory of downloaded results artefacts`);
      return [];
    });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isFile() && e.name === 'results.json') found.push(join(dir, e.name));
      else if (e.isDirectory() && depth < 2) await walk(join(dir, e.name), depth + 1);
    }
  };
  if (!(await lstat(root).catch(() => null))?.isDirectory())
    throw new UserInputError(root, '--base-dir', 'is not a directory: pass a directory of downloaded results artefacts');
  await walk(root, 0);
  if (found.length === 0) await refuseMisplaced(root);
  const candidates: LocalCandidate[] = [];
  const notes: string[] = [];
  const unavailable: string[] = [];
  for (const path of found) {
    const label = relative(root, path) || 'results.json';
    try {
      candidates.push({ label, dir: dirname(path), file: path, results: await readResultsFile(path) });
    } catch (error) {
      const why = error instanceof UserInputError ? `${error.field || '(top level)'}: ${error.expected}` : 'it could not be read';
      notes.push(`Baseline ${label} not used: ${why}.`);
      unavailable.push(`${label}: ${why}`);
    }
  }
  return { candidates, notes, unavailable };
}

const short = (sha: string | null) => (sha ? sha.slice(0, 7) : 'unknown');

/**
 * An empty directory is a repository's first pull request (no baseline yet). A directory that holds
 * something but no results.json where the gate reads it is a download gone wrong (artefacts still zipped,
 * one level too deep): failing here names it, where "no baseline" would pass every pull request.
 */
async function refuseMisplaced(root: string): Promise<void> {
  const top = (await readdir(root, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  if (top.length === 0) return;
  const deeper: string[] = [];
  const zips: string[] = [];
  const look = async (dir: string, depth: number): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, e.name);
      if (e.isFile() && e.name === 'results.json') deeper.push(relative(root, path));
      else if (e.isFile() && e.name.endsWith('.zip')) zips.push(relative(root, path));
      else if (e.isDirectory() && depth < 5) await look(path, depth + 1);
    }
  };
  await look(root, 0);
  const held =
    top
      .slice(0, 5)
      .map((e) => `${e.name}${e.isDirectory() ? '/' : ''}`)
      .join(', ') + (top.length > 5 ? `, ${top.length - 5} more` : '');
  const why = deeper.length
    ? `its results.json ${deeper.length === 1 ? 'lies' : 'files lie'} too deep (${deeper.slice(0, 3).join(', ')}): results.json is read in the directory or one or two levels down (<dir>/<artefact>/results.json); point --base-dir nearer`
    : zips.length
      ? `it holds zipped artefacts (${zips.slice(0, 3).join(', ')}): unzip each into a directory of its own first`
      : 'none of it is a results artefact (a directory holding results.json)';
  throw new UserInputError(root, '--base-dir', `holds ${held} but no results.json where the gate reads it: ${why}`);
}
