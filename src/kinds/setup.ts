// What the kinds whose agent runs once share (http-cases, command, code): the agent runs and delivers a
// candidate, read once and safely; or it could not even start, which is the environment's failure, never
// a verdict.
import type { CandidateSnapshot } from '../acceptance/snapshot.ts';
import { passedEnvironment } from '../isolation/open.ts';
import { SETUP_RULE } from '../results/setup-rules.ts';
import { EnvironmentError } from '../util/errors.ts';
import type { AgentRun, KindResult, TrialHandle } from './contract.ts';

export function setupFailure(agent: AgentRun): KindResult {
  return { ...emptyResult([agent]), envError: { message: agent.setupError!, rule: agent.envRule ?? SETUP_RULE } };
}

/** A result that found nothing yet: the kind fills in its checks. */
export function emptyResult(agentRuns: AgentRun[]): KindResult {
  return { agentRuns, formatProblems: [], unsafeCandidate: [], checks: [], judgements: [], judgeClaimsInLog: false };
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
    ...emptyResult([agent]),
    formatProblems: candidate.oversize,
    unsafeCandidate: candidate.unsafe,
    candidateSha256: candidate.sha256,
    judgeClaimsInLog: true,
  };
  return candidate.oversize.length ? { result } : { result, candidate };
}

/** The acceptor's `pass_env` values for a trial, or the environment failure of one that is not set. */
export function passedForTrial(
  trial: TrialHandle,
  names: readonly string[],
): { passed: Record<string, string>; envError?: undefined } | { passed?: undefined; envError: { message: string; rule: string } } {
  try {
    return { passed: passedEnvironment(names, `tasks.${trial.task.id}.acceptance.pass_env`) };
  } catch (e) {
    if (!(e instanceof EnvironmentError)) throw e;
    return { envError: { message: e.message, rule: e.rule } };
  }
}
