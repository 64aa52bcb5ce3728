// What every kind returns when the agent could not even start (its command is missing, a declared
// variable is unset): the environment's failure, never a verdict on the agent.
import type { AgentRun, KindResult } from './contract.ts';

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
