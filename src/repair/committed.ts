// Repairs committed to the repository: `<repairs>/<task>/<candidate sha256>.diff` with its figures in a
// `.json` beside it. A run that meets the same delivered candidate again (same task, same bytes) re-applies
// the patch and accepts the repaired candidate, so the PR shows the raw and the repaired figures both.
// A file name is made only of a checked hash and a task of the trial set; the repairs directory and the
// trial's repair/ are read and written without following a link.
import { mkdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { NO_LIMITS, readCandidate, writeCandidate } from '../acceptance/snapshot.ts';
import { CommittedRepairMeta } from '../schemas/repair.ts';
import type { Repair, TrialResult } from '../schemas/results.ts';
import { allIssues, UserInputError } from '../util/errors.ts';
import { readInside } from '../util/files.ts';
import { writeInside } from '../util/safe-write.ts';
import { applyCandidatePatch } from './patch.ts';
import { acceptRepairedWith, type RepairAcceptance, type RepairedTrialTask, type RepairTask } from './repair.ts';

/** What committed repairs need of the trial set: where it is, its repairs directory and its tasks' ids. */
export interface RepairTrialSet {
  file: string;
  dir: string;
  config: { repairs: string };
  tasks: readonly { spec: { id: string } }[];
}

const SHA256 = /^[0-9a-f]{64}$/;
const FILE_BYTES = 64 * 1024 * 1024;

/** `<repairs>/<task>/<sha>` relative to the project; a hash that is not one never becomes a file name. */
function repairPath(set: RepairTrialSet, task: string, candidateSha256: string | undefined, from: string): string {
  if (!candidateSha256 || !SHA256.test(candidateSha256))
    throw new UserInputError(from, 'candidate_sha256', `${JSON.stringify(candidateSha256 ?? null)} is not a sha256 (64 hex digits): no file is named after it`);
  if (!set.tasks.some((t) => t.spec.id === task)) throw new UserInputError(set.file, 'tasks', `has no task ${JSON.stringify(task)}`);
  return [relative(set.dir, resolve(set.dir, set.config.repairs)), task, candidateSha256].filter(Boolean).join('/');
}

/** Keep a finished repair in the repository, keyed by task and the delivered candidate's hash (from `from`, a results file). */
export async function saveCommittedRepair(
  set: RepairTrialSet,
  task: string,
  deliveredSha256: string | undefined,
  patchText: string,
  repair: Repair,
  from = 'results.json',
): Promise<string> {
  const base = repairPath(set, task, deliveredSha256, from);
  await writeInside(set.dir, `${base}.diff`, patchText);
  const meta = {
    minutes: repair.minutes,
    ...(repair.confirming_minutes === undefined ? {} : { confirming_minutes: repair.confirming_minutes }),
    ...(repair.note ? { note: repair.note } : {}),
    patch_lines: repair.patch_lines,
    patch_files: repair.patch_files,
  };
  await writeInside(set.dir, `${base}.json`, JSON.stringify(CommittedRepairMeta.parse(meta), null, 2) + '\n');
  return `${base}.diff`;
}

/**
 * The committed repair of this trial's delivered candidate, re-applied and accepted; undefined when the
 * repository holds none for it. A patch that no longer applies, figures that are not figures, or a link in
 * the repairs directory are recorded as a failed repair, saying so.
 */
export async function applyCommittedRepair(
  set: RepairTrialSet,
  task: RepairTask,
  taskResult: RepairedTrialTask,
  trial: TrialResult,
  trialDir: string,
  runDir: string,
  acceptance: RepairAcceptance,
): Promise<Repair | undefined> {
  if (!trial.candidate_sha256 || trial.outcome !== 'fail') return undefined;
  const base = repairPath(set, task.spec.id, trial.candidate_sha256, 'the trial');
  const read = (suffix: string): string | undefined => {
    try {
      return readInside(set.dir, `${base}${suffix}`, FILE_BYTES)?.toString('utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new CommittedRepairProblem(`${base}${suffix}: ${(e as Error).message}`);
      throw e;
    }
  };
  const patchText = read('.diff');
  if (patchText === undefined) return undefined;
  const repairDir = join(trialDir, 'repair');
  // The trial's repair/ is made now; whatever took its place after the agent's clean-up is removed, never followed.
  await rm(repairDir, { recursive: true, force: true });
  await mkdir(repairDir);
  await writeInside(repairDir, 'patch.diff', patchText);
  const meta = committedMeta(read('.json'), `${base}.json`);
  const delivered = await readCandidate(join(trialDir, 'candidate'), NO_LIMITS);
  const applied = applyCandidatePatch(delivered.files, patchText);
  const figures = { source: 'committed' as const, ...meta, patch: relative(runDir, join(repairDir, 'patch.diff')) };
  if (typeof applied === 'string')
    return { ...figures, outcome: 'fail', candidate_sha256: delivered.sha256, failures: [`the committed repair ${base}.diff does not apply: ${applied}`] };
  const candidate = { files: applied, sha256: '', unsafe: [], oversize: [] };
  await writeCandidate(candidate, join(repairDir, 'candidate'));
  const repaired = await readCandidate(join(repairDir, 'candidate'), NO_LIMITS);
  const accepted = await acceptRepairedWith(acceptance, { task: taskResult }, task, join(repairDir, 'candidate'), join(repairDir, 'acceptance'));
  const repair: Repair = { ...figures, ...accepted, candidate_sha256: repaired.sha256 };
  await writeInside(repairDir, 'result.json', JSON.stringify(repair, null, 2) + '\n');
  return repair;
}

/** Why a committed repair could not be used: recorded on the repair, never the trial's undoing. */
export class CommittedRepairProblem extends Error {
  override readonly name = 'CommittedRepairProblem';
}

function committedMeta(text: string | undefined, path: string): CommittedRepairMeta {
  if (text === undefined) throw new CommittedRepairProblem(`${path} is missing: a committed patch needs its figures beside it`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CommittedRepairProblem(`${path} is not JSON`);
  }
  const parsed = CommittedRepairMeta.safeParse(data);
  if (!parsed.success) throw new CommittedRepairProblem(allIssues(path, parsed.error, 3).join('; '));
  return parsed.data;
}
