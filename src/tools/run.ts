// One trial of a tool-using task: the agent runs once per boundary variant, each time against a fresh
// service behind a fresh proxy with its own goal channel, and each run is judged by the service's final
// state and the proxy's trajectory. Layout inside the trial directory (DESIGN §3 otherwise unchanged):
//   candidate/<variant>/result.json   what the agent claims for that run
//   evidence/<variant>/               agent.log, trajectory.json, goal.json (every version), state.json,
//                                     judgement.json, usage.json (if the agent wrote evidence/usage.json)
//   evidence/verdict.json, evidence/timings.json
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { candidateSha256 } from '../acceptance/candidate.ts';
import { NO_FAULT, type Fixture } from '../fixture/load.ts';
import type { ToolsSpec } from '../schemas/fixture.ts';
import { TrialResult, Usage } from '../schemas/results.ts';
import { Goal, ServiceState, ToolClaim, type Exchange } from '../schemas/tools.ts';
import { startService, type RunningService } from '../service/launch.ts';
import { EnvironmentError, firstIssue, parseOrThrow, UserInputError } from '../util/errors.ts';
import { readJsonFile } from '../util/files.ts';
import { runAgent, type AgentRun } from '../trial/agent.ts';
import { integrityViolations, takeSnapshot, type Snapshot } from '../trial/integrity.ts';
import type { TrialContext } from '../trial/run-trial.ts';
import { trialVerdict } from '../trial/verdict.ts';
import { isBoundary, BOUNDARIES } from './boundaries.ts';
import { openGoalChannel } from './goal.ts';
import { judgeBoundary, toolContractFacts, type BoundaryJudgement, type ClaimRead } from './judge.ts';
import { proxyEnvironmentError, startProxy } from './proxy.ts';

export interface AgentSpec {
  command: string;
  env: NodeJS.ProcessEnv;
  wallMs: number;
  logCapBytes: number;
  secrets: readonly string[];
}

export interface BoundaryRunInput {
  /** The pristine fixture: the service and the first goal come from it. */
  fixture: Fixture;
  /** `none` or a boundary id. */
  variant: string;
  trialDir: string;
  agent: AgentSpec;
  /** A fixed port for the proxy; default a free one. */
  proxyPort?: number;
}

export interface BoundaryRun {
  variant: string;
  agent?: AgentRun;
  judgement?: BoundaryJudgement;
  calls: number;
  usage?: Usage;
  /** The service, the proxy or the runner failed: this run says nothing about the agent. */
  envError?: EnvironmentError;
}

/** Files the runner writes into evidence/<variant>/; anything else new there is the agent's doing. */
const RUNNER_FILES = ['agent.log', 'usage.json', 'trajectory.json', 'goal.json', 'state.json', 'judgement.json'];

/** The fixture's tools section, or the error that names what is missing. */
export function toolsSpecOf(fixture: Fixture): ToolsSpec {
  if (!fixture.manifest.tools) {
    throw new UserInputError(join(fixture.dir, 'fixture.json'), 'tools', 'acceptance `tools` needs a fixture with a tools section (goal, agent, skill, skillEnv, practices)');
  }
  for (const id of Object.keys(fixture.manifest.faults)) {
    if (!isBoundary(id)) throw new UserInputError(join(fixture.dir, 'fixture.json'), `faults.${id}`, `not a boundary trialgate can inject; use one of ${BOUNDARIES.join(', ')}`);
  }
  return fixture.manifest.tools;
}

