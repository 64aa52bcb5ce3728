// The comparison of base results with head results (docs/comparison.md): what `trialgate compare
// --format json` writes and what the markdown is rendered from. Versioned like results.json.
// Holdout tasks appear only as an aggregate: no id, check name or evidence path of theirs is in here.
import { z } from 'zod';
import { described } from './doc.ts';
import { JudgeSummary, Pairwise, TaskJudgeInfo } from './judge.ts';
import { FaultLabel, TaskFigures } from './results.ts';

/**
 * What this version writes. @3 named a task's figures as results.json does (`n`, not `executed`; a detection
 * `{ detected, n }`). @4: α is shared by tasks and spread over a task's checks by its graph, each task has a
 * plan of its own (`tasks[].plan`), and the comparison says what the pull request spent (`spend`) and what
 * it changed of its measurement (`measurement`).
 */
export const COMPARISON_SCHEMA = 'trialgate/comparison@4';

export const Policy = z.enum(['strict', 'familywise']).register(
  ...described`
    \`familywise\`: Fisher's exact test per check; the chance that an unchanged suite fails the gate is at most α over
    all its gated checks (docs/comparison.md). \`strict\`: any head failure of a check whose base trials all
    succeeded; no bound on false alarms.
  `,
);

export const CheckStatus = z.enum(['regressed', 'suspect', 'improved', 'flaky', 'unchanged']).register(
  ...described`
    \`regressed\`: below base by the policy (gated). \`suspect\`: below base but not significant, or a side with no
    executed trial (shown, not gated; the confirmation rounds add head trials where it is ambiguous). \`improved\`:
    above base by the policy's mirror test. \`flaky\`: no significant change, but the trials did not all agree.
    \`unchanged\`: every trial on both sides had the same outcome.
  `,
);

export const CheckKind = z.enum(['pass', 'detect', 'constraint', 'tool', 'judge', 'env', 'other']).register(
  ...described`
    \`env\` is the comparison's own check "the trial executed (no env error)"; it is shown, never gated. \`judge\`: a
    model judge's item (docs/model-judge.md); gated only when its calibration allows.
  `,
);

export const Count = z
  .object({
    successes: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials in which the check succeeded.')),
    n: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials in which it was measured (executed trials).')),
  })
  .register(...described('How often a check succeeded.'));

export const CheckComparison = z.object({
  check: z.string().register(...described('The key in TrialResult.checks (`pass`, `detect:<fault>`, …) or `env`.')),
  kind: CheckKind,
  label: z.string().register(...described('What a reader sees: `detection: double-reserve — duplicate request reserves twice (idempotency)`.')),
  gated: z.boolean().register(...described('Whether the check can fail the gate.')),
  ungated: z
    .string()
    .optional()
    .register(...described('Why a check that could gate does not: completes "this check is not gated, because …".')),
  base: Count.describe('The base trials, pooled over the base runs compared.'),
  head: Count.describe('The head trials, the confirmation trials included.'),
  fresh_base: Count.optional().describe(
    "Paired: the base commit's trials its confirmation rounds ran beside the head's, tested with `base` (never what made the check tested).",
  ),
  status: CheckStatus,
  p: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .register(...described('The one-sided Fisher p of the look that decided (the direction observed there); null under `strict`.')),
  threshold: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .register(...described('What p had to be at most at that look: its share of α / family (plan.ts).')),
  look: z
    .enum(['first', 'final'])
    .nullable()
    .register(...described('`first`: the first k head trials; `final`: the head trials up to a confirmation look (`trials` says how many).')),
  trials: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .register(...described('Executed head trials at the look that decided.')),
  rule: z.string().register(...described('The figures behind the status, in words.')),
  pessimistic: z
    .object({
      base: Count.describe('The base trials with their env errors counted as successes.'),
      head: Count.describe('The head trials with their env errors counted as failures.'),
      p: z
        .number()
        .min(0)
        .max(1)
        .nullable()
        .register(...described('The p of that count.')),
      threshold: z
        .number()
        .min(0)
        .max(1)
        .nullable()
        .register(...described('What p had to be at most to flag it.')),
      rule: z.string().register(...described('The count in words.')),
    })
    .optional()
    .register(
      ...described`
        Present when counting the environment errors against the PR (head env errors as failures, base env errors as
        successes) would make this check a regression though it is not one: the task is undecided.
      `,
    ),
});

