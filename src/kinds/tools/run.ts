// The `reservation-tools` kind: the agent runs once per boundary variant, each time against a fresh service
// behind a fresh fault-injecting proxy with its own goal channel, and each run is judged by the service's
// final state and the proxy's trajectory. Nothing the agent can read names the boundary it faces: the runs
// come in a random order no seed predicts, every run writes the same empty candidate/ (what a run left is
// taken out before the next starts), and its evidence is the runner's, out of its sight. Layout inside the
// trial directory once the last run is over:
//   candidate/<variant>/result.json   what the agent claimed in that run
//   evidence/<variant>/               agent.log, trajectory.json, goal.json (every version), state.json,
//                                     judgement.json, usage.json (if the agent wrote evidence/usage.json)
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { candidateJson, writeCandidate, type CandidateSnapshot } from '../../acceptance/snapshot.ts';
import { NO_FAULT, type Fixture } from '../../fixture/load.ts';
import { RUN_FILES, type ToolsAcceptance, type ToolsSpec } from '../../schemas/kinds/tools.ts';
import { Goal, ServiceState, ToolClaim, type Exchange, type GoalHistory, type Trajectory } from '../../schemas/tools.ts';
import { startService, type RunningService } from '../../service/launch.ts';
import { EnvironmentError, firstIssue, parseOrThrow, UserInputError } from '../../util/errors.ts';
import { readJsonFile, removeWritten } from '../../util/files.ts';
import type { AgentRun, KindResult, TrialHandle } from '../contract.ts';
import { isBoundary, BOUNDARIES } from './boundaries.ts';
import { openGoalChannel } from './goal.ts';
import { judgeBoundary, toolChecks, type BoundaryJudgement, type ClaimRead } from './judge.ts';
import { toolsPaceMeasured } from './pace.ts';
import { proxyEnvironmentError, startProxy } from './proxy.ts';

/**
 * What one boundary run needs from whoever runs it: a trial, or `trialgate validate`; with this machine's
 * pace, as the preflight measured it (pace.ts), its service's start, the proxy's calls and the state's reads scale.
 */
export type BoundaryHost = Pick<TrialHandle, 'sandbox' | 'runAgent' | 'readCandidate' | 'writeEvidence'> & Partial<Pick<TrialHandle, 'pace'>>;

export interface BoundaryRun {
  variant: string;
  agent?: AgentRun;
  judgement?: BoundaryJudgement;
  /** What the agent left in candidate/ (its claim), read once after the run. */
  candidate?: CandidateSnapshot;
  calls: number;
  /** The service, the proxy or the runner failed: this run says nothing about the agent. */
  envError?: EnvironmentError;
}

/** The fixture's tools section, or the error that names what is missing. */
export function toolsSpecOf(fixture: Fixture): ToolsSpec {
  if (!fixture.manifest.tools) {
    throw new UserInputError(
      join(fixture.dir, 'fixture.json'),
      'tools',
      'acceptance `tools` needs a fixture with a tools section (goal, agent, skill, skillEnv, practices)',
    );
  }
  for (const id of Object.keys(fixture.manifest.faults)) {
    if (!isBoundary(id))
      throw new UserInputError(join(fixture.dir, 'fixture.json'), `faults.${id}`, `not a boundary trialgate can inject; use one of ${BOUNDARIES.join(', ')}`);
  }
  return fixture.manifest.tools;
}

/**
 * A trial of a tools task: every boundary in turn, in a random order, stopping at the first environment
 * failure. The order comes from the operating system, not the trial's seed: the agent is told its seed.
 */
export async function runToolsTrial(trial: TrialHandle, settings: ToolsAcceptance): Promise<KindResult> {
  const runs: BoundaryRun[] = [];
  const candidateDir = join(trial.trialDir, 'candidate');
  // Before the task's first agent runs, the runner's own work times this machine, once for all its trials.
  await toolsPaceMeasured(trial.sandbox, trial.task.fixture, toolsSpecOf(trial.task.fixture).goal, trial.pace);
  for (const variant of shuffled([NO_FAULT, ...Object.keys(trial.task.faults)])) {
    await trial.verifyAcceptanceCopy();
    const run = await runBoundary(trial, trial.task.fixture, variant, settings.proxy_port);
    runs.push(run);
    // The next run must find candidate/ as this one did: empty, with nothing that says what ran before.
    await removeWritten(candidateDir);
    await mkdir(candidateDir);
    if (run.envError) break;
  }
  for (const run of runs) if (run.candidate) await writeCandidate(run.candidate, join(candidateDir, run.variant));
  const envError = runs.find((r) => r.envError)?.envError;
  const judgements = runs.flatMap((r) => (r.judgement ? [r.judgement] : []));
  const candidate = await trial.readCandidate();
  const delivered = runs.flatMap((r) => (r.candidate ? [{ variant: r.variant, snapshot: r.candidate }] : []));
  return {
    agentRuns: runs.flatMap((r) => (r.agent ? [r.agent] : [])),
    formatProblems: [...delivered.flatMap((d) => d.snapshot.oversize.map((p) => `${d.variant}: ${p}`)), ...candidate.oversize],
    unsafeCandidate: [...delivered.flatMap((d) => d.snapshot.unsafe.map((p) => `${d.variant}: ${p}`)), ...candidate.unsafe],
    checks: toolChecks(judgements),
    judgements: [],
    candidateSha256: candidate.sha256,
    // A tool agent's claim is its result.json, checked against the service's state, not its output.
    judgeClaimsInLog: false,
    ...(envError ? { envError: { message: envError.message, rule: envError.rule } } : {}),
    steps: runs.reduce((n, r) => n + r.calls, 0),
    notes: runs.map(runNote),
  };
}

