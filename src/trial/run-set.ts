// A run of a trial set: tasks × k trials from clean copies in a pool of workers, then results.json,
// junit.xml and report.md beside the trial directories. Evidence goes to disk as each trial ends;
// memory holds only the small per-trial verdicts. The run's own integrity is watched too: the project's
// fixtures and watched files must not change under it, and the acceptance copies must stay as they began.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { AcceptanceCopyChanged } from '../acceptance/accept.ts';
import { copyFixture, hashProtected, NO_FAULT, type Fixture } from '../fixture/load.ts';
import { baseEnvironment, openSandbox, passedEnvironment, type IsolationSetting } from '../isolation/open.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { summarizeTask } from '../results/metrics.ts';
import { applyCommittedRepair } from '../repair/committed.ts';
import { ServicePool, type ServiceLender } from '../service/pool.ts';
import { TrialLog } from '../results/trial-log.ts';
import { writeLoggedRunFiles } from '../results/write.ts';
import { readResultsFile } from '../compare/read-results.ts';
import { RESULTS_SCHEMA, type Results, type RunDigest, type RunInfo, type TaskDigest, type TrialDigest, type TrialResult } from '../schemas/results.ts';
import { EnvironmentError, UserInputError } from '../util/errors.ts';
import { hashFiles, matchFiles } from '../util/files.ts';
import { sha256, sha256Manifest } from '../util/hash.ts';
import { mapPool } from '../util/pool.ts';
import { heldTokens, Scrubber } from '../util/scrub.ts';
import { judgeSecrets } from '../semantic/config.ts';
import { SemanticLayer } from '../semantic/layer.ts';
import { TOOL_VERSION } from '../version.ts';
import { projectChanges } from './integrity.ts';
import { runTrial, trialDirName, type RunContext } from './run-trial.ts';
import { offerReuse } from './services.ts';
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

/** A run as `recordTrialSet` returns it: every trial a digest, the whole of each in results.json. */
export interface RunRecord {
  runDir: string;
  resultsPath: string;
  run: RunDigest;
}

/** Run the trial set and read its results.json back whole (for callers that go on with every trial). */
export async function runTrialSet(options: RunOptions): Promise<RunOutput> {
  const { runDir, resultsPath } = await recordTrialSet(options);
  return { runDir, resultsPath, results: await readResultsFile(resultsPath) };
}

/**
 * Run the trial set. Each trial goes to disk as it ends (its directory, and a log its results are written
 * from at the end): while trials run, memory holds a digest per trial, not every trial's layers and reports.
 */
