// Reading one trial directory for report.html, by the one layout every kind writes (src/layout.ts): the
// variant reports, the evidence files each kind declares (read in their schema, shown through their view), the runs of a kind that runs the agent more than once (by the files it declares for a run), the agent log's tail, the
// candidate's changes and its files, each bounded so that no trial can make the page huge, and none read
// through a link (a trial directory holds what an agent left; a link there is named).
// Whatever is missing, unreadable or not in its format becomes a stated problem, never a crash: the
// report of a run must not fail because one trial left odd files behind. Synchronous reads throughout: the
// page reads a few small files of every trial after the run's last one, and each asynchronous round trip
// through libuv's threads waited for a core on a busy machine (~500 of them at the end of a 24-trial run).
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { Report } from '../../schemas/report.ts';
import type { Exchange } from '../../schemas/tools.ts';
import { EVIDENCE } from '../../layout.ts';
import type { EvidenceSection, RunEvidenceFile } from '../../schemas/kind-schema.ts';
import { KIND_EVIDENCE, KIND_RUN_EVIDENCE } from '../../schemas/kinds.ts';
import { isBinary, readRegularFile } from '../../util/files.ts';

export interface EvidenceLimits {
  /** The end of each agent log that is kept. */
  logTailBytes: number;
  /** A candidate file larger than this is listed, not shown. */
  fileBytes: number;
  /** All shown candidate files of one trial together. */
  candidateBytes: number;
  /** Candidate files listed per trial. */
  candidateFiles: number;
  /** Tool calls kept per boundary run. */
  exchanges: number;
}

/** An evidence JSON file past this is named, not parsed. */
const JSON_BYTES = 64 * 1024 * 1024;

export const DEFAULT_LIMITS: EvidenceLimits = { logTailBytes: 8 * 1024, fileBytes: 64 * 1024, candidateBytes: 256 * 1024, candidateFiles: 100, exchanges: 200 };

export interface Tail {
  text: string;
  /** Bytes before the tail that were left out. */
  cutBytes: number;
}

export interface Head {
  text: string;
  /** Bytes after the head that were left out. */
  cutBytes: number;
}

export interface CandidateFile {
  /** Relative to the candidate directory, with `/`. */
  path: string;
  size: number;
  /** null when not shown; `why` says why. */
  text: string | null;
  why?: string;
}

export interface Candidate {
  files: CandidateFile[];
  /** Files beyond the listing limit. */
  unlisted: number;
}

export interface VariantReport {
  variant: string;
  report: Report | null;
  problem?: string;
}

export interface BoundaryRun {
  variant: string;
  trajectory: Exchange[] | null;
  /** Tool calls beyond the limit. */
  cutExchanges: number;
  judgement: { accepted: boolean; findings: { kind: string; text: string }[] } | null;
  /** What the run was given, every version, oldest first (a tools task's goal). */
  goals: Record<string, unknown>[];
  log: Tail | null;
  problems: string[];
}

/** One of a kind's evidence files (its declaration, schemas/kinds.ts) that the trial holds, as its view shows it. */
export interface KindEvidence {
  title: string;
  path: string;
  section: EvidenceSection | null;
  problem?: string;
}

export interface TrialEvidence {
  reports: VariantReport[];
  /** The kinds' own evidence files the trial holds, each through its view. */
  kindEvidence: KindEvidence[];
  boundaries: BoundaryRun[];
  log: Tail | null;
  /** The candidate's changes against what it was given (evidence/candidate.diff), from its start. */
  changes: Head | null;
  candidate: Candidate | null;
  problems: string[];
}

