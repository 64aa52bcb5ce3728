// results.json, the contract between run, compare and report (docs/results.md).
// Versioned: a reader refuses any other schema string rather than guessing.
import { z } from 'zod';
import { described } from './doc.ts';
import { JudgeRecord, JudgeSummary, TaskJudgeInfo, type JudgeRecordDigest } from './judge.ts';
import { HoldoutRecord } from './holdout.ts';
import { Judgement } from './judgement.ts';
import { repairFigures } from './repair.ts';
import { MAX_COST_USD, MAX_TOKENS } from '../util/plausible.ts';

/**
 * What this version writes. @2 added human repairs (`trial.repair`, `summary.repaired`), run isolation and
 * integrity; @3 names holdout tasks by keyed pseudonym, without their detail, and records the key (`holdout`).
 */
export const RESULTS_SCHEMA = 'trialgate/results@3';
/** What it reads: every version whose fields are a subset of this one's (older files have no repairs, no holdout record). */
export const READABLE_RESULTS_SCHEMAS = ['trialgate/results@1', 'trialgate/results@2', RESULTS_SCHEMA] as const;

export const Outcome = z.enum(['pass', 'fail', 'env_error', 'unexecuted']).register(
  ...described`
    \`env_error\`: the environment failed, not the agent: excluded from every rate and listed with its rule.
    \`unexecuted\`: the trial never ran (the run's integrity failed, or its acceptor failed the preflight).
  `,
);
export const StopReason = z
  .enum(['completed', 'budget_exhausted', 'agent_crashed', 'env_error', 'not_started'])
  .register(...described('How the agent stopped; `budget_exhausted` is never a pass.'));
export const Cause = z
  .enum(['runtime', 'tool', 'acceptance', 'format', 'retrieval', 'planning'])
  .register(...described('Why the trial failed, where the program can tell: `runtime`, `format`, `acceptance` or `tool`.'));

export const Layer = z
  .object({
    ok: z
      .boolean()
      .nullable()
      .register(...described('true: the layer holds; false: it failed; null: not applicable to this task.')),
    failures: z
      .array(z.string())
      .default([])
      .register(...described('Why it failed, one line each.')),
  })
  .register(...described('A layer that passes or fails, with the reasons it failed. `ok: null` = not applicable to this task.'));

export const Usage = z
  .object({
    input_tokens: z
      .number()
      .nonnegative()
      .max(MAX_TOKENS)
      .optional()
      .register(...described('Prompt tokens.')),
    output_tokens: z
      .number()
      .nonnegative()
      .max(MAX_TOKENS)
      .optional()
      .register(...described('Completion tokens.')),
    total_tokens: z
      .number()
      .nonnegative()
      .max(MAX_TOKENS)
      .optional()
      .register(...described('All tokens, when the agent reports a total.')),
    cost_usd: z
      .number()
      .nonnegative()
      .max(MAX_COST_USD)
      .optional()
      .register(...described('What the agent’s model calls cost, in US dollars.')),
  })
  .register(...described("A trial's usage as the agent reported it, each figure bounded where it entered (util/plausible.ts)."));

export const Checks = z.record(z.string(), z.boolean()).register(
  ...described`
    The named, comparable checks of one trial: \`pass\`, \`detect:<fault>\`, \`constraint:<name>\`,
    \`tool:<boundary>\`. true = succeeded. An env_error or unexecuted trial has none (excluded).
  `,
);

export const Repair = z
  .object({
    outcome: z.enum(['pass', 'fail', 'env_error']).register(...described("The repaired candidate's outcome under the task's own acceptance.")),
    source: z
      .enum(['manual', 'committed'])
      .register(...described("`manual`: `trialgate repair`; `committed`: a patch from the repository's repairs directory, re-applied.")),
    ...repairFigures,
    candidate_sha256: z.string().register(...described("The repaired candidate's hash; the trial's own `candidate_sha256` stays the delivered one.")),
    patch: z.string().register(...described('The patch, relative to the run directory.')),
    failures: z
      .array(z.string())
      .default([])
      .register(...described('Why acceptance of the repaired candidate failed, one line each.')),
  })
  .register(
    ...described`
      A human repair of the trial's candidate, kept apart: the raw outcome never includes it. \`minutes\` is the time
      people spent, including \`confirming_minutes\` spent confirming business rules.
    `,
  );

