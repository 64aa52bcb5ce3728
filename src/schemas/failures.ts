// The failure archive (docs/failures.md): one entry per distinct failure signature, accumulated over
// runs, and the regression cases promoted from it. Kept in the repository, next to trialgate.yml.
import { z } from 'zod';

export const FAILURES_SCHEMA = 'trialgate/failures@1';

/** Why a failure happened. The program proves runtime, tool, acceptance and format; people label the rest. */
export const FailureCause = z.enum(['runtime', 'tool', 'acceptance', 'format', 'retrieval', 'planning']);

/** One trial that failed this way, with what it takes to look at it again. */
export const Occurrence = z.object({
  /** `<started_at> <git sha>`: which run it was. */
  run: z.string(),
  started_at: z.string(),
  git_sha: z.string().nullable(),
  pr_number: z.number().int().nullable(),
  /** The trial directory within that run's artefact. */
  evidence: z.string(),
  trial: z.number().int(),
  fixture_sha256: z.string(),
  /** The prompt/skill version and what ran it. */
  watched_sha256: z.string(),
  agent_command: z.string(),
  tool_version: z.string(),
  outcome: z.string(),
  stop_reason: z.string(),
  wall_ms: z.number(),
  tokens: z.number().optional(),
  cost_usd: z.number().optional(),
  /** Where the run's results came from (a run directory or an artefact). */
  source: z.string(),
});

export const FailureEntry = z.object({
  signature: z.string(),
  task: z.string(),
  check: z.string(),
  /** The first failing assertion, boundary or rule, as it names what went wrong. */
  criterion: z.string(),
  cause: FailureCause.nullable(),
  cause_by: z.enum(['program', 'label']).nullable(),
  count: z.number().int().positive(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** The most recent occurrences (at most 20), newest last. */
  occurrences: z.array(Occurrence),
});

/** A failure promoted to a regression case: it must not happen again. */
export const RegressionCase = z.object({
  id: z.string(),
  signature: z.string(),
  task: z.string(),
  check: z.string(),
  criterion: z.string(),
  set: z.enum(['dev', 'holdout']),
  promoted_at: z.string(),
  /** The re-runs that showed the failure is stable: same result every time, env errors excluded. */
  stability: z.object({ runs: z.number().int(), reproduced: z.number().int(), env_errors: z.number().int() }),
});

/** Every run the archive has read: the baselines among them show which prompt version was main's. */
export const SeenRun = z.object({
  run: z.string(),
  pr_number: z.number().int().nullable(),
  watched_sha256: z.string(),
});

export const FailureArchive = z.object({
  schema: z.literal(FAILURES_SCHEMA),
  failures: z.array(FailureEntry),
  regressions: z.array(RegressionCase),
  runs: z.array(SeenRun),
});

export type FailureCause = z.infer<typeof FailureCause>;
export type Occurrence = z.infer<typeof Occurrence>;
export type FailureEntry = z.infer<typeof FailureEntry>;
export type RegressionCase = z.infer<typeof RegressionCase>;
export type SeenRun = z.infer<typeof SeenRun>;
export type FailureArchive = z.infer<typeof FailureArchive>;