export const TaskStatus = z.enum(['compared', 'new', 'removed', 'changed', 'incomparable', 'not_rerun']).register(
  ...described`
    \`changed\`: the fixture hash differs (the task itself changed). \`incomparable\`: the fixture is the same but the
    acceptor version or the budget differs. Neither is gated; \`differs\` names the fields. \`not_rerun\`: the head
    did not rerun the task, because the change under test touches nothing it depends on (\`not_rerun\` says why): it
    neither passes nor regresses, and its base results are shown as the base's.
  `,
);

export const Difference = z
  .object({
    field: z.string().register(...described('What differs: `fixture_sha256`, `acceptor_version`, `budget`, a check version.')),
    base: z.string().register(...described("The base's value.")),
    head: z.string().register(...described("The head's value.")),
  })
  .register(...described('One way a task differs between base and head.'));

export const MeasurementChange = z
  .object({
    what: z.string().register(...described('What changed: `task inv`, `task inv: fixture_sha256`, `agent.isolation`, a file.')),
    base: z.string().register(...described('What the base had.')),
    head: z.string().register(...described('What this pull request has.')),
  })
  .register(...described('One change of a pull request to what measures it.'));

const EnvErrorRules = z.array(
  z.object({
    rule: z.string().register(...described('The rule that excluded the trials (an environment failure, not the agent’s).')),
    trials: z
      .number()
      .int()
      .positive()
      .register(...described('Trials it excluded.')),
  }),
);

export const SideFigures = TaskFigures.extend({
  env_error_rules: EnvErrorRules.register(...described("The rules of this task's env errors, with how many trials each excluded.")),
}).register(
  ...described`
    One side's figures of one task (results.json's, under the same names); for the base, pooled over the runs that
    were compared. With the rules of its env errors.
  `,
);

export const TrialCells = z.object({
  trial: z
    .number()
    .int()
    .positive()
    .register(...described('The head trial.')),
  outcome: z.enum(['pass', 'fail', 'env_error', 'unexecuted']).register(...described("The trial's outcome.")),
  checks: z.record(z.string(), z.boolean()).register(...described('Its checks: true = succeeded.')),
  evidence: z.string().register(...described('Its trial directory, relative to the head run directory.')),
  why: z
    .array(z.string())
    .optional()
    .register(...described('Why the trial did not pass, a few lines (results/reasons.ts); absent when it passed.')),
});

/** What to do about an undecided task or pull request, decided where its reason was: the comment's next step. */
export const UndecidedNext = z
  .enum(['rerun', 'maintainer', 'baseline_runs', 'baseline_workflow', 'confirm_trials', 'max_trials', 'confirmation', 'fix_setup'])
  .register(
    ...described(
      '`rerun` once the environment named answers again; `maintainer`: approve the changed measurement; `baseline_runs`: record more base runs (or rerun the base beside the head, or raise trials / confirm-trials); `baseline_workflow`: rerun it on the base branch; `confirm_trials` / `max_trials`: raise it; `confirmation`: run the confirmation the head lacks (`trialgate gate`); `fix_setup`: fix the trial set or fixture named (an agent program missing, an acceptor that cannot run), as a rerun fails the same way.',
    ),
  );
export type UndecidedNext = z.infer<typeof UndecidedNext>;

