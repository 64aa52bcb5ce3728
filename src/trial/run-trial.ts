// One trial: a clean trial directory, the task's kind run through the trial handle (the agent sandboxed
// under its budget with integrity checked around every run, acceptance from the verified acceptance
// copy), then the layered verdict into evidence/verdict.json. Nothing the agent planted is followed.
import { chmodSync, cpSync, mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runAgentProcess } from '../agent/process.ts';
import { readCandidate, type CandidateSnapshot } from '../acceptance/snapshot.ts';
import type { AgentRequest, AgentRun, KindResult, TrialHandle } from '../kinds/contract.ts';
import type { SemanticLayer } from '../semantic/layer.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { MachinePace } from '../service/pace.ts';
import type { ServiceLender } from '../service/pool.ts';
import { TrialResult, type Usage } from '../schemas/results.ts';
import type { Timings, TrialConfig } from '../schemas/trial.ts';
import type { Budget, Limits } from '../schemas/trialset.ts';
import { diskFull, EnvironmentError } from '../util/errors.ts';
import { listEntries, readRegularFile, removeWritten, unlessMissing } from '../util/files.ts';
import { firstChanges } from '../util/hash.ts';
import { writeInside } from '../util/safe-write.ts';
import type { Permits } from '../util/permits.ts';
import type { Scrubber } from '../util/scrub.ts';
import { integrityViolations, noFindings, reclaimAccess, restoreTrialDir, takeSnapshot, type IntegrityFindings } from './integrity.ts';
import type { ResolvedTask } from './trialset.ts';
import { readUsageReport, sumUsage } from './usage.ts';
import { trialVerdict } from './verdict.ts';

/** What every trial of a run shares. */
export interface RunContext {
  runDir: string;
  sandbox: Sandbox;
  scrubber: Scrubber;
  budget: Budget;
  limits: Limits;
  /** The agents' network: `none` leaves them loopback only. */
  network: 'host' | 'none';
  /** Bytes of an agent's output kept in evidence/agent.log. */
  logCapBytes: number;
  /**
   * The runner's own work on trials (preparing, accepting, judging the verdict) is CPU: a trial holds one
   * of these permits for it, and gives it back while its agent runs or the model judge answers, which wait.
   */
  permits: Permits;
  /** Directories a sandbox must show nothing of but what it mounts: the project, the run, the acceptance copies. */
  conceal: readonly string[];
  /** The task's acceptance copy is unchanged since the run started; throws AcceptanceCopyChanged otherwise. */
  verifyAcceptanceCopy(taskId: string): Promise<void>;
  /** Changes to the project's fixtures and watched files since the run started. */
  projectChanges(): Promise<string[]>;
  /** Recorded in each trial's config.json, with the trial's task, number and seed. */
  config: Omit<TrialConfig, 'task' | 'trial' | 'seed' | keyof AgentSetup['recorded']>;
  /** The model judge, applied after any kind's acceptance to tasks that declare judge items. */
  semantic?: SemanticLayer;
}

/** A task's agent as the run prepared it (the trial set's `agent` with the task's own settings over it). */
export interface AgentSetup {
  command: string;
  /** The whole environment the agent gets besides the trial's variables. */
  env: Record<string, string>;
  /** A declared variable is missing, or the preflight found a program or file the agent cannot see: every agent run is a setup error. */
  setupError?: string;
  /** The command's programs the preflight found in the sandbox (agent/preflight.ts). */
  found?: readonly string[];
  /** Project files shown read-only. */
  files: readonly string[];
  /** What each trial's config.json records of it: its command and the hashes of its watched files. */
  recorded: Pick<TrialConfig, 'agent_command' | 'watched'>;
}

export interface TrialContext {
  run: RunContext;
  task: ResolvedTask;
  agent: AgentSetup;
  /** The task's acceptance copy (made before any agent ran). */
  acceptanceCopy: ResolvedTask['fixture'];
  trial: number;
  seed: number;
  /** Where acceptance gets each variant's service: the run's pool. */
  services: ServiceLender;
  /** This machine's pace for the task's machinery, as the run's preflight measured it (default: none measured). */
  pace?: MachinePace;
}

