// The first step of a run: what it will do, decided before anything starts. The trial set read, the
// tasks that run here, k, the seed, every task × trial slot (one shard's slice when sharded), how many
// agents and acceptances run at once, and the run directory, which must start empty.
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { mkdir, readdir } from 'node:fs/promises';
import type { IsolationSetting } from '../isolation/open.ts';
import type { RunOutputs } from '../results/write.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { shardOf } from '../results/merge.ts';
import type { RunInfo } from '../schemas/results.ts';
import type { Concurrency } from '../schemas/trialset.ts';
import { plural } from '../util/counted.ts';
import { UserInputError } from '../util/errors.ts';
import { sha256 } from '../util/hash.ts';
import { noSuchTask } from '../util/nearest.ts';
import { makeOutputDir } from '../util/safe-write.ts';
import type { HoldoutRun, RemoteHoldout } from './holdout.ts';
import type { KeptAcceptorChecks } from './acceptor-checks.ts';
import type { ProgressEvent } from './progress.ts';
import { measurementOf, type Measurement } from './measurement.ts';
import type { ResolvedTask, TrialSet } from './trialset.ts';

export interface Shard {
  index: number;
  count: number;
}

export interface RunOptions {
  configPath: string;
  /** The run directory; default .trialgate/run-<time> beside the config. */
  outDir?: string;
  trials?: number;
  /** Only these task ids. */
  tasks?: readonly string[];
  /**
   * Tasks of the trial set this run does not rerun, each with why (the change under test touches nothing
   * it depends on: gate/scope.ts). results.json lists them as not rerun, with no trials.
   */
  unaffected?: ReadonlyMap<string, string>;
  /** Agent runs at once; overrides the trial set's. */
  concurrency?: number;
  /** Trials prepared, accepted or judged at once; overrides the trial set's. */
  acceptanceConcurrency?: number;
  seed?: number;
  shard?: Shard;
  /** Overrides agent.isolation of the trial set. */
  isolation?: IsolationSetting;
  /** Trial numbers start after this (confirmation rounds add trials to a run). */
  firstTrial?: number;
  /** Facts only the caller knows (PR number, workflow run id, refs). */
  runInfo?: Partial<Pick<RunInfo, 'ref' | 'base_ref' | 'pr_number' | 'workflow_run_id' | 'git_sha'>>;
  /** Values scrubbed from everything written, besides those the run holds itself. */
  secrets?: readonly string[];
  onProgress?: (event: ProgressEvent) => void;
  /** Where the model judge caches its answers; default judge-cache/ in the run directory. A confirmation round passes its run's. */
  judgeCache?: string;
  /** Told once, before the first trial, how the run is isolated. */
  onStart?: (info: { isolation: Sandbox['report']; trials: number }) => void;
  /** Given the run once results.json is written (src/report/ writes junit.xml, report.md, report.html); none: results.json alone. */
  outputs?: RunOutputs;
  /** Whether the trial set's holdout source may be fetched here; default yes (a fork's pull request: no, and why). */
  remoteHoldout?: RemoteHoldout;
  /** Acceptor preflights an earlier run of the same gate passed: repeated from there, not run again (acceptor-checks.ts). */
  keptAcceptorChecks?: KeptAcceptorChecks;
  /**
   * The pull request's cap on agent trials, where it was set (the action's input, the CLI's flag): a gate's
   * first round that alone would pass it is refused before any trial, never run past it.
   */
  maxTrials?: { cap: number; where: string };
}

export interface Slot {
  task: ResolvedTask;
  trial: number;
}

export interface ConcurrencyLimits {
  agents: number;
  acceptance: number;
}

export interface RunPlan {
  set: TrialSet;
  /** The run's holdout tasks: where they run, how they are named and what is shown of them. */
  holdout: HoldoutRun;
  /** The tasks that run here, in the trial set's order, the holdout source's last. */
  tasks: ResolvedTask[];
  /** Tasks not rerun, with why: recorded, never run. */
  unaffected: ReadonlyMap<string, string>;
  k: number;
  seed: number;
  shard?: Shard;
  /** Every task × trial this run holds, in the order they start. */
  slots: Slot[];
  concurrency: ConcurrencyLimits;
  runDir: string;
  /** What measures the run (measurement.ts), recorded in results.json. */
  measurement: Measurement;
}

