// Human repair of a trial's candidate, kept apart from what the agent delivered. `start` makes an
// editable copy in <trial>/repair/candidate/; `finish` stores the patch, the minutes and a note, and
// re-runs the task's own acceptance on the repaired candidate from a pristine copy of the fixture that
// ran; the delivered candidate and the trial's evidence are never changed. The run's results.json gains
// the trial's `repair`, and its summary the figures after repair, beside (never inside) the raw ones.
// The trial directory is one an agent wrote into: nothing in it is followed, and repair/ is trialgate's
// only when trialgate made it (its started.json says so); anything else there is refused, never used.
import type { Stats } from 'node:fs';
import { lstat, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { NO_LIMITS, readCandidate, writeCandidate } from '../acceptance/snapshot.ts';
import { copyFixture, type Fixture } from '../fixture/load.ts';
import { openSandbox, type IsolationSetting } from '../isolation/open.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import type { BoundKind, Validation } from '../kinds/contract.ts';
import type { ServiceLender } from '../service/pool.ts';
import { summarizeTask } from '../results/metrics.ts';
import { writeResults, type RunOutputs } from '../results/write.ts';
import { RepairStarted } from '../schemas/repair.ts';
import { Results, type Repair, type TaskResult, type TrialResult } from '../schemas/results.ts';
import { parseOrThrow, UserInputError } from '../util/errors.ts';
import { linkTarget, readJsonFile } from '../util/files.ts';
import { MAX_MINUTES } from '../util/plausible.ts';
import { writeInside } from '../util/safe-write.ts';
import type { Scrubber } from '../util/scrub.ts';
import { candidatePatch } from './patch.ts';

const STARTED = 'started.json';

/**
 * What a repair needs of a task of the trial set: its id, the fixture version it is accepted against, and its
 * kind (a run's or the CLI's resolved task is one). Declared here so that repairs never reach into the runner.
 */
export interface RepairTask {
  spec: { id: string };
  fixture: Fixture;
  kind: BoundKind;
}

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
  for (const dir of [dirname(trialDir), trialDir]) {
    const stats = await lstat(dir).catch(() => null);
    if (stats && !stats.isDirectory()) throw new UserInputError(dir, '', `${what(stats, dir)}, not a trial's directory: it is not followed`);
  }
  const resultsPath = join(runDir, 'results.json');
  const results = parseOrThrow(Results, await readJsonFile(resultsPath, { follow: false }), resultsPath);
  const task = results.tasks.find((t) => t.id === basename(dirname(trialDir)));
  const trial = task?.trials.find((t) => t.evidence === relative(runDir, trialDir));
  if (!task || !trial) throw new UserInputError(trialDir, '', `not a trial of the run in ${runDir}: name <run-dir>/<task>/trial-NNN`);
  if (task.set === 'holdout')
    throw new UserInputError(
      trialDir,
      '',
      'is a holdout trial: its directory is sealed (holdout.tar.gz.age); open it with `trialgate holdout open` and repair the trial there',
    );
  return { runDir, trialDir, results, task, trial };
}

/** An editable copy of the delivered candidate in repair/candidate/; the clock starts. */
export async function startRepair(target: RepairTarget): Promise<string> {
  const repairDir = join(target.trialDir, 'repair');
  const existing = await lstat(repairDir).catch(() => null);
  if (existing?.isDirectory() && (await lstat(join(repairDir, STARTED)).catch(() => null))?.isFile()) {
    throw new UserInputError(repairDir, '', 'a repair of this trial is under way (or done): finish it with --done, or discard it with --abort');
  }
  if (existing) throw notOurs(repairDir, existing);
  const delivered = await readCandidate(join(target.trialDir, 'candidate'), NO_LIMITS);
  // Made here and only here (never through what an agent left): mkdir fails if anything took its place.
  await mkdir(repairDir);
  await writeCandidate(delivered, join(repairDir, 'candidate'));
  const started: RepairStarted = { started_at: new Date().toISOString(), candidate_sha256: delivered.sha256 };
  await writeInside(repairDir, STARTED, JSON.stringify(started, null, 2) + '\n');
  return join(repairDir, 'candidate');
}

