// A run of a trial set: tasks × k trials from clean copies in a pool of workers, then results.json,
// junit.xml and report.md beside the trial directories. Evidence goes to disk as each trial ends;
// memory holds only the small per-trial verdicts.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { copyFixture, type Fixture } from '../fixture/load.ts';
import { summarizeTask } from '../results/metrics.ts';
import { writeRunFiles } from '../results/write.ts';
import { RESULTS_SCHEMA, type Results, type RunInfo, type TaskResult, type TrialResult } from '../schemas/results.ts';
import { UserInputError } from '../util/errors.ts';
import { hashFiles, matchFiles } from '../util/files.ts';
import { sha256, sha256Manifest } from '../util/hash.ts';
import { mapPool } from '../util/pool.ts';
import { TOOL_VERSION } from '../version.ts';
import { runTrial } from './run-trial.ts';
import { loadTrialSet, type ResolvedTask, type TrialSet } from './trialset.ts';

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
  concurrency?: number;
  seed?: number;
  shard?: Shard;
  /** Trial numbers start after this (confirmation rounds add trials to a run). */
  firstTrial?: number;
  /** Facts only the caller knows (PR number, workflow run id, refs). */
  runInfo?: Partial<Pick<RunInfo, 'ref' | 'base_ref' | 'pr_number' | 'workflow_run_id' | 'git_sha'>>;
  /** Values scrubbed from agent logs. */
  secrets?: readonly string[];
  onProgress?: (event: ProgressEvent) => void;
}

export interface ProgressEvent {
  done: number;
  total: number;
  task: string;
  trial: number;
  result: TrialResult;
}

export interface RunOutput {
  runDir: string;
  resultsPath: string;
  results: Results;
}

/** Environment variables of the action and the runner that an agent must never see. */
const HIDDEN_FROM_AGENT = /^(INPUT_|ACTIONS_RUNTIME_TOKEN$|ACTIONS_RESULTS_URL$|ACTIONS_ID_TOKEN_REQUEST_|GITHUB_TOKEN$|GH_TOKEN$|TRIALGATE_CONTROL_TOKEN$)/;