/** Decide the run of the loaded trial set; the run directory is made (it must not hold anything yet). */
export async function planRun(set: TrialSet, holdout: HoldoutRun, options: RunOptions): Promise<RunPlan> {
  const k = options.trials ?? set.config.trials;
  const unaffected = options.unaffected ?? new Map<string, string>();
  for (const id of unaffected.keys()) if (!set.tasks.some((t) => t.spec.id === id)) throw new Error(`unaffected task ${id} is not in ${set.file}`);
  const tasks = selectTasks(set, holdout, options.tasks).filter((t) => !unaffected.has(t.spec.id));
  if (options.maxTrials && tasks.length * k > options.maxTrials.cap) throw firstRoundPastCap(options.maxTrials, tasks.length, k);
  const runDir = resolve(options.outDir ?? join(set.dir, '.trialgate', `run-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  await prepareRunDir(runDir, set.dir);
  for (const task of tasks) await mkdir(join(holdout.rootOf(task, runDir), task.spec.id), { recursive: true });
  return {
    set,
    holdout,
    tasks,
    unaffected,
    k,
    seed: options.seed ?? set.config.seed,
    ...(options.shard ? { shard: options.shard } : {}),
    slots: planSlots(tasks, k, options.firstTrial ?? 0, options.shard),
    concurrency: concurrencyLimits(set.config.concurrency, { agents: options.concurrency, acceptance: options.acceptanceConcurrency }),
    runDir,
    measurement: await measurementOf(set, options.isolation ? { isolation: options.isolation } : {}),
  };
}

/**
 * A first round that alone needs more agent trials than the pull request may run: refused before any trial, so
 * the spend never passes the cap (a pull request that adds tasks until it does is stopped, never run past it).
 */
function firstRoundPastCap(maxTrials: { cap: number; where: string }, tasks: number, k: number): UserInputError {
  return new UserInputError(
    maxTrials.where,
    'max-trials',
    `${maxTrials.cap} agent trials, and the first round alone needs ${tasks * k} (${plural(tasks, 'task')} × ${k} trials): nothing was run; raise max-trials, or run fewer trials or tasks`,
  );
}

/**
 * How many agents and acceptances run at once: the command line's, else the trial set's, else from the
 * machine. Acceptance is CPU work, so about one per core; agents mostly wait on their model, so four per
 * core. Acceptances never outnumber agents: a trial is accepted only after its agent ran. Pure.
 */
export function concurrencyLimits(
  setting: Concurrency | undefined,
  override: { agents?: number | undefined; acceptance?: number | undefined } = {},
  cores = availableParallelism(),
): ConcurrencyLimits {
  const declared = typeof setting === 'number' ? { agents: setting } : (setting ?? {});
  const agents = override.agents ?? declared.agents ?? 4 * cores;
  const acceptance = override.acceptance ?? declared.acceptance ?? cores;
  return { agents, acceptance: Math.max(1, Math.min(acceptance, agents)) };
}

/** Every task × trial, sliced deterministically when sharded (round robin over a stable order). */
export function planSlots(tasks: readonly ResolvedTask[], k: number, firstTrial: number, shard?: Shard): Slot[] {
  const slots = tasks.flatMap((task) => Array.from({ length: k }, (_, i) => ({ task, trial: firstTrial + i + 1 })));
  return shard ? slots.filter((_, i) => shardOf(i, shard.count) === shard.index) : slots;
}

/** A per-trial seed from the run seed, stable across machines and shard layouts. */
export function trialSeed(seed: number, taskId: string, trial: number): number {
  return Number.parseInt(sha256(`${seed}/${taskId}/${trial}`).slice(0, 8), 16) & 0x7fffffff;
}

/** The tasks `ids` name (a holdout task by its pseudonym, as a confirmation round asks), else all, the holdout source's last. */
function selectTasks(set: TrialSet, holdout: HoldoutRun, ids: readonly string[] | undefined): ResolvedTask[] {
  const all = [...set.tasks, ...holdout.fetched];
  if (!ids?.length) return all;
  for (const id of ids) {
    if (!holdout.find(all, id))
      throw noSuchTask(
        id,
        all.map((t) => holdout.name(t)),
        set.file,
      );
  }
  return all.filter((t) => ids.some((id) => holdout.find([t], id)));
}

/** A run directory starts empty: a trial must never see another run's files (and none are overwritten), nor write through a link. */
async function prepareRunDir(runDir: string, projectDir: string): Promise<void> {
  const existing = await readdir(runDir).catch(() => null);
  if (existing?.length)
    throw new UserInputError(runDir, '--out', 'exists and is not empty; choose a new directory (results of an earlier run are never overwritten)');
  makeOutputDir(runDir, projectDir, '--out');
}