const DISK_FULL = 'the disk is full: an environment failure, not the agent’s';
export const PROJECT_CHANGED =
  'the project’s fixtures or watched files changed during the run, out of the isolated agent’s reach (another process edited them): an environment failure, not the agent’s; run again with the project unchanged';

export function trialDirName(trial: number): string {
  return `trial-${String(trial).padStart(3, '0')}`;
}

/** One trial, holding one of the run's permits for the runner's own work (RunContext.permits). */
export function runTrial(ctx: TrialContext): Promise<TrialResult> {
  return ctx.run.permits.hold(() => runHeld(ctx));
}

async function runHeld(ctx: TrialContext): Promise<TrialResult> {
  const started = performance.now();
  const taskDir = join(ctx.run.runDir, ctx.task.spec.id);
  const trialDir = join(taskDir, trialDirName(ctx.trial));
  const evidence = relative(ctx.run.runDir, trialDir);

  try {
    await prepareTrialDir(ctx, trialDir);
  } catch (e) {
    // A failed system call is the machine's (disk full, run directory not writable); anything else is a bug.
    if ((e as NodeJS.ErrnoException).code === undefined) throw e;
    return envErrorResult(
      ctx.trial,
      evidence,
      started,
      `could not prepare ${evidence}: ${(e as Error).message}`,
      'the trial directory could not be written (disk full or not writable): an environment failure',
    );
  }
  const handle = new Trial(ctx, trialDir, taskDir);
  let result: KindResult;
  try {
    result = await ctx.task.kind.run(handle);
  } catch (e) {
    // Links are removed and secrets scrubbed whatever ended the trial. Only the environment's failures are
    // env errors; any other error stops the run (run-set.ts), never laundered into an exclusion.
    await handle.cleanUp();
    if (!(e instanceof EnvironmentError) && !diskFull(e)) throw e;
    const rule = e instanceof EnvironmentError ? e.rule : DISK_FULL;
    return handle.writeVerdict(envErrorResult(ctx.trial, evidence, started, (e as Error).message, rule));
  }
  const agent = combineAgentRuns(result.agentRuns);
  const integrity = handle.integrity;
  const projectChanged = await ctx.run.projectChanges();
  if (projectChanged.length > 0 && ctx.run.sandbox.confinesFiles) {
    // An isolated agent (its services and acceptors too) cannot write the project: another process changed
    // the version under test while the trial ran, which says nothing of the agent.
    await handle.cleanUp();
    return handle.writeVerdict(envErrorResult(ctx.trial, evidence, started, firstChanges(projectChanged).join('; '), PROJECT_CHANGED));
  }
  // Unisolated, the agent could have made the change: it breaks the trial's constraints.
  integrity.tampered.push(...projectChanged);
  handle.note('unsafe', result.unsafeCandidate);
  const notes = await handle.cleanUp();
  // After the clean-up, so the judge reads the candidate as uploaded (scrubbed); an env error has nothing to judge.
  const judgeStarted = performance.now();
  const semantic = ctx.run.semantic;
  const judge = semantic && !result.envError ? await ctx.run.permits.without(() => semantic.judgeTrial(handle)) : undefined;
  const judgeMs = performance.now() - judgeStarted;
  const usage = sumUsage(result.agentRuns.map((r) => r.usage));
  const verdict = trialVerdict({
    trial: ctx.trial,
    agent,
    kind: result,
    integrity,
    claimedSuccess: result.judgeClaimsInLog && handle.claimed,
    ...(usage ? { usage } : {}),
    budget: ctx.run.budget,
    ...(result.envError ? { envError: result.envError } : {}),
    wallMs: performance.now() - started,
    ...(result.candidateSha256 ? { candidateSha256: result.candidateSha256 } : {}),
    evidence,
    notes: [...handle.notes, ...notes],
    ...(judge ? { judge } : {}),
  });
  const acceptanceMs = performance.now() - started - agent.agentMs - (judge ? judgeMs : 0);
  await handle.writeEvidence(
    'timings.json',
    json({
      agent_ms: Math.round(agent.agentMs),
      acceptance_ms: Math.max(0, Math.round(acceptanceMs)),
      ...(judge ? { judge_ms: Math.round(judgeMs) } : {}),
      wall_ms: verdict.wall_ms,
    } satisfies Timings),
  );
  return handle.writeVerdict(verdict);
}

