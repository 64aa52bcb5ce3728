// What the single-run kinds (http-cases, command) share: the agent runs once and delivers a candidate,
// read once and safely; or it could not even start, which is the environment's failure, never a verdict.
import type { CandidateSnapshot } from '../acceptance/snapshot.ts';
import type { AgentRun, KindResult, TrialHandle } from './contract.ts';

export function setupFailure(agent: AgentRun): KindResult {
  return {
    agentRuns: [agent],
    formatProblems: [],
    unsafeCandidate: [],
    variants: [],
    unreachedTargets: [],
    judgeClaimsInLog: false,
    envError: { message: agent.setupError!, rule: 'the agent could not be started (a setup mistake, not a verdict on the agent): fix the trial set and run again' },
  };
}

/**
 * Run the agent once and read what it delivered. `candidate` is absent when there is nothing to accept:
 * the agent could not start, or the candidate is over its limits (`result` then says why).
 */
export async function agentDelivers(trial: TrialHandle): Promise<{ result: KindResult; candidate?: CandidateSnapshot }> {
  const agent = await trial.runAgent();
  if (agent.setupError) return { result: setupFailure(agent) };
  const candidate = await trial.readCandidate();
  const result: KindResult = {
    agentRuns: [agent],
    formatProblems: candidate.oversize,
    unsafeCandidate: candidate.unsafe,
    variants: [],
    unreachedTargets: [],
    candidateSha256: candidate.sha256,
    judgeClaimsInLog: true,
  };
  return candidate.oversize.length ? { result } : { result, candidate };
}
