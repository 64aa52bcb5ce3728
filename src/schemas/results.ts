// results.json, the contract between run, compare and report (docs/results.md).
// Versioned: a reader refuses any other schema string rather than guessing.
import { z } from 'zod';
import { JudgeRecord, JudgeSummary, TaskJudgeInfo, type JudgeRecordDigest } from './judge.ts';
import { Judgement } from './judgement.ts';

/** What this version writes. @2 added human repairs (`trial.repair`, `summary.repaired`), run isolation and integrity. */
export const RESULTS_SCHEMA = 'trialgate/results@2';
/** What it reads: every version whose fields are a subset of this one's (older files have no repairs). */
export const READABLE_RESULTS_SCHEMAS = ['trialgate/results@1', RESULTS_SCHEMA] as const;

export const Outcome = z.enum(['pass', 'fail', 'env_error', 'unexecuted']);
export const StopReason = z.enum(['completed', 'budget_exhausted', 'agent_crashed', 'env_error', 'not_started']);
export const Cause = z.enum(['runtime', 'tool', 'acceptance', 'format', 'retrieval', 'planning']);

/** A layer that passes or fails, with the reasons it failed. `ok: null` = not applicable to this task. */
export const Layer = z.object({
  ok: z.boolean().nullable(),
  failures: z.array(z.string()).default([]),
});

export const Usage = z.object({
  input_tokens: z.number().nonnegative().optional(),
  output_tokens: z.number().nonnegative().optional(),
  total_tokens: z.number().nonnegative().optional(),
  cost_usd: z.number().nonnegative().optional(),
});

/**
 * The named, comparable checks of one trial: `pass`, `detect:<fault>`, `constraint:<name>`,
 * `tool:<boundary>`. true = succeeded. An env_error or unexecuted trial has none (excluded).
 */
export const Checks = z.record(z.string(), z.boolean());

/**
 * A human repair of the trial's candidate, kept apart: the raw outcome never includes it. `minutes` is
 * the time people spent, including `confirming_minutes` spent confirming business rules.
 */
export const Repair = z.object({
  outcome: z.enum(['pass', 'fail', 'env_error']),
  /** `manual`: `trialgate repair`; `committed`: a patch from the repository's repairs directory, re-applied. */
  source: z.enum(['manual', 'committed']),
  minutes: z.number().nonnegative(),
  confirming_minutes: z.number().nonnegative().optional(),
  patch_lines: z.number().int().nonnegative(),
  patch_files: z.number().int().nonnegative(),
  note: z.string().optional(),
  /** The repaired candidate's hash; the trial's own `candidate_sha256` stays the delivered one. */
  candidate_sha256: z.string(),
  /** The patch, relative to the run directory. */
  patch: z.string(),
  /** Why acceptance of the repaired candidate failed, one line each. */
  failures: z.array(z.string()).default([]),
});

export const TrialResult = z.object({
  trial: z.number().int().positive(),
  outcome: Outcome,
  stop_reason: StopReason,
  cause: Cause.optional(),
  /** For env_error: the rule that excluded it from pass rates. */
  env_error: z.string().optional(),
  layers: z.object({
    final_state: Layer,
    constraints: Layer,
    tool_contract: Layer,
    trajectory: z.object({
      steps: z.number().int().nonnegative().optional(),
      retries: z.number().int().nonnegative().optional(),
      notes: z.array(z.string()).default([]),
    }),
  }),
  judgements: z.array(Judgement),
  checks: Checks,
  usage: Usage.optional(),
  wall_ms: z.number().nonnegative(),
  agent_ms: z.number().nonnegative().optional(),
  candidate_sha256: z.string().optional(),
  /** The trial directory, relative to the run directory. */
  evidence: z.string(),
  repair: Repair.optional(),
  /** The model judge's answer per item (docs/model-judge.md); its `judge:<id>` checks are in `checks`. */
  judge: z.array(JudgeRecord).optional(),
});

export const FaultLabel = z.object({ id: z.string(), label: z.string() });

