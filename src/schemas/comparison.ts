// The comparison of base results with head results (docs/comparison.md): what `trialgate compare
// --format json` writes and what the markdown is rendered from. Versioned like results.json.
// Holdout tasks appear only as an aggregate: no id, check name or evidence path of theirs is in here.
import { z } from 'zod';
import { JudgeSummary, Pairwise, TaskJudgeInfo } from './judge.ts';
import { FaultLabel } from './results.ts';

export const COMPARISON_SCHEMA = 'trialgate/comparison@2';

/**
 * `familywise`: Fisher's exact test per check; the chance that an unchanged suite fails the gate is at
 * most α over all its gated checks (docs/comparison.md). `strict`: any head failure of a check whose
 * base trials all succeeded; no bound on false alarms.
 */
export const Policy = z.enum(['strict', 'familywise']);

/**
 * `regressed`: below base by the policy (gated). `suspect`: below base but not significant, or a side
 * with no executed trial (shown, not gated; the confirmation rounds add head trials where it is ambiguous). `improved`: above
 * base by the policy's mirror test. `flaky`: no significant change, but the trials did not all agree.
 * `unchanged`: every trial on both sides had the same outcome.
 */
export const CheckStatus = z.enum(['regressed', 'suspect', 'improved', 'flaky', 'unchanged']);

/**
 * `env` is the comparison's own check "the trial executed (no env error)"; it is shown, never gated.
 * `judge`: a model judge's item (docs/model-judge.md); gated only when its calibration allows.
 */
export const CheckKind = z.enum(['pass', 'detect', 'constraint', 'tool', 'judge', 'env', 'other']);

export const Count = z.object({
  successes: z.number().int().nonnegative(),
  n: z.number().int().nonnegative(),
});

export const CheckComparison = z.object({
  /** The key in TrialResult.checks (`pass`, `detect:<fault>`, …) or `env`. */
  check: z.string(),
  kind: CheckKind,
  /** What a reader sees: `detection: double-reserve — duplicate request reserves twice (idempotency)`. */
  label: z.string(),
  gated: z.boolean(),
  /** Why a check that could gate does not: completes "this check is not gated, because …". */
  ungated: z.string().optional(),
  base: Count,
  head: Count,
  status: CheckStatus,
  /** The one-sided Fisher p of the look that decided (the direction observed there); null under `strict`. */
  p: z.number().min(0).max(1).nullable(),
  /** What p had to be at most at that look: α₁ over the checks that could reach p, or α_confirm / family. */
  threshold: z.number().min(0).max(1).nullable(),
  /** `first`: the first k head trials; `final`: every head trial after the confirmation rounds. */
  look: z.enum(['first', 'final']).nullable(),
  /** The figures behind the status, in words. */
  rule: z.string(),
});

/**
 * `changed`: the fixture hash differs (the task itself changed). `incomparable`: the fixture is the same
 * but the acceptor version or the budget differs. Neither is gated; `differs` names the fields.
 */
export const TaskStatus = z.enum(['compared', 'new', 'removed', 'changed', 'incomparable']);

export const Difference = z.object({ field: z.string(), base: z.string(), head: z.string() });

/** One side's figures of one task; for the base, pooled over the runs that were compared. */
export const TaskFigures = z.object({
  k: z.number().int().positive(),
  launched: z.number().int().nonnegative(),
  executed: z.number().int().nonnegative(),
  env_errors: z.number().int().nonnegative(),
  unexecuted: z.number().int().nonnegative(),
  passes: z.number().int().nonnegative(),
  pass_at_1: z.number().min(0).max(1).nullable(),
  pass_at_k: z.number().min(0).max(1).nullable(),
  pass_pow_k: z.number().min(0).max(1).nullable(),
  detections: z.record(z.string(), Count),
  wall_ms: z.number().nonnegative(),
  /** Present only when the run reported it for the task; never estimated. */
  tokens: z.number().nonnegative().optional(),
  cost_usd: z.number().nonnegative().optional(),
  /** The rules of this task's env errors, with how many trials each excluded. */
  env_error_rules: z.array(z.object({ rule: z.string(), trials: z.number().int().positive() })),
  /** After human repair, beside (never inside) the raw figures; present only when a trial was repaired. */
  repaired: z
    .object({ passes: z.number().int().nonnegative(), executed: z.number().int().nonnegative(), repairs: z.number().int().positive(), minutes: z.number().nonnegative(), patch_lines: z.number().int().nonnegative() })
    .optional(),
});

export const TrialCells = z.object({
  trial: z.number().int().positive(),
  outcome: z.enum(['pass', 'fail', 'env_error', 'unexecuted']),
  checks: z.record(z.string(), z.boolean()),
  evidence: z.string(),
});

