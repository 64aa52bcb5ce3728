// The env error rules that are setup mistakes: the trial set or the fixture is wrong (an agent program
// missing, an acceptor that cannot run on its own reference answers), so a rerun fails the same way. The
// gate's exit and the comment's next step both read them from here, so they never disagree.

/** The rule of an agent that could not be started: a setup mistake, which a rerun does not fix. */
export const SETUP_RULE = 'the agent could not be started (a setup mistake, not a verdict on the agent): fix the trial set and run again';

/** The rule of a trial whose task's acceptor failed its preflight: a setup mistake, which a rerun does not fix. */
export const ACCEPTOR_BROKEN_RULE =
  'the acceptor cannot run here (it failed on the reference answers before any trial): an environment failure, not the agent’s; no agent ran';

const SETUP_RULES: ReadonlySet<string> = new Set([SETUP_RULE, ACCEPTOR_BROKEN_RULE]);

/** Whether an env error's rule is a setup mistake (fix it, then run again) rather than an outage (rerun). */
export function isSetupMistake(rule: string | undefined): boolean {
  return rule !== undefined && SETUP_RULES.has(rule);
}
