// The second step of a run: everything its trials share, opened before the first trial and closed after
// the last (however the run ends). The sandbox, one acceptance copy per task, the one pool of services
// every trial borrows from (reset-proved where it can be), each task's agent with its environment checked
// by a preflight, the scrubber, the model judge, the acceptor preflights, the log of finished trials, the
// permits that bound the runner's own work, and the watch on the run's integrity.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADAPTERS_VAR, adaptersDir } from '../agent/adapters.ts';
import { preflightAgent, type AgentPreflight } from '../agent/preflight.ts';
import { copyFixture, NO_FAULT, type Fixture } from '../fixture/load.ts';
import { baseEnvironment, openSandbox, passedEnvironment } from '../isolation/open.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { TrialLog } from '../results/trial-log.ts';
import type { Results } from '../schemas/results.ts';
import { SemanticLayer } from '../semantic/layer.ts';
import { ServicePool } from '../service/pool.ts';
import { EnvironmentError } from '../util/errors.ts';
import { Permits } from '../util/permits.ts';
import type { Scrubber } from '../util/scrub.ts';
import { secretsOf, trialSetSources } from '../secrets.ts';
import { TOOL_VERSION } from '../version.ts';
import { checkAcceptors, type AcceptorCheckResult } from './acceptor-checks.ts';
import type { RunOptions, RunPlan } from './run-plan.ts';
import { hashGlobs, hashWatched, RunIntegrity } from './run-integrity.ts';
import type { AgentSetup, RunContext } from './run-trial.ts';
import { offerReuse } from './services.ts';
import { isHoldout } from './holdout.ts';
import type { ResolvedTask, TrialSet } from './trialset.ts';

/** What the trials of a run share; `close` ends every part of it. */
export interface RunResources {
  sandbox: Sandbox;
  /** Each task's acceptance copy, by task id: made before any agent ran, verified before every use. */
  copies: ReadonlyMap<string, Fixture>;
  pool: ServicePool;
  /** Each task's agent, by task id. */
  agents: ReadonlyMap<string, AgentSetup>;
  scrubber: Scrubber;
  /** The model judge of a task: a holdout task's caches its prompts with its trials, never in the run directory. */
  semanticOf(task: ResolvedTask): SemanticLayer | undefined;
  /** The acceptor preflight of each task whose kind has one. */
  acceptorChecks: ReadonlyMap<string, AcceptorCheckResult>;
  integrity: RunIntegrity;
  log: TrialLog;
  /** What a trial of `task` is given: a holdout task's trials go to the holdout's private directory. */
  contextOf(task: ResolvedTask): RunContext;
  watched: Results['watched'];
  gitSha: string | null;
  /** Every trial has ended and the pool is closed: the acceptance copies' removal starts now (close awaits it). */
  releaseCopies(): void;
  close(): Promise<void>;
}