export const TrialResult = z.object({
  trial: z
    .number()
    .int()
    .positive()
    .register(...described('The trial number within the task, from 1.')),
  outcome: Outcome,
  stop_reason: StopReason,
  cause: Cause.optional(),
  env_error: z
    .string()
    .optional()
    .register(...described('For env_error: the rule that excluded it from pass rates.')),
  env_error_source: z
    .enum(['agent'])
    .optional()
    .register(
      ...described`
        For env_error: \`agent\` when the agent command itself declared that its environment failed (exit 75,
        docs/agents.md); absent when trialgate found the failure. The gate counts the two apart.
      `,
    ),
  layers: z
    .object({
      final_state: Layer.describe('Did the candidate do the task? (format, baseline, every defect detected, targets reached)'),
      constraints: Layer.describe('Did the agent stay inside its bounds? (protected files, writes, evidence, links, backed claims)'),
      tool_contract: Layer.describe('(tools tasks) Were the injected tool errors handled?'),
      trajectory: z
        .object({
          steps: z
            .number()
            .int()
            .nonnegative()
            .optional()
            .register(...described('Tool calls the agent made, where counted.')),
          retries: z
            .number()
            .int()
            .nonnegative()
            .optional()
            .register(...described('Of them, retries.')),
          notes: z
            .array(z.string())
            .default([])
            .register(...described('What the runner noted: exit, removed links, scrubbed secrets, bounded figures.')),
        })
        .register(...described('Why, at what cost: never a failure by itself.')),
    })
    .register(...described('The layered verdict (docs/trial-layout.md): each layer apart.')),
  judgements: z.array(Judgement).register(...described('The judgement of each acceptance report, one per variant.')),
  checks: Checks,
  check_failures: z
    .record(z.string(), z.string())
    .optional()
    .register(
      ...described`
        The first failure line of each failed check that carries one (\`reproduction\` → the failing test and its
        assertion): what names the failure in the failure archive and the report, whatever kind decided it.
      `,
    ),
  usage: Usage.optional(),
  wall_ms: z
    .number()
    .nonnegative()
    .register(...described("The trial's wall time in milliseconds.")),
  agent_ms: z
    .number()
    .nonnegative()
    .optional()
    .register(...described("Of it, the agent's; absent when no agent ran.")),
  candidate_sha256: z
    .string()
    .optional()
    .register(...described('The delivered candidate: identical bytes, identical hash.')),
  evidence: z.string().register(...described('The trial directory, relative to the run directory.')),
  repair: Repair.optional(),
  judge: z
    .array(JudgeRecord)
    .optional()
    .register(...described("The model judge's answer per item (docs/model-judge.md); its `judge:<id>` checks are in `checks`.")),
});

export const FaultLabel = z
  .object({
    id: z.string().register(...described('The fault id (the variant).')),
    label: z.string().register(...described('What the defect does, as reports show it.')),
  })
  .register(...described('A defect variant the task ran.'));

const Rate = z.number().min(0).max(1).nullable();