/** repair/ as `trialgate repair` made it, with its start; anything else there is refused, naming it. */
async function startedRepair(repairDir: string): Promise<RepairStarted> {
  const stats = await lstat(repairDir).catch(() => null);
  if (!stats) throw new UserInputError(repairDir, '', 'no repair was started here: run `trialgate repair <trial>` first');
  if (!stats.isDirectory()) throw notOurs(repairDir, stats);
  const path = join(repairDir, STARTED);
  if (!(await lstat(path).catch(() => null))) throw notOurs(repairDir, stats);
  return parseOrThrow(RepairStarted, await readJsonFile(path, { follow: false }), path);
}

function notOurs(path: string, stats: Stats): UserInputError {
  return new UserInputError(
    path,
    '',
    `${what(stats, path)} that \`trialgate repair\` did not make (an agent may have left it): it is not used or followed; look at it, remove it and start the repair again`,
  );
}

function what(stats: Stats, path: string): string {
  if (stats.isSymbolicLink()) return `is a symbolic link (to ${linkTarget(path)})`;
  return stats.isDirectory() ? 'is a directory' : 'is a file';
}

export async function abortRepair(target: RepairTarget): Promise<void> {
  if (target.trial.repair) throw new UserInputError(target.trialDir, 'repair', 'this repair is finished and recorded in results.json; it is not discarded');
  await rm(join(target.trialDir, 'repair'), { recursive: true, force: true });
}

export interface FinishOptions {
  task: RepairTask;
  /** Minutes spent, when not measured from the start. */
  minutes?: number;
  /** Of them (or besides them, when measured), minutes spent confirming business rules. */
  confirmingMinutes?: number;
  note?: string;
  isolation?: IsolationSetting;
  /** Given the run once its results.json holds the repair (src/report/ rewrites its reports). */
  outputs?: RunOutputs;
  /** The secrets of the trial set the run came from (src/secrets.ts): scrubbed from the acceptance evidence and results.json. */
  scrubber: Scrubber;
}

/** Store the patch and the figures, accept the repaired candidate, and record it in results.json. */
export async function finishRepair(target: RepairTarget, options: FinishOptions): Promise<Repair> {
  const repairDir = join(target.trialDir, 'repair');
  const started = await startedRepair(repairDir);
  if (target.trial.repair) throw new UserInputError(target.trialDir, 'repair', 'already repaired and recorded');
  const delivered = await readCandidate(join(target.trialDir, 'candidate'), NO_LIMITS);
  const repaired = await readCandidate(join(repairDir, 'candidate'), NO_LIMITS);
  if (repaired.unsafe.length)
    throw new UserInputError(join(repairDir, 'candidate'), '', `${repaired.unsafe.join('; ')}: a repaired candidate holds regular files only`);
  const patch = candidatePatch(delivered.files, repaired.files);
  if (patch.binary.length)
    throw new UserInputError(
      join(repairDir, 'candidate'),
      patch.binary.join(', '),
      'a repair may change text files only: a binary change cannot be reviewed as a patch',
    );
  if (patch.files === 0) throw new UserInputError(join(repairDir, 'candidate'), '', 'nothing was changed: edit the copy, or discard the repair with --abort');
  await writeInside(repairDir, 'patch.diff', patch.text);
  const measured = (Date.now() - Date.parse(started.started_at)) / 60_000;
  if (options.minutes === undefined && !(measured >= 0 && measured <= MAX_MINUTES))
    throw new UserInputError(
      join(repairDir, STARTED),
      'started_at',
      `${started.started_at} is not a start this repair could have had: give the time spent with --minutes`,
    );
  const minutes = Math.round((options.minutes ?? measured) * 10) / 10;
  // The acceptance reports go into a directory made for them now: nothing an agent left there is written through.
  const acceptanceDir = join(repairDir, 'acceptance');
  await rm(acceptanceDir, { recursive: true, force: true });
  await mkdir(acceptanceDir);
  const accepted = await acceptRepaired(target, options.task, join(repairDir, 'candidate'), acceptanceDir, options.scrubber, options.isolation);
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
  await writeInside(repairDir, 'result.json', JSON.stringify(repair, null, 2) + '\n');
  await recordRepair(target, repair, options.scrubber, options.outputs);
  return repair;
}