/** The evidence of the trial directory `trialDir`; null when the directory does not exist. */
export async function readTrialEvidence(trialDir: string, limits: EvidenceLimits = DEFAULT_LIMITS): Promise<TrialEvidence | null> {
  if (!(await isDirectory(trialDir))) return null;
  const evidenceDir = join(trialDir, 'evidence');
  const out: TrialEvidence = { reports: [], kindEvidence: [], boundaries: [], log: null, changes: null, candidate: null, problems: [] };
  const entries = await entriesOf(evidenceDir);
  if (entries === null) out.problems.push('evidence/ is missing');

  for (const name of await fileNames(join(evidenceDir, EVIDENCE.reports), '.json')) {
    const read = await readEvidenceJson(join(evidenceDir, EVIDENCE.reports, name), Report);
    out.reports.push({
      variant: name.slice(0, -'.json'.length),
      report: read.value,
      ...(read.problem ? { problem: `evidence/${EVIDENCE.reports}/${name}: ${read.problem}` } : {}),
    });
  }
  for (const entry of entries ?? []) {
    if (!entry.isDirectory() || entry.name === EVIDENCE.reports) continue;
    const run = await readBoundaryRun(join(evidenceDir, entry.name), entry.name, limits);
    if (run) out.boundaries.push(run);
  }
  for (const file of KIND_EVIDENCE) {
    const read = await readEvidenceJson(join(evidenceDir, file.path), file.schema);
    if (read.missing) continue;
    out.kindEvidence.push({
      title: file.title,
      path: `evidence/${file.path}`,
      section: read.value === null ? null : file.view(read.value),
      ...(read.problem ? { problem: `evidence/${file.path}: ${read.problem}` } : {}),
    });
  }
  out.log = await readTail(join(evidenceDir, EVIDENCE.agentLog), limits.logTailBytes);
  out.changes = await readHead(join(evidenceDir, EVIDENCE.diff), limits.fileBytes);
  out.candidate = await readCandidateForPage(join(trialDir, 'candidate'), limits);
  return out;
}

/** The kinds' run files that fill `part` of a run's view; a run holds those of its own kind. */
function runFiles<P extends NonNullable<RunEvidenceFile['shows']>>(part: P): Extract<RunEvidenceFile, { shows: P }>[] {
  return KIND_RUN_EVIDENCE.filter((f): f is Extract<RunEvidenceFile, { shows: P }> => f.shows === part);
}

/**
 * An agent run's directory (evidence/<variant>/), read through the files its kind declares for a run
 * (schemas/kinds.ts); null when it holds none of them that is shown (not a run).
 */
async function readBoundaryRun(dir: string, variant: string, limits: EvidenceLimits): Promise<BoundaryRun | null> {
  const problems: string[] = [];
  let held = false;
  const read = async <T>(files: readonly { path: string; schema: z.ZodType<T> }[]): Promise<T | null> => {
    for (const file of files) {
      const got = await readEvidenceJson(join(dir, file.path), file.schema);
      if (got.missing) continue;
      held = true;
      if (got.problem) problems.push(`evidence/${variant}/${file.path}: ${got.problem}`);
      return got.value;
    }
    return null;
  };
  const trajectory = await read(runFiles('calls'));
  const judgement = await read(runFiles('judgement'));
  const goals = await read(runFiles('given'));
  if (!held) return null;
  const log = await readTail(join(dir, EVIDENCE.agentLog), limits.logTailBytes);
  const calls = trajectory ?? [];
  return {
    variant,
    trajectory: trajectory ? calls.slice(0, limits.exchanges) : null,
    cutExchanges: Math.max(0, calls.length - limits.exchanges),
    judgement,
    goals: goals ?? [],
    log,
    problems,
  };
}

/**
 * The files of a candidate directory, sorted, each shown while it is text, under `fileBytes` and within
 * the trial's `candidateBytes`. Symbolic links are listed, never followed: they could point anywhere.
 */