/** The runner's side of the task-kind contract for one trial. */
class Trial implements TrialHandle {
  readonly integrity: IntegrityFindings = noFindings();
  private readonly noted: Record<keyof IntegrityFindings, Set<string>> = { tampered: new Set(), escaped: new Set(), forged: new Set(), unsafe: new Set() };
  /** Some agent run of the trial claimed in its output that the tests pass (read from all of it, not the capped log). */
  claimed = false;
  /** What the runner refused or bounded of what the agent reported (its usage), as trajectory notes. */
  readonly notes: string[] = [];

  constructor(
    private readonly ctx: TrialContext,
    readonly trialDir: string,
    private readonly taskDir: string,
  ) {}

  get task() {
    return { id: this.ctx.task.spec.id, fixture: this.ctx.acceptanceCopy, faults: this.ctx.task.faults };
  }
  get trial() {
    return this.ctx.trial;
  }
  get seed() {
    return this.ctx.seed;
  }
  get sandbox() {
    return this.ctx.run.sandbox;
  }
  get services() {
    return this.ctx.services;
  }
  get pace() {
    return (this.ctx.pace ??= new MachinePace());
  }
  get scrubber() {
    return this.ctx.run.scrubber;
  }

  async runAgent(request: AgentRequest = {}): Promise<AgentRun> {
    const { run } = this.ctx;
    const candidateDir = join(this.trialDir, 'candidate');
    const evidenceDir = join(this.trialDir, 'evidence');
    const sub = (name: string) => (request.evidenceSubdir ? `${request.evidenceSubdir}/${name}` : name);
    await mkdir(candidateDir, { recursive: true });
    const setup = this.ctx.agent;
    if (setup.setupError)
      return { exitCode: null, signal: null, budgetExhausted: false, agentMs: 0, logBytes: 0, logCapped: false, setupError: setup.setupError };

    // Isolated, the agent's evidence/ is a scratch directory of its own: the real one is the runner's.
    const isolated = run.sandbox.confinesFiles;
    const scratch = isolated ? await mkdtemp(join(tmpdir(), 'trialgate-agent-evidence-')) : evidenceDir;
    try {
      const before = await takeSnapshot(this.trialDir, this.taskDir, run.runDir);
      // The agent waits on its model: the permit goes to another trial's preparation or acceptance meanwhile.
      const launch = () =>
        runAgentProcess({
          sandbox: run.sandbox,
          command: setup.command,
          cwd: this.trialDir,
          env: {
            ...setup.env,
            TRIALGATE_TRIAL_DIR: this.trialDir,
            TRIALGATE_INPUTS: join(this.trialDir, 'inputs'),
            TRIALGATE_TASK: join(this.trialDir, 'task.txt'),
            TRIALGATE_CANDIDATE: candidateDir,
            TRIALGATE_SEED: String(this.ctx.seed),
            TRIALGATE_TRIAL: String(this.ctx.trial),
            ...request.env,
          },
          mounts: [
            { path: this.trialDir },
            { path: join(this.trialDir, 'candidate'), writable: true },
            { path: scratch, writable: true, at: evidenceDir },
            ...setup.files.map((path) => ({ path })),
            ...(request.readable ?? []).map((path) => ({ path })),
          ],
          conceal: run.conceal,
          network: run.network,
          ...(request.forward ? { forward: request.forward } : {}),
          wallMs: run.budget.wall_seconds * 1000,
          logCapBytes: run.logCapBytes,
          found: setup.found ?? [],
          scrubber: run.scrubber.with(request.secrets ?? []),
        });
      let process = await run.permits.without(launch);
      // A sandbox that never started the agent is trialgate's machinery failing: nothing ran, so it is started once more.
      if (process.machinery) process = await run.permits.without(launch);
      this.claimed ||= process.claimedSuccess;
      const restored = restoreTrialDir(this.trialDir);
      if (restored) this.note('tampered', [restored]);
      this.note('unsafe', reclaimAccess(this.trialDir));
      if (isolated) this.note('unsafe', reclaimAccess(scratch, 'evidence'));
      const after = await takeSnapshot(this.trialDir, this.taskDir, run.runDir);
      const found = integrityViolations(before, after);
      this.note('tampered', found.tampered);
      this.note('escaped', found.escaped);
      const usage = await this.takeAgentEvidence(isolated ? scratch : evidenceDir, isolated ? [] : before.evidence, sub('usage.json'));
      await this.writeEvidence(sub('agent.log'), process.log);
      const { log: _log, claimedSuccess: _claimed, ...agent } = process;
      return { ...agent, ...(usage ? { usage } : {}) };
    } finally {
      if (isolated) await removeWritten(scratch);
    }
  }

