// The channel by which an agent command tells trialgate that its environment failed, not the agent
// (docs/agents.md): a line `trialgate-env-error: <reason>`, printed last, then exit status 75 (EX_TEMPFAIL
// of sysexits.h). trialgate records such a trial as an environment error with that reason, declared by
// the agent, never as the agent failing.
export const ENV_FAILURE_EXIT = 75;
export const ENV_FAILURE_PREFIX = 'trialgate-env-error:';

/** Say that the environment failed, and why (one line), and exit 75. */
export function declareEnvironmentFailure(reason) {
  const line = String(reason).replace(/\s+/g, ' ').trim();
  process.stderr.write(`\n${ENV_FAILURE_PREFIX} ${line}\n`);
  process.exit(ENV_FAILURE_EXIT);
}
