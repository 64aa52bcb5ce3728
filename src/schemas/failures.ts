// The failure archive (docs/failures.md): one entry per distinct failure signature, accumulated over
// runs, and the regression cases promoted from it. Kept in the repository, next to trialgate.yml.
import { z } from 'zod';
import { described } from './doc.ts';

export const FAILURES_SCHEMA = 'trialgate/failures@1';

export const FailureCause = z
  .enum(['runtime', 'tool', 'acceptance', 'format', 'retrieval', 'planning'])
  .register(...described('Why a failure happened. The program proves runtime, tool, acceptance and format; people label the rest.'));

export const Occurrence = z
  .object({
    run: z.string().register(...described('`<started_at> <git sha>`: which run it was.')),
    started_at: z.string().register(...described('When that run started (ISO 8601).')),
    git_sha: z
      .string()
      .nullable()
      .register(...described('Its commit; null when unknown.')),
    pr_number: z
      .number()
      .int()
      .nullable()
      .register(...described('Its pull request; null for a baseline or a local run.')),
    evidence: z.string().register(...described("The trial directory within that run's artefact.")),
    trial: z
      .number()
      .int()
      .register(...described('The trial number within its task.')),
    fixture_sha256: z.string().register(...described('The fixture version it ran.')),
    watched_sha256: z.string().register(...described('The prompt/skill version and what ran it.')),
    agent_command: z.string().register(...described('The agent command that ran it.')),
    tool_version: z.string().register(...described('The trialgate that ran it.')),
    outcome: z.string().register(...described("The trial's outcome.")),
    stop_reason: z.string().register(...described('How its agent stopped.')),
    wall_ms: z.number().register(...described("The trial's wall time in milliseconds.")),
    tokens: z
      .number()
      .optional()
      .register(...described('Tokens its agent reported.')),
    cost_usd: z
      .number()
      .optional()
      .register(...described('What its agent reported it cost.')),
    source: z.string().register(...described("Where the run's results came from (a run directory or an artefact).")),
  })
  .register(...described('One trial that failed this way, with what it takes to look at it again.'));

export const FailureEntry = z.object({
  signature: z.string().register(...described('The failure: a hash of the task, the failed check, the criterion and the cause the program proved.')),
  task: z.string().register(...described('The task that failed.')),
  check: z.string().register(...described('The check that failed, e.g. `detect:double-reserve`.')),
  criterion: z.string().register(...described('The first failing assertion, boundary or rule, as it names what went wrong.')),
  cause: FailureCause.nullable().register(...described('Why it failed; null until the program proves a cause or people label one.')),
  cause_by: z
    .enum(['program', 'label'])
    .nullable()
    .register(...described('Who gave the cause: the program proved it, or people labelled it (`trialgate failures label`); null when none is known.')),
  count: z
    .number()
    .int()
    .positive()
    .register(...described('Trials that failed this way.')),
  first_seen: z.string().register(...described('When first seen (ISO 8601).')),
  last_seen: z.string().register(...described('When last seen (ISO 8601).')),
  occurrences: z.array(Occurrence).register(...described('The most recent occurrences (at most 20), newest last.')),
});

export const RegressionCase = z
  .object({
    id: z.string().register(...described('The regression case.')),
    signature: z.string().register(...described('The failure it was promoted from.')),
    task: z.string().register(...described('The task it re-runs.')),
    check: z.string().register(...described('The check that must not fail that way again.')),
    criterion: z.string().register(...described('The assertion, boundary or rule that names the failure.')),
    set: z.enum(['dev', 'holdout']).register(...described('The set the case joined.')),
    promoted_at: z.string().register(...described('When (ISO 8601).')),
    stability: z
      .object({
        runs: z
          .number()
          .int()
          .register(...described('Re-runs of the task.')),
        reproduced: z
          .number()
          .int()
          .register(...described('Of them, the ones that failed the same way.')),
        env_errors: z
          .number()
          .int()
          .register(...described('Of them, environment errors (excluded).')),
      })
      .register(...described('The re-runs that showed the failure is stable: same result every time, env errors excluded.')),
  })
  .register(...described('A failure promoted to a regression case: it must not happen again.'));

export const SeenRun = z
  .object({
    run: z.string().register(...described('`<started_at> <git sha>`: the run.')),
    pr_number: z
      .number()
      .int()
      .nullable()
      .register(...described('Its pull request; null for a baseline or a local run.')),
    watched_sha256: z.string().register(...described('The prompt/skill version it ran.')),
  })
  .register(...described("Every run the archive has read: the baselines among them show which prompt version was main's."));

export const FailureArchive = z.object({
  schema: z.literal(FAILURES_SCHEMA).register(...described('The version of this file format.')),
  failures: z.array(FailureEntry).register(...described('One entry per distinct failure signature.')),
  regressions: z.array(RegressionCase).register(...described('The failures promoted to regression cases.')),
  runs: z.array(SeenRun).register(...described('Every run read into the archive.')),
});

export type FailureCause = z.infer<typeof FailureCause>;
export type Occurrence = z.infer<typeof Occurrence>;
export type FailureEntry = z.infer<typeof FailureEntry>;
export type RegressionCase = z.infer<typeof RegressionCase>;
export type SeenRun = z.infer<typeof SeenRun>;
export type FailureArchive = z.infer<typeof FailureArchive>;