  readCandidate(subdir?: string): Promise<CandidateSnapshot> {
    const { limits } = this.ctx.run;
    return readCandidate(
      join(this.trialDir, 'candidate', subdir ?? ''),
      { bytes: limits.candidate_mb * 1024 * 1024, files: limits.candidate_files },
      `candidate/${subdir ? `${subdir}/` : ''}`,
    );
  }

  /** Below the trial directory, so that an evidence/ the agent removed or replaced is made anew, never followed. */
  writeEvidence(relPath: string, data: string | Buffer): Promise<string> {
    return writeInside(this.trialDir, `evidence/${relPath}`, data, this.ctx.run.scrubber);
  }

  verifyAcceptanceCopy(): Promise<void> {
    return this.ctx.run.verifyAcceptanceCopy(this.ctx.task.spec.id);
  }

  /**
   * Before the verdict: links and special files the agent left anywhere in its directory are named and
   * removed (an artefact upload must not follow them), and secrets are scrubbed from the candidate.
   * Returns what it did, as trajectory notes.
   */
  async cleanUp(): Promise<string[]> {
    this.note('unsafe', reclaimAccess(this.trialDir));
    const planted = await this.removePlanted();
    const scrubbed = await this.scrubCandidate();
    return [
      ...(planted.length
        ? [`removed ${planted.length} ${planted.length === 1 ? 'link or special file' : 'links or special files'} the agent left: ${someOf(planted)}`]
        : []),
      ...(scrubbed.length ? [`secret values scrubbed from ${scrubbed.join(', ')} (the candidate hash is of the bytes as delivered)`] : []),
    ];
  }

  async writeVerdict(result: TrialResult): Promise<TrialResult> {
    await this.writeEvidence('verdict.json', json(TrialResult.parse(result)));
    return result;
  }

  /**
   * What the agent wrote where evidence goes: usage.json is its to write (moved to `usagePath`); anything
   * else is forged evidence, and a link there is named too.
   */
  private async takeAgentEvidence(dir: string, known: readonly string[], usagePath: string): Promise<Usage | undefined> {
    const entries = (await unlessMissing(listEntries(dir), [])).filter((e) => e.kind !== 'dir' && !known.includes(`evidence/${e.path}`));
    let usage: Usage | undefined;
    for (const entry of entries) {
      if (entry.path === 'usage.json' && entry.kind === 'file') {
        const report = await readUsageReport(join(dir, entry.path), `evidence/${usagePath}`);
        usage = report.usage;
        this.notes.push(...report.notes);
        if (dir !== join(this.trialDir, 'evidence') || usagePath !== 'usage.json') await rm(join(dir, entry.path), { force: true });
        if (usage) await this.writeEvidence(usagePath, json(usage));
        continue;
      }
      if (entry.path === 'agent.log' || entry.path.endsWith('/agent.log')) continue;
      if (entry.kind === 'link')
        this.note('unsafe', [
          `evidence/${entry.path} is a symbolic link (to ${await readlink(join(dir, entry.path)).catch(() => '?')}): links are never followed`,
        ]);
      else this.note('forged', [`wrote evidence/${entry.path} (evidence is the runner's to write)`]);
    }
    return usage;
  }

  private async removePlanted(): Promise<string[]> {
    const removed: string[] = [];
    // What a line already names: the text before any of its spaces (a path may hold spaces itself).
    const named = new Set(this.integrity.unsafe.flatMap((line) => [...line.matchAll(/ /g)].map((m) => line.slice(0, m.index))));
    for (const entry of await listEntries(this.trialDir)) {
      if (entry.kind !== 'link' && entry.kind !== 'other') continue;
      const what = entry.kind === 'link' ? `a symbolic link (to ${await readlink(join(this.trialDir, entry.path)).catch(() => '?')})` : 'a special file';
      if (!named.has(entry.path)) this.note('unsafe', [`${entry.path} is ${what}: links and special files are never followed`]);
      await rm(join(this.trialDir, entry.path), { force: true });
      removed.push(entry.path);
    }
    return removed;
  }

