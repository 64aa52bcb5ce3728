// One trial: a clean trial directory, the agent under its budget, integrity before/after, acceptance
// from pristine files against every variant, and the layered verdict into evidence/verdict.json.
import { chmod, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { acceptHttpCases, unreachedTargets, type VariantOutcome } from '../acceptance/accept.ts';
import { candidateSha256, checkCandidate } from '../acceptance/candidate.ts';
import { acceptCommand } from '../acceptance/command.ts';
import { NO_FAULT, type Fixture } from '../fixture/load.ts';
import { TrialResult, Usage } from '../schemas/results.ts';
import type { Budget } from '../schemas/trialset.ts';
import { EnvironmentError } from '../util/errors.ts';
import { listFiles } from '../util/files.ts';
import { runAgent, type AgentRun } from './agent.ts';
import { runToolsTrial } from '../tools/run.ts';
import { integrityViolations, takeSnapshot } from './integrity.ts';
import type { ResolvedTask } from './trialset.ts';
import { trialVerdict } from './verdict.ts';

export interface TrialContext {
  runDir: string;
  task: ResolvedTask;
  /** A copy of the fixture made before any agent ran: acceptance always runs from it. */
  pristine: Fixture;
  trial: number;
  seed: number;
  budget: Budget;
  agentCommand: string;
  agentEnv: NodeJS.ProcessEnv;
  logCapBytes: number;
  secrets: readonly string[];
  /** Recorded in config.json: the prompt/skill version and what ran it. */
  config: Record<string, unknown>;
}

/** Outputs that claim success; they count for nothing, and against the agent when nothing backs them. */
const SUCCESS_CLAIM = /\b(all (\d+ )?(tests|checks|cases|scenarios) (have )?pass(ed)?|tests? (all )?pass(ed)?\b)/i;

export function trialDirName(trial: number): string {
  return `trial-${String(trial).padStart(3, '0')}`;
}

export async function runTrial(ctx: TrialContext): Promise<TrialResult> {
  const started = performance.now();
  const taskDir = join(ctx.runDir, ctx.task.spec.id);
  const trialDir = join(taskDir, trialDirName(ctx.trial));
  const evidenceDir = join(trialDir, 'evidence');
  const candidateDir = join(trialDir, 'candidate');
  const evidence = relative(ctx.runDir, trialDir);

  try {
    await prepareTrialDir(ctx, trialDir);
  } catch (e) {
    return envErrorResult(ctx, evidence, started, `could not prepare ${evidence}: ${(e as Error).message}`, 'the trial directory could not be written (disk full or not writable): an environment failure');
  }
  if (ctx.task.spec.acceptance.kind === 'tools') return runToolsTrial(ctx, { trialDir, taskDir, evidence, started });

  const before = await takeSnapshot(ctx.task.fixture, trialDir, taskDir, ctx.runDir);
  const agent = await runAgent({
    command: ctx.agentCommand,
    cwd: trialDir,
    env: {
      ...ctx.agentEnv,
      TRIALGATE_TRIAL_DIR: trialDir,
      TRIALGATE_INPUTS: join(trialDir, 'inputs'),
      TRIALGATE_TASK: join(trialDir, 'task.txt'),
      TRIALGATE_CANDIDATE: candidateDir,
      TRIALGATE_SEED: String(ctx.seed),
      TRIALGATE_TRIAL: String(ctx.trial),
    },
    wallMs: ctx.budget.wall_seconds * 1000,
    logPath: join(evidenceDir, 'agent.log'),
    logCapBytes: ctx.logCapBytes,
    secrets: ctx.secrets,
  });
  const after = await takeSnapshot(ctx.task.fixture, trialDir, taskDir, ctx.runDir);
  const integrity = integrityViolations(before, after);
  const usage = await readUsage(evidenceDir);

  const acceptanceStarted = performance.now();
  const { formatProblems, variants, candidateSha } = await accept(ctx, candidateDir, evidenceDir);
  const acceptanceMs = performance.now() - acceptanceStarted;

  const result = trialVerdict({
    trial: ctx.trial,
    agent,
    formatProblems,
    variants,
    faults: Object.keys(ctx.task.faults),
    unreachedTargets: ctx.task.spec.acceptance.kind === 'http-cases' ? unreachedTargets(ctx.pristine, variants) : [],
    integrity,
    claimedSuccess: await claimsSuccess(evidenceDir),
    ...(usage ? { usage } : {}),
    budget: ctx.budget,
    wallMs: performance.now() - started,
    ...(candidateSha ? { candidateSha256: candidateSha } : {}),
    evidence,
  });
  await writeEvidence(evidenceDir, result, agent, acceptanceMs);
  return result;
}

async function prepareTrialDir(ctx: TrialContext, trialDir: string): Promise<void> {
  await mkdir(join(trialDir, 'candidate'), { recursive: true });
  await mkdir(join(trialDir, 'evidence'), { recursive: true });
  await cp(join(ctx.pristine.dir, 'inputs'), join(trialDir, 'inputs'), { recursive: true });
  await cp(join(ctx.pristine.dir, 'task.txt'), join(trialDir, 'task.txt'));
  await writeFile(join(trialDir, 'config.json'), JSON.stringify({ ...ctx.config, trial: ctx.trial, seed: ctx.seed }, null, 2) + '\n');
  // Read-only is a signal, not the guard (an agent may run as root): the hashes are the guard.
  for (const file of await listFiles(join(trialDir, 'inputs'))) await chmod(join(trialDir, 'inputs', file), 0o444);
}

async function accept(ctx: TrialContext, candidateDir: string, evidenceDir: string) {
  const candidateSha = await candidateSha256(candidateDir);
  const reportsDir = join(evidenceDir, 'reports');
  const variants = [NO_FAULT, ...Object.keys(ctx.task.faults)];
  const acceptance = ctx.task.spec.acceptance;
  if (acceptance.kind === 'command') {
    const outcomes = await acceptCommand({ fixture: ctx.pristine, acceptance, candidateDir, candidateSha256: candidateSha, reportsDir, variants });
    return { formatProblems: [] as string[], variants: outcomes, candidateSha };
  }
  const checked = await checkCandidate(candidateDir, join(ctx.pristine.dir, 'inputs'));
  if (!checked.ok) return { formatProblems: checked.problems, variants: [] as VariantOutcome[], candidateSha };
  const outcomes = await acceptHttpCases({ fixture: ctx.pristine, cases: checked.cases.cases, candidateSha256: candidateSha, reportsDir, variants, concurrency: 2 });
  return { formatProblems: [] as string[], variants: outcomes, candidateSha };
}

async function readUsage(evidenceDir: string): Promise<Usage | undefined> {
  const text = await readFile(join(evidenceDir, 'usage.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = Usage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function claimsSuccess(evidenceDir: string): Promise<boolean> {
  const log = await readFile(join(evidenceDir, 'agent.log'), 'utf8').catch(() => '');
  return SUCCESS_CLAIM.test(log);
}

async function writeEvidence(evidenceDir: string, result: TrialResult, agent: AgentRun, acceptanceMs: number): Promise<void> {
  await writeFile(join(evidenceDir, 'verdict.json'), JSON.stringify(TrialResult.parse(result), null, 2) + '\n');
  await writeFile(
    join(evidenceDir, 'timings.json'),
    JSON.stringify({ agent_ms: Math.round(agent.agentMs), acceptance_ms: Math.round(acceptanceMs), wall_ms: result.wall_ms }, null, 2) + '\n',
  );
}

function envErrorResult(ctx: TrialContext, evidence: string, started: number, message: string, rule: string): TrialResult {
  const error = new EnvironmentError(message, rule);
  return {
    trial: ctx.trial,
    outcome: 'env_error',
    stop_reason: 'env_error',
    env_error: error.rule,
    layers: {
      final_state: { ok: null, failures: [] },
      constraints: { ok: null, failures: [] },
      tool_contract: { ok: null, failures: [] },
      trajectory: { notes: [`env error: ${error.message}`] },
    },
    judgements: [],
    checks: {},
    wall_ms: Math.round(performance.now() - started),
    evidence,
  };
}