export const TaskSummary = z.object({
  k: z.number().int().positive(),
  /** Executed trials (pass or fail); the denominator of every rate. */
  n: z.number().int().nonnegative(),
  launched: z.number().int().nonnegative(),
  passes: z.number().int().nonnegative(),
  pass_at_1: z.number().min(0).max(1).nullable(),
  pass_at_k: z.number().min(0).max(1).nullable(),
  pass_pow_k: z.number().min(0).max(1).nullable(),
  detections: z.record(z.string(), z.object({ detected: z.number().int(), n: z.number().int() })),
  env_errors: z.number().int().nonnegative(),
  unexecuted: z.number().int().nonnegative(),
  wall_ms: z.number().nonnegative(),
  /** Only when every executed trial reported it; never estimated. */
  tokens: z.number().nonnegative().optional(),
  cost_usd: z.number().nonnegative().optional(),
  /**
   * After human repair, apart from the raw figures above: executed trials that pass once repaired
   * (a raw pass counts as passing), the repairs made, the human minutes and patch lines they took.
   */
  repaired: z
    .object({ passes: z.number().int().nonnegative(), n: z.number().int().nonnegative(), pass_at_1: z.number().min(0).max(1).nullable(), repairs: z.number().int().nonnegative(), minutes: z.number().nonnegative(), patch_lines: z.number().int().nonnegative() })
    .optional(),
  /** The model judge's calls, tokens and answers per item, over the trials. */
  judge: JudgeSummary.optional(),
});

export const TaskResult = z.object({
  id: z.string(),
  set: z.enum(['dev', 'holdout']),
  fixture: z.string(),
  fixture_sha256: z.string(),
  /** What defines the measurement besides the fixture: a change makes the task incomparable. */
  acceptor_version: z.string(),
  budget: z.object({
    wall_seconds: z.number().positive(),
    max_tokens: z.number().positive().optional(),
    max_cost_usd: z.number().positive().optional(),
  }),
  faults: z.array(FaultLabel),
  trials: z.array(TrialResult),
  summary: TaskSummary,
  /**
   * How the task's services were provided: one instance per variant and concurrency slot, reset between
   * uses (its reset proved at the start of the run), or a fresh process per use; `why` says which and why.
   */
  services: z.object({ reused: z.boolean(), why: z.string(), started: z.number().int().nonnegative(), uses: z.number().int().nonnegative() }).optional(),
  /** Checks shown but never gated, each with the reason ("not gated, because …"); compare honours it. */
  ungated: z.record(z.string(), z.string()).optional(),
  /**
   * What defines a check's measurement beyond the task (a judge check: its model and prompt): a base run
   * whose version of a check differs is not gated against.
   */
  check_versions: z.record(z.string(), z.string()).optional(),
  /** The model judge as defined for this run. */
  judge: TaskJudgeInfo.optional(),
});

export const RunInfo = z.object({
  git_sha: z.string().nullable(),
  ref: z.string().nullable(),
  base_ref: z.string().nullable().optional(),
  pr_number: z.number().int().nullable().optional(),
  workflow_run_id: z.number().int().nullable().optional(),
  tool_version: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  seed: z.number().int(),
  k: z.number().int().positive(),
  /** For a shard: which slice of task × trial this run holds. */
  shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).optional(),
  /** How agents and acceptors were isolated; `none` with the reason when they were not. Absent in older files. */
  isolation: z.object({ mechanism: z.enum(['bubblewrap', 'none']), reason: z.string().optional() }).optional(),
  /**
   * Set when the run's own integrity failed (an acceptance copy changed under it): no trial of the run
   * passes, and the gate fails.
   */
  integrity_error: z.string().optional(),
});

export const Results = z.object({
  schema: z.enum(READABLE_RESULTS_SCHEMAS),
  trial_set: z.object({ name: z.string(), sha256: z.string() }),
  run: RunInfo,
  /** The prompt/skill version under test: hash of every watched file. */
  watched: z.object({ sha256: z.string(), files: z.record(z.string(), z.string()) }),
  agent: z.object({ command: z.string() }),
  tasks: z.array(TaskResult),
});

export type Outcome = z.infer<typeof Outcome>;
export type StopReason = z.infer<typeof StopReason>;
export type Cause = z.infer<typeof Cause>;
export type Layer = z.infer<typeof Layer>;
export type Usage = z.infer<typeof Usage>;
export type Repair = z.infer<typeof Repair>;
export type TrialResult = z.infer<typeof TrialResult>;
export type TaskSummary = z.infer<typeof TaskSummary>;
export type TaskResult = z.infer<typeof TaskResult>;
export type RunInfo = z.infer<typeof RunInfo>;
export type Results = z.infer<typeof Results>;

/**
 * A trial without its layers and judgements, and its judge answers without their reasons and transcripts
 * (but an unasked item's reason, which the report lists): what a run keeps in memory of each
 * (results/trial-log.ts). Whole trials are digests too.
 */
export type TrialDigest = Omit<TrialResult, 'layers' | 'judgements' | 'judge'> & { judge?: JudgeRecordDigest[] };
/** A run as memory holds it, every trial a digest; whole results are one too. */
export type TaskDigest = Omit<TaskResult, 'trials'> & { trials: TrialDigest[] };
export type RunDigest = Omit<Results, 'tasks'> & { tasks: TaskDigest[] };