/** Where a repaired candidate is accepted: a sandbox, a pristine copy of the fixture version that ran, and the scrubber. */
export interface RepairAcceptance {
  sandbox: Sandbox;
  fixture: Fixture;
  scrubber: Scrubber;
  /** Where acceptance gets each variant's service (a run's pool); default a fresh one per use. */
  services?: ServiceLender;
}

/** What a repair is accepted against: the fixture version the trial ran, and the faults its task selected. */
export type RepairedTrialTask = Pick<TaskResult, 'fixture_sha256' | 'faults'>;

/** The task's own acceptance on `candidateDir`, from a pristine copy of the fixture version that ran, in a sandbox opened for it. */
export async function acceptRepaired(
  target: { task: RepairedTrialTask },
  task: RepairTask,
  candidateDir: string,
  outDir: string,
  scrubber: Scrubber,
  isolation: IsolationSetting = 'auto',
): Promise<Pick<Repair, 'outcome' | 'failures'>> {
  checkRepairable(target, task);
  const copies = await mkdtemp(join(tmpdir(), 'trialgate-repair-'));
  const sandbox = await openSandbox(isolation, '--isolation');
  try {
    const fixture = await copyFixture(task.fixture, copies);
    return await acceptRepairedWith({ sandbox, fixture, scrubber }, target, task, candidateDir, outDir);
  } finally {
    await sandbox.dispose();
    await rm(copies, { recursive: true, force: true });
  }
}

/** The same, with what the caller already holds: a run accepts a committed repair in its own sandbox, from its acceptance copy. */
export async function acceptRepairedWith(
  acceptance: RepairAcceptance,
  target: { task: RepairedTrialTask },
  task: RepairTask,
  candidateDir: string,
  outDir: string,
): Promise<Pick<Repair, 'outcome' | 'failures'>> {
  checkRepairable(target, task);
  await mkdir(outDir, { recursive: true });
  const validation = await task.kind.validate({
    fixture: acceptance.fixture,
    sandbox: acceptance.sandbox,
    outDir,
    candidateDir,
    scrubber: acceptance.scrubber,
    ...(acceptance.services ? { services: acceptance.services } : {}),
    // The faults the trial's task ran, not every fault of its fixture: an unselected one is no part of the task.
    faults: target.task.faults.map((f) => f.id),
  });
  return { outcome: outcomeOf(validation), failures: validation.problems };
}

function checkRepairable(target: { task: Pick<TaskResult, 'fixture_sha256'> }, task: RepairTask): void {
  if (task.fixture.sha256 !== target.task.fixture_sha256) {
    throw new UserInputError(
      task.fixture.dir,
      'fixture',
      `changed since the run (its hash was ${target.task.fixture_sha256.slice(0, 12)}, now ${task.fixture.sha256.slice(0, 12)}): a repair is accepted against the version that ran`,
    );
  }
  if (!task.kind.capabilities.repairable)
    throw new UserInputError(
      task.spec.id,
      'acceptance',
      `a ${task.kind.name} task is judged by what the agent did, not by a candidate a person could repair: there is nothing to repair`,
    );
}

function outcomeOf(validation: Validation): Repair['outcome'] {
  if (validation.problems.length === 0) return 'pass';
  if (validation.shape === 'runs') return validation.rows.some((r) => r.actual === 'env error') ? 'env_error' : 'fail';
  const rows = validation.rows;
  return rows.length > 0 && rows.every((r) => r.verdict === 'execution_error_or_skip' && r.assertionFailures === 0 && r.executionErrors > 0)
    ? 'env_error'
    : 'fail';
}

/** results.json with the trial's repair and the task's figures after repair; the raw figures unchanged. */
async function recordRepair(target: RepairTarget, repair: Repair, scrubber: Scrubber, outputs: RunOutputs | undefined): Promise<void> {
  const tasks = target.results.tasks.map((task) => {
    if (task.id !== target.task.id) return task;
    const trials = task.trials.map((t) => (t.trial === target.trial.trial ? { ...t, repair } : t));
    const summary = summarizeTask(trials, task.summary.k, Object.keys(task.summary.detections));
    return { ...task, trials, summary };
  });
  await writeResults(target.runDir, { ...target.results, tasks }, scrubber, outputs);
}