export const TaskComparison = z.object({
  id: z.string().register(...described('The task.')),
  status: TaskStatus,
  differs: z.array(Difference).register(...described('For `changed` and `incomparable`: what differs.')),
  base_runs: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Base runs pooled for this task, and base runs left out because their task definition differed.')),
  base_runs_excluded: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Base runs left out for this task: their task definition differed.')),
  faults: z.array(FaultLabel).register(...described("The head's defect variants, with their labels.")),
  check_labels: z
    .record(z.string(), z.string())
    .optional()
    .register(...described("The task kind's labels of its own checks (results.json `check_labels`).")),
  checks: z.array(CheckComparison).register(...described('Every check of the task, base against head.')),
  base: SideFigures.nullable().register(...described("The base's figures, pooled over the base runs; null for a new task.")),
  head: SideFigures.nullable().register(...described("The head's figures; null for a removed task.")),
  head_trials: z.array(TrialCells).register(...described("The head's trials, each with its checks.")),
  undecided: z
    .string()
    .optional()
    .register(...described('Why this task cannot be decided (the PR is `undecided` unless something regressed).')),
  undecided_next: UndecidedNext.optional().register(...described('With `undecided`: what to do about it.')),
  not_rerun: z
    .string()
    .optional()
    .register(...described('For status `not_rerun`: why the head did not rerun it.')),
  fresh_base_trials: z
    .number()
    .int()
    .positive()
    .optional()
    .register(...described("Paired: the base commit's trials of this task its confirmation rounds launched beside the head's (what they cost).")),
  confirmation: z
    .object({
      trials: z
        .number()
        .int()
        .positive()
        .register(...described('Head trials launched, the first k included.')),
      why: z.string().register(...described('Why its first round did not decide it: which checks were ambiguous there.')),
    })
    .optional()
    .register(...described('Present when the task was confirmed: its head trials launched and why it was ambiguous.')),
  plan: z
    .object({
      share: z
        .number()
        .min(0)
        .max(1)
        .register(...described("The task's share of α: α / the tasks with a check that can regress.")),
      primary: z.string().register(...described('The check the looks were sized for: the trial pass when it can regress.')),
      looks: z
        .array(
          z.object({
            trials: z
              .number()
              .int()
              .positive()
              .register(...described('Executed head trials at this look (the first look is the first round, trials 1 … k).')),
            part: z
              .number()
              .min(0)
              .max(1)
              .register(...described("The part of each check's share tested here; 0: the look only screens.")),
            screen: z
              .number()
              .min(0)
              .max(1)
              .register(...described('A check not flagged here whose p is at most this is ambiguous: the task goes on.')),
            base: z
              .number()
              .int()
              .positive()
              .optional()
              .register(...described('Paired: executed fresh base trials at this look (the base commit run beside the head); absent: none.')),
          }),
        )
        .register(...described('Every look of its plan.')),
    })
    .optional()
    .register(...described('familywise: the plan the task was decided by (src/compare/plan.ts).')),
  judge: TaskJudgeInfo.extend({
    summary: JudgeSummary.optional(),
    ungated: z
      .record(z.string(), z.string())
      .register(...described('Item id → why the head run does not gate it (its calibration); a compared check may add a reason of its own.')),
  })
    .optional()
    .register(...described("The head run's model judge for this task: its items, their calibration and what it cost.")),
});

const Checks = (status: string) =>
  z
    .number()
    .int()
    .nonnegative()
    .register(...described(`Checks ${status}.`));

export const StatusCounts = z
  .object({
    regressed: Checks('regressed'),
    suspect: Checks('suspect'),
    improved: Checks('improved'),
    flaky: Checks('flaky'),
    unchanged: Checks('unchanged'),
  })
  .register(...described('Checks by status.'));

const Tasks = (status: string) =>
  z
    .number()
    .int()
    .nonnegative()
    .register(...described(`Tasks ${status}.`));

export const TaskStatusCounts = z
  .object({
    compared: Tasks('compared'),
    new: Tasks('new in the head'),
    removed: Tasks('only the base has'),
    changed: Tasks('whose fixture changed'),
    incomparable: Tasks('whose acceptor or budget differ'),
    not_rerun: Tasks('the head did not rerun').default(0),
  })
  .register(...described('Tasks by status.'));

export const HoldoutAggregate = z.object({
  tasks: TaskStatusCounts.describe('Holdout tasks by status.'),
  checks: StatusCounts.describe('Gated checks of the compared holdout tasks, by status; none of an undecided task in which nothing regressed.'),
  base_passes: Count.describe('Trial passes of the compared holdout tasks, base and head.'),
  head_passes: Count.describe('Trial passes of the compared holdout tasks in the head.'),
  head_passes_all: Count.describe('Trial passes of every holdout task of the head run, compared or not.'),
});

export const Denominators = z
  .object({
    runs: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Runs on this side.')),
    k: z.array(z.number().int().positive()).register(...described('The k of each run.')),
    tasks: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Tasks measured.')),
    launched: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials started.')),
    executed: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials executed (pass or fail): what every rate is over.')),
    env_errors: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials the environment failed, excluded from every rate.')),
    unexecuted: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Trials that never ran.')),
    env_error_rules: EnvErrorRules.register(...described('Env errors of dev tasks by rule; those of holdout tasks only as a number.')),
    holdout_env_errors: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Env errors of holdout tasks.')),
  })
  .register(...described('What the figures of one side are over.'));

export const RunRef = z
  .object({
    git_sha: z
      .string()
      .nullable()
      .register(...described('Its commit; null when unknown.')),
    ref: z
      .string()
      .nullable()
      .register(...described('Its git ref; null when unknown.')),
    started_at: z.string().register(...described('When it started (ISO 8601).')),
    finished_at: z.string().register(...described('When it finished (ISO 8601).')),
    tool_version: z.string().register(...described('The trialgate that made it.')),
    trial_set_sha256: z.string().register(...described('Its trialgate.yml.')),
  })
  .register(...described('A run compared.'));

