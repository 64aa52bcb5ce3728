// The third step of a run: its trials, agents wide and acceptance narrow. Up to `agents` trials are in
// flight at once; each holds one of the run's permits (`acceptance` of them) for the runner's own work
// and gives it back while its agent runs (run-trial.ts), so agents that wait on a model never keep the
// CPU from the trials being accepted. A committed human repair of a trial is accepted with the run's own
// sandbox, acceptance copy and services. Each trial goes to disk as it ends; memory keeps its digest.
import { join } from 'node:path';
import { AcceptanceCopyChanged } from '../acceptance/accept.ts';
import { CommittedRepairProblem, applyCommittedRepair } from '../repair/committed.ts';
import { ACCEPTOR_BROKEN_RULE } from '../results/setup-rules.ts';
import type { TrialDigest, TrialResult } from '../schemas/results.ts';
import { EnvironmentError, MACHINERY_RULE, TrialCrashed, UserInputError } from '../util/errors.ts';
import { mapPool } from '../util/pool.ts';
import type { ProgressEvent } from './progress.ts';
import { trialSeed, type RunPlan } from './run-plan.ts';
import type { AcceptorCheckResult } from './acceptor-checks.ts';
import type { RunResources } from './run-resources.ts';
import { isHoldout } from './holdout.ts';
import { runTrial, trialDirName } from './run-trial.ts';
import type { ResolvedTask } from './trialset.ts';

/** Every slot of the plan run; each task's trials as digests, in the order they finished. */
export async function runTrials(plan: RunPlan, resources: RunResources, onProgress?: (event: ProgressEvent) => void): Promise<Map<string, TrialDigest[]>> {
  const finished = new FinishedTrials(plan.tasks);
  const total = plan.slots.length;
  await mapPool(plan.slots, plan.concurrency.agents, async ({ task, trial }) => {
    const result = await trialResult(plan, resources, task, trial);
    const done = finished.add(task.spec.id, resources.log.append(task.spec.id, result));
    onProgress?.(plan.holdout.progress({ done, total, task: task.spec.id, trial, result }, task));
  });
  return finished.byTask;
}

/** The digests of the trials that ended, per task. */
class FinishedTrials {
  readonly byTask: Map<string, TrialDigest[]>;
  private count = 0;

  constructor(tasks: readonly ResolvedTask[]) {
    this.byTask = new Map(tasks.map((t) => [t.spec.id, []]));
  }

  /** Returns how many trials have ended, this one included. */
  add(taskId: string, digest: TrialDigest): number {
    this.byTask.get(taskId)!.push(digest);
    return ++this.count;
  }
}

/**
 * One slot's result: not run after an integrity breach, an environment error when the task's acceptor
 * failed its preflight, else the trial, then the repair the repository holds for what it delivered.
 */
async function trialResult(plan: RunPlan, resources: RunResources, task: ResolvedTask, trial: number): Promise<TrialResult> {
  const { integrity, acceptorChecks } = resources;
  if (integrity.error) return unexecuted(trial, task);
  const check = acceptorChecks.get(task.spec.id);
  if (check && !check.ok) return acceptorBroken(trial, task, check);
  const result = await runOne(plan, resources, task, trial);
  if (integrity.error) return result;
  const repair = await resources.contextOf(task).permits.hold(() => committedRepair(plan, resources, task, result));
  return repair ? { ...result, repair } : result;
}

/**
 * One trial. What the agent and the environment can do to it is its result (runTrial); a changed
 * acceptance copy stops every trial after it; an error nobody expected stops the run, naming the trial.
 */
async function runOne(plan: RunPlan, resources: RunResources, task: ResolvedTask, trial: number): Promise<TrialResult> {
  try {
    return await runTrial({
      run: resources.contextOf(task),
      task,
      agent: resources.agents.get(task.spec.id)!,
      acceptanceCopy: resources.copies.get(task.spec.id)!,
      trial,
      seed: trialSeed(plan.seed, task.spec.id, trial),
      services: resources.pool,
      pace: resources.pool.pace(resources.copies.get(task.spec.id)!),
    });
  } catch (e) {
    if (e instanceof AcceptanceCopyChanged) return unexecuted(trial, task, e.message);
    throw e instanceof TrialCrashed ? e : crashed(plan, task, trial, e);
  }
}

/** The repair the repository holds for this trial's delivered candidate, re-applied; undefined when none. */
async function committedRepair(plan: RunPlan, resources: RunResources, task: ResolvedTask, result: TrialResult): Promise<TrialResult['repair']> {
  const acceptance = { sandbox: resources.sandbox, fixture: resources.copies.get(task.spec.id)!, scrubber: resources.scrubber, services: resources.pool };
  const root = plan.holdout.rootOf(task, plan.runDir);
  try {
    const ran = { fixture_sha256: task.fixture.sha256, faults: Object.entries(task.faults).map(([id, label]) => ({ id, label })) };
    return await applyCommittedRepair(plan.set, task, ran, result, join(root, result.evidence), root, acceptance);
  } catch (e) {
    // A committed repair that cannot be used is a note on the repair, never the trial's undoing; a bug is no note.
    if (!(e instanceof CommittedRepairProblem || e instanceof UserInputError || e instanceof EnvironmentError)) throw crashed(plan, task, result.trial, e);
    return {
      outcome: e instanceof EnvironmentError ? 'env_error' : 'fail',
      source: 'committed',
      minutes: 0,
      patch_lines: 0,
      patch_files: 0,
      candidate_sha256: result.candidate_sha256 ?? '',
      patch: '',
      failures: [(e as Error).message],
    };
  }
}

function unexecuted(trial: number, task: ResolvedTask, why = 'not run: the run stopped after an integrity error'): TrialResult {
  return {
    trial,
    outcome: 'unexecuted',
    stop_reason: 'not_started',
    layers: {
      final_state: { ok: null, failures: [] },
      constraints: { ok: null, failures: [] },
      tool_contract: { ok: null, failures: [] },
      trajectory: { notes: [why] },
    },
    judgements: [],
    checks: {},
    wall_ms: 0,
    evidence: join(task.spec.id, trialDirName(trial)),
  };
}

/** A trial of a task whose acceptor failed the preflight: the environment's failure, its agent never started. */
function acceptorBroken(trial: number, task: ResolvedTask, check: AcceptorCheckResult): TrialResult {
  const what = check.machinery ? 'trialgate’s machinery failed twice on the reference answers' : 'the acceptor failed on the reference answers';
  const result = unexecuted(trial, task, `env error: ${what}: ${check.error}`);
  result.layers.trajectory.notes.push(`fix: ${check.fix}`);
  return {
    ...result,
    outcome: 'env_error',
    stop_reason: 'env_error',
    // A machine too busy for the preflight is no setup mistake: a rerun can fix it.
    env_error: check.machinery ? MACHINERY_RULE : ACCEPTOR_BROKEN_RULE,
  };
}

/** The run stops at a trial, named as the run shows its task: a holdout task by its pseudonym, with the cause withheld. */
function crashed(plan: RunPlan, task: ResolvedTask, trial: number, cause: unknown): TrialCrashed {
  return new TrialCrashed(plan.holdout.name(task), trial, cause, isHoldout(task));
}