  /** The candidate is uploaded with the evidence: no secret may be in it (its hash is of the bytes as delivered). */
  private async scrubCandidate(): Promise<string[]> {
    const { scrubber } = this.ctx.run;
    if (!scrubber.patterns.length) return [];
    const dir = join(this.trialDir, 'candidate');
    const changed: string[] = [];
    for (const entry of await unlessMissing(listEntries(dir), [])) {
      if (entry.kind !== 'file') continue;
      // Past the candidate's size limit a file is not read here; the artefact upload scrubs every file it sends.
      const bytes = await unlessMissing(readRegularFile(join(dir, entry.path), this.ctx.run.limits.candidate_mb * 1024 * 1024), null);
      if (!bytes) continue;
      const clean = scrubber.bytes(bytes);
      if (clean === bytes) continue;
      await writeInside(dir, entry.path, clean);
      changed.push(`candidate/${entry.path}`);
    }
    return changed;
  }

  /** Each line once, in a time linear in the lines: an agent can leave a million links. */
  note(kind: keyof IntegrityFindings, lines: readonly string[]): void {
    const seen = this.noted[kind];
    for (const line of lines) {
      if (seen.has(line)) continue;
      seen.add(line);
      this.integrity[kind].push(line);
    }
  }
}

/** The first few of many names, and how many more: a note stays a line however many the agent left. */
function someOf(names: readonly string[], shown = 10): string {
  return names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** Synchronous calls: a handful of small local files, cheaper than their asynchronous round trips (util/files.ts). */
async function prepareTrialDir(ctx: TrialContext, trialDir: string): Promise<void> {
  mkdirSync(join(trialDir, 'candidate'), { recursive: true });
  mkdirSync(join(trialDir, 'evidence'), { recursive: true });
  cpSync(join(ctx.acceptanceCopy.dir, 'inputs'), join(trialDir, 'inputs'), { recursive: true });
  cpSync(join(ctx.acceptanceCopy.dir, 'task.txt'), join(trialDir, 'task.txt'));
  await writeInside(
    trialDir,
    'config.json',
    json({ ...ctx.run.config, ...ctx.agent.recorded, task: ctx.task.spec.id, trial: ctx.trial, seed: ctx.seed } satisfies TrialConfig),
  );
  // Isolated, the trial directory is mounted read-only; unisolated, read-only is a signal and the hashes are the guard.
  for (const entry of await listEntries(join(trialDir, 'inputs'))) if (entry.kind === 'file') chmodSync(join(trialDir, 'inputs', entry.path), 0o444);
}

function combineAgentRuns(runs: readonly AgentRun[]): AgentRun {
  if (runs.length === 0) return { exitCode: null, signal: null, budgetExhausted: false, agentMs: 0, logBytes: 0, logCapped: false };
  const failed = runs.find((r) => r.exitCode !== 0);
  return {
    exitCode: failed ? failed.exitCode : 0,
    signal: failed?.signal ?? null,
    budgetExhausted: runs.some((r) => r.budgetExhausted),
    agentMs: runs.reduce((s, r) => s + r.agentMs, 0),
    logBytes: runs.reduce((s, r) => s + r.logBytes, 0),
    logCapped: runs.some((r) => r.logCapped),
    ...(runs.some((r) => r.envDeclared) ? { envDeclared: true } : {}),
  };
}

function envErrorResult(trial: number, evidence: string, started: number, message: string, rule: string): TrialResult {
  return {
    trial,
    outcome: 'env_error',
    stop_reason: 'env_error',
    env_error: rule,
    layers: {
      final_state: { ok: null, failures: [] },
      constraints: { ok: null, failures: [] },
      tool_contract: { ok: null, failures: [] },
      trajectory: { notes: [`env error: ${message}`] },
    },
    judgements: [],
    checks: {},
    wall_ms: Math.round(performance.now() - started),
    evidence,
  };
}

const json = (data: unknown) => JSON.stringify(data, null, 2) + '\n';