export const Comparison = z.object({
  schema: z.literal(COMPARISON_SCHEMA).register(...described('The version of this file format.')),
  trial_set: z.string().register(...described('The trial set compared (its name).')),
  policy: z
    .object({
      name: Policy,
      alpha: z
        .number()
        .gt(0)
        .lt(1)
        .nullable()
        .register(...described('familywise: the suite-wide false-alarm budget; null under strict.')),
      chosen: z.enum(['default', 'option']).register(...described('Whether the policy is the default or was asked for (--policy, the policy input).')),
      tasks: z
        .number()
        .int()
        .nonnegative()
        .register(...described('familywise: the tasks that share α, those with a check that can regress (one that succeeded on the base at least once).')),
      task_share: z
        .number()
        .min(0)
        .max(1)
        .nullable()
        .register(...described("familywise: each such task's share of α (α / tasks); null under strict.")),
      family: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Checks that can regress, every compared task together.')),
      confirm_trials: z
        .number()
        .int()
        .nonnegative()
        .nullable()
        .register(...described('The most extra head trials per task asked for (confirm-trials); null: the default of each task’s plan.')),
      max_trials: z
        .number()
        .int()
        .positive()
        .nullable()
        .register(...described('The most head trials the pull request may launch in all (max-trials); null: no cap but each task’s own.')),
      reach: z
        .object({
          reachable: z
            .boolean()
            .register(...described('Whether a total loss (every base trial succeeded, every head trial failed) can be flagged in every task.')),
          total_loss_p: z
            .number()
            .min(0)
            .max(1)
            .nullable()
            .register(...described("The largest p a task's total loss reaches at the look that tests it; null when some task cannot reach.")),
          note: z.string().register(...described('The same in words, naming the setting to raise when it cannot.')),
        })
        .register(...described('Whether familywise can flag a total loss at these k and base runs, in words.')),
      spread: z
        .object({
          runs: z
            .number()
            .int()
            .nonnegative()
            .register(...described('Base runs the estimate could use.')),
          checks: z
            .number()
            .int()
            .nonnegative()
            .register(...described('Checks measured in two or more base runs that neither always nor never succeeded.')),
          phi: z
            .number()
            .nonnegative()
            .nullable()
            .register(...described("Pearson's dispersion over those checks: 1 when runs vary as chance does; null when none can show it.")),
          p: z
            .number()
            .min(0)
            .max(1)
            .nullable()
            .register(...described('One-sided p of "the runs vary no more than chance"; null when phi is.')),
          rho: z
            .number()
            .min(0)
            .max(1)
            .register(...described('The within-run correlation the comparison deflates by: 0 unless the runs varied more than chance.')),
          note: z.string().register(...described('What the base history shows and what was done with it, in a sentence.')),
        })
        .optional()
        .register(...described('What the base runs show about runs that differ from day to day, and what the comparison did with it.')),
    })
    .register(...described('The regression policy and what it could do at these k and base runs (docs/comparison.md).')),
  verdict: z.enum(['pass', 'fail', 'undecided', 'no_baseline', 'incomparable']).register(
    ...described`
      \`fail\` = a gated check regressed; \`undecided\` = nothing regressed but some task (or the baseline) cannot be
      decided: rerun; \`no_baseline\` = nothing to compare with; \`incomparable\` = see \`incomparable\`.
    `,
  ),
  undecided: z
    .object({
      tasks: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Dev tasks that cannot be decided.')),
      holdout_tasks: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Holdout tasks that cannot be decided (only counted).')),
      reasons: z.array(z.string()).register(...described('Reasons that concern the whole PR, one line each.')),
      next: UndecidedNext.optional().register(...described('What to do about the first of `reasons`.')),
    })
    .optional()
    .register(...described('Why the comparison is undecided: tasks (holdout ones only counted) and reasons that concern the whole PR.')),
  bases_unused: z
    .array(z.object({ ref: RunRef, reason: z.string().register(...described('Why it could not serve.')) }))
    .optional()
    .register(...described('Base runs given that could not serve as a baseline (mostly environment errors, none executed, integrity), with why.')),
  confirmation: z
    .object({
      fixed_trials: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Head trials a fixed k would have launched.')),
      head_trials: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Head trials launched, the confirmation included.')),
      tasks: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Dev tasks the confirmation extended.')),
      holdout_tasks: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Holdout tasks it extended.')),
      holdout_trials: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Trials it added to holdout tasks.')),
      awaiting: z
        .number()
        .int()
        .nonnegative()
        .default(0)
        .register(...described('Tasks (dev and holdout) still ambiguous at the last look their head reached: the plan needs trials this head lacks.')),
    })
    .optional()
    .register(...described('What the confirmation cost: head trials at a fixed k against those run, and how many tasks (dev, holdout) it extended.')),
  spend: z
    .object({
      head_trials: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Agent trials the head launched, its confirmation included.')),
      base_trials: z
        .number()
        .int()
        .positive()
        .optional()
        .register(...described("Paired: agent trials of the base commit the confirmation rounds launched beside the head's; absent: none.")),
      fixed_trials: z
        .number()
        .int()
        .nonnegative()
        .register(...described('Agent trials a fixed k would have launched.')),
      max_trials: z
        .number()
        .int()
        .positive()
        .nullable()
        .register(...described('The cap it ran under (max-trials); null: none but each task’s own.')),
      tokens: z
        .number()
        .nonnegative()
        .nullable()
        .register(...described('Tokens the agents reported, every head trial that reported usage together; null when none did.')),
      cost_usd: z
        .number()
        .nonnegative()
        .nullable()
        .register(...described('Cost the agents reported (US dollars), every head trial that reported one together; null when none did.')),
      unreported_tasks: z
        .number()
        .int()
        .positive()
        .optional()
        .register(...described('Head tasks whose agents reported no usage, left out of tokens and cost; absent: none.')),
      wall_ms: z
        .number()
        .nonnegative()
        .nullable()
        .register(...described('Wall time of the head run, its confirmation rounds included.')),
    })
    .optional()
    .register(...described('What the pull request spent on agent trials, against a fixed k.')),
  measurement: z
    .object({
      changes: z.array(MeasurementChange).register(...described('Every change, one each.')),
      approved_by: z
        .string()
        .nullable()
        .register(
          ...described(
            'Who approved measuring this pull request with the changed ruler (a label, an input), from where its author cannot; null: nobody, so it is undecided.',
          ),
        ),
    })
    .optional()
    .register(...described('What the pull request changes of what measures it: the base is the ruler, and a change to it is never a pass by itself.')),
  incomparable: z
    .object({
      base_index: z
        .number()
        .int()
        .nonnegative()
        .register(...described('The base run (its place among the bases given) that cannot be compared.')),
      field: z.string().register(...described('What differs (the trial set).')),
      base: z.string().register(...described("The base's value.")),
      head: z.string().register(...described("The head's value.")),
    })
    .nullable()
    .register(...described('Set when a base run is of another trial set: nothing is compared.')),
  head: RunRef.describe('The head run.'),
  bases: z.array(RunRef).register(...described('The base runs compared, newest first.')),
  regressions: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Gated regressions, dev and holdout together: what the gate counts.')),
  checks: StatusCounts.describe(
    'Gated checks of the compared dev tasks, by status; none of an undecided task in which nothing regressed (they decided nothing).',
  ),
  tasks: z.array(TaskComparison).register(...described('Every dev task; holdout tasks appear only in `holdout`.')),
  task_counts: TaskStatusCounts.describe('Dev tasks by status.'),
  holdout: HoldoutAggregate.describe('The holdout tasks, only as an aggregate.'),
  denominators: z
    .object({ head: Denominators.describe('The head side.'), base: Denominators.nullable().register(...described('The base side; null without a base.')) })
    .register(...described('What the figures of each side are over.')),
  pairwise: Pairwise.optional().register(...described("On a pull request: the judge's blind, order-swapped preferences between base and head candidates.")),
});

export type Policy = z.infer<typeof Policy>;
export type CheckStatus = z.infer<typeof CheckStatus>;
export type CheckKind = z.infer<typeof CheckKind>;
export type Count = z.infer<typeof Count>;
export type CheckComparison = z.infer<typeof CheckComparison>;
export type TaskStatus = z.infer<typeof TaskStatus>;
export type Difference = z.infer<typeof Difference>;
export type SideFigures = z.infer<typeof SideFigures>;
export type TrialCells = z.infer<typeof TrialCells>;
export type TaskComparison = z.infer<typeof TaskComparison>;
export type StatusCounts = z.infer<typeof StatusCounts>;
export type TaskStatusCounts = z.infer<typeof TaskStatusCounts>;
export type HoldoutAggregate = z.infer<typeof HoldoutAggregate>;
export type Denominators = z.infer<typeof Denominators>;
export type RunRef = z.infer<typeof RunRef>;
export type Comparison = z.infer<typeof Comparison>;
export type MeasurementChange = z.infer<typeof MeasurementChange>;
