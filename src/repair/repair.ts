// Human repair of a trial's candidate, kept apart from what the agent delivered. `start` makes an
// editable copy in <trial>/repair/candidate/; `finish` stores the patch, the minutes and a note, and
// re-runs the task's own acceptance on the repaired candidate from a pristine copy of the fixture that
// ran; the delivered candidate and the trial's evidence are never changed. The run's results.json gains
// the trial's `repair`, and its summary the figures after repair, beside (never inside) the raw ones.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { NO_LIMITS, readCandidate, writeCandidate } from '../acceptance/snapshot.ts';
import { copyFixture } from '../fixture/load.ts';
import { openSandbox, type IsolationSetting } from '../isolation/open.ts';
import type { Validation } from '../kinds/contract.ts';
import { summarizeTask } from '../results/metrics.ts';
import { writeRunFiles } from '../results/write.ts';
import { Results, type Repair, type TaskResult, type TrialResult } from '../schemas/results.ts';
import type { ResolvedTask } from '../trial/trialset.ts';
import { parseOrThrow, UserInputError } from '../util/errors.ts';
import { readJsonFile } from '../util/files.ts';
import { heldTokens, Scrubber } from '../util/scrub.ts';
import { candidatePatch } from './patch.ts';

const STARTED = 'started.json';

export interface RepairTarget {
  runDir: string;
  trialDir: string;
  results: Results;
  task: TaskResult;
  trial: TrialResult;
}

/** The trial a path names, with its run's results. */
export async function repairTarget(trialDir: string): Promise<RepairTarget> {
  const runDir = dirname(dirname(trialDir));
  const resultsPath = join(runDir, 'results.json');
  const results = parseOrThrow(Results, await readJsonFile(resultsPath), resultsPath);
  const task = results.tasks.find((t) => t.id === basename(dirname(trialDir)));
  const trial = task?.trials.find((t) => t.evidence === relative(runDir, trialDir));
  if (!task || !trial) throw new UserInputError(trialDir, '', `not a trial of the run in ${runDir}: name <run-dir>/<task>/trial-NNN`);
  return { runDir, trialDir, results, task, trial };
}

/** An editable copy of the delivered candidate in repair/candidate/; the clock starts. */
export async function startRepair(target: RepairTarget): Promise<string> {
  const repairDir = join(target.trialDir, 'repair');
  if (await stat(join(repairDir, STARTED)).catch(() => null)) {
    throw new UserInputError(repairDir, '', 'a repair of this trial is under way (or done): finish it with --done, or discard it with --abort');
  }
  const delivered = await readCandidate(join(target.trialDir, 'candidate'), NO_LIMITS);
  await writeCandidate(delivered, join(repairDir, 'candidate'));
  await writeFile(join(repairDir, STARTED), JSON.stringify({ started_at: new Date().toISOString(), candidate_sha256: delivered.sha256 }, null, 2) + '\n');
  return join(repairDir, 'candidate');
}

export async function abortRepair(target: RepairTarget): Promise<void> {
  if (target.trial.repair) throw new UserInputError(target.trialDir, 'repair', 'this repair is finished and recorded in results.json; it is not discarded');
  await rm(join(target.trialDir, 'repair'), { recursive: true, force: true });
}

export interface FinishOptions {
  task: ResolvedTask;
  /** Minutes spent, when not measured from the start. */
  minutes?: number;
  /** Of them (or besides them, when measured), minutes spent confirming business rules. */
  confirmingMinutes?: number;
  note?: string;
  isolation?: IsolationSetting;
}