/** A uniformly random order (Fisher–Yates over the system's random numbers). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
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
      service = await startService(host.sandbox, fixture, NO_FAULT, host.pace);
    } catch (e) {
      if (e instanceof EnvironmentError) return { variant, calls: 0, envError: e };
      throw e;
    }
    let trajectory: Exchange[] = [];
    try {
      const token = randomBytes(16).toString('hex');
      let proxy;
      try {
        // Isolated, a unix socket only this run's sandbox is shown; the agent reaches it on its own loopback.
        proxy = await startProxy({
          upstream: service.address,
          token,
          variant,
          goal,
          listen: await host.sandbox.placeListener(proxyPort),
          ...(host.pace ? { pace: host.pace } : {}),
        });
      } catch (e) {
        if (e instanceof EnvironmentError) return { variant, calls: 0, envError: e };
        throw e;
      }
      let agent: AgentRun;
      try {
        agent = await host.runAgent({
          // The agent learns the proxy's address (TRIALGATE_TOOL_URL) and its token, never the variant or the service.
          env: { TRIALGATE_GOAL: goal.path, TRIALGATE_TOOL_TOKEN: token },
          forward: { port: proxyPort ?? 0, to: proxy.address, variable: 'TRIALGATE_TOOL_URL' },
          // Out of the agent's sight: isolated, its evidence/ is a scratch directory of its own.
          evidenceSubdir: variant,
          readable: [goalDir],
          secrets: [token],
        });
      } finally {
        await proxy.stop();
      }
      if (agent.forwardError)
        return { variant, agent, calls: 0, envError: proxyEnvironmentError(`the agent's sandbox could not reach the tool proxy: ${agent.forwardError}`) };
      if (agent.setupError)
        return {
          variant,
          agent,
          calls: 0,
          envError: new EnvironmentError(
            agent.setupError,
            agent.envRule ?? 'the agent could not be started (a setup mistake, not a verdict on the agent): fix the trial set and run again',
          ),
        };
      trajectory = proxy.trajectory();
      await host.writeEvidence(`${variant}/${RUN_FILES.trajectory}`, json(trajectory satisfies Trajectory));
      await host.writeEvidence(`${variant}/${RUN_FILES.goals}`, json(goal.history() satisfies GoalHistory));
      const failure = proxy.failure();
      if (failure) return { variant, agent, calls: trajectory.length, envError: proxyEnvironmentError(failure) };

      const state = await readState(service, [...goal.history().map((g) => g.sku)]);
      await host.writeEvidence(`${variant}/${RUN_FILES.state}`, json(state satisfies ServiceState));
      const tampering = await goal.tampering();
      const candidate = await host.readCandidate();
      const judgement = judgeBoundary({
        variant,
        goals: goal.history(),
        trajectory,
        state,
        claim: readClaim(candidate, variant),
        ...(tampering ? { goalTampering: tampering } : {}),
      });
      await host.writeEvidence(`${variant}/${RUN_FILES.judgement}`, json(judgement satisfies BoundaryJudgement));
      return { variant, agent, judgement, candidate, calls: trajectory.length };
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
      throw new EnvironmentError(
        `reading the final state (${path}) failed: ${(e as Error).message}`,
        'the service stopped answering before its final state was read: an environment failure',
      );
    }
  };
  const records = (await get('/records')).body as { records?: unknown };
  const ledger = ServiceState.shape.records.safeParse(records.records);
  if (!ledger.success)
    throw new EnvironmentError(
      `GET /records answered no ledger: ${JSON.stringify(records).slice(0, 200)}`,
      'the service does not answer as the fixture documents',
    );
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