export const TaskFigures = z
  .object({
    k: z
      .number()
      .int()
      .positive()
      .register(...described('Trials planned per task.')),
    n: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Executed trials (pass or fail); the denominator of every rate.')),
    launched: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials started.')),
    passes: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Executed trials that passed.')),
    pass_at_1: Rate.describe('passes ÷ n; null when n is 0.'),
    pass_at_k: Rate.describe('The chance that at least one of k trials passes, estimated without bias from n ≥ k trials; null when n < k.'),
    pass_pow_k: Rate.describe('The chance that all k trials pass, estimated without bias from n ≥ k trials; null when n < k.'),
    detections: z
      .record(
        z.string(),
        z.object({
          detected: z
            .number()
            .int()
            .register(...described('Executed trials whose candidate detected the fault.')),
          n: z
            .number()
            .int()
            .register(...described('Executed trials that faced it.')),
        }),
      )
      .register(...described('Fault id → how often it was detected.')),
    env_errors: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials the environment failed: excluded from every rate, never dropped.')),
    unexecuted: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials that never ran.')),
    wall_ms: z
      .number()
      .nonnegative()
      .register(...described('The wall time of the trials, summed.')),
    tokens: z
      .number()
      .nonnegative()
      .optional()
      .register(...described('Only when every executed trial reported it; never estimated.')),
    cost_usd: z
      .number()
      .nonnegative()
      .optional()
      .register(...described('Only when every executed trial reported it; never estimated.')),
    repaired: z
      .object({
        passes: z
          .number()
          .int()
          .nonnegative()
          .register(...described('Executed trials that pass once repaired (a raw pass counts).')),
        n: z
          .number()
          .int()
          .nonnegative()
          .register(...described('Executed trials.')),
        pass_at_1: Rate.describe('passes ÷ n after repair.'),
        repairs: z
          .number()
          .int()
          .nonnegative()
          .register(...described('Repairs made.')),
        minutes: z
          .number()
          .nonnegative()
          .register(...described('Minutes people spent on them.')),
        patch_lines: z
          .number()
          .int()
          .nonnegative()
          .register(...described('Lines their patches add or remove.')),
      })
      .optional()
      .register(
        ...described`
          After human repair, apart from the raw figures above: executed trials that pass once repaired (a raw pass
          counts as passing), the repairs made, the human minutes and patch lines they took.
        `,
      ),
  })
  .register(
    ...described`
      A task's figures over its trials: one run's (its \`summary\`), or, in a comparison, one side's pooled over the
      runs compared (comparison.ts). One type wherever the figures of a task are shown.
    `,
  );

export const TaskSummary = TaskFigures.extend({
  judge: JudgeSummary.optional().register(...described("The model judge's calls, tokens and answers per item, over the trials.")),
}).register(...described("A run's figures of one of its tasks, and what its model judge cost."));