export async function readCandidateForPage(dir: string, limits: EvidenceLimits = DEFAULT_LIMITS): Promise<Candidate | null> {
  if (!(await isDirectory(dir))) return null;
  const found: { path: string; abs: string; link: boolean }[] = [];
  let unlisted = 0;
  const walk = async (abs: string, rel: string): Promise<void> => {
    for (const entry of (await entriesOf(abs)) ?? []) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(join(abs, entry.name), path);
      else if (found.length >= limits.candidateFiles) unlisted += 1;
      else found.push({ path, abs: join(abs, entry.name), link: entry.isSymbolicLink() });
    }
  };
  await walk(dir, '');
  let shown = 0;
  const files: CandidateFile[] = [];
  for (const f of found) {
    if (f.link) {
      files.push({ path: f.path, size: 0, text: null, why: 'a symbolic link (not followed)' });
      continue;
    }
    const size = lstatSync(f.abs).size;
    if (size > limits.fileBytes) files.push({ path: f.path, size, text: null, why: `larger than ${kib(limits.fileBytes)}` });
    else if (shown + size > limits.candidateBytes) files.push({ path: f.path, size, text: null, why: `the trial's files past ${kib(limits.candidateBytes)}` });
    else {
      const data = await readRegularFile(f.abs, limits.fileBytes).catch(() => null);
      if (data === null) files.push({ path: f.path, size, text: null, why: 'unreadable' });
      else if (isBinary(data)) files.push({ path: f.path, size, text: null, why: 'binary' });
      else {
        shown += size;
        files.push({ path: f.path, size, text: data.toString('utf8') });
      }
    }
  }
  return { files, unlisted };
}

/** The last `bytes` of a file from a line start (the whole file when shorter); null when there is none. */
async function readTail(path: string, bytes: number): Promise<Tail | null> {
  const fd = openOrNull(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  if (fd === null) return null;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return null;
    const size = stats.size;
    const from = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - from);
    readSync(fd, buffer, 0, buffer.length, from);
    const newline = from > 0 ? buffer.indexOf(0x0a) : -1;
    const start = newline >= 0 ? newline + 1 : 0;
    return { text: buffer.subarray(start).toString('utf8'), cutBytes: from + start };
  } finally {
    closeSync(fd);
  }
}

/** The first `bytes` of a file (the whole file when shorter); null when there is none or it is not a regular file. */
async function readHead(path: string, bytes: number): Promise<Head | null> {
  if (!lstatSync(path, { throwIfNoEntry: false })?.isFile()) return null;
  const fd = openOrNull(path, constants.O_RDONLY);
  if (fd === null) return null;
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(size, bytes));
    readSync(fd, buffer, 0, buffer.length, 0);
    return { text: buffer.toString('utf8'), cutBytes: size - buffer.length };
  } finally {
    closeSync(fd);
  }
}

/** `path` opened with `flags`, or null when it cannot be. */
function openOrNull(path: string, flags: number): number | null {
  try {
    return openSync(path, flags);
  } catch {
    return null;
  }
}

export interface EvidenceRead<T> {
  value: T | null;
  missing: boolean;
  problem?: string;
}

/** A JSON evidence file in its schema, never through a link; what is wrong with it is said, never thrown. */
export async function readEvidenceJson<T>(path: string, schema: z.ZodType<T>): Promise<EvidenceRead<T>> {
  let text: string;
  try {
    const bytes = await readRegularFile(path, JSON_BYTES);
    if (bytes === null) return { value: null, missing: false, problem: `larger than ${kib(JSON_BYTES)}` };
    text = bytes.toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ELOOP' ? 'a symbolic link (not followed)' : code === 'ENOTREG' ? 'not a regular file' : `unreadable (${code})`;
    return { value: null, missing: code === 'ENOENT', ...(code === 'ENOENT' ? {} : { problem: why }) };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { value: null, missing: false, problem: `not JSON (${(e as Error).message})` };
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { value: parsed.data, missing: false };
  const issue = parsed.error.issues[0]!;
  return { value: null, missing: false, problem: `not in the expected format (${issue.path.join('.') || 'top level'}: ${issue.message})` };
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A directory's entries; null when it is missing or not a real directory (a link to one is not entered). */
async function entriesOf(dir: string): Promise<Dirent[] | null> {
  if (!(await isDirectory(dir))) return null;
  let entries: Dirent[] | null;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    entries = null;
  }
  return entries ? entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) : null;
}

async function fileNames(dir: string, suffix: string): Promise<string[]> {
  return ((await entriesOf(dir)) ?? []).filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => e.name);
}

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024)} KiB`;
}
