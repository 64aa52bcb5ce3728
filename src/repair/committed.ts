// Repairs committed to the repository: `<repairs>/<task>/<candidate sha256>.diff` with its figures in a
// `.json` beside it. A run that meets the same delivered candidate again (same task, same bytes) re-applies
// the patch and accepts the repaired candidate, so the PR shows the raw and the repaired figures both.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { NO_LIMITS, readCandidate, writeCandidate } from '../acceptance/snapshot.ts';
import type { IsolationSetting } from '../isolation/open.ts';
import type { Repair, TaskResult, TrialResult } from '../schemas/results.ts';
import type { ResolvedTask, TrialSet } from '../trial/trialset.ts';
import { applyCandidatePatch } from './patch.ts';
import { acceptRepaired } from './repair.ts';

const CommittedMeta = z.object({
  minutes: z.number().nonnegative(),
  confirming_minutes: z.number().nonnegative().optional(),
  note: z.string().optional(),
  patch_lines: z.number().int().nonnegative(),
  patch_files: z.number().int().nonnegative(),
});

const pathOf = (set: TrialSet, task: string, candidateSha256: string) => join(set.dir, set.config.repairs, task, candidateSha256);

/** Keep a finished repair in the repository, keyed by task and the delivered candidate's hash. */
export async function saveCommittedRepair(set: TrialSet, task: string, deliveredSha256: string, patchText: string, repair: Repair): Promise<string> {
  const base = pathOf(set, task, deliveredSha256);
  await mkdir(join(set.dir, set.config.repairs, task), { recursive: true });
  await writeFile(`${base}.diff`, patchText);
  const meta = { minutes: repair.minutes, ...(repair.confirming_minutes === undefined ? {} : { confirming_minutes: repair.confirming_minutes }), ...(repair.note ? { note: repair.note } : {}), patch_lines: repair.patch_lines, patch_files: repair.patch_files };
  await writeFile(`${base}.json`, JSON.stringify(CommittedMeta.parse(meta), null, 2) + '\n');
  return relative(set.dir, `${base}.diff`);
}

/**
 * The committed repair of this trial's delivered candidate, re-applied and accepted; undefined when the
 * repository holds none for it. A patch that no longer applies is recorded as a failed repair, saying so.
 */
export async function applyCommittedRepair(
  set: TrialSet,
  task: ResolvedTask,
  taskResult: Pick<TaskResult, 'fixture_sha256'>,
  trial: TrialResult,
  trialDir: string,
  runDir: string,
  isolation: IsolationSetting,
): Promise<Repair | undefined> {
  if (!trial.candidate_sha256 || trial.outcome !== 'fail') return undefined;
  const base = pathOf(set, task.spec.id, trial.candidate_sha256);
  const patchText = await readFile(`${base}.diff`, 'utf8').catch(() => undefined);
  if (patchText === undefined) return undefined;
  const meta = CommittedMeta.parse(JSON.parse(await readFile(`${base}.json`, 'utf8')));
  const repairDir = join(trialDir, 'repair');
  const delivered = await readCandidate(join(trialDir, 'candidate'), NO_LIMITS);
  const applied = applyCandidatePatch(delivered.files, patchText);
  await mkdir(repairDir, { recursive: true });
  await writeFile(join(repairDir, 'patch.diff'), patchText);
  const figures = { source: 'committed' as const, ...meta, patch: relative(runDir, join(repairDir, 'patch.diff')) };
  if (typeof applied === 'string') return { ...figures, outcome: 'fail', candidate_sha256: delivered.sha256, failures: [`the committed repair ${relative(set.dir, `${base}.diff`)} does not apply: ${applied}`] };
  const candidate = { files: applied, sha256: '', unsafe: [], oversize: [] };
  await writeCandidate(candidate, join(repairDir, 'candidate'));
  const repaired = await readCandidate(join(repairDir, 'candidate'), NO_LIMITS);
  const accepted = await acceptRepaired({ task: taskResult }, task, join(repairDir, 'candidate'), join(repairDir, 'acceptance'), isolation);
  const repair: Repair = { ...figures, ...accepted, candidate_sha256: repaired.sha256 };
  await writeFile(join(repairDir, 'result.json'), JSON.stringify(repair, null, 2) + '\n');
  return repair;
}