export const TaskResult = z.object({
  id: z.string().register(...described('The task id, as trialgate.yml names it.')),
  set: z.enum(['dev', 'holdout']).register(...described('`holdout`: gated, but only its aggregates are ever shown.')),
  fixture: z.string().register(...described('The fixture directory, relative to the project.')),
  fixture_sha256: z.string().register(...described('The fixture version: the hash of its protected files. A changed fixture is a changed task.')),
  fixture_files: z
    .record(z.string(), z.string())
    .optional()
    .register(
      ...described(
        "Each protected file of the fixture, by its path in the fixture, and the first 16 hex digits of its hash: which files a changed fixture changed. Never a holdout task's.",
      ),
    ),
  acceptor_version: z.string().register(...described('What defines the measurement besides the fixture: a change makes the task incomparable.')),
  budget: z
    .object({
      wall_seconds: z
        .number()
        .positive()
        .register(...described("Wall time of one trial's agent.")),
      max_tokens: z
        .number()
        .positive()
        .optional()
        .register(...described('Tokens one trial may spend, as its agent reports them.')),
      max_cost_usd: z
        .number()
        .positive()
        .optional()
        .register(...described('What one trial may cost, as its agent reports it.')),
    })
    .register(...described('The budget the trials ran under: base and head tasks with different budgets are not compared.')),
  faults: z.array(FaultLabel).register(...described('The defect variants the task ran, in order.')),
  check_labels: z
    .record(z.string(), z.string())
    .optional()
    .register(...described("What a reader sees for the task kind's own checks (a code task's `test:<group>`, `reproduction`): check → label.")),
  trials: z.array(TrialResult).register(...described('Every trial of the task in this run.')),
  summary: TaskSummary.describe('The figures over the trials.'),
  services: z
    .object({
      reused: z.boolean().register(...described('Whether instances were kept and reset between uses (the reset was proved).')),
      why: z.string().register(...described('Why they were, or were not.')),
      started: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Service processes started.')),
      uses: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Acceptance runs that used one.')),
      replaced: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .register(
          ...described`
            Reused instances stopped after a use because the check after it (the state probe, then a replay of the
            reference answers) found them unlike a fresh start; each next use started a fresh one.
          `,
        ),
    })
    .optional()
    .register(
      ...described`
        How the task's services were provided: from the run's one pool (per variant as many instances as acceptances
        run at once), reset between uses (its reset proved at the start of the run), or a fresh process per use;
        \`why\` says which and why.
      `,
    ),
  ungated: z
    .record(z.string(), z.string())
    .optional()
    .register(...described('Checks shown but never gated, each with the reason ("not gated, because …"); compare honours it.')),
  check_versions: z
    .record(z.string(), z.string())
    .optional()
    .register(
      ...described`
        What defines a check's measurement beyond the task (a judge check: its model and prompt): a base run whose
        version of a check differs is not gated against.
      `,
    ),
  judge: TaskJudgeInfo.optional().register(...described('The model judge as defined for this run.')),
  acceptor_check: z
    .object({
      ok: z.boolean().register(...described('Whether the acceptor passed the reference answers.')),
      error: z
        .string()
        .optional()
        .register(...described('Why not (the acceptor’s stderr).')),
      fix: z
        .string()
        .optional()
        .register(...described('What to do about it.')),
      report: z
        .string()
        .optional()
        .register(...described('The report it wrote, relative to the run directory.')),
    })
    .optional()
    .register(
      ...described`
        The acceptor preflight (a \`command\` acceptor): its run on the reference answers against the correct service
        before the first trial. Not ok: every trial of the task is an env_error and no agent ran; the task measures
        nothing this run (undecided, never a regression). \`report\` is relative to the run directory.
      `,
    ),
  not_rerun: z
    .string()
    .optional()
    .register(
      ...described`
        Present when this run did not rerun the task, saying why: the change under test touches no file the task
        depends on (decided from the changed files, docs/trial-set.md). It holds no trials; a comparison shows it as
        not rerun, never as evidence either way.
      `,
    ),
});

export const Isolation = z
  .object({
    mechanism: z.enum(['bubblewrap', 'none']).register(...described('`bubblewrap`: each agent, service and acceptor in a sandbox; `none`: unisolated.')),
    reason: z
      .string()
      .optional()
      .register(...described('Why not isolated, with `none`.')),
  })
  .register(...described('How agents, services and acceptors were isolated (docs/isolation.md).'));

export const RunInfo = z.object({
  git_sha: z
    .string()
    .nullable()
    .register(...described('The commit the run was made from; null when unknown.')),
  ref: z
    .string()
    .nullable()
    .register(...described('The git ref, e.g. refs/pull/7/merge; null when unknown.')),
  base_ref: z
    .string()
    .nullable()
    .optional()
    .register(...described("A pull request's base branch.")),
  pr_number: z
    .number()
    .int()
    .nullable()
    .optional()
    .register(...described('The pull request the run was made for.')),
  workflow_run_id: z
    .number()
    .int()
    .nullable()
    .optional()
    .register(...described('The GitHub Actions run that made it.')),
  tool_version: z.string().register(...described('The trialgate that made it.')),
  started_at: z.string().register(...described('When the run started (ISO 8601).')),
  finished_at: z.string().register(...described('When it finished (ISO 8601).')),
  seed: z
    .number()
    .int()
    .register(...described('The run seed.')),
  k: z
    .number()
    .int()
    .positive()
    .register(...described('Trials per task.')),
  shard: z
    .object({
      index: z
        .number()
        .int()
        .positive()
        .register(...described('This shard, from 1.')),
      count: z
        .number()
        .int()
        .positive()
        .register(...described('Shards in all.')),
    })
    .optional()
    .register(...described('For a shard: which slice of task × trial this run holds.')),
  isolation: Isolation.optional().register(
    ...described('How agents and acceptors were isolated; `none` with the reason when they were not. Absent in older files.'),
  ),
  integrity_error: z
    .string()
    .optional()
    .register(...described("Set when the run's own integrity failed (an acceptance copy changed under it): no trial of the run passes, and the gate fails.")),
  shards: z
    .array(
      z.object({
        index: z
          .number()
          .int()
          .positive()
          .register(...described('The shard, from 1.')),
        count: z
          .number()
          .int()
          .positive()
          .register(...described('Shards in all.')),
        started_at: z.string().register(...described('When the shard started (ISO 8601).')),
        finished_at: z.string().register(...described('When it finished (ISO 8601).')),
        isolation: Isolation.optional(),
        integrity_error: z
          .string()
          .optional()
          .register(...described("Set when the shard's own integrity failed.")),
      }),
    )
    .optional()
    .register(
      ...described`
        A run merged from shards: each shard's own isolation and integrity, as it recorded them (the run's
        \`isolation\` and \`integrity_error\` above are the weakest of them).
      `,
    ),
});