export async function recordTrialSet(options: RunOptions): Promise<RunRecord> {
  const set = await loadTrialSet(options.configPath);
  const k = options.trials ?? set.config.trials;
  const tasks = selectTasks(set, options.tasks);
  const seed = options.seed ?? set.config.seed;
  const slots = planSlots(tasks, k, options.firstTrial ?? 0, options.shard);
  const runDir = resolve(options.outDir ?? join(set.dir, '.trialgate', `run-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  await prepareRunDir(runDir);
  for (const task of tasks) await mkdir(join(runDir, task.spec.id), { recursive: true });

  const sandbox = await openSandbox(options.isolation ?? set.config.agent.isolation, options.isolation ? '--isolation' : 'agent.isolation').catch((e: Error) => {
    throw new EnvironmentError(e.message, 'isolation was required and is not available: see docs/isolation.md');
  });
  options.onStart?.({ isolation: sandbox.report, trials: slots.length });
  const watched = await hashWatched(set);
  const projectAtStart = await hashProject(set, tasks);
  const gitSha = options.runInfo?.git_sha ?? gitHead(set.dir);
  const startedAt = new Date().toISOString();
  const copiesRoot = await mkdtemp(join(tmpdir(), 'trialgate-acceptance-'));
  const logDir = await mkdtemp(join(tmpdir(), 'trialgate-log-'));
  const log = TrialLog.create(logDir);
  const pool = new ServicePool(sandbox);
  let semantic: SemanticLayer | undefined;
  try {
    const copies = new Map<string, Fixture>();
    for (const task of tasks) copies.set(task.spec.id, await copyFixture(task.fixture, join(copiesRoot, task.spec.id)));
    const concurrency = options.concurrency ?? set.config.concurrency;
    for (const task of tasks) {
      const fixture = copies.get(task.spec.id)!;
      if (!slots.some((slot) => slot.task === task)) {
        pool.refuse(fixture, 'no trial of this task runs here');
        continue;
      }
      await offerReuse({ pool, sandbox, fixture, kind: task.kind, acceptance: task.acceptance, faults: [NO_FAULT, ...Object.keys(task.faults)], slots: Math.min(concurrency, slots.length) });
    }
    const { env: agentEnv, setupError } = agentEnvironment(set);
    const scrubber = new Scrubber([...(options.secrets ?? []), ...heldTokens(process.env), ...passedValues(set), ...judgeSecrets(set.config.judge)]);
    semantic = await SemanticLayer.open(set.config.judge, set.dir, tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge })), {
      cacheDir: options.judgeCache ?? join(runDir, 'judge-cache'),
      scrubber,
    });
    let integrityError: string | undefined;
    const run: RunContext = {
      runDir,
      sandbox,
      scrubber,
      budget: set.config.budget,
      limits: set.config.limits,
      agent: {
        command: set.config.agent.command,
        env: agentEnv,
        ...(setupError ? { setupError } : {}),
        files: set.agentFiles,
        network: set.config.agent.network === 'none' ? 'none' : 'host',
        logCapBytes: set.config.agent.log_cap_bytes,
      },
      conceal: [set.dir, runDir, copiesRoot, logDir],
      verifyAcceptanceCopy: async (taskId) => {
        const task = tasks.find((t) => t.spec.id === taskId)!;
        const copy = copies.get(taskId)!;
        const now = sha256Manifest(await hashProtected(copy.dir, copy.manifest));
        if (now !== task.fixture.sha256) {
          integrityError ??= `the acceptance copy of task ${taskId} changed during the run (its hash is no longer the fixture's ${task.fixture.sha256.slice(0, 12)}): no trial of this run can be trusted`;
          throw new AcceptanceCopyChanged(integrityError);
        }
      },
      projectChanges: async () => projectChanges(projectAtStart, await hashProject(set, tasks)),
      config: {
        agent_command: set.config.agent.command,
        watched,
        k,
        budget: set.config.budget,
        tool_versions: { trialgate: TOOL_VERSION, node: process.version },
        git_sha: gitSha,
        run_seed: seed,
        isolation: sandbox.report,
      },
      ...(semantic ? { semantic } : {}),
    };

    const byTask = new Map<string, TrialDigest[]>(tasks.map((t) => [t.spec.id, []]));
    let done = 0;
    await mapPool(slots, concurrency, async ({ task, trial }, _, slot) => {
      let result = integrityError ? unexecuted(trial, task) : await runOne(run, task, copies.get(task.spec.id)!, trial, seed, pool.lender(slot));
      const repair = integrityError ? undefined : await committedRepair(set, task, result, runDir, sandbox.report.mechanism === 'none' ? 'none' : 'auto');
      if (repair) result = { ...result, repair };
      byTask.get(task.spec.id)!.push(log.append(task.spec.id, result));
      options.onProgress?.({ done: ++done, total: slots.length, task: task.spec.id, trial, result });
    });

    const trust = <T extends TrialDigest>(result: T): T => (integrityError ? untrusted(result, integrityError) : result);
    const record: RunDigest = {
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
        isolation: sandbox.report,
        ...(integrityError ? { integrity_error: integrityError } : {}),
      },
      watched,
      agent: { command: set.config.agent.command },
      tasks: tasks.map((task) => ({
        ...taskResult(set, task, k, byTask.get(task.spec.id)!.map(trust)),
        services: pool.use(copies.get(task.spec.id)!),
        ...semantic?.taskFields(task.spec.id),
      })),
    };
    await pool.close();
    const trials = function* (taskId: string) {
      for (const trial of log.trials(taskId)) yield trust(trial);
    };
    const resultsPath = await writeLoggedRunFiles(runDir, record, trials, scrubber);
    return { runDir, resultsPath, run: record };
  } finally {
    await pool.close();
    log.close();
    await rm(logDir, { recursive: true, force: true });
    await semantic?.close();
    await rm(copiesRoot, { recursive: true, force: true });
    await sandbox.dispose();
  }
}