export const TaskComparison = z.object({
  id: z.string(),
  status: TaskStatus,
  differs: z.array(Difference),
  /** Base runs pooled for this task, and base runs left out because their task definition differed. */
  base_runs: z.number().int().nonnegative(),
  base_runs_excluded: z.number().int().nonnegative(),
  faults: z.array(FaultLabel),
  checks: z.array(CheckComparison),
  base: TaskFigures.nullable(),
  head: TaskFigures.nullable(),
  head_trials: z.array(TrialCells),
  /** The head run's model judge for this task: its items, their calibration and what it cost. */
  judge: TaskJudgeInfo.extend({
    summary: JudgeSummary.optional(),
    /** Item id → why the head run does not gate it (its calibration); a compared check may add a reason of its own. */
    ungated: z.record(z.string(), z.string()),
  }).optional(),
});

export const StatusCounts = z.object({
  regressed: z.number().int().nonnegative(),
  suspect: z.number().int().nonnegative(),
  improved: z.number().int().nonnegative(),
  flaky: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});

export const TaskStatusCounts = z.object({
  compared: z.number().int().nonnegative(),
  new: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  incomparable: z.number().int().nonnegative(),
});

export const HoldoutAggregate = z.object({
  tasks: TaskStatusCounts,
  /** Gated checks of the compared holdout tasks, by status. */
  checks: StatusCounts,
  /** Trial passes of the compared holdout tasks, base and head. */
  base_passes: Count,
  head_passes: Count,
  /** Trial passes of every holdout task of the head run, compared or not. */
  head_passes_all: Count,
});

export const Denominators = z.object({
  runs: z.number().int().nonnegative(),
  k: z.array(z.number().int().positive()),
  tasks: z.number().int().nonnegative(),
  launched: z.number().int().nonnegative(),
  executed: z.number().int().nonnegative(),
  env_errors: z.number().int().nonnegative(),
  unexecuted: z.number().int().nonnegative(),
  /** Env errors of dev tasks by rule; those of holdout tasks only as a number. */
  env_error_rules: z.array(z.object({ rule: z.string(), trials: z.number().int().positive() })),
  holdout_env_errors: z.number().int().nonnegative(),
});

export const RunRef = z.object({
  git_sha: z.string().nullable(),
  ref: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string(),
  tool_version: z.string(),
  trial_set_sha256: z.string(),
});

export const Comparison = z.object({
  schema: z.literal(COMPARISON_SCHEMA),
  trial_set: z.string(),
  policy: z.object({
    name: Policy,
    alpha: z.number().gt(0).lt(1).nullable(),
    chosen: z.enum(['default', 'option']),
    /** familywise: the share of α of the first round and of the final confirmation look. */
    alpha_first: z.number().min(0).lt(1).nullable(),
    alpha_confirm: z.number().min(0).lt(1).nullable(),
    /** Gated checks compared: the family. */
    family: z.number().int().nonnegative(),
    /** The confirmation plan: most extra head trials per task; null without one. */
    confirm_trials: z.number().int().positive().nullable(),
    /** Head trials per task at each look of the plan (the first is k). */
    looks: z.array(z.number().int().positive()),
    /** Whether familywise can flag anything at these k and base runs, in words (policyReach). */
    reach: z.object({ reachable: z.boolean(), total_loss_p: z.number().min(0).max(1).nullable(), note: z.string() }),
  }),
  /** `fail` = a gated check regressed; `no_baseline` = nothing to compare with; `incomparable` = see `incomparable`. */
  verdict: z.enum(['pass', 'fail', 'no_baseline', 'incomparable']),
  incomparable: z
    .object({ base_index: z.number().int().nonnegative(), field: z.string(), base: z.string(), head: z.string() })
    .nullable(),
  head: RunRef,
  bases: z.array(RunRef),
  /** Gated regressions, dev and holdout together: what the gate counts. */
  regressions: z.number().int().nonnegative(),
  /** Gated checks of the compared dev tasks, by status. */
  checks: StatusCounts,
  tasks: z.array(TaskComparison),
  task_counts: TaskStatusCounts,
  holdout: HoldoutAggregate,
  denominators: z.object({ head: Denominators, base: Denominators.nullable() }),
  /** On a pull request: the judge's blind, order-swapped preferences between base and head candidates. */
  pairwise: Pairwise.optional(),
});

export type Policy = z.infer<typeof Policy>;
export type CheckStatus = z.infer<typeof CheckStatus>;
export type CheckKind = z.infer<typeof CheckKind>;
export type Count = z.infer<typeof Count>;
export type CheckComparison = z.infer<typeof CheckComparison>;
export type TaskStatus = z.infer<typeof TaskStatus>;
export type Difference = z.infer<typeof Difference>;
export type TaskFigures = z.infer<typeof TaskFigures>;
export type TrialCells = z.infer<typeof TrialCells>;
export type TaskComparison = z.infer<typeof TaskComparison>;
export type StatusCounts = z.infer<typeof StatusCounts>;
export type TaskStatusCounts = z.infer<typeof TaskStatusCounts>;
export type HoldoutAggregate = z.infer<typeof HoldoutAggregate>;
export type Denominators = z.infer<typeof Denominators>;
export type RunRef = z.infer<typeof RunRef>;
export type Comparison = z.infer<typeof Comparison>;