/** Open what the run's trials share; anything opened is closed again when a later part fails to open. */
export async function openRunResources(plan: RunPlan, options: RunOptions): Promise<RunResources> {
  const { set, tasks, runDir, holdout } = plan;
  const cleanup = new Cleanup();
  try {
    const sandbox = await openSandbox(options.isolation ?? set.config.agent.isolation, options.isolation ? '--isolation' : 'agent.isolation').catch(
      (e: Error) => {
        throw new EnvironmentError(e.message, 'isolation was required and is not available: see docs/isolation.md');
      },
    );
    cleanup.add(() => sandbox.dispose());
    options.onStart?.({ isolation: sandbox.report, trials: plan.slots.length });
    const copiesRoot = await mkdtemp(join(tmpdir(), 'trialgate-acceptance-'));
    // Removing files waits on the disk (a run's copies took 80-330 ms on a disk mounted with discard): started
    // once the copies are no longer needed (releaseCopies), it runs while the run writes its outputs.
    let removingCopies: Promise<void> | undefined;
    const removeCopies = () => (removingCopies ??= rm(copiesRoot, { recursive: true, force: true }));
    cleanup.add(removeCopies);
    const logDir = await mkdtemp(join(tmpdir(), 'trialgate-log-'));
    // The log is one small file: removed synchronously, without a round trip through libuv's threads.
    cleanup.add(() => rmSync(logDir, { recursive: true, force: true }));

    // The agents' preflight (a sandbox started and waited for) runs while the run hashes and copies what it
    // keeps: the first agent starts once both are done.
    const network = set.config.agent.network === 'none' ? 'none' : 'host';
    const conceal = [set.dir, runDir, copiesRoot, logDir, ...holdout.conceal];
    const agentsReady = prepareAgents(set, tasks, sandbox, conceal, network);
    // Handled from now on: a preflight that fails while the run still hashes and copies is thrown where it is
    // awaited below, not an unhandled rejection that ends the process. A run that fails to open waits for the
    // preflight's sandbox to end before it removes what it made.
    const agentsSettled = agentsReady.then(
      () => undefined,
      () => undefined,
    );
    cleanup.add(() => agentsSettled);
    const integrity = await RunIntegrity.start(set, tasks, (task) => holdout.name(task));
    const watched = await hashWatched(set);
    const gitSha = options.runInfo?.git_sha ?? gitHead(set.dir);
    const log = TrialLog.create(logDir);
    cleanup.add(() => log.close());
    const copies = new Map<string, Fixture>();
    for (const task of tasks) copies.set(task.spec.id, await copyFixture(task.fixture, join(copiesRoot, task.spec.id)));

    const pool = new ServicePool(sandbox);
    cleanup.add(() => pool.close());
    for (const task of tasks) {
      const fixture = copies.get(task.spec.id)!;
      const trials = plan.slots.filter((slot) => slot.task === task).length;
      if (trials === 0) {
        pool.refuse(fixture, 'no trial of this task runs here');
        continue;
      }
      // As many idle instances per variant as acceptances can run at once: no more are ever in use together.
      // The proof (or, for fewer than three trials, the measure of this machine's pace) runs while the first
      // agents do; their acceptance waits for it.
      pool.deciding(
        fixture,
        offerReuse({ pool, sandbox, fixture, kind: task.kind, faults: [NO_FAULT, ...Object.keys(task.faults)], keep: plan.concurrency.acceptance, trials }),
      );
    }

    const agents = await agentsReady;
    // The holdout key and its source's token are the trial set's to name; its source's tasks are known now.
    const { scrubber } = secretsOf({ ...trialSetSources(set, holdout.fetched), values: [...(options.secrets ?? []), ...holdout.secrets] });
    const judged = (held: boolean) =>
      tasks.filter((t) => isHoldout(t) === held).map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind }));
    const semantic = await SemanticLayer.open(set.config.judge, set.dir, judged(false), {
      cacheDir: options.judgeCache ?? join(runDir, 'judge-cache'),
      scrubber,
      sandbox,
    });
    if (semantic) cleanup.add(() => semantic.close());
    // The judge's cache holds its prompts: a holdout task's are cached with its trials, never in the run directory.
    const heldSemantic = holdout.dir
      ? await SemanticLayer.open(set.config.judge, set.dir, judged(true), { cacheDir: join(holdout.dir, 'judge-cache'), scrubber, sandbox })
      : undefined;
    if (heldSemantic) cleanup.add(() => heldSemantic.close());
    const acceptorChecks = await checkAcceptors(plan, copies, sandbox, scrubber, pool, options.keptAcceptorChecks);
    const context: RunContext = {
      runDir,
      sandbox,
      scrubber,
      budget: set.config.budget,
      limits: set.config.limits,
      network,
      logCapBytes: set.config.agent.log_cap_bytes,
      permits: new Permits(plan.concurrency.acceptance),
      conceal,
      verifyAcceptanceCopy: (taskId) =>
        integrity.verifyAcceptanceCopy(
          tasks.find((t) => t.spec.id === taskId)!,
          copies.get(taskId)!,
        ),
      projectChanges: () => integrity.projectChanges(),
      config: {
        k: plan.k,
        budget: set.config.budget,
        tool_versions: { trialgate: TOOL_VERSION, node: process.version },
        git_sha: gitSha,
        run_seed: plan.seed,
        isolation: sandbox.report,
      },
      ...(semantic ? { semantic } : {}),
    };
    const heldContext: RunContext = { ...context, runDir: holdout.dir ?? runDir, ...(heldSemantic ? { semantic: heldSemantic } : {}) };
    return {
      sandbox,
      copies,
      pool,
      agents,
      scrubber,
      semanticOf: (task) => (isHoldout(task) ? heldSemantic : semantic),
      acceptorChecks,
      integrity,
      log,
      contextOf: (task) => (isHoldout(task) ? heldContext : context),
      watched,
      gitSha,
      releaseCopies: () => void removeCopies().catch(() => undefined),
      close: () => cleanup.run(),
    };
  } catch (e) {
    await cleanup.run();
    throw e;
  }
}