/** The repair the repository holds for this trial's delivered candidate, re-applied; undefined when none. */
async function committedRepair(set: TrialSet, task: ResolvedTask, result: TrialResult, runDir: string, isolation: IsolationSetting): Promise<TrialResult['repair']> {
  try {
    return await applyCommittedRepair(set, task, { fixture_sha256: task.fixture.sha256 }, result, join(runDir, result.evidence), runDir, isolation);
  } catch (e) {
    // A committed repair that cannot be applied is a note on the repair, never the trial's undoing.
    return { outcome: 'env_error', source: 'committed', minutes: 0, patch_lines: 0, patch_files: 0, candidate_sha256: result.candidate_sha256 ?? '', patch: '', failures: [(e as Error).message] };
  }
}

/** One trial; whatever goes wrong inside it is that trial's result, never the run's end. */
async function runOne(run: RunContext, task: ResolvedTask, copy: Fixture, trial: number, seed: number, services: ServiceLender): Promise<TrialResult> {
  try {
    return await runTrial({ run, task, acceptanceCopy: copy, trial, seed: trialSeed(seed, task.spec.id, trial), services });
  } catch (e) {
    if (e instanceof AcceptanceCopyChanged) return unexecuted(trial, task, e.message);
    return {
      ...unexecuted(trial, task, (e as Error).message),
      outcome: 'env_error',
      stop_reason: 'env_error',
      env_error: 'trialgate failed on this trial (an internal error, not the agent’s): please report it',
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

/** After a run-level integrity error no trial passes: each names why (in its layers, when it has them). */
function untrusted<T extends TrialDigest & { layers?: TrialResult['layers'] }>(result: T, why: string): T {
  if (result.outcome !== 'pass') return result;
  const failed: T = { ...result, outcome: 'fail', checks: { ...result.checks, pass: false } };
  if (result.layers) failed.layers = { ...result.layers, constraints: { ok: false, failures: [...result.layers.constraints.failures, why] } };
  return failed;
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

function taskResult(set: TrialSet, task: ResolvedTask, k: number, trials: TrialDigest[]): TaskDigest {
  trials.sort((a, b) => a.trial - b.trial);
  return {
    id: task.spec.id,
    set: task.spec.set,
    fixture: relative(set.dir, task.fixture.dir) || '.',
    fixture_sha256: task.fixture.sha256,
    acceptor_version: task.kind.acceptorVersion(task.acceptance),
    budget: set.config.budget,
    faults: Object.entries(task.faults).map(([id, label]) => ({ id, label })),
    trials,
    summary: summarizeTask(trials, k, task.kind.countsDetections ? Object.keys(task.faults) : []),
  };
}

/** The watched prompt/skill files: their hashes are the version under test. */
export async function hashWatched(set: TrialSet): Promise<Results['watched']> {
  const hashes = await hashFiles(set.dir, await matchFiles(set.dir, set.config.watch));
  return { sha256: sha256Manifest(hashes), files: hashes };
}

/** The project files the run depends on: every watched file and every task's protected fixture files. */
async function hashProject(set: TrialSet, tasks: readonly ResolvedTask[]): Promise<Record<string, string>> {
  const out: Record<string, string> = { ...(await hashWatched(set)).files };
  for (const task of tasks) {
    for (const [file, hash] of Object.entries(await hashProtected(task.fixture.dir, task.fixture.manifest))) out[relative(set.dir, join(task.fixture.dir, file))] = hash;
  }
  return out;
}

/** What the agent's environment holds: the base, the trial set's literal variables and those it passes on. */
function agentEnvironment(set: TrialSet): { env: Record<string, string>; setupError?: string } {
  const env: Record<string, string> = { ...baseEnvironment() };
  for (const [name, value] of Object.entries(set.config.agent.env)) env[name] = value.replaceAll('${TRIALGATE_PROJECT}', set.dir);
  env.TRIALGATE_PROJECT = set.dir;
  try {
    Object.assign(env, passedEnvironment(set.config.agent.pass_env, `${set.file}: agent.pass_env`));
    return { env };
  } catch (e) {
    if (!(e instanceof EnvironmentError)) throw e;
    return { env, setupError: e.message };
  }
}

/** The values passed on to agents and acceptors: all of them are scrubbed from what the run writes. */
function passedValues(set: TrialSet): string[] {
  const names = [...set.config.agent.pass_env, ...set.tasks.flatMap((t) => (t.acceptance.kind === 'command' ? t.acceptance.pass_env : []))];
  return names.flatMap((name) => (process.env[name] ? [process.env[name]] : []));
}

function gitHead(dir: string): string | null {
  const out = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : null;
}