export async function runToolsTrial(ctx: TrialContext, dirs: { trialDir: string; taskDir: string; evidence: string; started: number }): Promise<TrialResult> {
  toolsSpecOf(ctx.pristine);
  const variants = [NO_FAULT, ...Object.keys(ctx.task.faults)];
  const acceptance = ctx.task.spec.acceptance;
  const proxyPort = acceptance.kind === 'tools' ? acceptance.proxy_port : undefined;
  const env = {
    ...ctx.agentEnv,
    TRIALGATE_TRIAL_DIR: dirs.trialDir,
    TRIALGATE_INPUTS: join(dirs.trialDir, 'inputs'),
    TRIALGATE_TASK: join(dirs.trialDir, 'task.txt'),
    TRIALGATE_SEED: String(ctx.seed),
    TRIALGATE_TRIAL: String(ctx.trial),
  };
  const agent: AgentSpec = { command: ctx.agentCommand, env, wallMs: ctx.budget.wall_seconds * 1000, logCapBytes: ctx.logCapBytes, secrets: ctx.secrets };

  const runs: BoundaryRun[] = [];
  const integrity = { tampered: [] as string[], escaped: [] as string[], forged: [] as string[] };
  for (const variant of variants) {
    const before = await takeSnapshot(ctx.task.fixture, dirs.trialDir, dirs.taskDir, ctx.runDir);
    const run = await runBoundary({ fixture: ctx.pristine, variant, trialDir: dirs.trialDir, agent, ...(proxyPort ? { proxyPort } : {}) });
    const after = await takeSnapshot(ctx.task.fixture, dirs.trialDir, dirs.taskDir, ctx.runDir);
    const found = integrityViolations(before, newAgentEvidence(before, after, variant));
    for (const key of ['tampered', 'escaped', 'forged'] as const) integrity[key].push(...found[key].filter((v) => !integrity[key].includes(v)));
    runs.push(run);
    if (run.envError) break;
  }

  const envError = runs.find((r) => r.envError)?.envError;
  const judgements = runs.flatMap((r) => (r.judgement ? [r.judgement] : []));
  const usages = runs.map((r) => r.usage);
  const result = trialVerdict({
    trial: ctx.trial,
    agent: combineAgentRuns(runs.flatMap((r) => (r.agent ? [r.agent] : []))),
    formatProblems: [],
    variants: [],
    faults: [],
    unreachedTargets: [],
    integrity,
    // A tool agent's claim is its result.json, checked against the service's state, not its output.
    claimedSuccess: false,
    ...(usages.every((u) => u !== undefined) ? { usage: sumUsage(usages as Usage[]) } : {}),
    budget: ctx.budget,
    ...(envError ? { envError: { message: envError.message, rule: envError.rule } } : {}),
    wallMs: performance.now() - dirs.started,
    candidateSha256: await candidateSha256(join(dirs.trialDir, 'candidate')),
    evidence: dirs.evidence,
    tools: {
      ...toolContractFacts(judgements),
      steps: runs.reduce((n, r) => n + r.calls, 0),
      notes: runs.map(runNote),
    },
  });
  const evidenceDir = join(dirs.trialDir, 'evidence');
  await writeJson(join(evidenceDir, 'verdict.json'), TrialResult.parse(result));
  await writeJson(join(evidenceDir, 'timings.json'), { agent_ms: result.agent_ms ?? 0, wall_ms: result.wall_ms });
  return result;
}

/** One run of the agent at one boundary: fresh service, fresh proxy, fresh goal, then the judgement. */
export async function runBoundary(input: BoundaryRunInput): Promise<BoundaryRun> {
  const { fixture, variant } = input;
  const tools = toolsSpecOf(fixture);
  const candidateDir = join(input.trialDir, 'candidate', variant);
  const evidenceDir = join(input.trialDir, 'evidence', variant);
  await mkdir(candidateDir, { recursive: true });
  await mkdir(evidenceDir, { recursive: true });
  const goalPath = join(fixture.dir, tools.goal);
  const firstGoal = parseOrThrow(Goal, await readJsonFile(goalPath), goalPath);
  // Outside the trial directory, so the layout stays DESIGN §3's; the history goes to evidence.
  const goalDir = await mkdtemp(join(tmpdir(), 'trialgate-goal-'));
  try {
    const goal = await openGoalChannel(goalDir, firstGoal);
    let service: RunningService;
    try {
      service = await startService(fixture.dir, fixture.manifest.service, NO_FAULT);
    } catch (e) {
      if (e instanceof EnvironmentError) return { variant, calls: 0, envError: e };
      throw e;
    }
    let trajectory: Exchange[] = [];
    try {
      const token = randomBytes(16).toString('hex');
      let proxy;
      try {
        proxy = await startProxy({ upstream: service.url, token, variant, goal, ...(input.proxyPort ? { port: input.proxyPort } : {}) });
      } catch (e) {
        if (e instanceof EnvironmentError) return { variant, calls: 0, envError: e };
        throw e;
      }
      let agent: AgentRun;
      try {
        agent = await runAgent({
          command: input.agent.command,
          cwd: input.trialDir,
          // The agent learns the proxy's address and its token, never the variant or the service.
          env: { ...input.agent.env, TRIALGATE_CANDIDATE: candidateDir, TRIALGATE_GOAL: goal.path, TRIALGATE_TOOL_URL: proxy.url, TRIALGATE_TOOL_TOKEN: token },
          wallMs: input.agent.wallMs,
          logPath: join(evidenceDir, 'agent.log'),
          logCapBytes: input.agent.logCapBytes,
          secrets: [...input.agent.secrets, token],
        });
      } finally {
        await proxy.stop();
      }
      trajectory = proxy.trajectory();
      await writeJson(join(evidenceDir, 'trajectory.json'), trajectory);
      await writeJson(join(evidenceDir, 'goal.json'), goal.history());
      const usage = await takeUsage(input.trialDir, evidenceDir);
      const failure = proxy.failure();
      if (failure) return { variant, agent, calls: trajectory.length, envError: proxyEnvironmentError(failure) };

      const state = await readState(service, [...goal.history().map((g) => g.sku)]);
      await writeJson(join(evidenceDir, 'state.json'), state);
      const tampering = await goal.tampering();
      const judgement = judgeBoundary({
        variant,
        goals: goal.history(),
        trajectory,
        state,
        claim: await readClaim(candidateDir, variant),
        ...(tampering ? { goalTampering: tampering } : {}),
      });
      await writeJson(join(evidenceDir, 'judgement.json'), judgement);
      return { variant, agent, judgement, calls: trajectory.length, ...(usage ? { usage } : {}) };
    } catch (e) {
      if (e instanceof EnvironmentError) return { variant, calls: trajectory.length, envError: e };
      throw e;
    } finally {
      await service.stop();
    }
  } finally {
    await rm(goalDir, { recursive: true, force: true });
  }
}