export async function runTrialSet(options: RunOptions): Promise<RunOutput> {
  const set = await loadTrialSet(options.configPath);
  const k = options.trials ?? set.config.trials;
  const tasks = selectTasks(set, options.tasks);
  const seed = options.seed ?? set.config.seed;
  const slots = planSlots(tasks, k, options.firstTrial ?? 0, options.shard);
  const runDir = resolve(options.outDir ?? join(set.dir, '.trialgate', `run-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  await prepareRunDir(runDir);
  for (const task of tasks) await mkdir(join(runDir, task.spec.id), { recursive: true });

  const watched = await hashWatched(set);
  const gitSha = options.runInfo?.git_sha ?? gitHead(set.dir);
  const startedAt = new Date().toISOString();
  const pristineRoot = await mkdtemp(join(tmpdir(), 'trialgate-pristine-'));
  try {
    const pristine = new Map<string, Fixture>();
    for (const task of tasks) pristine.set(task.spec.id, await copyFixture(task.fixture, join(pristineRoot, task.spec.id)));

    const agentEnv = agentEnvironment(set);
    const byTask = new Map<string, TrialResult[]>(tasks.map((t) => [t.spec.id, []]));
    let done = 0;
    await mapPool(slots, options.concurrency ?? set.config.concurrency, async ({ task, trial }) => {
      const result = await runTrial({
        runDir,
        task,
        pristine: pristine.get(task.spec.id)!,
        trial,
        seed: trialSeed(seed, task.spec.id, trial),
        budget: set.config.budget,
        agentCommand: set.config.agent.command,
        agentEnv,
        logCapBytes: set.config.agent.log_cap_bytes,
        secrets: options.secrets ?? [],
        config: {
          task: task.spec.id,
          agent_command: set.config.agent.command,
          watched,
          k,
          budget: set.config.budget,
          tool_versions: { trialgate: TOOL_VERSION, node: process.version },
          git_sha: gitSha,
          run_seed: seed,
        },
      });
      byTask.get(task.spec.id)!.push(result);
      options.onProgress?.({ done: ++done, total: slots.length, task: task.spec.id, trial, result });
    });

    const results: Results = {
      schema: RESULTS_SCHEMA,
      trial_set: { name: set.config.name, sha256: set.sha256 },
      run: {
        git_sha: gitSha,
        ref: options.runInfo?.ref ?? null,
        base_ref: options.runInfo?.base_ref ?? null,
        pr_number: options.runInfo?.pr_number ?? null,
        workflow_run_id: options.runInfo?.workflow_run_id ?? null,
        tool_version: TOOL_VERSION,
        started_at: startedAt,
        finished_at: new Date().toISOString(),
        seed,
        k,
        ...(options.shard ? { shard: options.shard } : {}),
      },
      watched,
      agent: { command: set.config.agent.command },
      tasks: tasks.map((task) => taskResult(set, task, k, byTask.get(task.spec.id)!)),
    };
    const resultsPath = await writeRunFiles(runDir, results);
    return { runDir, resultsPath, results };
  } finally {
    await rm(pristineRoot, { recursive: true, force: true });
  }
}

/** A run directory starts empty: a trial must never see another run's files (and none are overwritten). */
async function prepareRunDir(runDir: string): Promise<void> {
  const existing = await readdir(runDir).catch(() => null);
  if (existing?.length) throw new UserInputError(runDir, '--out', 'exists and is not empty; choose a new directory (results of an earlier run are never overwritten)');
  await mkdir(runDir, { recursive: true });
}

function selectTasks(set: TrialSet, ids: readonly string[] | undefined): ResolvedTask[] {
  if (!ids?.length) return set.tasks;
  for (const id of ids) {
    if (!set.tasks.some((t) => t.spec.id === id)) {
      throw new UserInputError(set.file, 'tasks', `no task ${id}; tasks: ${set.tasks.map((t) => t.spec.id).join(', ')}`);
    }
  }
  return set.tasks.filter((t) => ids.includes(t.spec.id));
}

/** Every task × trial, sliced deterministically when sharded (round robin over a stable order). */
export function planSlots(tasks: readonly ResolvedTask[], k: number, firstTrial: number, shard?: Shard) {
  const slots = tasks.flatMap((task) => Array.from({ length: k }, (_, i) => ({ task, trial: firstTrial + i + 1 })));
  return shard ? slots.filter((_, i) => i % shard.count === shard.index - 1) : slots;
}

/** A per-trial seed from the run seed, stable across machines and shard layouts. */
export function trialSeed(seed: number, taskId: string, trial: number): number {
  return Number.parseInt(sha256(`${seed}/${taskId}/${trial}`).slice(0, 8), 16) & 0x7fffffff;
}

function taskResult(set: TrialSet, task: ResolvedTask, k: number, trials: TrialResult[]): TaskResult {
  trials.sort((a, b) => a.trial - b.trial);
  const acceptance = task.spec.acceptance;
  return {
    id: task.spec.id,
    set: task.spec.set,
    fixture: relative(set.dir, task.fixture.dir) || '.',
    fixture_sha256: task.fixture.sha256,
    acceptor_version: acceptance.kind === 'command' ? `command@1:${sha256(acceptance.command).slice(0, 12)}` : `${acceptance.kind}@1`,
    budget: set.config.budget,
    faults: Object.entries(task.faults).map(([id, label]) => ({ id, label })),
    trials,
    // A tools task's faults are boundaries, judged by `tool:` checks: there is no detection to count.
    summary: summarizeTask(trials, k, acceptance.kind === 'tools' ? [] : Object.keys(task.faults)),
  };
}

/** The watched prompt/skill files: their hashes are the version under test. */
export async function hashWatched(set: TrialSet): Promise<Results['watched']> {
  const hashes = await hashFiles(set.dir, await matchFiles(set.dir, set.config.watch));
  return { sha256: sha256Manifest(hashes), files: hashes };
}

function agentEnvironment(set: TrialSet): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!HIDDEN_FROM_AGENT.test(name)) env[name] = value;
  for (const [name, value] of Object.entries(set.config.agent.env)) env[name] = value.replaceAll('${TRIALGATE_PROJECT}', set.dir);
  env.TRIALGATE_PROJECT = set.dir;
  return env;
}

function gitHead(dir: string): string | null {
  const out = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : null;
}