/** Store the patch and the figures, accept the repaired candidate, and record it in results.json. */
export async function finishRepair(target: RepairTarget, options: FinishOptions): Promise<Repair> {
  const repairDir = join(target.trialDir, 'repair');
  const started = await readFile(join(repairDir, STARTED), 'utf8').then((t) => JSON.parse(t) as { started_at: string }, () => null);
  if (!started) throw new UserInputError(repairDir, '', 'no repair was started here: run `trialgate repair <trial>` first');
  if (target.trial.repair) throw new UserInputError(target.trialDir, 'repair', 'already repaired and recorded');
  const delivered = await readCandidate(join(target.trialDir, 'candidate'), NO_LIMITS);
  const repaired = await readCandidate(join(repairDir, 'candidate'), NO_LIMITS);
  const patch = candidatePatch(delivered.files, repaired.files);
  if (patch.binary.length) throw new UserInputError(join(repairDir, 'candidate'), patch.binary.join(', '), 'a repair may change text files only: a binary change cannot be reviewed as a patch');
  if (patch.files === 0) throw new UserInputError(join(repairDir, 'candidate'), '', 'nothing was changed: edit the copy, or discard the repair with --abort');
  await writeFile(join(repairDir, 'patch.diff'), patch.text);
  const measured = (Date.now() - Date.parse(started.started_at)) / 60_000;
  const minutes = Math.round((options.minutes ?? measured) * 10) / 10;
  const accepted = await acceptRepaired(target, options.task, join(repairDir, 'candidate'), join(repairDir, 'acceptance'), options.isolation);
  const repair: Repair = {
    ...accepted,
    source: 'manual',
    minutes,
    ...(options.confirmingMinutes === undefined ? {} : { confirming_minutes: options.confirmingMinutes }),
    patch_lines: patch.lines,
    patch_files: patch.files,
    ...(options.note ? { note: options.note } : {}),
    candidate_sha256: repaired.sha256,
    patch: relative(target.runDir, join(repairDir, 'patch.diff')),
  };
  await writeFile(join(repairDir, 'result.json'), JSON.stringify(repair, null, 2) + '\n');
  await recordRepair(target, repair);
  return repair;
}

/** The task's own acceptance on `candidateDir`, from a pristine copy of the fixture version that ran. */
export async function acceptRepaired(
  target: { task: Pick<TaskResult, 'fixture_sha256'> },
  task: ResolvedTask,
  candidateDir: string,
  outDir: string,
  isolation: IsolationSetting = 'auto',
): Promise<Pick<Repair, 'outcome' | 'failures'>> {
  if (task.fixture.sha256 !== target.task.fixture_sha256) {
    throw new UserInputError(task.fixture.dir, 'fixture', `changed since the run (its hash was ${target.task.fixture_sha256.slice(0, 12)}, now ${task.fixture.sha256.slice(0, 12)}): a repair is accepted against the version that ran`);
  }
  if (task.kind.name === 'tools') throw new UserInputError(task.spec.id, 'acceptance', 'a tools task is judged by what the agent did, not by a candidate: there is nothing to repair');
  const copies = await mkdtemp(join(tmpdir(), 'trialgate-repair-'));
  const sandbox = await openSandbox(isolation, '--isolation');
  try {
    const fixture = await copyFixture(task.fixture, copies);
    await mkdir(outDir, { recursive: true });
    const validation = await task.kind.validate({ fixture, acceptance: task.acceptance, sandbox, outDir, candidateDir, scrubber: new Scrubber(heldTokens(process.env)) });
    return { outcome: outcomeOf(validation), failures: validation.problems };
  } finally {
    await sandbox.dispose();
    await rm(copies, { recursive: true, force: true });
  }
}

function outcomeOf(validation: Validation): Repair['outcome'] {
  if (validation.problems.length === 0) return 'pass';
  const rows = validation.shape === 'variants' ? validation.rows : [];
  return rows.length > 0 && rows.every((r) => r.verdict === 'execution_error_or_skip' && r.assertionFailures === 0 && r.executionErrors > 0) ? 'env_error' : 'fail';
}

/** results.json with the trial's repair and the task's figures after repair; the raw figures unchanged. */
async function recordRepair(target: RepairTarget, repair: Repair): Promise<void> {
  const tasks = target.results.tasks.map((task) => {
    if (task.id !== target.task.id) return task;
    const trials = task.trials.map((t) => (t.trial === target.trial.trial ? { ...t, repair } : t));
    const summary = summarizeTask(trials, task.summary.k, Object.keys(task.summary.detections));
    return { ...task, trials, summary };
  });
  await writeRunFiles(target.runDir, { ...target.results, tasks }, new Scrubber(heldTokens(process.env)));
}