/** The service's ledger and the stock of every SKU the goal or the ledger names, read past the proxy. */
async function readState(service: RunningService, goalSkus: string[]): Promise<ServiceState> {
  const get = async (path: string) => {
    try {
      const answer = await service.request(path);
      return { status: answer.status, body: JSON.parse(answer.text) as unknown };
    } catch (e) {
      throw new EnvironmentError(`reading the final state (${path}) failed: ${(e as Error).message}`, 'the service stopped answering before its final state was read: an environment failure');
    }
  };
  const records = (await get('/records')).body as { records?: unknown };
  const ledger = ServiceState.shape.records.safeParse(records.records);
  if (!ledger.success) throw new EnvironmentError(`GET /records answered no ledger: ${JSON.stringify(records).slice(0, 200)}`, 'the service does not answer as the fixture documents');
  const items: ServiceState['items'] = {};
  for (const sku of new Set([...goalSkus, ...ledger.data.map((r) => r.sku)])) {
    const answer = await get(`/items/${encodeURIComponent(sku)}`);
    const body = answer.body as Record<string, number>;
    if (answer.status === 200) items[sku] = { on_hand: body.on_hand!, reserved: body.reserved!, available: body.available! };
  }
  return ServiceState.parse({ records: ledger.data, items });
}

async function readClaim(candidateDir: string, variant: string): Promise<ClaimRead> {
  const name = `candidate/${variant}/result.json`;
  let data: unknown;
  try {
    data = JSON.parse(await readFile(join(candidateDir, 'result.json'), 'utf8'));
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, problem: missing ? `no ${name}: the agent reported nothing` : `${name} is not JSON: ${(e as Error).message}` };
  }
  const parsed = ToolClaim.safeParse(data);
  return parsed.success ? { ok: true, claim: parsed.data } : { ok: false, problem: firstIssue(name, parsed.error).message };
}

/** evidence/usage.json is the agent's to write, once per run: it moves into the run's own evidence. */
async function takeUsage(trialDir: string, evidenceDir: string): Promise<Usage | undefined> {
  const from = join(trialDir, 'evidence', 'usage.json');
  const text = await readFile(from, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  await rename(from, join(evidenceDir, 'usage.json'));
  try {
    const parsed = Usage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The snapshot after a run with only the evidence files that appeared during it and are not the runner's. */
function newAgentEvidence(before: Snapshot, after: Snapshot, variant: string): Snapshot {
  const known = new Set([...before.evidence, ...RUNNER_FILES.map((f) => `${variant}/${f}`)]);
  return { ...after, evidence: after.evidence.filter((f) => !known.has(f)) };
}

function combineAgentRuns(runs: readonly AgentRun[]): AgentRun {
  const failed = runs.find((r) => r.exitCode !== 0);
  return {
    exitCode: failed ? failed.exitCode : 0,
    signal: failed?.signal ?? null,
    budgetExhausted: runs.some((r) => r.budgetExhausted),
    agentMs: runs.reduce((s, r) => s + r.agentMs, 0),
    logBytes: runs.reduce((s, r) => s + r.logBytes, 0),
    logCapped: runs.some((r) => r.logCapped),
  };
}

function sumUsage(usages: readonly Usage[]): Usage {
  const out: Usage = {};
  for (const key of ['input_tokens', 'output_tokens', 'total_tokens', 'cost_usd'] as const) {
    if (usages.length > 0 && usages.every((u) => u[key] !== undefined)) out[key] = usages.reduce((s, u) => s + u[key]!, 0);
  }
  return out;
}

function runNote(run: BoundaryRun): string {
  if (run.envError) return `${run.variant}: env error: ${run.envError.message}`;
  const agent = run.agent!;
  const exit = agent.budgetExhausted ? 'ended by its budget' : agent.signal ? `ended by ${agent.signal}` : `exited ${agent.exitCode}`;
  return `${run.variant}: ${run.calls} tool calls, agent ${exit} after ${Math.round(agent.agentMs)} ms, ${run.judgement!.accepted ? 'handled safely' : 'not handled'}`;
}

async function writeJson(path: string, data: unknown): Promise<void> {
  await writeFile(path, JSON.stringify(data, null, 2) + '\n');
}