/** What to undo, in reverse order of opening; each part once, whatever the others do. */
class Cleanup {
  private readonly steps: (() => unknown)[] = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    const failures: unknown[] = [];
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step();
      } catch (e) {
        failures.push(e);
      }
    }
    if (failures.length) throw failures[0];
  }
}

/**
 * Each task's agent: its environment, what it is shown, what its trials record, and whether its programs
 * and files can be found in its sandbox (one preflight per distinct agent, not per task).
 */
async function prepareAgents(
  set: TrialSet,
  tasks: readonly ResolvedTask[],
  sandbox: Sandbox,
  conceal: readonly string[],
  network: 'host' | 'none',
): Promise<Map<string, AgentSetup>> {
  // The shipped adapters are every agent's to run, wherever trialgate is installed.
  const adapters = adaptersDir();
  const preflights = new Map<string, Promise<AgentPreflight>>();
  const agents = new Map<string, AgentSetup>();
  for (const task of tasks) {
    const { env, setupError: unset } = agentEnvironment(set, task);
    const files = [...task.agent.files, ...(adapters ? [adapters] : [])];
    const key = JSON.stringify([task.agent.command, env, files]);
    let preflight = preflights.get(key);
    if (!preflight && !unset) {
      preflight = preflightAgent({ sandbox, command: task.agent.command, env, mounts: files.map((path) => ({ path })), conceal, network });
      preflights.set(key, preflight);
    }
    const checked = preflight ? await preflight : { found: [] };
    const setupError = unset ?? checked.problem;
    const watched = await hashGlobs(set.dir, task.agent.watch);
    agents.set(task.spec.id, {
      command: task.agent.command,
      env,
      ...(setupError ? { setupError } : { found: checked.found }),
      files,
      recorded: { agent_command: task.agent.command, watched },
    });
  }
  return agents;
}

/** What a task's agent's environment holds: the base, its literal variables and those it passes on. */
function agentEnvironment(set: TrialSet, task: ResolvedTask): { env: Record<string, string>; setupError?: string } {
  const env: Record<string, string> = { ...baseEnvironment() };
  for (const [name, value] of Object.entries(task.agent.env)) env[name] = value.replaceAll('${TRIALGATE_PROJECT}', set.dir);
  env.TRIALGATE_PROJECT = set.dir;
  const adapters = adaptersDir();
  if (adapters) env[ADAPTERS_VAR] = adapters;
  const where = `${set.file}: agent.pass_env${task.spec.agent?.pass_env.length ? ` (with task ${task.spec.id}'s own)` : ''}`;
  try {
    Object.assign(env, passedEnvironment(task.agent.passEnv, where));
    return { env };
  } catch (e) {
    if (!(e instanceof EnvironmentError)) throw e;
    return { env, setupError: e.message };
  }
}

function gitHead(dir: string): string | null {
  const out = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : null;
}