export const Watched = z
  .object({
    sha256: z.string().register(...described('The version: one hash over every watched file.')),
    files: z.record(z.string(), z.string()).register(...described('Each watched file (relative to the project) → its hash.')),
  })
  .register(...described('The prompt/skill version under test: hash of every watched file.'));

export const Results = z.object({
  schema: z.enum(READABLE_RESULTS_SCHEMAS).register(...described(`The version of this file format; this trialgate writes ${RESULTS_SCHEMA}.`)),
  trial_set: z
    .object({ name: z.string().register(...described('Its name.')), sha256: z.string().register(...described('The hash of trialgate.yml as it ran.')) })
    .register(...described('The trial set that ran.')),
  run: RunInfo.describe('The run: where, when, with what.'),
  watched: Watched,
  agent: z.object({ command: z.string().register(...described('As trialgate.yml gives it.')) }).register(...described('The agent that ran.')),
  holdout: HoldoutRecord.optional().register(
    ...described`
      Present when the run has holdout tasks, or its trial set a holdout source: the key their pseudonyms were made
      with, and why the source's tasks are missing, if they are (docs/holdout.md).
    `,
  ),
  measurement: z
    .record(z.string(), z.string())
    .optional()
    .register(
      ...described`
        What measured the run, field by field (\`trials\`, \`agent.isolation\`, \`agent.files\`, \`tasks.<id>.faults\`, …): a
        pull request whose trial set measures otherwise than its base runs did is undecided until a maintainer approves
        (docs/comparison.md#what-a-pull-request-may-change). Absent in files older than it.
      `,
    ),
  tasks: z.array(TaskResult).register(...described('Every task of the run.')),
});

export type Outcome = z.infer<typeof Outcome>;
export type StopReason = z.infer<typeof StopReason>;
export type Cause = z.infer<typeof Cause>;
export type Layer = z.infer<typeof Layer>;
export type Usage = z.infer<typeof Usage>;
export type Repair = z.infer<typeof Repair>;
export type TrialResult = z.infer<typeof TrialResult>;
export type TaskFigures = z.infer<typeof TaskFigures>;
export type TaskSummary = z.infer<typeof TaskSummary>;
export type TaskResult = z.infer<typeof TaskResult>;
export type RunInfo = z.infer<typeof RunInfo>;
export type Results = z.infer<typeof Results>;

/**
 * A trial without its layers and judgements, and its judge answers without their reasons and transcripts
 * (but an unasked item's reason, which the report lists): what a run keeps in memory of each
 * (results/trial-log.ts). Whole trials are digests too.
 */
export type TrialDigest = Omit<TrialResult, 'layers' | 'judgements' | 'judge'> & {
  judge?: JudgeRecordDigest[];
  /** Why it did not pass (results/reasons.ts), kept from the layers the digest drops. */
  why?: string[];
};
/** A run as memory holds it, every trial a digest; whole results are one too. */
export type TaskDigest = Omit<TaskResult, 'trials'> & { trials: TrialDigest[] };
export type RunDigest = Omit<Results, 'tasks'> & { tasks: TaskDigest[] };
