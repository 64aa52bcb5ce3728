// The `tools` kind: the agent runs once per boundary variant, each time against a fresh service behind a
// fresh fault-injecting proxy with its own goal channel, and each run is judged by the service's final
// state and the proxy's trajectory. Layout inside the trial directory:
//   candidate/<variant>/result.json   what the agent claims for that run
//   evidence/<variant>/               agent.log, trajectory.json, goal.json (every version), state.json,
//                                     judgement.json, usage.json (if the agent wrote evidence/usage.json)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { candidateJson, type CandidateSnapshot } from '../../acceptance/snapshot.ts';
import { NO_FAULT, type Fixture } from '../../fixture/load.ts';
import type { ToolsAcceptance } from '../../schemas/acceptance.ts';
import type { ToolsSpec } from '../../schemas/fixture.ts';
import { Goal, ServiceState, ToolClaim, type Exchange } from '../../schemas/tools.ts';
import { startService, type RunningService } from '../../service/launch.ts';
import { EnvironmentError, firstIssue, parseOrThrow, UserInputError } from '../../util/errors.ts';
import { readJsonFile } from '../../util/files.ts';
import type { AgentRun, KindResult, TrialHandle } from '../contract.ts';
import { isBoundary, BOUNDARIES } from './boundaries.ts';
import { openGoalChannel } from './goal.ts';
import { judgeBoundary, toolContractFacts, type BoundaryJudgement, type ClaimRead } from './judge.ts';
import { proxyEnvironmentError, startProxy } from './proxy.ts';

/** What one boundary run needs from whoever runs it: a trial, or `trialgate validate`. */
export type BoundaryHost = Pick<TrialHandle, 'sandbox' | 'runAgent' | 'readCandidate' | 'writeEvidence'>;

export interface BoundaryRun {
  variant: string;
  agent?: AgentRun;
  judgement?: BoundaryJudgement;
  calls: number;
  /** The service, the proxy or the runner failed: this run says nothing about the agent. */
  envError?: EnvironmentError;
}

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

/** A trial of a tools task: every boundary in turn, stopping at the first environment failure. */
export async function runToolsTrial(trial: TrialHandle): Promise<KindResult> {
  const proxyPort = (trial.task.acceptance as ToolsAcceptance).proxy_port;
  const runs: BoundaryRun[] = [];
  for (const variant of [NO_FAULT, ...Object.keys(trial.task.faults)]) {
    await trial.verifyAcceptanceCopy();
    const run = await runBoundary(trial, trial.task.fixture, variant, proxyPort);
    runs.push(run);
    if (run.envError) break;
  }
  const envError = runs.find((r) => r.envError)?.envError;
  const judgements = runs.flatMap((r) => (r.judgement ? [r.judgement] : []));
  const candidate = await trial.readCandidate();
  return {
    agentRuns: runs.flatMap((r) => (r.agent ? [r.agent] : [])),
    formatProblems: candidate.oversize,
    unsafeCandidate: candidate.unsafe,
    variants: [],
    unreachedTargets: [],
    candidateSha256: candidate.sha256,
    // A tool agent's claim is its result.json, checked against the service's state, not its output.
    judgeClaimsInLog: false,
    ...(envError ? { envError: { message: envError.message, rule: envError.rule } } : {}),
    tools: { ...toolContractFacts(judgements), steps: runs.reduce((n, r) => n + r.calls, 0), notes: runs.map(runNote) },
  };
}

/** One run of the agent at one boundary: fresh service, fresh proxy, fresh goal, then the judgement. */
export async function runBoundary(host: BoundaryHost, fixture: Fixture, variant: string, proxyPort?: number): Promise<BoundaryRun> {
  const tools = toolsSpecOf(fixture);
  const goalPath = join(fixture.dir, tools.goal);
  const firstGoal = parseOrThrow(Goal, await readJsonFile(goalPath), goalPath);
  // Outside the trial directory, so the layout stays the trial's; the history goes to evidence.
  const goalDir = await mkdtemp(join(tmpdir(), 'trialgate-goal-'));
  try {
    const goal = await openGoalChannel(goalDir, firstGoal);
    let service: RunningService;
    try {
      service = await startService(host.sandbox, fixture, NO_FAULT);
    } catch (e) {
      if (e instanceof EnvironmentError) return { variant, calls: 0, envError: e };
      throw e;
    }
    let trajectory: Exchange[] = [];
    try {
      const token = randomBytes(16).toString('hex');
      let proxy;
      try {
        proxy = await startProxy({ upstream: service.address, token, variant, goal, ...(proxyPort ? { port: proxyPort } : {}) });
      } catch (e) {
        if (e instanceof EnvironmentError) return { variant, calls: 0, envError: e };
        throw e;
      }
      let agent: AgentRun;
      try {
        agent = await host.runAgent({
          // The agent learns the proxy's address and its token, never the variant or the service.
          env: { TRIALGATE_GOAL: goal.path, TRIALGATE_TOOL_URL: proxy.url, TRIALGATE_TOOL_TOKEN: token },
          candidateSubdir: variant,
          evidenceSubdir: variant,
          readable: [goalDir],
          secrets: [token],
        });
      } finally {
        await proxy.stop();
      }
      if (agent.setupError) return { variant, agent, calls: 0, envError: new EnvironmentError(agent.setupError, 'the agent could not be started (a setup mistake, not a verdict on the agent): fix the trial set and run again') };
      trajectory = proxy.trajectory();
      await host.writeEvidence(`${variant}/trajectory.json`, json(trajectory));
      await host.writeEvidence(`${variant}/goal.json`, json(goal.history()));
      const failure = proxy.failure();
      if (failure) return { variant, agent, calls: trajectory.length, envError: proxyEnvironmentError(failure) };

      const state = await readState(service, [...goal.history().map((g) => g.sku)]);
      await host.writeEvidence(`${variant}/state.json`, json(state));
      const tampering = await goal.tampering();
      const judgement = judgeBoundary({
        variant,
        goals: goal.history(),
        trajectory,
        state,
        claim: readClaim(await host.readCandidate(variant), variant),
        ...(tampering ? { goalTampering: tampering } : {}),
      });
      await host.writeEvidence(`${variant}/judgement.json`, json(judgement));
      return { variant, agent, judgement, calls: trajectory.length };
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

function readClaim(candidate: CandidateSnapshot, variant: string): ClaimRead {
  const name = `candidate/${variant}/result.json`;
  if (!candidate.files.has('result.json')) return { ok: false, problem: `no ${name}: the agent reported nothing` };
  const read = candidateJson(candidate, 'result.json');
  if (!read.ok) return { ok: false, problem: `${name}: ${read.problem.replace(/^result\.json: /, '')}` };
  const parsed = ToolClaim.safeParse(read.value);
  return parsed.success ? { ok: true, claim: parsed.data } : { ok: false, problem: firstIssue(name, parsed.error).message };
}

function runNote(run: BoundaryRun): string {
  if (run.envError) return `${run.variant}: env error: ${run.envError.message}`;
  const agent = run.agent!;
  const exit = agent.budgetExhausted ? 'ended by its budget' : agent.signal ? `ended by ${agent.signal}` : `exited ${agent.exitCode}`;
  return `${run.variant}: ${run.calls} tool calls, agent ${exit} after ${Math.round(agent.agentMs)} ms, ${run.judgement!.accepted ? 'handled safely' : 'not handled'}`;
}

const json = (data: unknown) => JSON.stringify(data, null, 2) + '\n';
