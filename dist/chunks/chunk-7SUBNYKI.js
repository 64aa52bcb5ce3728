import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  ENV_CHECK,
  FaultLabel,
  JUDGE_PREFIX,
  TaskFigures,
  checkKind,
  checkLabel,
  envErrorWords,
  envRule,
  failureReasons,
  isGated,
  layerFailures,
  orderChecks,
  passRates,
  tallyChecks,
  trialTokens,
  ungatedReason
} from "./chunk-LHVQ7BFE.js";
import {
  EVIDENCE,
  isSetupMistake,
  markdownTable,
  structuredPatch
} from "./chunk-6KCLTD2N.js";
import {
  Report
} from "./chunk-NAP725RQ.js";
import {
  JudgeSummary,
  Pairwise,
  TaskJudgeInfo
} from "./chunk-6FEWE2YT.js";
import {
  plural,
  thousands
} from "./chunk-BAEF6OTL.js";
import {
  KIND_EVIDENCE,
  KIND_RUN_EVIDENCE,
  described,
  external_exports
} from "./chunk-AJNZHUO4.js";
import {
  writePiecesInside
} from "./chunk-KKIMH4NN.js";
import {
  firstChanges,
  isBinary,
  manifestChanges,
  readRegularFile,
  sha256
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError,
  codePoint,
  markHidden
} from "./chunk-JUOIWDMS.js";

// src/compare/base-runs.ts
function baseRunProblem(results) {
  if (results.run.integrity_error) return `its run's integrity failed (${results.run.integrity_error.slice(0, 200)}), so no trial of it counts`;
  let started2 = 0;
  let env = 0;
  for (const task of results.tasks)
    for (const trial of task.trials) {
      if (trial.outcome === "unexecuted") continue;
      started2 += 1;
      if (trial.outcome === "env_error") env += 1;
    }
  if (started2 === 0) return "it holds no executed trial";
  if (env * 2 > started2)
    return `${env} of its ${plural(started2, "trial")} ${env === 1 ? "is an environment error" : "are environment errors"} (a run that is mostly environment errors is not a baseline); rerun the baseline workflow`;
  return null;
}
function baseRunRefusal(results, trialSet) {
  if (results.trial_set.name !== trialSet) return `it holds trial set ${JSON.stringify(results.trial_set.name)}, not ${JSON.stringify(trialSet)}`;
  return baseRunProblem(results);
}
function holdsOtherTrialSet(results, trialSet) {
  return results.trial_set.name !== trialSet;
}

// src/compare/fold.ts
var executed = (t) => t.outcome === "pass" || t.outcome === "fail";
var FigureFold = class {
  k = null;
  counts = { launched: 0, n: 0, env_errors: 0, unexecuted: 0, passes: 0 };
  wall = 0;
  tokens = 0;
  cost = 0;
  runs = 0;
  rules = /* @__PURE__ */ new Map();
  /** Human repairs: kept apart, so the raw counts above never include them. */
  repaired = { passes: 0, repairs: 0, minutes: 0, patch_lines: 0 };
  add(task, file) {
    this.k ??= task.summary.k;
    this.runs += 1;
    for (const t of task.trials) {
      this.counts.launched += 1;
      if (executed(t)) this.counts.n += 1;
      if (t.outcome === "pass") this.counts.passes += 1;
      if (t.outcome === "pass" || t.outcome === "fail" && t.repair?.outcome === "pass") this.repaired.passes += 1;
      if (t.repair && executed(t)) {
        this.repaired.repairs += 1;
        this.repaired.minutes += t.repair.minutes;
        this.repaired.patch_lines += t.repair.patch_lines;
      }
      if (t.outcome === "unexecuted") this.counts.unexecuted += 1;
      if (t.outcome !== "env_error") continue;
      this.counts.env_errors += 1;
      this.rules.set(envRule(t), (this.rules.get(envRule(t)) ?? 0) + 1);
    }
    this.wall = finite(this.wall + task.trials.reduce((s, t) => s + t.wall_ms, 0), file, task.id, "trials[].wall_ms");
    this.tokens = this.tokens === null || task.summary.tokens === void 0 ? null : finite(this.tokens + task.summary.tokens, file, task.id, "summary.tokens");
    this.cost = this.cost === null || task.summary.cost_usd === void 0 ? null : finite(this.cost + task.summary.cost_usd, file, task.id, "summary.cost_usd");
  }
  figures(tallies) {
    const detections = {};
    for (const [check, count2] of tallies)
      if (checkKind(check) === "detect") detections[check.slice("detect:".length)] = { detected: count2.successes, n: count2.n };
    const { n, passes } = this.counts;
    return {
      k: this.k ?? 1,
      ...this.counts,
      ...passRates(n, passes, this.k ?? 1),
      detections,
      wall_ms: this.wall,
      ...this.tokens === null || this.runs === 0 ? {} : { tokens: this.tokens },
      ...this.cost === null || this.runs === 0 ? {} : { cost_usd: this.cost },
      env_error_rules: [...this.rules].map(([rule, trials]) => ({ rule, trials })),
      ...this.repaired.repairs ? {
        repaired: {
          passes: this.repaired.passes,
          n,
          pass_at_1: n > 0 ? this.repaired.passes / n : null,
          repairs: this.repaired.repairs,
          minutes: Math.round(this.repaired.minutes * 10) / 10,
          patch_lines: this.repaired.patch_lines
        }
      } : {}
    };
  }
};
function finite(x, file, task, field) {
  if (Number.isFinite(x)) return x;
  throw new UserInputError(file, `task ${JSON.stringify(task)}: ${field}`, "too large to add up over the pooled runs: check the values this file holds");
}
function definitionDiffs(base, head) {
  const fields = [
    ["fixture_sha256", base.fixture_sha256, base.fixture_sha256 === head.fixture_sha256 ? head.fixture_sha256 : fixtureChange(base, head)],
    ["acceptor_version", base.acceptor_version, head.acceptor_version],
    ["budget.wall_seconds", String(base.budget.wall_seconds), String(head.budget.wall_seconds)],
    ["budget.max_tokens", base.budget.max_tokens?.toString(), head.budget.max_tokens?.toString()],
    ["budget.max_cost_usd", base.budget.max_cost_usd?.toString(), head.budget.max_cost_usd?.toString()]
  ];
  return fields.filter(([, b, h]) => b !== h).map(([field, b, h]) => ({ field, base: b ?? "none", head: h ?? "none" }));
}
function fixtureChange(base, head) {
  if (!base.fixture_files || !head.fixture_files) return head.fixture_sha256;
  const files = manifestChanges(base.fixture_files, head.fixture_files);
  if (files.length === 0) return head.fixture_sha256;
  return `${firstChanges(files).join(", ")} (${head.fixture_sha256.slice(0, 12)})`;
}
function runRef(results) {
  const { git_sha, ref, started_at, finished_at, tool_version } = results.run;
  return { git_sha, ref, started_at, finished_at, tool_version, trial_set_sha256: results.trial_set.sha256 };
}
var DenominatorFold = class {
  out = {
    runs: 0,
    k: [],
    tasks: 0,
    launched: 0,
    executed: 0,
    env_errors: 0,
    unexecuted: 0,
    env_error_rules: [],
    holdout_env_errors: 0
  };
  rules = /* @__PURE__ */ new Map();
  ids = /* @__PURE__ */ new Set();
  add(run) {
    const out = this.out;
    out.runs += 1;
    if (!out.k.includes(run.run.k)) out.k.push(run.run.k);
    for (const task of run.tasks) {
      this.ids.add(task.id);
      for (const trial of task.trials) {
        out.launched += 1;
        if (executed(trial)) out.executed += 1;
        if (trial.outcome === "unexecuted") out.unexecuted += 1;
        if (trial.outcome !== "env_error") continue;
        out.env_errors += 1;
        if (task.set === "holdout") out.holdout_env_errors += 1;
        else this.rules.set(envRule(trial), (this.rules.get(envRule(trial)) ?? 0) + 1);
      }
    }
  }
  result() {
    return {
      ...this.out,
      k: [...this.out.k].sort((a, b) => a - b),
      tasks: this.ids.size,
      env_error_rules: [...this.rules].map(([rule, trials]) => ({ rule, trials }))
    };
  }
};
var BaseFold = class {
  constructor(head) {
    this.head = head;
    this.headTasks = new Map(head.tasks.map((t) => [t.id, t]));
  }
  head;
  matched = /* @__PURE__ */ new Map();
  differing = /* @__PURE__ */ new Map();
  removed = /* @__PURE__ */ new Map();
  refs = [];
  denominators = new DenominatorFold();
  /** The first base run of another trial set, if any. */
  mismatch = null;
  /** Base runs given that cannot serve as a baseline (base-runs.ts), in the order given: never pooled. */
  unused = [];
  /** Pooled base runs whose holdout tasks cannot be compared with the head's (holdoutRefusal), with why. */
  holdoutRefused = [];
  /** Pooled base runs whose holdout tasks were compared. */
  holdoutRuns = 0;
  /**
   * Paired: per task, the fresh trials of the base commit its confirmation rounds ran beside the head's
   * (pairBase). Never a base run: they select nothing and are not in the spread's estimate, which the plans
   * were fixed with before they ran; each look tests them as one more run.
   */
  paired = /* @__PURE__ */ new Map();
  given = 0;
  headTasks;
  get runs() {
    return this.refs.length;
  }
  add(base, file = "base results") {
    const index = this.given++;
    if (base.trial_set.name !== this.head.trial_set.name && !this.mismatch) this.mismatch = { index, name: base.trial_set.name };
    const problem = baseRunProblem(base);
    if (problem) {
      this.unused.push({ index, ref: runRef(base), reason: problem });
      return;
    }
    this.refs.push(runRef(base));
    this.denominators.add(base);
    const refused = holdoutRefusal(base, this.head);
    if (refused) this.holdoutRefused.push(refused);
    else if (base.tasks.some((t) => t.set === "holdout")) this.holdoutRuns += 1;
    for (const task of base.tasks) {
      if (task.not_rerun !== void 0) continue;
      const head = this.headTasks.get(task.id);
      const holdout2 = task.set === "holdout";
      if (holdout2 && refused) continue;
      if (!head) {
        const r = this.removed.get(task.id) ?? { runs: 0, tallies: /* @__PURE__ */ new Map(), figures: new FigureFold(), last: task, holdout: false };
        r.runs += 1;
        tallyChecks(task.trials, r.tallies);
        r.figures.add(task, file);
        r.last = task;
        r.holdout ||= holdout2;
        this.removed.set(task.id, r);
        continue;
      }
      const differs = definitionDiffs(task, head);
      if (differs.length === 0) {
        const m = this.matched.get(task.id) ?? {
          runs: 0,
          tallies: /* @__PURE__ */ new Map(),
          perRun: /* @__PURE__ */ new Map(),
          scores: { perRun: [], squares: 0 },
          figures: new FigureFold(),
          holdout: false,
          versions: /* @__PURE__ */ new Map(),
          faults: /* @__PURE__ */ new Set(),
          failedInPassingTrial: /* @__PURE__ */ new Set()
        };
        m.runs += 1;
        for (const fault of task.faults) m.faults.add(fault.id);
        for (const check in task.check_versions ?? {}) {
          let seen = m.versions.get(check);
          if (!seen) m.versions.set(check, seen = /* @__PURE__ */ new Set());
          seen.add(task.check_versions[check]);
        }
        for (const [check, count2] of tallyChecks(task.trials)) {
          const pooled = m.tallies.get(check);
          if (pooled) {
            pooled.successes += count2.successes;
            pooled.n += count2.n;
          } else m.tallies.set(check, { ...count2 });
          const runs = m.perRun.get(check);
          if (runs) runs.push(count2);
          else m.perRun.set(check, [count2]);
        }
        const run = { n: 0, sum: 0 };
        for (const trial of task.trials) {
          if (!executed(trial)) continue;
          if (trial.checks.pass) {
            for (const check in trial.checks) if (!trial.checks[check]) m.failedInPassingTrial.add(check);
          }
          let z = 0;
          for (const check in trial.checks) if (check !== ENV_CHECK && trial.checks[check]) z += 1;
          run.n += 1;
          run.sum += z;
          m.scores.squares += z * z;
        }
        m.scores.perRun.push(run);
        m.figures.add(task, file);
        m.holdout ||= holdout2;
        this.matched.set(task.id, m);
        continue;
      }
      const d = this.differing.get(task.id) ?? { runs: 0, tallies: /* @__PURE__ */ new Map(), figures: new FigureFold(), newest: null, holdout: false };
      d.runs += 1;
      tallyChecks(task.trials, d.tallies);
      d.figures.add(task, file);
      d.holdout ||= holdout2;
      if (!d.newest || base.run.started_at > d.newest.startedAt) d.newest = { startedAt: base.run.started_at, differs };
      this.differing.set(task.id, d);
    }
  }
};
function pairBase(fold, fresh, head) {
  fold.paired.clear();
  const heads = new Map(head.tasks.map((t) => [t.id, t]));
  for (const task of fresh.tasks) {
    const h = heads.get(task.id);
    if (!h || task.not_rerun !== void 0 || definitionDiffs(task, h).length > 0) continue;
    fold.paired.set(task.id, [...task.trials]);
  }
}
function holdoutRefusal(base, head) {
  const has = (r) => r.tasks.some((t) => t.set === "holdout");
  if (!has(base) && !has(head) && !base.holdout && !head.holdout) return null;
  if (base.holdout?.unavailable) return `the base run could not run the holdout source's tasks (${base.holdout.unavailable})`;
  if (!has(base) && !has(head)) return null;
  const [b, h] = [base.holdout, head.holdout];
  if (b?.key_id === h?.key_id) return null;
  if (!b || !h)
    return `the ${b ? "head" : "base"} run names its holdout tasks by their ids (written before results@3): rerun ${b ? "the head" : "the baseline workflow"} with this trialgate`;
  const own = h.key === "run" ? "the head" : b.key === "run" ? "the base run" : null;
  if (own)
    return `${own} named its holdout tasks with a key of its own (the holdout key variable was not set where it ran): set the same holdout key (TRIALGATE_HOLDOUT_KEY, or the trial set's holdout.key_env) where base and head run`;
  return "the base run named its holdout tasks with another holdout key than the head: set the same key where base and head run, then rerun the baseline workflow";
}

// src/schemas/comparison.ts
var COMPARISON_SCHEMA = "trialgate/comparison@4";
var Policy = external_exports.enum(["strict", "familywise"]).register(
  ...described`
    \`familywise\`: Fisher's exact test per check; the chance that an unchanged suite fails the gate is at most α over
    all its gated checks (docs/comparison.md). \`strict\`: any head failure of a check whose base trials all
    succeeded; no bound on false alarms.
  `
);
var CheckStatus = external_exports.enum(["regressed", "suspect", "improved", "flaky", "unchanged"]).register(
  ...described`
    \`regressed\`: below base by the policy (gated). \`suspect\`: below base but not significant, or a side with no
    executed trial (shown, not gated; the confirmation rounds add head trials where it is ambiguous). \`improved\`:
    above base by the policy's mirror test. \`flaky\`: no significant change, but the trials did not all agree.
    \`unchanged\`: every trial on both sides had the same outcome.
  `
);
var CheckKind = external_exports.enum(["pass", "detect", "constraint", "tool", "judge", "env", "other"]).register(
  ...described`
    \`env\` is the comparison's own check "the trial executed (no env error)"; it is shown, never gated. \`judge\`: a
    model judge's item (docs/model-judge.md); gated only when its calibration allows.
  `
);
var Count = external_exports.object({
  successes: external_exports.number().int().nonnegative().register(...described("Trials in which the check succeeded.")),
  n: external_exports.number().int().nonnegative().register(...described("Trials in which it was measured (executed trials)."))
}).register(...described("How often a check succeeded."));
var CheckComparison = external_exports.object({
  check: external_exports.string().register(...described("The key in TrialResult.checks (`pass`, `detect:<fault>`, \u2026) or `env`.")),
  kind: CheckKind,
  label: external_exports.string().register(...described("What a reader sees: `detection: double-reserve \u2014 duplicate request reserves twice (idempotency)`.")),
  gated: external_exports.boolean().register(...described("Whether the check can fail the gate.")),
  ungated: external_exports.string().optional().register(...described('Why a check that could gate does not: completes "this check is not gated, because \u2026".')),
  base: Count.describe("The base trials, pooled over the base runs compared."),
  head: Count.describe("The head trials, the confirmation trials included."),
  fresh_base: Count.optional().describe(
    "Paired: the base commit's trials its confirmation rounds ran beside the head's, tested with `base` (never what made the check tested)."
  ),
  status: CheckStatus,
  p: external_exports.number().min(0).max(1).nullable().register(...described("The one-sided Fisher p of the look that decided (the direction observed there); null under `strict`.")),
  threshold: external_exports.number().min(0).max(1).nullable().register(...described("What p had to be at most at that look: its share of \u03B1 / family (plan.ts).")),
  look: external_exports.enum(["first", "final"]).nullable().register(...described("`first`: the first k head trials; `final`: the head trials up to a confirmation look (`trials` says how many).")),
  trials: external_exports.number().int().nonnegative().optional().register(...described("Executed head trials at the look that decided.")),
  rule: external_exports.string().register(...described("The figures behind the status, in words.")),
  pessimistic: external_exports.object({
    base: Count.describe("The base trials with their env errors counted as successes."),
    head: Count.describe("The head trials with their env errors counted as failures."),
    p: external_exports.number().min(0).max(1).nullable().register(...described("The p of that count.")),
    threshold: external_exports.number().min(0).max(1).nullable().register(...described("What p had to be at most to flag it.")),
    rule: external_exports.string().register(...described("The count in words."))
  }).optional().register(
    ...described`
        Present when counting the environment errors against the PR (head env errors as failures, base env errors as
        successes) would make this check a regression though it is not one: the task is undecided.
      `
  )
});
var TaskStatus = external_exports.enum(["compared", "new", "removed", "changed", "incomparable", "not_rerun"]).register(
  ...described`
    \`changed\`: the fixture hash differs (the task itself changed). \`incomparable\`: the fixture is the same but the
    acceptor version or the budget differs. Neither is gated; \`differs\` names the fields. \`not_rerun\`: the head
    did not rerun the task, because the change under test touches nothing it depends on (\`not_rerun\` says why): it
    neither passes nor regresses, and its base results are shown as the base's.
  `
);
var Difference = external_exports.object({
  field: external_exports.string().register(...described("What differs: `fixture_sha256`, `acceptor_version`, `budget`, a check version.")),
  base: external_exports.string().register(...described("The base's value.")),
  head: external_exports.string().register(...described("The head's value."))
}).register(...described("One way a task differs between base and head."));
var MeasurementChange = external_exports.object({
  what: external_exports.string().register(...described("What changed: `task inv`, `task inv: fixture_sha256`, `agent.isolation`, a file.")),
  base: external_exports.string().register(...described("What the base had.")),
  head: external_exports.string().register(...described("What this pull request has."))
}).register(...described("One change of a pull request to what measures it."));
var EnvErrorRules = external_exports.array(
  external_exports.object({
    rule: external_exports.string().register(...described("The rule that excluded the trials (an environment failure, not the agent\u2019s).")),
    trials: external_exports.number().int().positive().register(...described("Trials it excluded."))
  })
);
var SideFigures = TaskFigures.extend({
  env_error_rules: EnvErrorRules.register(...described("The rules of this task's env errors, with how many trials each excluded."))
}).register(
  ...described`
    One side's figures of one task (results.json's, under the same names); for the base, pooled over the runs that
    were compared. With the rules of its env errors.
  `
);
var TrialCells = external_exports.object({
  trial: external_exports.number().int().positive().register(...described("The head trial.")),
  outcome: external_exports.enum(["pass", "fail", "env_error", "unexecuted"]).register(...described("The trial's outcome.")),
  checks: external_exports.record(external_exports.string(), external_exports.boolean()).register(...described("Its checks: true = succeeded.")),
  evidence: external_exports.string().register(...described("Its trial directory, relative to the head run directory.")),
  why: external_exports.array(external_exports.string()).optional().register(...described("Why the trial did not pass, a few lines (results/reasons.ts); absent when it passed."))
});
var UndecidedNext = external_exports.enum(["rerun", "maintainer", "baseline_runs", "baseline_workflow", "confirm_trials", "max_trials", "confirmation", "fix_setup"]).register(
  ...described(
    "`rerun` once the environment named answers again; `maintainer`: approve the changed measurement; `baseline_runs`: record more base runs (or rerun the base beside the head, or raise trials / confirm-trials); `baseline_workflow`: rerun it on the base branch; `confirm_trials` / `max_trials`: raise it; `confirmation`: run the confirmation the head lacks (`trialgate gate`); `fix_setup`: fix the trial set or fixture named (an agent program missing, an acceptor that cannot run), as a rerun fails the same way."
  )
);
var TaskComparison = external_exports.object({
  id: external_exports.string().register(...described("The task.")),
  status: TaskStatus,
  differs: external_exports.array(Difference).register(...described("For `changed` and `incomparable`: what differs.")),
  base_runs: external_exports.number().int().nonnegative().register(...described("Base runs pooled for this task, and base runs left out because their task definition differed.")),
  base_runs_excluded: external_exports.number().int().nonnegative().register(...described("Base runs left out for this task: their task definition differed.")),
  faults: external_exports.array(FaultLabel).register(...described("The head's defect variants, with their labels.")),
  check_labels: external_exports.record(external_exports.string(), external_exports.string()).optional().register(...described("The task kind's labels of its own checks (results.json `check_labels`).")),
  checks: external_exports.array(CheckComparison).register(...described("Every check of the task, base against head.")),
  base: SideFigures.nullable().register(...described("The base's figures, pooled over the base runs; null for a new task.")),
  head: SideFigures.nullable().register(...described("The head's figures; null for a removed task.")),
  head_trials: external_exports.array(TrialCells).register(...described("The head's trials, each with its checks.")),
  undecided: external_exports.string().optional().register(...described("Why this task cannot be decided (the PR is `undecided` unless something regressed).")),
  undecided_next: UndecidedNext.optional().register(...described("With `undecided`: what to do about it.")),
  not_rerun: external_exports.string().optional().register(...described("For status `not_rerun`: why the head did not rerun it.")),
  fresh_base_trials: external_exports.number().int().positive().optional().register(...described("Paired: the base commit's trials of this task its confirmation rounds launched beside the head's (what they cost).")),
  confirmation: external_exports.object({
    trials: external_exports.number().int().positive().register(...described("Head trials launched, the first k included.")),
    why: external_exports.string().register(...described("Why its first round did not decide it: which checks were ambiguous there."))
  }).optional().register(...described("Present when the task was confirmed: its head trials launched and why it was ambiguous.")),
  plan: external_exports.object({
    share: external_exports.number().min(0).max(1).register(...described("The task's share of \u03B1: \u03B1 / the tasks with a check that can regress.")),
    primary: external_exports.string().register(...described("The check the looks were sized for: the trial pass when it can regress.")),
    looks: external_exports.array(
      external_exports.object({
        trials: external_exports.number().int().positive().register(...described("Executed head trials at this look (the first look is the first round, trials 1 \u2026 k).")),
        part: external_exports.number().min(0).max(1).register(...described("The part of each check's share tested here; 0: the look only screens.")),
        screen: external_exports.number().min(0).max(1).register(...described("A check not flagged here whose p is at most this is ambiguous: the task goes on.")),
        base: external_exports.number().int().positive().optional().register(...described("Paired: executed fresh base trials at this look (the base commit run beside the head); absent: none."))
      })
    ).register(...described("Every look of its plan."))
  }).optional().register(...described("familywise: the plan the task was decided by (src/compare/plan.ts).")),
  judge: TaskJudgeInfo.extend({
    summary: JudgeSummary.optional(),
    ungated: external_exports.record(external_exports.string(), external_exports.string()).register(...described("Item id \u2192 why the head run does not gate it (its calibration); a compared check may add a reason of its own."))
  }).optional().register(...described("The head run's model judge for this task: its items, their calibration and what it cost."))
});
var Checks = (status) => external_exports.number().int().nonnegative().register(...described(`Checks ${status}.`));
var StatusCounts = external_exports.object({
  regressed: Checks("regressed"),
  suspect: Checks("suspect"),
  improved: Checks("improved"),
  flaky: Checks("flaky"),
  unchanged: Checks("unchanged")
}).register(...described("Checks by status."));
var Tasks = (status) => external_exports.number().int().nonnegative().register(...described(`Tasks ${status}.`));
var TaskStatusCounts = external_exports.object({
  compared: Tasks("compared"),
  new: Tasks("new in the head"),
  removed: Tasks("only the base has"),
  changed: Tasks("whose fixture changed"),
  incomparable: Tasks("whose acceptor or budget differ"),
  not_rerun: Tasks("the head did not rerun").default(0)
}).register(...described("Tasks by status."));
var HoldoutAggregate = external_exports.object({
  tasks: TaskStatusCounts.describe("Holdout tasks by status."),
  checks: StatusCounts.describe("Gated checks of the compared holdout tasks, by status; none of an undecided task in which nothing regressed."),
  base_passes: Count.describe("Trial passes of the compared holdout tasks, base and head."),
  head_passes: Count.describe("Trial passes of the compared holdout tasks in the head."),
  head_passes_all: Count.describe("Trial passes of every holdout task of the head run, compared or not.")
});
var Denominators = external_exports.object({
  runs: external_exports.number().int().nonnegative().register(...described("Runs on this side.")),
  k: external_exports.array(external_exports.number().int().positive()).register(...described("The k of each run.")),
  tasks: external_exports.number().int().nonnegative().register(...described("Tasks measured.")),
  launched: external_exports.number().int().nonnegative().register(...described("Trials started.")),
  executed: external_exports.number().int().nonnegative().register(...described("Trials executed (pass or fail): what every rate is over.")),
  env_errors: external_exports.number().int().nonnegative().register(...described("Trials the environment failed, excluded from every rate.")),
  unexecuted: external_exports.number().int().nonnegative().register(...described("Trials that never ran.")),
  env_error_rules: EnvErrorRules.register(...described("Env errors of dev tasks by rule; those of holdout tasks only as a number.")),
  holdout_env_errors: external_exports.number().int().nonnegative().register(...described("Env errors of holdout tasks."))
}).register(...described("What the figures of one side are over."));
var RunRef = external_exports.object({
  git_sha: external_exports.string().nullable().register(...described("Its commit; null when unknown.")),
  ref: external_exports.string().nullable().register(...described("Its git ref; null when unknown.")),
  started_at: external_exports.string().register(...described("When it started (ISO 8601).")),
  finished_at: external_exports.string().register(...described("When it finished (ISO 8601).")),
  tool_version: external_exports.string().register(...described("The trialgate that made it.")),
  trial_set_sha256: external_exports.string().register(...described("Its trialgate.yml."))
}).register(...described("A run compared."));
var Comparison = external_exports.object({
  schema: external_exports.literal(COMPARISON_SCHEMA).register(...described("The version of this file format.")),
  trial_set: external_exports.string().register(...described("The trial set compared (its name).")),
  policy: external_exports.object({
    name: Policy,
    alpha: external_exports.number().gt(0).lt(1).nullable().register(...described("familywise: the suite-wide false-alarm budget; null under strict.")),
    chosen: external_exports.enum(["default", "option"]).register(...described("Whether the policy is the default or was asked for (--policy, the policy input).")),
    tasks: external_exports.number().int().nonnegative().register(...described("familywise: the tasks that share \u03B1, those with a check that can regress (one that succeeded on the base at least once).")),
    task_share: external_exports.number().min(0).max(1).nullable().register(...described("familywise: each such task's share of \u03B1 (\u03B1 / tasks); null under strict.")),
    family: external_exports.number().int().nonnegative().register(...described("Checks that can regress, every compared task together.")),
    confirm_trials: external_exports.number().int().nonnegative().nullable().register(...described("The most extra head trials per task asked for (confirm-trials); null: the default of each task\u2019s plan.")),
    max_trials: external_exports.number().int().positive().nullable().register(...described("The most head trials the pull request may launch in all (max-trials); null: no cap but each task\u2019s own.")),
    reach: external_exports.object({
      reachable: external_exports.boolean().register(...described("Whether a total loss (every base trial succeeded, every head trial failed) can be flagged in every task.")),
      total_loss_p: external_exports.number().min(0).max(1).nullable().register(...described("The largest p a task's total loss reaches at the look that tests it; null when some task cannot reach.")),
      note: external_exports.string().register(...described("The same in words, naming the setting to raise when it cannot."))
    }).register(...described("Whether familywise can flag a total loss at these k and base runs, in words.")),
    spread: external_exports.object({
      runs: external_exports.number().int().nonnegative().register(...described("Base runs the estimate could use.")),
      checks: external_exports.number().int().nonnegative().register(...described("Checks measured in two or more base runs that neither always nor never succeeded.")),
      phi: external_exports.number().nonnegative().nullable().register(...described("Pearson's dispersion over those checks: 1 when runs vary as chance does; null when none can show it.")),
      p: external_exports.number().min(0).max(1).nullable().register(...described('One-sided p of "the runs vary no more than chance"; null when phi is.')),
      rho: external_exports.number().min(0).max(1).register(...described("The within-run correlation the comparison deflates by: 0 unless the runs varied more than chance.")),
      note: external_exports.string().register(...described("What the base history shows and what was done with it, in a sentence."))
    }).optional().register(...described("What the base runs show about runs that differ from day to day, and what the comparison did with it."))
  }).register(...described("The regression policy and what it could do at these k and base runs (docs/comparison.md).")),
  verdict: external_exports.enum(["pass", "fail", "undecided", "no_baseline", "incomparable"]).register(
    ...described`
      \`fail\` = a gated check regressed; \`undecided\` = nothing regressed but some task (or the baseline) cannot be
      decided: rerun; \`no_baseline\` = nothing to compare with; \`incomparable\` = see \`incomparable\`.
    `
  ),
  undecided: external_exports.object({
    tasks: external_exports.number().int().nonnegative().register(...described("Dev tasks that cannot be decided.")),
    holdout_tasks: external_exports.number().int().nonnegative().register(...described("Holdout tasks that cannot be decided (only counted).")),
    reasons: external_exports.array(external_exports.string()).register(...described("Reasons that concern the whole PR, one line each.")),
    next: UndecidedNext.optional().register(...described("What to do about the first of `reasons`."))
  }).optional().register(...described("Why the comparison is undecided: tasks (holdout ones only counted) and reasons that concern the whole PR.")),
  bases_unused: external_exports.array(external_exports.object({ ref: RunRef, reason: external_exports.string().register(...described("Why it could not serve.")) })).optional().register(...described("Base runs given that could not serve as a baseline (mostly environment errors, none executed, integrity), with why.")),
  confirmation: external_exports.object({
    fixed_trials: external_exports.number().int().nonnegative().register(...described("Head trials a fixed k would have launched.")),
    head_trials: external_exports.number().int().nonnegative().register(...described("Head trials launched, the confirmation included.")),
    tasks: external_exports.number().int().nonnegative().register(...described("Dev tasks the confirmation extended.")),
    holdout_tasks: external_exports.number().int().nonnegative().register(...described("Holdout tasks it extended.")),
    holdout_trials: external_exports.number().int().nonnegative().register(...described("Trials it added to holdout tasks.")),
    awaiting: external_exports.number().int().nonnegative().default(0).register(...described("Tasks (dev and holdout) still ambiguous at the last look their head reached: the plan needs trials this head lacks."))
  }).optional().register(...described("What the confirmation cost: head trials at a fixed k against those run, and how many tasks (dev, holdout) it extended.")),
  spend: external_exports.object({
    head_trials: external_exports.number().int().nonnegative().register(...described("Agent trials the head launched, its confirmation included.")),
    base_trials: external_exports.number().int().positive().optional().register(...described("Paired: agent trials of the base commit the confirmation rounds launched beside the head's; absent: none.")),
    fixed_trials: external_exports.number().int().nonnegative().register(...described("Agent trials a fixed k would have launched.")),
    max_trials: external_exports.number().int().positive().nullable().register(...described("The cap it ran under (max-trials); null: none but each task\u2019s own.")),
    tokens: external_exports.number().nonnegative().nullable().register(...described("Tokens the agents reported, every head trial that reported usage together; null when none did.")),
    cost_usd: external_exports.number().nonnegative().nullable().register(...described("Cost the agents reported (US dollars), every head trial that reported one together; null when none did.")),
    unreported_tasks: external_exports.number().int().positive().optional().register(...described("Head tasks whose agents reported no usage, left out of tokens and cost; absent: none.")),
    wall_ms: external_exports.number().nonnegative().nullable().register(...described("Wall time of the head run, its confirmation rounds included."))
  }).optional().register(...described("What the pull request spent on agent trials, against a fixed k.")),
  measurement: external_exports.object({
    changes: external_exports.array(MeasurementChange).register(...described("Every change, one each.")),
    approved_by: external_exports.string().nullable().register(
      ...described(
        "Who approved measuring this pull request with the changed ruler (a label, an input), from where its author cannot; null: nobody, so it is undecided."
      )
    )
  }).optional().register(...described("What the pull request changes of what measures it: the base is the ruler, and a change to it is never a pass by itself.")),
  incomparable: external_exports.object({
    base_index: external_exports.number().int().nonnegative().register(...described("The base run (its place among the bases given) that cannot be compared.")),
    field: external_exports.string().register(...described("What differs (the trial set).")),
    base: external_exports.string().register(...described("The base's value.")),
    head: external_exports.string().register(...described("The head's value."))
  }).nullable().register(...described("Set when a base run is of another trial set: nothing is compared.")),
  head: RunRef.describe("The head run."),
  bases: external_exports.array(RunRef).register(...described("The base runs compared, newest first.")),
  regressions: external_exports.number().int().nonnegative().register(...described("Gated regressions, dev and holdout together: what the gate counts.")),
  checks: StatusCounts.describe(
    "Gated checks of the compared dev tasks, by status; none of an undecided task in which nothing regressed (they decided nothing)."
  ),
  tasks: external_exports.array(TaskComparison).register(...described("Every dev task; holdout tasks appear only in `holdout`.")),
  task_counts: TaskStatusCounts.describe("Dev tasks by status."),
  holdout: HoldoutAggregate.describe("The holdout tasks, only as an aggregate."),
  denominators: external_exports.object({ head: Denominators.describe("The head side."), base: Denominators.nullable().register(...described("The base side; null without a base.")) }).register(...described("What the figures of each side are over.")),
  pairwise: Pairwise.optional().register(...described("On a pull request: the judge's blind, order-swapped preferences between base and head candidates."))
});

// src/compare/spread.ts
var SPREAD_LEVEL = 0.01;
var BOUND_LEVEL = 0.05;
function pearson(perRun, variance) {
  const measured = perRun.filter((c) => c.n > 0);
  if (measured.length < 2) return null;
  const n = measured.reduce((s, c) => s + c.n, 0);
  const mean = measured.reduce((s, c) => s + c.sum, 0) / n;
  const v = variance(mean);
  if (!(v > 1e-12)) return null;
  let x = 0;
  let expected = 0;
  for (const c of measured) {
    x += (c.sum - c.n * mean) ** 2 / (c.n * v);
    expected += (n - c.n) / (n - 1);
  }
  return { x, expected, df: measured.length - 1 };
}
function estimateSpread(tasks, baseRuns) {
  let x = 0;
  let expected = 0;
  let informative = 0;
  let trials = 0;
  let clusters = 0;
  let runs = 0;
  let checkDf = 0;
  let test = { x: 0, expected: 0, df: 0 };
  for (const task of tasks) {
    for (const perRun of task.checks) {
      const measured = perRun.filter((c) => c.n > 0);
      runs = Math.max(runs, measured.length);
      const shown2 = pearson(
        measured.map((c) => ({ n: c.n, sum: c.successes })),
        (p2) => p2 * (1 - p2)
      );
      if (!shown2) continue;
      informative += 1;
      x += shown2.x;
      expected += shown2.expected;
      checkDf += shown2.df;
      trials += measured.reduce((s, c) => s + c.n, 0);
      clusters += measured.length;
    }
    const n = task.scores.perRun.reduce((s, c) => s + c.n, 0);
    const scored = n > 0 ? pearson(task.scores.perRun, (mean) => task.scores.squares / n - mean * mean) : null;
    if (scored) test = { x: test.x + scored.x, expected: test.expected + scored.expected, df: test.df + scored.df };
  }
  const base = { runs: Math.max(runs, Math.min(baseRuns, 1)), checks: informative };
  if (baseRuns < 2 || runs < 2)
    return {
      ...base,
      phi: null,
      p: null,
      rho: 0,
      note: "one base run cannot show whether runs differ from day to day: trials are pooled as exchangeable, and the bound on false alarms assumes they do not (more baseline-runs let it be checked)"
    };
  if (informative === 0)
    return { ...base, phi: null, p: null, rho: 0, note: `no check varied within the ${baseRuns} base runs: trials are pooled as exchangeable` };
  const phi = x / expected;
  const p = test.df > 0 ? chiSquareUpper(test.x * test.df / test.expected, test.df) : 1;
  const size = trials / clusters;
  const shown = `\u03C6 = ${phi.toFixed(2)} over ${informative} check${informative === 1 ? "" : "s"} of ${baseRuns} base runs`;
  if (p > SPREAD_LEVEL)
    return { ...base, phi, p, rho: 0, note: `the base runs vary no more than chance (${shown}, p = ${p.toFixed(2)}): trials are pooled as exchangeable` };
  if (size <= 1)
    return {
      ...base,
      phi,
      p,
      rho: 0,
      note: `the base runs vary more than chance (${shown}), but with one trial per run the spread cannot be told from chance within a run: pooled as exchangeable, which may not bound false alarms`
    };
  const upper = phi * checkDf / chiSquareQuantile(BOUND_LEVEL, checkDf);
  const rho = Math.min(1, Math.max(0, (upper - 1) / (size - 1)));
  return {
    ...base,
    phi,
    p,
    rho,
    note: `the base runs vary more than chance (${shown}, p = ${formatSmall(p)}): counts are deflated by the design effect of a correlation \u03C1 = ${rho.toFixed(3)} between trials of one run (its upper 95 % bound), so a head run counts for at most ${Math.floor(1 / rho) === 1 ? "one independent trial" : `${Math.floor(1 / rho)} independent trials`}; a change between runs beyond what the base runs show is not bounded`
  };
}
function designEffect(n, rho) {
  return 1 + Math.max(0, n - 1) * rho;
}
function deflate(c, effect, failures) {
  if (effect <= 1) return c;
  const n = Math.floor(c.n / effect + 1e-9);
  const f = (c.n - c.successes) / effect;
  const failed = Math.min(n, failures === "fewer" ? Math.floor(f + 1e-9) : Math.ceil(f - 1e-9));
  return { successes: n - failed, n };
}
function chiSquareUpper(x, df) {
  if (x <= 0) return 1;
  const v = 2 / (9 * df);
  return 1 - normalCdf((Math.cbrt(x / df) - (1 - v)) / Math.sqrt(v));
}
function chiSquareQuantile(q, df) {
  const v = 2 / (9 * df);
  return df * Math.max(1e-6, 1 - v + normalQuantile(q) * Math.sqrt(v)) ** 3;
}
function normalCdf(z) {
  const t = 1 / (1 + 0.3275911 * Math.abs(z) / Math.SQRT2);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
function normalQuantile(q) {
  let lo = -10;
  let hi = 10;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
function formatSmall(p) {
  return p < 1e-3 ? p.toExponential(1) : p.toFixed(3);
}

// src/compare/stats.ts
var TOLERANCE = 1 + 1e-9;
var logFactorials = [0];
function logFactorial(n) {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1] + Math.log(i));
  return logFactorials[n];
}
function logChoose(n, r) {
  return logFactorial(n) - logFactorial(r) - logFactorial(n - r);
}
function headRange(base, head) {
  const total = base.n + head.n;
  const successes = base.successes + head.successes;
  return { lo: Math.max(0, head.n - (total - successes)), hi: Math.min(successes, head.n), successes, total };
}
function tail(base, head, from, to) {
  const { successes, total } = headRange(base, head);
  const denominator = logChoose(total, head.n);
  let sum = 0;
  for (let x = from; x <= to; x++) sum += Math.exp(logChoose(successes, x) + logChoose(total - successes, head.n - x) - denominator);
  return Math.min(1, sum);
}
function fisherLower(base, head) {
  return tail(base, head, headRange(base, head).lo, head.successes);
}
function fisherUpper(base, head) {
  return tail(base, head, head.successes, headRange(base, head).hi);
}
function totalLossP(baseN, headN, freshN = 0) {
  if (freshN > 0) return fisherLowerSelected({ successes: baseN, n: baseN }, { successes: freshN, n: freshN }, { successes: 0, n: headN });
  return Math.min(1, Math.exp(-logChoose(baseN + headN, headN)) / baseSucceeded({ successes: baseN, n: baseN }, { successes: 0, n: headN }));
}
function baseSucceeded(base, head) {
  const { successes, total } = headRange(base, head);
  if (successes > head.n) return 1;
  return 1 - Math.exp(logChoose(head.n, successes) - logChoose(total, successes));
}
function fisherLowerTested(base, head) {
  if (base.successes === 0) return 1;
  return Math.min(1, fisherLower(base, head) / baseSucceeded(base, head));
}
function fisherLowerSelected(recorded, fresh, head) {
  if (recorded.successes === 0) return 1;
  if (fresh.n === 0) return fisherLowerTested(recorded, head);
  const base = recorded.n + fresh.n;
  const total = base + head.n;
  const successes = recorded.successes + fresh.successes + head.successes;
  const all = logChoose(total, successes);
  const selected = 1 - (total - successes >= recorded.n ? Math.exp(logChoose(total - successes, recorded.n) - logChoose(total, recorded.n)) : 0);
  let joint = 0;
  for (let x = Math.max(0, successes - base); x <= head.successes; x++) {
    const rest = successes - x;
    const anywhere = Math.exp(logChoose(head.n, x) + logChoose(base, rest) - all);
    const freshOnly = rest <= fresh.n ? Math.exp(logChoose(head.n, x) + logChoose(fresh.n, rest) - all) : 0;
    joint += anywhere - freshOnly;
  }
  return Math.min(1, Math.max(0, joint) / selected);
}

// src/compare/unconditional.ts
var UNCONDITIONAL_MAX_BASE = 6;
var UNCONDITIONAL_MAX_HEAD = 120;
var MARGIN = 1e-5;
var MAX_DEPTH = 40;
var GRID = 200;
function unconditionalApplies(base, headN, freshN = 0) {
  return freshN === 0 && base.n >= 1 && base.n <= UNCONDITIONAL_MAX_BASE && headN <= UNCONDITIONAL_MAX_HEAD;
}
var tables = /* @__PURE__ */ new Map();
function binomials(n) {
  const row = [1n];
  for (let j = 1; j <= n; j++) row.push(row[j - 1] * BigInt(n - j + 1) / BigInt(j));
  return row;
}
function tableOf(b, n) {
  const key = `${b}/${n}`;
  let t = tables.get(key);
  if (!t) {
    const order = [];
    for (let x = 1; x <= b; x++) for (let y = 0; y <= n; y++) order.push({ x, y, fisher: fisherLowerTested({ successes: x, n: b }, { successes: y, n }) });
    order.sort((u, v) => u.fisher - v.fisher || u.x - v.x || v.y - u.y);
    t = { order, p: [], worst: [], known: [], done: 0, a: new Array(b + n + 1).fill(0), grid: new Float64Array(GRID + 1) };
    tables.set(key, t);
  }
  return t;
}
function prefixEnd(t, i) {
  const cut2 = t.order[i].fisher * (1 + 1e-9);
  let j = i;
  while (j + 1 < t.order.length && t.order[j + 1].fisher <= cut2) j++;
  return j;
}
function weights(b, n, order, end) {
  const cb = binomials(b);
  const cn = binomials(n);
  const a = new Array(b + n + 1).fill(0n);
  for (let i = 0; i <= end; i++) {
    const { x, y } = order[i];
    a[x + y] = a[x + y] + cb[x] * cn[y];
  }
  return a;
}
function conditional(a, b, r) {
  const m = a.length - 1;
  if (r <= 0) return a[1] / b;
  if (r >= 1) return a[m];
  let sum = 0;
  if (r <= 0.5) {
    const t = r / (1 - r);
    for (let j = m; j >= 1; j--) sum = sum * t + a[j];
    sum *= t * (1 - r) ** m;
  } else {
    const s = (1 - r) / r;
    for (let j = 1; j <= m; j++) sum = sum * s + a[j];
    sum *= r ** m;
  }
  return sum / (1 - (1 - r) ** b);
}
function advance(t, b, n, end) {
  const m = b + n;
  const cb = binomials(b).map(Number);
  const cn = binomials(n).map(Number);
  for (; t.done <= end; t.done++) {
    const { x, y } = t.order[t.done];
    const w = cb[x] * cn[y];
    const j = x + y;
    t.a[j] += w;
    for (let g = 0; g <= GRID; g++) {
      const r = g / GRID;
      t.grid[g] += g === 0 ? j === 1 ? w / b : 0 : w * r ** j * (1 - r) ** (m - j) / (1 - (1 - r) ** b);
    }
  }
}
function numericalMax(t, b) {
  const f = (r) => conditional(t.a, b, r);
  const values = t.grid;
  let best = 0;
  for (let g = 0; g <= GRID; g++) best = Math.max(best, values[g]);
  const top = best;
  for (let i = 0; i <= GRID; i++) {
    if (values[i] < top * 0.99 || i > 0 && values[i - 1] >= values[i] || i < GRID && values[i + 1] > values[i]) continue;
    let lo = Math.max(0, (i - 1) / GRID);
    let hi = Math.min(1, (i + 1) / GRID);
    const g = (Math.sqrt(5) - 1) / 2;
    for (let step = 0; step < 30; step++) {
      const u = hi - g * (hi - lo);
      const v = lo + g * (hi - lo);
      if (f(u) < f(v)) lo = u;
      else hi = v;
    }
    best = Math.max(best, f((lo + hi) / 2));
  }
  return best;
}
function dyadic(c) {
  let e = 0;
  while (!Number.isInteger(c * 2 ** e)) e++;
  return { num: BigInt(c * 2 ** e), e };
}
function provesBound(a, b, n, c) {
  const m = b + n;
  const { num, e } = dyadic(c);
  const cm = binomials(m);
  const cn = binomials(n);
  const factorial = [1n];
  for (let i = 1; i <= m; i++) factorial.push(factorial[i - 1] * BigInt(i));
  const scale = 1n << BigInt(e);
  const coefficients = cm.map((total, j) => (num * (total - (j <= n ? cn[j] : 0n)) - scale * a[j]) * factorial[j] * factorial[m - j]);
  return nonNegative(coefficients, 0);
}
function nonNegative(c, depth) {
  if (c.every((v) => v >= 0n)) return true;
  const m = c.length - 1;
  if (c[0] < 0n || c[m] < 0n || depth >= MAX_DEPTH) return false;
  const left = [];
  const right = new Array(m + 1);
  let row = c;
  for (let r = 0; r <= m; r++) {
    left.push(row[0] << BigInt(m - r));
    right[m - r] = row[m - r] << BigInt(m - r);
    const next = [];
    for (let i = 0; i + 1 < row.length; i++) next.push(row[i] + row[i + 1]);
    row = next;
  }
  return nonNegative(left, depth + 1) && nonNegative(right, depth + 1);
}
function unconditionalLower(base, head) {
  if (base.successes === 0) return 1;
  const t = tableOf(base.n, head.n);
  const at = base.successes * (head.n + 1) + head.successes;
  const known = t.known[at];
  if (known !== void 0) return known;
  const i = t.order.findIndex((o) => o.x === base.successes && o.y === head.successes);
  const end = prefixEnd(t, i);
  const cached = t.p[end];
  if (cached !== void 0) return t.known[at] = cached;
  let worst = 0;
  for (let j = 0; j <= end; j++) {
    if (t.worst[j] === void 0) {
      advance(t, base.n, head.n, prefixEnd(t, j));
      t.worst[j] = Math.max(j > 0 ? t.worst[j - 1] : 0, numericalMax(t, base.n));
    }
    worst = t.worst[j];
  }
  const fisher = t.order[end].fisher;
  let p = fisher;
  const c = Math.min(1, worst * (1 + MARGIN));
  if (c < fisher && provesBound(weights(base.n, head.n, t.order, end), base.n, head.n, c)) p = c;
  t.p[end] = p;
  return t.known[at] = p;
}
function lowerTested(base, head) {
  return unconditionalApplies(base, head.n) ? unconditionalLower(base, head) : fisherLowerTested(base, head);
}

// src/compare/familywise.ts
function lowerP(base, baseRunTrials, head, rho, fresh) {
  if (head.n === 0 || base.n === 0) return 1;
  const { b, h } = deflatedLower(base, baseRunTrials, head, rho);
  if (h.n === 0 || b.n === 0) return 1;
  if (!fresh || fresh.n === 0) return lowerTested(b, h);
  return fisherLowerSelected(b, deflate(fresh, designEffect(fresh.n, rho), "more"), h);
}
function upperP(base, baseRunTrials, head, rho, fresh) {
  if (head.n === 0 || base.n === 0) return 1;
  const mirror = (c) => ({ successes: c.n - c.successes, n: c.n });
  const b = mirror(deflate(mirror(base), designEffect(baseRunTrials, rho), "more"));
  const f = fresh && fresh.n > 0 ? mirror(deflate(mirror(fresh), designEffect(fresh.n, rho), "more")) : { successes: 0, n: 0 };
  const h = mirror(deflate(mirror(head), designEffect(head.n, rho), "fewer"));
  return h.n === 0 || b.n === 0 ? 1 : fisherUpper({ successes: b.successes + f.successes, n: b.n + f.n }, h);
}
function deflatedLower(base, baseRunTrials, head, rho) {
  return { b: deflate(base, designEffect(baseRunTrials, rho), "more"), h: deflate(head, designEffect(head.n, rho), "fewer") };
}
function lowerName(m, plan, i) {
  const { b, h } = deflatedLower(m.base, m.baseRunTrials, m.looks[i] ?? m.head, plan.rho);
  return unconditionalApplies(b, h.n, freshAt(m, i)?.n ?? 0) ? "unconditional p" : "Fisher p";
}
var freshAt = (m, i) => m.fresh?.[i];
function evidenceOf(m, plan) {
  const p = m.looks.map((c, i) => lowerP(m.base, m.baseRunTrials, c, plan.rho, freshAt(m, i)));
  const over = (values) => Math.min(1, ...values.flatMap((v, i) => plan.looks[i].part > 0 ? [v / plan.looks[i].part] : []));
  return { p, q: over(p), qUp: over(m.looks.map((c, i) => upperP(m.base, m.baseRunTrials, c, plan.rho, freshAt(m, i)))) };
}
function reachesAt(p, plan, look, share) {
  return plan.looks[look].part > 0 && p <= plan.looks[look].part * share * TOLERANCE;
}
function flaggingLook(e, plan, share) {
  const i = e.p.findIndex((p, look) => reachesAt(p, plan, look, share));
  return i === -1 ? null : i;
}
function stillReachable(m, plan, reached, taskShare) {
  const now = m.looks[reached];
  if (!now || m.base.n === 0) return false;
  const fresh = freshAt(m, reached) ?? { successes: 0, n: 0 };
  return plan.looks.some((look, i) => {
    if (i <= reached || look.part === 0) return false;
    const more = Math.max(0, look.base - fresh.n);
    const then = { successes: fresh.successes + more, n: fresh.n + more };
    return lowerP(m.base, m.baseRunTrials, { successes: now.successes, n: look.trials }, plan.rho, then) <= look.part * taskShare * TOLERANCE;
  });
}
function verdictOf(m, e, plan, share, rejected) {
  if (m.head.n === 0) return blank("suspect", "no executed head trial measured this check");
  if (m.base.n === 0) return blank("suspect", "no executed base trial measured this check");
  const tests = e.p.map((_, i) => i).filter((i) => plan.looks[i].part > 0);
  if (rejected) {
    const reached = e.p.length - 1;
    const at = reachesAt(e.p[reached], plan, reached, share) ? reached : flaggingLook(e, plan, share) ?? tests[tests.length - 1] ?? 0;
    return { status: "regressed", ...tested(m, plan, at, e.p[at], share, "") };
  }
  const upShare = share > 0 ? share : null;
  if (upShare !== null && e.qUp <= upShare * TOLERANCE) {
    const up = (i) => upperP(m.base, m.baseRunTrials, m.looks[i], plan.rho, freshAt(m, i));
    const at = tests.find((i) => up(i) <= plan.looks[i].part * upShare * TOLERANCE) ?? 0;
    return { status: "improved", ...tested(m, plan, at, up(at), upShare, " (head higher)") };
  }
  const down = below(withFresh(m), m.head);
  const last = tests.length ? tests[tests.length - 1] : null;
  const shown = share === 0 ? untested(m, e, plan) : last === null ? screened(m, plan, e.p) : tested(
    m,
    plan,
    last,
    down ? e.p[last] : upperP(m.base, m.baseRunTrials, m.looks[last], plan.rho, freshAt(m, last)),
    share,
    down ? "" : " (head higher)"
  );
  if (down) return { status: "suspect", ...shown };
  return { status: allAgree(m.base, m.head) ? "unchanged" : "flaky", ...shown };
}
function blank(status, rule) {
  return { status, p: null, threshold: null, look: null, rule };
}
function tested(m, plan, i, p, share, side) {
  const look = plan.looks[i];
  const n = m.looks[i].n;
  const cut2 = look.part * share;
  const flagged = p <= cut2 * TOLERANCE;
  const fresh = freshAt(m, i)?.n ?? 0;
  const where = i === 0 ? `first ${plural(n, "trial")}` : `${plural(n, "trial")} after confirmation${fresh ? ` (the base with ${fresh} fresh)` : ""}`;
  return {
    p,
    threshold: cut2,
    look: i === 0 ? "first" : "final",
    trials: n,
    rule: `${where}: ${side ? "Fisher p" : lowerName(m, plan, i)}${side} = ${formatP(p)} ${flagged ? "\u2264" : ">"} ${formatP(cut2)}`
  };
}
function screened(m, plan, ps) {
  const r = ps.length - 1;
  const p = ps[r];
  const bound = plan.looks[r].screen;
  const n = m.looks[r].n;
  const fresh = freshAt(m, r)?.n ?? 0;
  const where = r === 0 ? `first ${plural(n, "trial")}` : `${plural(n, "trial")} after confirmation${fresh ? ` (the base with ${fresh} fresh)` : ""}`;
  const then = p > bound ? ", not ambiguous" : r === 0 ? ", confirmation needed" : ", still ambiguous";
  return {
    p,
    threshold: null,
    look: null,
    trials: n,
    rule: `${where} screen only: ${lowerName(m, plan, r)} = ${formatP(p)} ${p <= bound ? "\u2264" : ">"} ${formatP(bound)}${then}`
  };
}
function untested(m, e, plan) {
  const last = m.looks.length - 1;
  return {
    p: e.p[last] ?? null,
    threshold: null,
    look: null,
    trials: m.looks[last]?.n ?? m.head.n,
    rule: m.base.successes === 0 ? "never succeeded on the base: it cannot drop, so it takes no share of \u03B1" : `not tested on its own: ${lowerName(m, plan, last)} = ${formatP(e.p[last] ?? 1)}`
  };
}
function withFresh(m) {
  const fresh = m.fresh?.[m.looks.length - 1];
  return fresh ? { successes: m.base.successes + fresh.successes, n: m.base.n + fresh.n } : m.base;
}
function below(base, head) {
  return head.successes * base.n < base.successes * head.n;
}
function allAgree(base, head) {
  const allSucceeded = base.successes === base.n && head.successes === head.n;
  const allFailed = base.successes === 0 && head.successes === 0;
  return allSucceeded || allFailed;
}
function formatP(p) {
  if (p === 0) return "0";
  if (p < 1e-3) return p.toExponential(1);
  return String(Number(p.toPrecision(2)));
}

// src/compare/family.ts
var PRIMARY_WEIGHT = 3 / 4;
function taskFamily(checks, holdTogether = true) {
  const nodes = checks.filter((c) => c.gated && c.base.successes > 0);
  if (nodes.length === 0) return { nodes: [], weights: [], together: [], primary: null };
  const passAt = nodes.findIndex((c) => c.check === "pass");
  const pass = passAt === -1 ? null : nodes[passAt];
  const own = nodes.map(
    (c, i) => i !== passAt && (!pass || checkKind(c.check) === "judge" || c.failedInPassingTrial === true || !sameBaseFailures(c.base, pass.base))
  );
  const together = nodes.map(
    (c, i) => holdTogether && own[i] && pass !== null && checkKind(c.check) !== "judge" && c.base.n === pass.base.n && c.base.successes === c.base.n
  );
  const others = own.filter((x, i) => x && !together[i]).length + (together.some(Boolean) ? 1 : 0);
  const primaryWeight = !pass ? 0 : !others ? 1 : pass.base.successes === pass.base.n ? PRIMARY_WEIGHT : 1 / (others + 1);
  const weights2 = nodes.map((_, i) => i === passAt ? primaryWeight : own[i] ? (1 - primaryWeight) / others : 0);
  const primary = passAt === -1 ? own.indexOf(true) : passAt;
  return { nodes: nodes.map((c) => c.check), weights: weights2, together: nodes.filter((_, i) => together[i]).map((c) => c.check), primary: nodes[primary].check };
}
function sameBaseFailures(check, pass) {
  return check.n === pass.n && check.successes === pass.successes;
}
function sharingTasks(families) {
  return families.filter((f) => f.nodes.length > 0).length;
}

// src/compare/plan.ts
var HEAD_ONLY_SCREENS = { first: 0.15, later: [0.05, 0.01], early: false };
var PAIRED_SCREENS = { first: 0.25, later: [0.25, 0.05], early: false };
var NARROW_SCREENS = { first: 0.05, later: [0.01], early: true };
var NARROW_SCREEN_SHARE = 2e-3;
function screensFor(share, paired) {
  if (share * TOLERANCE >= NARROW_SCREEN_SHARE) return NARROW_SCREENS;
  return paired ? PAIRED_SCREENS : HEAD_ONLY_SCREENS;
}
var FIRST_PART = 3 / 4;
var DEFAULT_BUDGET_K = 8;
var MAX_DEFAULT_BUDGET_K = 16;
function totalLossAt(n, baseTrials, k, rho, fresh = 0) {
  const base = deflate({ successes: baseTrials, n: baseTrials }, designEffect(k, rho), "more");
  const head = deflate({ successes: 0, n }, designEffect(n, rho), "fewer");
  const more = fresh > 0 ? deflate({ successes: fresh, n: fresh }, designEffect(fresh, rho), "more").n : 0;
  if (head.n === 0 || base.n === 0) return 1;
  return more > 0 ? totalLossP(base.n, head.n, more) : lowerTested(base, { successes: 0, n: head.n });
}
function trialsReaching(cut2, from, to, input) {
  for (let n = from; n <= to; n++) if (totalLossAt(n, input.baseTrials, input.k, input.rho) <= cut2 * TOLERANCE) return n;
  return null;
}
function pairReaching(cut2, end, baseCap, input) {
  const { k } = input;
  for (let added = 1; added <= end - k + baseCap; added++)
    for (let base = Math.max(0, added - (end - k)); base <= Math.min(baseCap, added - 1); base++)
      if (totalLossAt(k + added - base, input.baseTrials, k, input.rho, base) <= cut2 * TOLERANCE) return { trials: k + added - base, base };
  return null;
}
function defaultBudget(input) {
  const full = { rho: 0, ...input };
  const needed = trialsReaching(input.share * FIRST_PART, input.k, input.k * (1 + MAX_DEFAULT_BUDGET_K), full);
  return Math.max(DEFAULT_BUDGET_K * input.k, needed === null ? 0 : needed - input.k);
}
function screeningLooks(from, to, k, small = false) {
  const looks = small ? [k + 1, 2 * k, 3 * k, Math.round((3 * k + to) / 2)] : [k + 1, 3 * k, Math.round((3 * k + to) / 2)];
  return looks.filter((n, i, all) => n > from && n < to && all.indexOf(n) === i);
}
function makePlan(input) {
  const full = { rho: 0, ...input };
  const { k, share, rho, baseTrials } = full;
  const paired = input.paired === true;
  const screens = screensFor(input.taskShare ?? share, paired);
  const budget = input.budget ?? defaultBudget(input);
  const end = k + budget;
  const firstScreen2 = Math.min(1, Math.max(screens.first, totalLossAt(k, baseTrials, k, rho) * TOLERANCE));
  const plan = (looks2) => {
    const lossAt = (l) => totalLossAt(l.trials, baseTrials, k, rho, l.base);
    const at = looks2.findIndex((l) => l.part > 0 && lossAt(l) <= l.part * share * TOLERANCE);
    const totalLoss = at === -1 ? null : { look: at, trials: looks2[at].trials, base: looks2[at].base, p: lossAt(looks2[at]) };
    return { looks: looks2, share, budget: looks2[looks2.length - 1].trials - k, baseTrials, rho, totalLoss, paired };
  };
  const laterScreen = (screen, trials, base) => Math.min(1, Math.max(screen, totalLossAt(trials, baseTrials, k, rho, base) * TOLERANCE));
  const baseAt = (trials, floor2) => paired ? Math.min(budget, Math.max(floor2, trials - k)) : 0;
  const reaching = (cut2) => {
    if (totalLossAt(k, baseTrials, k, rho) <= cut2 * TOLERANCE) return { trials: k, base: 0 };
    if (paired) return pairReaching(cut2, end, budget, full);
    const n = trialsReaching(cut2, k, end, full);
    return n === null ? null : { trials: n, base: 0 };
  };
  if (budget === 0) return plan([{ trials: k, base: 0, part: 1, screen: 0 }]);
  const first = reaching(share * FIRST_PART);
  const restReaches = totalLossAt(end, baseTrials, k, rho, baseAt(end, 0)) <= share * (1 - FIRST_PART) * TOLERANCE;
  if (first === null || first.trials === end || !restReaches) {
    const once = reaching(share) ?? { trials: end, base: baseAt(end, 0) };
    if (once.trials === k) return plan([{ trials: k, base: 0, part: 1, screen: 0 }]);
    const screening = (screens.early ? screeningLooks(k, once.trials, k, true) : []).map((trials, i) => {
      const base = Math.min(once.base, baseAt(trials, 0));
      return { trials, base, part: 0, screen: laterScreen(screens.later[Math.min(i, screens.later.length - 1)], trials, base) };
    });
    return plan([{ trials: k, base: 0, part: 0, screen: firstScreen2 }, ...screening, { ...once, part: 1, screen: 0 }]);
  }
  const before = screens.early ? screeningLooks(k, first.trials, k, true) : [];
  const between = screeningLooks(Math.max(first.trials, k), end, k, screens.early);
  const tests = first.trials === k ? [] : [first.trials];
  let floor = 0;
  const looks = [k, ...before, ...tests, ...between, end].map((trials, i, all) => {
    const base = i === 0 ? 0 : trials === first.trials ? first.base : trials < first.trials ? Math.min(first.base, baseAt(trials, 0)) : baseAt(trials, floor);
    floor = base;
    return {
      trials,
      base,
      part: trials === first.trials ? FIRST_PART : i === all.length - 1 ? 1 - FIRST_PART : 0,
      screen: i === all.length - 1 ? 0 : i === 0 ? firstScreen2 : laterScreen(screens.later[Math.min(i - 1, screens.later.length - 1)], trials, base)
    };
  });
  return plan(looks);
}
function planTask(checks, input, plan = makePlan) {
  const sized = (family) => {
    const primary = checks.find((c) => c.check === family.primary);
    const weight = family.primary ? family.weights[family.nodes.indexOf(family.primary)] : 1;
    return plan({ ...input, baseTrials: primary?.base.n ?? input.baseTrials ?? input.k, share: weight * input.taskShare });
  };
  const together = taskFamily(checks);
  const held = sized(together);
  if (together.together.length === 0 || held.looks[0].part > 0) return { family: together, plan: held };
  const apart = taskFamily(checks, false);
  return { family: apart, plan: sized(apart) };
}

// src/compare/policies.ts
function defaultAlpha(baseRuns) {
  return baseRuns <= 1 ? 0.05 : 0.01;
}
function policyReach(policy, input) {
  if (policy === "strict") {
    return {
      policy,
      reachable: true,
      totalLossP: null,
      note: "strict flags any failed head trial of a check whose base trials all succeeded; it does not bound false alarms"
    };
  }
  const { k, baseRuns } = input;
  const alpha = input.alpha ?? defaultAlpha(baseRuns);
  const tasks = Math.max(1, input.tasks ?? 1);
  const baseTrials = input.baseTrials ?? baseRuns * k;
  const plan = makePlan({ k, baseTrials, share: alpha / tasks, budget: input.budget ?? null, rho: input.rho ?? 0 });
  const runs = plural(baseRuns, "base run");
  const who = input.tasks === void 0 || tasks === 1 ? "a single task" : `each of ${thousands(tasks)} tasks`;
  if (!plan.totalLoss) {
    const last = plan.looks[plan.looks.length - 1];
    const p = totalLossAt(last.trials, baseTrials, k, plan.rho);
    return {
      policy,
      reachable: false,
      totalLossP: p,
      note: `with k = ${k}, ${runs} and ${plural(plan.budget, "confirmation trial")}, even a total loss (${baseTrials}/${baseTrials} \u2192 0/${last.trials}) reaches only p = ${formatP(p)}, above the share of \u03B1 ${alpha} of ${who}: familywise cannot flag anything; raise trials, baseline-runs or confirm-trials`
    };
  }
  const t = plan.totalLoss;
  const where = t.look === 0 ? `in the first ${plural(t.trials, "trial")}` : `at ${plural(t.trials, "executed head trial")}`;
  return {
    policy,
    reachable: true,
    totalLossP: t.p,
    note: `a total loss (${baseTrials}/${baseTrials} \u2192 0/${t.trials}) reaches p = ${formatP(t.p)} ${where}, within its share: flagged for certain`
  };
}
function defaultPolicy(_design) {
  return "familywise";
}
function decideStrict(base, head) {
  const decided = (status, rule) => ({ status, p: null, threshold: null, look: null, rule });
  if (head.n === 0) return decided("suspect", "no executed head trial measured this check");
  if (base.n === 0) return decided("suspect", "no executed base trial measured this check");
  const headFailed = head.n - head.successes;
  const baseFailed = base.n - base.successes;
  if (base.successes === base.n && headFailed > 0)
    return decided("regressed", `strict: base succeeded on all ${base.n}, head failed ${headFailed} of ${head.n}`);
  if (head.successes === head.n && baseFailed > 0)
    return decided("improved", `strict: head succeeded on all ${head.n}, base failed ${baseFailed} of ${base.n}`);
  if (head.successes * base.n < base.successes * head.n)
    return decided("suspect", `strict gates only a drop from all-succeeded; base failed ${baseFailed} of ${base.n}`);
  const agree = allAgree(base, head);
  return decided(agree ? "unchanged" : "flaky", agree ? "strict: same outcome on every trial" : "strict: no drop from all-succeeded");
}

// src/compare/head-looks.ts
function freshAtLooks(trials, looks, reached) {
  const sorted = trials.filter(started).sort((a, b) => a.trial - b.trial);
  const ran = sorted.filter(executed2);
  const seen = /* @__PURE__ */ new Map();
  const worst = /* @__PURE__ */ new Map();
  const at = (map, check, i) => {
    let c = map.get(check);
    if (!c) map.set(check, c = Array.from({ length: reached + 1 }, () => ({ successes: 0, n: 0 })));
    return c[i];
  };
  const names = new Set(ran.flatMap((t) => Object.keys(t.checks)).filter((c) => c !== ENV_CHECK));
  for (let i = 0; i <= reached; i++) {
    const want = looks[i] ?? 0;
    const bound = want === 0 ? 0 : ran.length >= want ? ran[want - 1].trial : Infinity;
    for (const check of names) {
      at(seen, check, i);
      at(worst, check, i);
    }
    for (const t of sorted) {
      if (t.trial > bound) break;
      for (const check of names) {
        const w = at(worst, check, i);
        if (!executed2(t)) {
          w.n += 1;
          w.successes += 1;
          continue;
        }
        const value = t.checks[check];
        if (value === void 0) continue;
        const s = at(seen, check, i);
        s.n += 1;
        w.n += 1;
        if (value) {
          s.successes += 1;
          w.successes += 1;
        }
      }
    }
  }
  return { looks: seen, worst, started: sorted.length, executed: ran.length, held: Math.max(0, ...trials.map((t) => t.trial)) };
}
var executed2 = (t) => t.outcome === "pass" || t.outcome === "fail";
var started = (t) => t.outcome !== "unexecuted";
function headAtLooks(trials, looks, where, asked = []) {
  const k = looks[0];
  const sorted = trials.filter(started).sort((a, b) => a.trial - b.trial);
  const held = Math.max(0, ...trials.map((t) => t.trial));
  const ends = [k];
  for (; ; ) {
    const end = ends[ends.length - 1];
    if (end >= held) break;
    const done = sorted.filter((t) => t.trial <= end && executed2(t)).length;
    const next = looks.findIndex((n, i) => i > 0 && n > done);
    if (next === -1) {
      const beyond = sorted.find((t) => t.trial > end);
      throw new UserInputError(
        where.file,
        where.field,
        `holds trial ${beyond.trial}, beyond the plan (its last look is ${looks[looks.length - 1]} executed trials): pass the confirm-trials the head ran under (--confirm-trials N)`
      );
    }
    ends.push(end + looks[next] - done);
  }
  const rounds = ends.map((end, i) => {
    const from = i === 0 ? 0 : ends[i - 1];
    const inRound = sorted.filter((t) => t.trial > from && t.trial <= end);
    return { started: inRound.length, env: inRound.filter((t) => !executed2(t)).length };
  });
  const ran = sorted.filter(executed2);
  const bounds = [];
  for (const [i, n] of looks.entries()) {
    if (i === 0) bounds.push(k);
    else if (ran.length >= n && n > 0) bounds.push(Math.max(k, ran[n - 1].trial));
    else break;
  }
  const reached = bounds.length - 1;
  const seen = /* @__PURE__ */ new Map();
  const worst = /* @__PURE__ */ new Map();
  const counts2 = (map, check) => {
    let c = map.get(check);
    if (!c) map.set(check, c = bounds.map(() => ({ successes: 0, n: 0 })));
    return c;
  };
  const names = new Set([...ran.flatMap((t) => Object.keys(t.checks)), ...asked].filter((c) => c !== ENV_CHECK));
  for (const t of sorted) {
    const from = bounds.findIndex((b) => t.trial <= b);
    if (from === -1) continue;
    for (let i = from; i < bounds.length; i++) {
      const env = counts2(seen, ENV_CHECK)[i];
      env.n += 1;
      if (executed2(t)) env.successes += 1;
      for (const check of names) {
        const w = counts2(worst, check)[i];
        w.n += 1;
        if (!executed2(t)) continue;
        const value = t.checks[check];
        if (value === void 0) {
          if (!asked.includes(check)) w.n -= 1;
          continue;
        }
        const s = counts2(seen, check)[i];
        s.n += 1;
        if (value) {
          s.successes += 1;
          w.successes += 1;
        }
      }
    }
  }
  const first = sorted.filter((t) => t.trial <= k);
  const envTrial = sorted.find((t) => !executed2(t));
  return {
    reached,
    started: sorted.length,
    executed: ran.length,
    held,
    looks: seen,
    worst,
    rounds,
    declared: first.filter((t) => t.outcome === "env_error" && t.env_error_source === "agent").length,
    ...envTrial ? { envTrial } : {},
    ...sorted.length > 0 && sorted.every((t) => t.outcome === "env_error" && isSetupMistake(t.env_error)) ? { setupOnly: true } : {}
  };
}
function lost(round) {
  return round.started === 0 || round.env * 2 > round.started;
}

// src/compare/decide.ts
var isEnv = (c) => c.check === "env";
function decideTask(task) {
  const { head } = task;
  const checks = /* @__PURE__ */ new Map();
  const hidden = [];
  const ambiguous = [];
  const fw = task.familywise && { ...task.familywise, family: testedFamily(task.familywise.family, head) };
  const together = fw ? togetherFresh(fw.family, head) : null;
  const members = (view) => task.checks.map((c) => {
    const looks = (view === "seen" ? head.looks : head.worst).get(c.check) ?? [];
    const counts2 = Array.from({ length: head.reached + 1 }, (_, i) => looks[i] ?? { successes: 0, n: 0 });
    const all = counts2[counts2.length - 1] ?? { successes: 0, n: 0 };
    const fresh = head.fresh ? together?.[view].get(c.check) ?? (view === "seen" ? head.fresh.looks : head.fresh.worst).get(c.check) : void 0;
    return {
      base: view === "seen" ? c.base : c.worstBase,
      baseRunTrials: c.baseRunTrials,
      looks: counts2,
      head: view === "seen" ? c.head : all,
      ...fresh ? { fresh } : {}
    };
  });
  const seen = members("seen");
  const worst = members("worst");
  let regressed = false;
  if (fw) {
    const decide = (ms) => {
      const evidence = ms.map((m) => evidenceOf(m, fw.plan));
      const at = (i) => fw.family.nodes.indexOf(task.checks[i].check);
      const flagged = fw.family.nodes.some((name, j) => {
        const i = task.checks.findIndex((c) => c.check === name);
        return fw.family.weights[j] > 0 && evidence[i].q <= fw.family.weights[j] * fw.share * TOLERANCE;
      });
      const rejected = (i) => flagged && at(i) !== -1 && evidence[i].q <= fw.share * TOLERANCE;
      const shareOf = (i) => at(i) === -1 ? 0 : rejected(i) ? fw.share : fw.family.weights[at(i)] * fw.share;
      return { evidence, shareOf, rejected };
    };
    const s = decide(seen);
    const w = decide(worst);
    task.checks.forEach((c, i) => {
      if (isEnv(c)) return;
      const verdict2 = verdictOf(seen[i], s.evidence[i], fw.plan, s.shareOf(i), s.rejected(i));
      const decision = { verdict: verdict2 };
      if (c.gated && s.rejected(i)) regressed = true;
      if (c.gated && w.rejected(i) && !s.rejected(i)) {
        const wv = verdictOf(worst[i], w.evidence[i], fw.plan, w.shareOf(i), true);
        decision.worst = { ...wv, base: worst[i].base, head: worst[i].head };
        hidden.push({ check: c, verdict: wv });
      }
      checks.set(c, decision);
      if (!c.gated || s.rejected(i) || !fw.family.nodes.includes(c.check)) return;
      const r = head.reached;
      const weighted = reachWeight(fw.family, c.check) * fw.share;
      const open = (e, m) => (e.p[r] ?? 1) <= fw.plan.looks[r].screen && stillReachable(m, fw.plan, r, weighted);
      if (open(s.evidence[i], seen[i])) ambiguous.push({ check: c, p: s.evidence[i].p[r] });
      else if (!w.rejected(i) && open(w.evidence[i], worst[i])) ambiguous.push({ check: c, p: w.evidence[i].p[r] });
    });
  } else {
    task.checks.forEach((c, i) => {
      if (isEnv(c)) return;
      const verdict2 = decideStrict(c.base, c.head);
      const wv = decideStrict(worst[i].base, worst[i].head);
      const decision = { verdict: verdict2 };
      if (c.gated && verdict2.status === "regressed") regressed = true;
      if (c.gated && wv.status === "regressed" && verdict2.status !== "regressed") {
        decision.worst = { ...wv, base: worst[i].base, head: worst[i].head };
        hidden.push({ check: c, verdict: wv });
      }
      checks.set(c, decision);
    });
  }
  const plan = fw?.plan ?? null;
  const nextLook = plan && head.reached + 1 < plan.looks.length ? head.reached + 1 : null;
  const lastRound = head.rounds[head.rounds.length - 1] ?? { started: 0, env: 0 };
  const lostTwice = head.rounds.length > 2 && lost(lastRound) && lost(head.rounds[head.rounds.length - 2]);
  const needed = nextLook === null ? 0 : plan.looks[nextLook].trials - head.executed;
  const baseNeeded = nextLook === null ? 0 : Math.max(0, plan.looks[nextLook].base - (head.fresh?.executed ?? 0));
  const room = plan ? plan.looks[0].trials + plan.budget - head.started : 0;
  const wantsMore = !regressed && nextLook !== null && ambiguous.length > 0;
  const goesOn = wantsMore && !lostTwice && !lost(head.rounds[0] ?? lastRound) && needed <= room && !task.baseProblem && !task.capped;
  const why = wantsMore ? reasonToGoOn(ambiguous, head.reached, plan) : null;
  return {
    checks,
    regressed,
    goesOn,
    next: goesOn ? { look: nextLook, trials: needed, baseTrials: baseNeeded } : null,
    why,
    undecided: regressed ? null : undecidedReason(task, { wantsMore, goesOn, lostTwice, lastRound, needed, room, hidden, why, plan, blind: blindChecks({ ...task, familywise: fw }) })
  };
}
function testedFamily(family, head) {
  if (family.together.length === 0) return family;
  const views = [head.looks, head.worst, ...head.fresh ? [head.fresh.looks, head.fresh.worst] : []];
  const lined = views.every((counts2) => {
    const pass = counts2.get("pass");
    if (!pass) return family.together.every((check) => !counts2.has(check));
    return family.together.every((check) => {
      const own = counts2.get(check) ?? [];
      return pass.every((c, i) => own[i]?.n === c.n);
    });
  });
  if (lined) return family;
  const split = 1 / family.together.length;
  return { ...family, weights: family.weights.map((w, i) => family.together.includes(family.nodes[i]) ? w * split : w), together: [] };
}
function togetherFresh(family, head) {
  if (!head.fresh || family.together.length === 0) return null;
  const view = (counts2) => {
    const held = (counts2.get("pass") ?? []).map(({ n }, i) => {
      const failed = family.together.reduce((sum, check) => sum + n - (counts2.get(check)?.[i]?.successes ?? 0), 0);
      return { successes: Math.max(0, n - failed), n };
    });
    return new Map(family.together.map((check) => [check, held]));
  };
  return { seen: view(head.fresh.looks), worst: view(head.fresh.worst) };
}
function reachWeight(family, check) {
  const w = family.weights[family.nodes.indexOf(check)] ?? 0;
  return w > 0 || !family.primary ? w : family.weights[family.nodes.indexOf(family.primary)];
}
function blindChecks(task) {
  const fw = task.familywise;
  if (!fw) return [];
  return task.checks.flatMap((c) => {
    const j = fw.family.nodes.indexOf(c.check);
    const weight = j === -1 ? 0 : fw.family.weights[j];
    if (!c.gated || isEnv(c) || weight <= 0 || c.base.n === 0) return [];
    if (!(c.head.n > 0 && c.head.successes * c.base.n < c.base.successes * c.head.n)) return [];
    const perfect = { successes: c.base.n, n: c.base.n };
    const best = Math.min(
      1,
      ...fw.plan.looks.flatMap(
        (l) => l.part > 0 ? [lowerP(perfect, c.baseRunTrials, { successes: 0, n: l.trials }, fw.plan.rho, { successes: l.base, n: l.base }) / l.part] : []
      )
    );
    return best > weight * fw.share * TOLERANCE ? [{ check: c, weight }] : [];
  });
}
function reasonToGoOn(ambiguous, r, plan) {
  const bound = plan.looks[r].screen;
  const shown = ambiguous.slice(0, 3).map(({ check, p }) => `${check.check} (p = ${formatP(p)} \u2264 ${formatP(bound)})`);
  const more = ambiguous.length > 3 ? ` and ${ambiguous.length - 3} more` : "";
  const where = r > 0 ? `at ${plural(plan.looks[r].trials, "executed trial")}` : "first round";
  return `${where}: ${shown.join("; ")}${more}`;
}
var rerun = (reason) => ({ reason, next: "rerun" });
function undecidedReason(task, facts) {
  const { head } = task;
  const env = head.started - head.executed;
  const because = head.envTrial ? ` (${envWords(head.envTrial)})` : "";
  const looks = facts.hidden.length ? `; counted against the pull request, the env errors would make ${facts.hidden[0].check.check}${facts.hidden.length > 1 ? ` (and ${plural(facts.hidden.length - 1, "more check")})` : ""} regress (${facts.hidden[0].verdict.rule})` : "";
  if (task.baseProblem) return { reason: `${task.baseProblem}: the base cannot support a comparison; rerun the baseline workflow`, next: "baseline_workflow" };
  const declared = head.declared > 0 && head.declared === (head.rounds[0]?.env ?? 0) ? " the agent declared" : "";
  if (head.setupOnly)
    return {
      reason: `${head.started === 1 ? "its one head trial is" : `all ${head.started} of its head trials are`} a setup mistake${because}: fix it, for a rerun fails the same way`,
      next: "fix_setup"
    };
  if (head.executed === 0)
    return rerun(
      head.started === 0 ? "none of its head trials executed: rerun" : `${head.started === 1 ? "its one head trial is an environment error" : `all ${head.started} of its head trials are environment errors`}${declared}${because}: rerun once it is fixed`
    );
  if (facts.wantsMore && facts.lostTwice)
    return rerun(
      `the confirmation it needed (${facts.why}) lost its last two rounds to environment errors (${facts.lastRound.env} of the last ${plural(facts.lastRound.started, "trial")})${because}${looks}: rerun`
    );
  if (env * 2 > head.started) {
    return rerun(
      `${env} of its ${plural(head.started, "head trial")} ${env === 1 ? "is an environment error" : "are environment errors"}${declared}${because}${looks}: too few executed trials to decide; rerun once it is fixed`
    );
  }
  if (facts.hidden.length > 0) {
    const [first] = facts.hidden;
    const more = facts.hidden.length > 1 ? ` (and ${plural(facts.hidden.length - 1, "more check")})` : "";
    return rerun(
      `its environment errors could hide a regression: counted against the pull request they would make ${first.check.check}${more} regress (${first.verdict.rule}); rerun`
    );
  }
  if (facts.wantsMore && !facts.goesOn) {
    if (task.capped) return { reason: `it needs ${plural(facts.needed, "more trial")} to decide (${facts.why}), and ${task.capped}`, next: "max_trials" };
    if (facts.needed > facts.room)
      return {
        reason: `it needs ${plural(facts.needed, "more trial")} to decide (${facts.why}) but its budget has ${facts.room} left: raise confirm-trials`,
        next: "confirm_trials"
      };
  }
  if (facts.goesOn)
    return {
      reason: `its head needs the confirmation trials it does not have (${facts.why}): run \`trialgate gate\` (or the action), which runs them, or pass the --confirm-trials the head ran under`,
      next: "confirmation"
    };
  const plan = facts.plan;
  if (plan && !plan.totalLoss) {
    const down = task.checks.filter((c) => c.gated && c.base.n > 0 && c.head.n > 0 && c.head.successes * c.base.n < c.base.successes * c.head.n);
    if (down.length)
      return {
        reason: `${down[0].check} is below its base (${down[0].base.successes}/${down[0].base.n} \u2192 ${down[0].head.successes}/${down[0].head.n}), and the base history cannot show even a total loss here (its runs differ too much from one another, or too few base trials): add baseline runs (baseline-runs) or confirmation trials`,
        next: "baseline_runs"
      };
  }
  if (facts.blind.length) {
    const [{ check: c, weight }] = facts.blind;
    return {
      reason: `${c.check} is below its base (${c.base.successes}/${c.base.n} \u2192 ${c.head.successes}/${c.head.n}), and even a total loss of it could not reach its part (${formatP(weight)}) of the task's share of \u03B1: add baseline runs (baseline-runs) or confirmation trials`,
      next: "baseline_runs"
    };
  }
  return null;
}
function envWords(trial) {
  return envErrorWords(trial) ?? envRule(trial);
}

// src/compare/drafts.ts
function draftTasks(fold, head) {
  const comparable = fold.runs > 0 && !fold.mismatch;
  if (!comparable) return head.tasks.map((t) => t.not_rerun === void 0 ? newTask(t, t.set === "holdout") : notRerunTask(t, t.set === "holdout"));
  const drafts = [];
  for (const task of head.tasks) {
    const matched = fold.matched.get(task.id);
    const differing = fold.differing.get(task.id);
    const holdout2 = task.set === "holdout" || Boolean(matched?.holdout || differing?.holdout);
    if (task.not_rerun !== void 0) drafts.push(notRerunTask(task, holdout2, fold));
    else if (!matched && !differing) drafts.push(newTask(task, holdout2));
    else if (!matched) {
      const differs = differing.newest.differs;
      const status = differs.some((d) => d.field === "fixture_sha256") ? "changed" : "incomparable";
      drafts.push({
        holdout: holdout2,
        checks: [],
        trials: [],
        task: {
          ...taskShell(task, status, holdout2),
          differs,
          base_runs: 0,
          base_runs_excluded: differing.runs,
          base: differing.figures.figures(differing.tallies)
        }
      });
    } else drafts.push(comparedTask(task, matched, differing?.runs ?? 0, holdout2, head.run.k));
  }
  for (const [id, r] of fold.removed) {
    drafts.push({
      holdout: r.holdout,
      checks: [],
      trials: [],
      task: {
        id,
        status: "removed",
        differs: [],
        base_runs: r.runs,
        base_runs_excluded: 0,
        faults: r.last.faults,
        ...r.last.check_labels ? { check_labels: r.last.check_labels } : {},
        base: r.figures.figures(r.tallies),
        head: null,
        head_trials: []
      }
    });
  }
  return drafts;
}
function comparedTask(task, matched, excluded, holdout2, k) {
  const headTallies = tallyChecks(task.trials);
  const firstRound = task.trials.some((t) => t.trial > k) ? tallyChecks(task.trials.filter((t) => t.trial <= k)) : headTallies;
  const names = orderChecks(/* @__PURE__ */ new Set([...matched.tallies.keys(), ...headTallies.keys()]), task.faults);
  const base = matched.figures.figures(matched.tallies);
  const baseEnv = base.env_errors;
  const checks = names.map((check) => {
    const late = !firstRound.has(check) && !matched.tallies.has(check) ? "it was first measured in a confirmation round, after the plan was fixed" : void 0;
    const ungated = isGated(check) ? late ?? ungatedReason(check, task, matched.versions.get(check)) : void 0;
    const b = matched.tallies.get(check) ?? { successes: 0, n: 0 };
    return {
      check,
      base: b,
      head: headTallies.get(check) ?? { successes: 0, n: 0 },
      baseRunTrials: Math.max(1, b.n / Math.max(1, (matched.perRun.get(check) ?? []).filter((c) => c.n > 0).length)),
      gated: isGated(check) && !ungated,
      ...ungated ? { ungated } : {},
      // The base's env errors against the pull request: each counted as a success of the check.
      worstBase: check === "env" ? b : { successes: b.successes + baseEnv, n: b.n + baseEnv },
      ...matched.failedInPassingTrial.has(check) ? { failedInPassingTrial: true } : {}
    };
  });
  return {
    holdout: holdout2,
    checks,
    trials: task.trials,
    ...baseProblemOf(base, checks, matched),
    task: { ...taskShell(task, "compared", holdout2, headTallies), base_runs: matched.runs, base_runs_excluded: excluded, base }
  };
}
function baseProblemOf(base, checks, matched) {
  const started2 = base.n + base.env_errors;
  if (base.n === 0) return { baseProblem: started2 === 0 ? "the base holds no trial of this task" : `all ${started2} base trials of this task are env errors` };
  if (base.env_errors * 2 > started2) return { baseProblem: `${base.env_errors} of the ${started2} base trials of this task are env errors` };
  if (!checks.some((c) => c.gated && c.base.n > 0)) return { baseProblem: "the executed base trials of this task carry no gated check" };
  const unmeasured = checks.filter((c) => c.gated && c.head.n > 0 && c.base.n === 0 && theBasesToMeasure(c.check, matched)).map((c) => c.check);
  if (unmeasured.length)
    return {
      baseProblem: `the executed base trials of this task never measured ${unmeasured.slice(0, 3).join(", ")}${unmeasured.length > 3 ? ` and ${unmeasured.length - 3} more` : ""}, which the base's own task defines`
    };
  return {};
}
function theBasesToMeasure(check, matched) {
  const kind = checkKind(check);
  if (kind === "pass") return true;
  if (kind === "detect" || kind === "tool") return matched.faults.has(check.slice(check.indexOf(":") + 1));
  if (kind === "judge") return matched.versions.has(check);
  return false;
}
function notRerunTask(task, holdout2, fold) {
  const matched = fold?.matched.get(task.id);
  const differing = fold?.differing.get(task.id);
  const base = matched ? matched.figures.figures(matched.tallies) : differing ? differing.figures.figures(differing.tallies) : null;
  return {
    holdout: holdout2,
    checks: [],
    trials: [],
    task: {
      ...taskShell(task, "not_rerun", holdout2),
      not_rerun: task.not_rerun,
      base_runs: matched?.runs ?? 0,
      base_runs_excluded: differing?.runs ?? 0,
      base,
      head: null
    }
  };
}
function newTask(task, holdout2) {
  return { holdout: holdout2, checks: [], trials: [], task: { ...taskShell(task, "new", holdout2), base_runs: 0, base_runs_excluded: 0, base: null } };
}
function taskShell(task, status, holdout2, tallies = tallyChecks(task.trials)) {
  const figures2 = new FigureFold();
  figures2.add(task, "head results");
  return {
    id: task.id,
    status,
    differs: [],
    faults: task.faults,
    ...task.check_labels ? { check_labels: task.check_labels } : {},
    head: figures2.figures(tallies),
    // A holdout task never carries per-trial detail, even inside the engine's own output.
    head_trials: holdout2 ? [] : task.trials.map((t) => {
      const why = failureReasons(t);
      return { trial: t.trial, outcome: t.outcome, checks: t.checks, evidence: t.evidence, ...why.length ? { why } : {} };
    }),
    ...task.judge && !holdout2 ? { judge: judgeShown(task, task.judge) } : {}
  };
}
function judgeShown(task, judge) {
  const ungated = Object.fromEntries(judge.items.flatMap((i) => task.ungated?.[`judge:${i.id}`] ? [[i.id, task.ungated[`judge:${i.id}`]]] : []));
  return { ...judge, ...task.summary.judge ? { summary: task.summary.judge } : {}, ungated };
}

// src/compare/analyse.ts
function analyse(fold, head, options = {}) {
  const k = head.run.k;
  const comparable = fold.runs > 0 && !fold.mismatch;
  const drafts = draftTasks(fold, head);
  const compared2 = drafts.filter((d) => d.task.status === "compared");
  const families = new Map(compared2.map((d) => [d.task.id, d.baseProblem ? taskFamily([]) : taskFamily(d.checks)]));
  const sharing = sharingTasks([...families.values()]);
  const spread = estimateSpread(
    compared2.map((d) => {
      const matched = fold.matched.get(d.task.id);
      return { checks: d.checks.filter((c) => c.gated).map((c) => matched.perRun.get(c.check) ?? []), scores: matched.scores };
    }),
    fold.runs
  );
  const sizes = compared2.filter((d) => !d.baseProblem).map((d) => d.task.base.n);
  const baseTrials = sizes.length ? Math.min(...sizes) : Math.max(1, fold.runs) * k;
  const alpha = options.alpha ?? defaultAlpha(fold.runs);
  const policy = options.policy ?? defaultPolicy();
  const taskShare = policy === "familywise" ? alpha / Math.max(1, sharing) : null;
  const paired = options.pairedBase === true || fold.paired.size > 0;
  const freshLaunched = [...fold.paired.values()].reduce((s, trials) => s + trials.filter((x) => x.outcome !== "unexecuted").length, 0);
  const launched = freshLaunched + head.tasks.reduce((s, t) => s + t.trials.filter((x) => x.outcome !== "unexecuted").length, 0);
  const decideOne = (d, capped) => {
    const planned = taskShare !== null ? planTask(d.baseProblem ? [] : d.checks, { k, taskShare, budget: options.confirmTrials ?? null, rho: spread.rho, paired }) : null;
    const family = planned?.family ?? families.get(d.task.id);
    const plan = planned?.plan ?? null;
    const looks = plan ? plan.looks.map((l) => l.trials) : [k + (options.confirmTrials ?? 0)];
    const index = head.tasks.findIndex((t) => t.id === d.task.id);
    const asked = (head.tasks[index]?.judge?.items ?? []).map((item) => `${JUDGE_PREFIX}${item.id}`);
    const laid = headAtLooks(d.trials, looks, { file: options.headFile ?? "head results", field: `tasks[${index}].trials` }, asked);
    const fresh = plan?.paired ? freshAtLooks(
      fold.paired.get(d.task.id) ?? [],
      plan.looks.map((l) => l.base),
      laid.reached
    ) : null;
    const taskHead = fresh ? { ...laid, fresh } : laid;
    const decision = decideTask({
      checks: d.checks,
      head: taskHead,
      ...d.baseProblem ? { baseProblem: d.baseProblem } : {},
      familywise: plan ? { family, plan, share: taskShare } : null,
      ...capped ? { capped } : {}
    });
    const firstWhy = taskHead.held > k ? decideTask({
      checks: d.checks,
      head: headAtLooks(
        d.trials.filter((t) => t.trial <= k),
        looks,
        { file: "", field: "" },
        asked
      ),
      familywise: plan ? { family, plan, share: taskShare } : null
    }).why : decision.why;
    return { ...d, family, plan, head: taskHead, decision, firstWhy };
  };
  let decided = compared2.map((d) => decideOne(d));
  if (options.maxTrials !== void 0) decided = withinCap(decided, options.maxTrials, launched, decideOne);
  return {
    policy,
    chosen: options.policy ? "option" : "default",
    alpha: taskShare !== null ? alpha : null,
    spread,
    sharing,
    taskShare,
    baseTrials,
    drafts,
    decided,
    comparable,
    launched,
    freshLaunched
  };
}
function withinCap(decided, cap, launched, decideOne) {
  const wanting = decided.map((d, i) => ({ d, i })).filter(({ d }) => d.decision.next).sort((x, y) => x.d.head.held + x.d.decision.next.trials - (y.d.head.held + y.d.decision.next.trials) || x.i - y.i);
  let left = cap - launched;
  const out = [...decided];
  for (const { d, i } of wanting) {
    const trials = d.decision.next.trials + d.decision.next.baseTrials;
    if (trials <= left) {
      left -= trials;
      continue;
    }
    out[i] = decideOne(d, `the pull request's cap of ${plural(cap, "agent trial")} (max-trials) has ${Math.max(0, left)} left`);
  }
  return out;
}

// src/compare/compare.ts
function compareResults(bases, head, options = {}, context = {}) {
  const fold = new BaseFold(head);
  bases.forEach((b, i) => fold.add(b, `base results ${i + 1}`));
  return compareFolded(fold, head, options, context);
}
function compareFolded(fold, head, options = {}, context = {}) {
  const a = analyse(fold, head, options);
  const tasks = [];
  const holdout2 = { tasks: taskCounts(), checks: statusCounts(), base_passes: count(), head_passes: count(), head_passes_all: count() };
  const devChecks = statusCounts();
  let regressions = 0;
  const undecided = { tasks: 0, holdout_tasks: 0, reasons: [] };
  const because = (reason, next) => {
    undecided.next ??= next;
    undecided.reasons.push(reason);
  };
  const k = head.run.k;
  const decidedById = new Map(a.decided.map((d) => [d.task.id, d]));
  const confirmation = { fixed_trials: 0, head_trials: a.launched - a.freshLaunched, tasks: 0, holdout_tasks: 0, holdout_trials: 0, awaiting: 0 };
  for (const t of head.tasks) confirmation.fixed_trials += t.trials.filter((x) => x.outcome !== "unexecuted" && x.trial <= k).length;
  for (const draft of a.drafts) {
    const d = decidedById.get(draft.task.id);
    const checks = d ? comparedChecks(d, a) : [];
    const reason = d?.decision.undecided?.reason ?? null;
    const decidedNothing2 = reason !== null && !checks.some((c) => c.gated && c.status === "regressed");
    for (const c of checks) {
      if (!c.gated || decidedNothing2) continue;
      (draft.holdout ? holdout2.checks : devChecks)[c.status] += 1;
      if (c.status === "regressed") regressions += 1;
    }
    if (d?.decision.goesOn) confirmation.awaiting += 1;
    if (reason) draft.holdout ? undecided.holdout_tasks += 1 : undecided.tasks += 1;
    const extended = draft.trials.filter((x) => x.trial > k && x.outcome !== "unexecuted").length;
    if (extended > 0) draft.holdout ? (confirmation.holdout_tasks += 1, confirmation.holdout_trials += extended) : confirmation.tasks += 1;
    if (!draft.holdout) {
      const launched = draft.trials.filter((x) => x.outcome !== "unexecuted").length;
      const fresh = (fold.paired.get(draft.task.id) ?? []).filter((x) => x.outcome !== "unexecuted").length;
      tasks.push({
        ...draft.task,
        checks,
        ...d?.decision.undecided ? { undecided: d.decision.undecided.reason, undecided_next: d.decision.undecided.next } : {},
        ...fresh > 0 ? { fresh_base_trials: fresh } : {},
        ...extended > 0 ? { confirmation: { trials: launched, why: d?.firstWhy ?? "its first round left a check ambiguous" } } : {},
        ...d?.plan && a.taskShare !== null && d.family.primary ? {
          plan: {
            share: a.taskShare,
            primary: d.family.primary,
            looks: d.plan.looks.map(({ trials, part, screen, base }) => ({ trials, part, screen, ...base > 0 ? { base } : {} }))
          }
        } : {}
      });
      continue;
    }
    holdout2.tasks[draft.task.status] += 1;
    const figures2 = draft.task.head;
    if (figures2) addCount(holdout2.head_passes_all, { successes: figures2.passes, n: figures2.n });
    const pass = checks.find((c) => c.check === "pass");
    if (pass) {
      addCount(holdout2.base_passes, pass.base);
      addCount(holdout2.head_passes, pass.head);
    }
  }
  const heldOut2 = holdoutUndecided(fold, head, holdout2);
  if (heldOut2) {
    because(heldOut2.reason, heldOut2.next);
    undecided.holdout_tasks += heldOut2.tasks;
  }
  const changes = fold.mismatch ? [] : fold.runs > 0 ? [...measurementChanges(a.drafts), ...context.changes ?? []] : [...context.changes ?? []];
  const approved = context.approvedBy ?? null;
  if (changes.length && !approved) because(measurementReason(changes), "maintainer");
  const unavailable = context.unavailableBases ?? [];
  const unusable = fold.runs === 0 && fold.unused.length + unavailable.length > 0;
  if (unusable) {
    const first = fold.unused[0]?.reason ?? unavailable[0];
    const n = fold.unused.length + unavailable.length;
    because(
      `the base branch recorded ${plural(n, "run")}, but none can serve as a baseline (${first}): rerun the baseline workflow on the base branch`,
      "baseline_workflow"
    );
  }
  const verdict2 = fold.mismatch ? "incomparable" : unusable ? "undecided" : fold.runs === 0 ? changes.length && !approved ? "undecided" : "no_baseline" : regressions > 0 ? "fail" : undecided.tasks + undecided.holdout_tasks + undecided.reasons.length > 0 ? "undecided" : "pass";
  const headDenominators = new DenominatorFold();
  headDenominators.add(head);
  return {
    schema: COMPARISON_SCHEMA,
    trial_set: head.trial_set.name,
    policy: {
      name: a.policy,
      alpha: a.alpha,
      chosen: a.chosen,
      tasks: a.sharing,
      task_share: a.taskShare,
      family: a.decided.reduce((s, d) => s + d.family.nodes.length, 0),
      confirm_trials: options.confirmTrials ?? null,
      max_trials: options.maxTrials ?? null,
      reach: reachOf(a, k, fold.runs, options),
      ...fold.runs > 0 ? { spread: { ...a.spread } } : {}
    },
    verdict: verdict2,
    incomparable: fold.mismatch ? { base_index: fold.mismatch.index, field: "trial_set.name", base: fold.mismatch.name, head: head.trial_set.name } : null,
    head: runRef(head),
    bases: fold.refs,
    regressions,
    checks: devChecks,
    tasks,
    task_counts: tasks.reduce((c, t) => (c[t.status] += 1, c), taskCounts()),
    holdout: holdout2,
    denominators: { head: headDenominators.result(), base: fold.runs > 0 ? fold.denominators.result() : null },
    ...undecided.tasks + undecided.holdout_tasks + undecided.reasons.length > 0 ? { undecided } : {},
    ...fold.unused.length ? { bases_unused: fold.unused.map((u) => ({ ref: u.ref, reason: u.reason })) } : {},
    ...confirmation.head_trials > confirmation.fixed_trials || confirmation.awaiting > 0 ? { confirmation } : {},
    spend: spendOf(head, confirmation.fixed_trials, a.launched - a.freshLaunched, a.freshLaunched, options.maxTrials ?? null),
    ...changes.length ? { measurement: { changes, approved_by: approved } } : {}
  };
}
function comparedChecks(d, a) {
  return d.checks.map((c) => {
    const decided = d.decision.checks.get(c);
    const verdict2 = c.check === ENV_CHECK ? shownEnv(c, a.taskShare ?? a.alpha ?? 0.01) : decided.verdict;
    const worst = decided?.worst;
    const ungated = c.ungated;
    return {
      check: c.check,
      kind: checkKind(c.check),
      label: checkLabel(c.check, d.task.faults, d.task.check_labels),
      gated: c.gated,
      ...ungated ? { ungated } : {},
      base: c.base,
      head: c.head,
      ...freshOf(d, c.check),
      status: verdict2.status,
      p: verdict2.p,
      threshold: verdict2.threshold,
      look: verdict2.look,
      ...verdict2.trials === void 0 ? {} : { trials: verdict2.trials },
      rule: verdict2.rule,
      ...worst ? { pessimistic: { base: worst.base, head: worst.head, p: worst.p, threshold: worst.threshold, rule: worst.rule } } : {}
    };
  });
}
function freshOf(d, check) {
  const last = d.head.fresh?.looks.get(check)?.at(-1);
  return last && last.n > 0 ? { fresh_base: last } : {};
}
function reachOf(a, k, baseRuns, options) {
  const planned = a.decided.filter((d) => d.plan && d.family.primary);
  if (a.policy !== "familywise" || planned.length === 0) {
    const r = policyReach("familywise", {
      k,
      baseRuns: Math.max(1, baseRuns),
      ...options.alpha === void 0 ? {} : { alpha: options.alpha },
      budget: options.confirmTrials ?? null,
      tasks: Math.max(1, a.sharing),
      baseTrials: a.baseTrials
    });
    return { reachable: r.reachable, total_loss_p: r.totalLossP, note: r.note };
  }
  const blind = planned.filter((d) => !d.plan.totalLoss);
  if (blind.length) {
    const first = blind[0];
    return {
      reachable: false,
      total_loss_p: null,
      note: `${plural(blind.length, "task")} (${first.holdout ? "a holdout task" : first.task.id} first) cannot show even a total loss with these base runs (${first.plan.baseTrials} executed base trials${first.plan.rho > 0 ? `, runs that differ from one another: \u03C1 = ${first.plan.rho.toFixed(3)}` : ""}) and ${plural(first.plan.budget, "confirmation trial")}: a drop there is undecided; raise baseline-runs, trials or confirm-trials`
    };
  }
  const at = planned.map((d) => d.plan.totalLoss.trials);
  const worst = Math.max(...planned.map((d) => d.plan.totalLoss.p));
  const lo = Math.min(...at);
  const hi = Math.max(...at);
  return {
    reachable: true,
    total_loss_p: worst,
    note: `a total loss of a task's trial pass is flagged for certain ${lo === k && hi === k ? `in its first ${plural(k, "trial")}` : lo === hi ? `at ${plural(lo, "executed head trial")}` : `at ${lo} to ${hi} executed head trials`}`
  };
}
function spendOf(head, fixed, launched, fresh, cap) {
  const sum = (values) => values.some((v) => v !== void 0) ? values.reduce((a, v) => a + (v ?? 0), 0) : null;
  const lost2 = (t) => t.trials.flatMap((trial) => trial.outcome !== "pass" && trial.outcome !== "fail" && trial.usage ? [trial.usage] : []);
  const tokens2 = head.tasks.map((t) => sum([t.summary.tokens, ...lost2(t).map(trialTokens)]) ?? void 0);
  const costs = head.tasks.map((t) => sum([t.summary.cost_usd, ...lost2(t).map((usage) => usage.cost_usd)]) ?? void 0);
  const unreported = head.tasks.filter((_, i) => tokens2[i] === void 0 && costs[i] === void 0).length;
  const wall = Date.parse(head.run.finished_at) - Date.parse(head.run.started_at);
  return {
    head_trials: launched,
    ...fresh > 0 ? { base_trials: fresh } : {},
    fixed_trials: fixed,
    max_trials: cap,
    tokens: sum(tokens2),
    cost_usd: sum(costs),
    ...unreported > 0 && unreported < head.tasks.length ? { unreported_tasks: unreported } : {},
    wall_ms: Number.isFinite(wall) && wall >= 0 ? wall : null
  };
}
function measurementChanges(drafts) {
  const changes = [];
  const holdoutRemoved = drafts.filter((d) => d.holdout && d.task.status === "removed").length;
  for (const d of drafts) {
    if (d.holdout) continue;
    if (d.task.status === "removed")
      changes.push({
        what: `task ${d.task.id}`,
        base: `in the base runs (${plural(d.task.base_runs, "run")})`,
        head: "not in this pull request (removed, renamed or moved)"
      });
    if (d.task.status === "changed" || d.task.status === "incomparable")
      for (const diff of d.task.differs) changes.push({ what: `task ${d.task.id}: ${diff.field}`, base: diff.base, head: diff.head });
  }
  const holdoutChanged = drafts.filter((d) => d.holdout && (d.task.status === "changed" || d.task.status === "incomparable")).length;
  if (holdoutRemoved) changes.push({ what: `${plural(holdoutRemoved, "holdout task")}`, base: "in the base runs", head: "not in this pull request" });
  if (holdoutChanged)
    changes.push({ what: `${plural(holdoutChanged, "holdout task")}`, base: "measured one way", head: "measured another (fixture, acceptor or budget)" });
  return changes;
}
function measurementReason(changes) {
  const named = changes.slice(0, 3).map((c) => c.what);
  const more = changes.length > 3 ? ` and ${changes.length - 3} more` : "";
  return `this pull request changes what measures it (${named.join("; ")}${more}): the base's ruler cannot judge it and it cannot pass by itself; a maintainer decides (see "What this pull request changes in the measurement"), or reruns the baseline workflow where the change is already the base branch's or its holdout source's`;
}
function holdoutUndecided(fold, head, aggregate) {
  if (fold.runs === 0) return null;
  const unavailable = head.holdout?.unavailable;
  if (unavailable)
    return {
      reason: `the holdout source's tasks did not run on the head (${unavailable}): the gate cannot tell whether they regressed`,
      next: "rerun",
      tasks: Math.max(1, aggregate.tasks.removed)
    };
  const headTasks = head.tasks.filter((t) => t.set === "holdout").length;
  if (fold.holdoutRefused.length === 0 || fold.holdoutRuns > 0 || headTasks === 0) return null;
  return { reason: `the holdout tasks cannot be compared: ${fold.holdoutRefused[0]}`, next: "baseline_workflow", tasks: headTasks };
}
function shownEnv(c, threshold) {
  if (c.head.n === 0 || c.base.n === 0) return { status: "suspect", p: null, threshold: null, look: null, rule: "no head or base trial started" };
  const p = lowerP(c.base, 1, c.head, 0);
  const rule = `Fisher p = ${formatP(p)} over every head trial (shown, never gated)`;
  if (p <= threshold * TOLERANCE) return { status: "regressed", p, threshold, look: null, rule };
  const below2 = c.head.successes * c.base.n < c.base.successes * c.head.n;
  const same = c.base.successes === c.base.n && c.head.successes === c.head.n || c.base.successes === 0 && c.head.successes === 0;
  return { status: below2 ? "suspect" : same ? "unchanged" : "flaky", p, threshold, look: null, rule };
}
function count() {
  return { successes: 0, n: 0 };
}
function addCount(into, c) {
  into.successes += c.successes;
  into.n += c.n;
}
function statusCounts() {
  return { regressed: 0, suspect: 0, improved: 0, flaky: 0, unchanged: 0 };
}
function taskCounts() {
  return { compared: 0, new: 0, removed: 0, changed: 0, incomparable: 0, not_rerun: 0 };
}

// src/report/format.ts
import { createHash } from "node:crypto";
var QUIET = /^[\p{L}\p{N} .,:;()/'"+=\-–—×→]*$/u;
var LINKISH = /www\.|[a-z][a-z0-9+.-]*:\/\//i;
var BREAKS = /[\r\n\u2028\u2029\u0085]+/g;
function flatten(text2) {
  return markHidden(text2.replace(BREAKS, " "), (c) => `[${codePoint(c)}]`, "");
}
function md(text2) {
  const flat = flatten(text2);
  return QUIET.test(flat) && !LINKISH.test(flat) ? flat : code(flat);
}
function code(text2) {
  const flat = flatten(text2);
  if (flat === "") return "";
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") || /^ .* $/.test(flat) ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}
function html(text2) {
  const flat = flatten(text2);
  const escaped = flat.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return QUIET.test(flat) && !LINKISH.test(flat) ? escaped : `<code>${escaped}</code>`;
}
function bounded(text2, max) {
  if (text2.length <= max) return text2;
  let kept = text2.slice(0, max - 12);
  if ((kept.match(/`/g) ?? []).length % 2 === 1) kept = kept.slice(0, kept.lastIndexOf("`")).trimEnd();
  return `${kept}\u2026${createHash("sha256").update(text2).digest("hex").slice(0, 10)}`;
}
function noteParts(text2) {
  const flat = flatten(text2);
  const home = repositoryUrl();
  const parts = [];
  let last = 0;
  const plain = (to) => {
    if (to > last) parts.push({ kind: "text", text: flat.slice(last, to) });
  };
  for (const m of flat.matchAll(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)|\[([0-9a-f]{7,40}|\d+\/\d+)\]\((https?:\/\/[^\s()<>]+)\)/g)) {
    if (m[4] !== void 0 && !(home && m[4].startsWith(home))) continue;
    plain(m.index);
    parts.push(m[4] === void 0 ? { kind: "span", text: m[2].replace(/^ (.*) $/, "$1"), raw: m[0] } : { kind: "link", label: m[3], url: m[4], raw: m[0] });
    last = m.index + m[0].length;
  }
  plain(flat.length);
  return parts;
}
function boundedNote(text2, max) {
  const parts = noteParts(text2);
  const out = [];
  let used = 0;
  for (const part of parts) {
    const size = part.kind === "text" ? part.text.length : part.raw.length;
    if (used + size <= max) {
      out.push(part);
      used += size;
      continue;
    }
    if (part.kind === "text") {
      const room = part.text.slice(0, Math.max(0, max - used));
      const word = room.replace(/\s+\S*$/, "");
      out.push({ kind: "text", text: `${word || room}\u2026` });
    } else out.push({ kind: "text", text: "\u2026" });
    break;
  }
  return out;
}
function safeLine(text2, max = Infinity) {
  return (max === Infinity ? noteParts(text2) : boundedNote(text2, max)).map((p) => p.kind === "text" ? quiet(p.text) : p.raw).join("");
}
function repositoryUrl() {
  const repository = process.env.GITHUB_REPOSITORY;
  if (!repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) return void 0;
  return `${(process.env.GITHUB_SERVER_URL ?? "https://github.com").replace(/\/+$/, "")}/${repository}/`;
}
function quiet(text2) {
  return text2.replace(/[\\`*_~[\]#|]/g, (c) => `\\${c}`).replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/@[\p{L}\p{N}_][\p{L}\p{N}_./-]*|\b(?:https?:\/\/|www\.)\S+/gu, (inert) => code(inert));
}
function cell(text2) {
  return text2.replace(/\|/g, "\\|");
}
function tableLines(header2, rows) {
  const line = (cells) => `|${cells.map((c) => c === "" ? " " : ` ${cell(c)} `).join("|")}|`;
  return { head: [line(header2), line(header2.map(() => "-"))], rows: rows.map(line) };
}
function table(header2, rows) {
  const { head, rows: body } = tableLines(header2, rows);
  return [...head, ...body].join("\n");
}
function ratio(c) {
  return c ? `${c.successes}/${c.n}` : "\u2013";
}
function change(base, head) {
  return `${ratio(base)} \u2192 ${ratio(head)}`;
}
function fraction(x) {
  return x === null || x === void 0 ? "" : x.toFixed(2);
}
function seconds(ms) {
  return `${(ms / 1e3).toFixed(1)} s`;
}
function usd(x) {
  if (x === void 0) return "";
  return x < 0.01 && x > 0 ? `$${x.toFixed(4)}` : `$${x.toFixed(2)}`;
}
function tokens(x) {
  return x === void 0 ? "" : thousands(x);
}
function taskAnchor(index) {
  return `t-${index}`;
}

// src/report/causes.ts
var LEAD_ORDER = ["detect", "tool", "other", "constraint", "judge", "pass", "env"];
function causesOf(tasks, isRegressed) {
  return tasks.flatMap((task) => {
    const lost2 = task.checks.filter((ch) => ch.gated && isRegressed(task, ch));
    if (lost2.length === 0) return [];
    const executed3 = task.head_trials.filter((t) => t.outcome === "pass" || t.outcome === "fail");
    const failedIn = (check) => executed3.filter((t) => t.checks[check] === false).map((t) => t.trial).join(",");
    const groups = /* @__PURE__ */ new Map();
    for (const ch of lost2) groups.set(failedIn(ch.check), [...groups.get(failedIn(ch.check)) ?? [], ch]);
    const passAlone = [...groups].find(([, checks]) => checks.length === 1 && checks[0].kind === "pass");
    if (passAlone && groups.size > 1) {
      const explained = new Set([...groups].filter(([key]) => key !== passAlone[0]).flatMap(([key]) => key.split(",")));
      if (passAlone[0].split(",").every((trial) => explained.has(trial))) {
        groups.delete(passAlone[0]);
        const first = groups.values().next().value;
        first.push(passAlone[1][0]);
      }
    }
    const labelled = Object.keys(task.check_labels ?? {});
    const within = (ch) => labelled.includes(ch.check) ? labelled.indexOf(ch.check) : labelled.length;
    const rank = (ch) => LEAD_ORDER.indexOf(ch.kind) * (labelled.length + 1) + within(ch);
    const byLead = [...groups.values()].map((checks) => [...checks].sort((a, b) => rank(a) - rank(b))).sort((a, b) => rank(a[0]) - rank(b[0]));
    return byLead.map((ordered) => {
      const lead = ordered[0];
      const failing = executed3.filter((t) => t.checks[lead.check] === false);
      return {
        task,
        checks: ordered,
        failing: { trials: failing.length, of: executed3.length },
        evidence: { head: headReason(lead, failing), base: null, headTests: null, judge: [] }
      };
    });
  });
}
function headReason(lead, failing) {
  const fault = lead.kind === "detect" || lead.kind === "tool" ? lead.check.slice(lead.check.indexOf(":") + 1) : null;
  for (const trial of failing) {
    const reasons = trial.why ?? [];
    const named = fault === null ? reasons[0] : reasons.find((r) => r.startsWith(`${fault}: `));
    if (named) return plainReason(named);
  }
  return null;
}
function lostInWords(task, check, quote = (t) => t) {
  const name = check.check.slice(check.check.indexOf(":") + 1);
  const fault = task.faults.find((f) => f.id === name)?.label;
  const defect = fault ? `${quote(name)} \u2014 ${quote(fault)}` : quote(name);
  if (task.check_labels?.[check.check] !== void 0) return `no longer passes its check \u201C${quote(task.check_labels[check.check])}\u201D`;
  switch (checkKind(check.check)) {
    case "detect":
      return `no longer catches the defect ${defect}`;
    case "tool":
      return `no longer handles the tool fault ${defect}`;
    case "constraint":
      return `now breaks the constraint ${quote(name)}`;
    case "judge": {
      const question = task.judge?.items.find((i) => i.id === name)?.question;
      return `no longer gets a yes from the model judge on ${quote(name)}${question ? ` (${quote(question)})` : ""}`;
    }
    case "pass":
      return "no longer passes its trials";
    default:
      return `no longer passes ${checkLabel(check.check, task.faults, task.check_labels, quote)}`;
  }
}
var VERDICT_NAMES = {
  baseline_pass: "every test passed on the correct service",
  baseline_fail: "tests fail on the correct service",
  defect_detected: "caught",
  defect_detected_unattributed: "tests failed, but none reached the defect's code",
  defect_missed: "missed: no test caught it",
  execution_error_or_skip: "a test errored or was skipped instead of asserting",
  incomplete: "not every planned test ran",
  unverified: "not this trial's own report",
  unknown_fault: "a defect the fixture does not declare"
};
function verdictInWords(verdict2) {
  return VERDICT_NAMES[verdict2] ?? verdict2;
}
var VERDICT_WORDS = {
  defect_missed: (v, r) => `no test caught ${v} (${r})`,
  defect_detected_unattributed: (v, r) => `tests failed on ${v}, but none of them reached the defect's code (${r})`,
  baseline_fail: (_, r) => `the tests fail on the correct service (${r})`,
  execution_error_or_skip: (v, r) => `a test on ${v === "none" ? "the correct service" : v} errored or was skipped instead of asserting (${r})`,
  incomplete: (v, r) => `the tests on ${v === "none" ? "the correct service" : v} did not all run (${r})`,
  unverified: (v, r) => `the report on ${v === "none" ? "the correct service" : v} is not this trial's own (${r})`,
  unknown_fault: (_, r) => `a report names a defect the fixture does not declare (${r})`
};
function plainReason(reason) {
  const m = /^(.+?): (defect_missed|defect_detected_unattributed|baseline_fail|execution_error_or_skip|incomplete|unverified|unknown_fault): (.*)$/s.exec(
    reason
  );
  return m ? VERDICT_WORDS[m[2]](m[1], m[3]) : reason;
}
var PLAIN = { text: (s) => s, code: (s) => s, strong: (s) => s };
var MAX_EVIDENCE = 300;
function describeCause(cause, q) {
  const [lead, ...with_] = cause.checks;
  const e = cause.evidence;
  const trials = cause.failing.of > 0 ? `, in ${cause.failing.trials} of ${plural(cause.failing.of, "trial")}` : "";
  const title = `${q.strong(q.text(cause.task.id))} ${lostInWords(cause.task, lead, q.text)}${trials}.`;
  const lines = [];
  if (e.base) {
    const tests = e.base.tests.map((t) => q.code(bounded(t, 120)));
    const assertion = e.base.assertion ? `: ${q.code(bounded(e.base.assertion, MAX_EVIDENCE))}` : "";
    lines.push(
      `Before: on the base, ${e.base.tests.length === 1 ? "test" : "tests"} ${tests.join(", ")} caught it in ${e.base.trials} of ${plural(e.base.of, "trial")}${assertion}.`
    );
  } else if (lead.base.n > 0) {
    const did = lead.kind === "detect" ? "the base's tests caught it" : lead.kind === "judge" ? "the model judge said yes" : "it passed";
    lines.push(`Before: ${did} in ${lead.base.successes} of ${plural(lead.base.n, "base trial")}.`);
  }
  const listed = (tests) => `${tests.length === 1 ? "test" : "tests"} ${tests.slice(0, 5).map((t) => q.code(bounded(t, 120))).join(", ")}${tests.length > 5 ? ` and ${tests.length - 5} more` : ""}`;
  const now = [];
  if (e.headTests?.missing.length) now.push(`${listed(e.headTests.missing)} ${e.headTests.missing.length === 1 ? "is" : "are"} gone from the agent's tests`);
  if (e.headTests?.passing.length)
    now.push(`${listed(e.headTests.passing)} still ${e.headTests.passing.length === 1 ? "runs" : "run"} but no longer fails on the defect`);
  if (e.head) now.push(q.text(bounded(e.head, MAX_EVIDENCE)));
  if (now.length) lines.push(`Now: ${now.join("; ")}.`);
  if (with_.length) lines.push(`Also failing in those trials: ${with_.map((ch) => alsoFailing(cause, ch, q)).join("; ")}.`);
  return { title, lines };
}
function alsoFailing(cause, check, q) {
  if (check.kind === "pass") return "the trial's overall pass";
  const name = check.check.slice(check.check.indexOf(":") + 1);
  if (check.kind === "judge") {
    const said = cause.evidence.judge.find((j) => j.item === name);
    return `the model judge on ${q.text(name)}${said ? ` (it answered no: ${q.text(bounded(said.reason, MAX_EVIDENCE))})` : ""}`;
  }
  return checkLabel(check.check, cause.task.faults, cause.task.check_labels, q.text);
}
function reproduce(view, shown) {
  const ids = [...new Set(view.causes.slice(0, shown).map((c) => c.task.id))];
  const config = view.config && view.config !== "trialgate.yml" ? ` --config ${shellWord(view.config)}` : "";
  return {
    command: `npx trialgate run${config} ${ids.map((id) => `--task ${shellWord(id)}`).join(" ")}`,
    anchors: ids.map((task) => ({ task, anchor: taskAnchor(view.tasks.findIndex((t) => t.task.id === task)) }))
  };
}
function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

// src/report/isolation.ts
function isolationNote(results) {
  const isolation = results.run.isolation;
  if (isolation?.mechanism !== "none") return void 0;
  return `\u26A0\uFE0F Isolation: none (${isolation.reason ?? "no reason recorded"}): the agent ran unisolated and could read what your user can, the fixture's reference answers included; see docs/isolation.md.`;
}
function integrityNote(results) {
  const error = results.run.integrity_error;
  if (!error) return void 0;
  return `\u274C Integrity error: ${error}. No trial of this run passes.`;
}

// src/report/run-files.ts
import { closeSync as closeSync2, createReadStream, openSync as openSync2, writeSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join2 } from "node:path";
import { createInterface } from "node:readline";

// src/report/html/evidence.ts
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from "node:fs";
import { join } from "node:path";
var JSON_BYTES = 64 * 1024 * 1024;
var DEFAULT_LIMITS = { logTailBytes: 8 * 1024, fileBytes: 64 * 1024, candidateBytes: 256 * 1024, candidateFiles: 100, exchanges: 200 };
async function readTrialEvidence(trialDir, limits = DEFAULT_LIMITS) {
  if (!await isDirectory(trialDir)) return null;
  const evidenceDir = join(trialDir, "evidence");
  const out = { reports: [], kindEvidence: [], boundaries: [], log: null, changes: null, candidate: null, problems: [] };
  const entries = await entriesOf(evidenceDir);
  if (entries === null) out.problems.push("evidence/ is missing");
  for (const name of await fileNames(join(evidenceDir, EVIDENCE.reports), ".json")) {
    const read = await readEvidenceJson(join(evidenceDir, EVIDENCE.reports, name), Report);
    out.reports.push({
      variant: name.slice(0, -".json".length),
      report: read.value,
      ...read.problem ? { problem: `evidence/${EVIDENCE.reports}/${name}: ${read.problem}` } : {}
    });
  }
  for (const entry of entries ?? []) {
    if (!entry.isDirectory() || entry.name === EVIDENCE.reports) continue;
    const run = await readBoundaryRun(join(evidenceDir, entry.name), entry.name, limits);
    if (run) out.boundaries.push(run);
  }
  for (const file of KIND_EVIDENCE) {
    const read = await readEvidenceJson(join(evidenceDir, file.path), file.schema);
    if (read.missing) continue;
    out.kindEvidence.push({
      title: file.title,
      path: `evidence/${file.path}`,
      section: read.value === null ? null : file.view(read.value),
      ...read.problem ? { problem: `evidence/${file.path}: ${read.problem}` } : {}
    });
  }
  out.log = await readTail(join(evidenceDir, EVIDENCE.agentLog), limits.logTailBytes);
  out.changes = await readHead(join(evidenceDir, EVIDENCE.diff), limits.fileBytes);
  out.candidate = await readCandidateForPage(join(trialDir, "candidate"), limits);
  return out;
}
function runFiles(part) {
  return KIND_RUN_EVIDENCE.filter((f) => f.shows === part);
}
async function readBoundaryRun(dir, variant, limits) {
  const problems = [];
  let held = false;
  const read = async (files) => {
    for (const file of files) {
      const got = await readEvidenceJson(join(dir, file.path), file.schema);
      if (got.missing) continue;
      held = true;
      if (got.problem) problems.push(`evidence/${variant}/${file.path}: ${got.problem}`);
      return got.value;
    }
    return null;
  };
  const trajectory = await read(runFiles("calls"));
  const judgement = await read(runFiles("judgement"));
  const goals = await read(runFiles("given"));
  if (!held) return null;
  const log = await readTail(join(dir, EVIDENCE.agentLog), limits.logTailBytes);
  const calls = trajectory ?? [];
  return {
    variant,
    trajectory: trajectory ? calls.slice(0, limits.exchanges) : null,
    cutExchanges: Math.max(0, calls.length - limits.exchanges),
    judgement,
    goals: goals ?? [],
    log,
    problems
  };
}
async function readCandidateForPage(dir, limits = DEFAULT_LIMITS) {
  if (!await isDirectory(dir)) return null;
  const found = [];
  let unlisted = 0;
  const walk = async (abs, rel) => {
    for (const entry of await entriesOf(abs) ?? []) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(join(abs, entry.name), path);
      else if (found.length >= limits.candidateFiles) unlisted += 1;
      else found.push({ path, abs: join(abs, entry.name), link: entry.isSymbolicLink() });
    }
  };
  await walk(dir, "");
  let shown = 0;
  const files = [];
  for (const f of found) {
    if (f.link) {
      files.push({ path: f.path, size: 0, text: null, why: "a symbolic link (not followed)" });
      continue;
    }
    const size = lstatSync(f.abs).size;
    if (size > limits.fileBytes) files.push({ path: f.path, size, text: null, why: `larger than ${kib(limits.fileBytes)}` });
    else if (shown + size > limits.candidateBytes) files.push({ path: f.path, size, text: null, why: `the trial's files past ${kib(limits.candidateBytes)}` });
    else {
      const data = await readRegularFile(f.abs, limits.fileBytes).catch(() => null);
      if (data === null) files.push({ path: f.path, size, text: null, why: "unreadable" });
      else if (isBinary(data)) files.push({ path: f.path, size, text: null, why: "binary" });
      else {
        shown += size;
        files.push({ path: f.path, size, text: data.toString("utf8") });
      }
    }
  }
  return { files, unlisted };
}
async function readTail(path, bytes) {
  const fd = openOrNull(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  if (fd === null) return null;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return null;
    const size = stats.size;
    const from = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - from);
    readSync(fd, buffer, 0, buffer.length, from);
    const newline = from > 0 ? buffer.indexOf(10) : -1;
    const start = newline >= 0 ? newline + 1 : 0;
    return { text: buffer.subarray(start).toString("utf8"), cutBytes: from + start };
  } finally {
    closeSync(fd);
  }
}
async function readHead(path, bytes) {
  if (!lstatSync(path, { throwIfNoEntry: false })?.isFile()) return null;
  const fd = openOrNull(path, constants.O_RDONLY);
  if (fd === null) return null;
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(size, bytes));
    readSync(fd, buffer, 0, buffer.length, 0);
    return { text: buffer.toString("utf8"), cutBytes: size - buffer.length };
  } finally {
    closeSync(fd);
  }
}
function openOrNull(path, flags) {
  try {
    return openSync(path, flags);
  } catch {
    return null;
  }
}
async function readEvidenceJson(path, schema) {
  let text2;
  try {
    const bytes = await readRegularFile(path, JSON_BYTES);
    if (bytes === null) return { value: null, missing: false, problem: `larger than ${kib(JSON_BYTES)}` };
    text2 = bytes.toString("utf8");
  } catch (e) {
    const code2 = e.code;
    const why = code2 === "ELOOP" ? "a symbolic link (not followed)" : code2 === "ENOTREG" ? "not a regular file" : `unreadable (${code2})`;
    return { value: null, missing: code2 === "ENOENT", ...code2 === "ENOENT" ? {} : { problem: why } };
  }
  let data;
  try {
    data = JSON.parse(text2);
  } catch (e) {
    return { value: null, missing: false, problem: `not JSON (${e.message})` };
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { value: parsed.data, missing: false };
  const issue = parsed.error.issues[0];
  return { value: null, missing: false, problem: `not in the expected format (${issue.path.join(".") || "top level"}: ${issue.message})` };
}
async function isDirectory(path) {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
async function entriesOf(dir) {
  if (!await isDirectory(dir)) return null;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    entries = null;
  }
  return entries ? entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : null;
}
async function fileNames(dir, suffix) {
  return (await entriesOf(dir) ?? []).filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => e.name);
}
function kib(bytes) {
  return `${Math.round(bytes / 1024)} KiB`;
}

// src/report/run-files.ts
var RUN_FILES = { trial: readTrialEvidence, candidate: readCandidateForPage, scratch: () => TempScratch.open() };
var TempScratch = class _TempScratch {
  constructor(dir) {
    this.dir = dir;
    this.fds = { bodies: openSync2(join2(dir, "bodies"), "wx", 384), blobs: openSync2(join2(dir, "blobs"), "wx", 384) };
  }
  dir;
  fds;
  static async open() {
    return new _TempScratch(await mkdtemp(join2(tmpdir(), "trialgate-page-")));
  }
  write(file, line) {
    const bytes = Buffer.from(`${line}
`);
    const fd = this.fds[file];
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
  }
  close() {
    for (const fd of Object.values(this.fds ?? {})) closeSync2(fd);
    this.fds = null;
  }
  lines(file) {
    return createInterface({ input: createReadStream(join2(this.dir, file), { encoding: "utf8" }), crlfDelay: Infinity });
  }
  async remove() {
    this.close();
    await rm(this.dir, { recursive: true, force: true });
  }
};

// src/report/view.ts
var CHECK_SEVERITY = CheckStatus.options;
var TASK_ORDER = [
  "regressed",
  "undecided",
  "suspect",
  "failing",
  "mixed",
  "changed",
  "incomparable",
  "improved",
  "flaky",
  "new",
  "removed",
  "none",
  "unchanged",
  "passing",
  "not_rerun"
];
var PRESENTED = /* @__PURE__ */ Symbol("presented by report/view.ts");
function wholeRun(results) {
  const trials = new Map(results.tasks.map((t) => [t.id, t.trials]));
  return { head: results, trials: (taskId) => trials.get(taskId) ?? [] };
}
function present(source) {
  const comparison = source.comparison ?? compareResults([], source.head);
  const mode = !source.comparison ? "run" : comparison.verdict === "no_baseline" ? "no_baseline" : "comparison";
  const withBase = comparison.bases.length > 0 && comparison.verdict !== "incomparable";
  const tasks = comparison.tasks.map((task) => taskView(task, withBase)).sort((a, b) => TASK_ORDER.indexOf(a.state) - TASK_ORDER.indexOf(b.state));
  const alerts = [integrityNote(source.head), isolationNote(source.head)].flatMap((n) => n ? [n] : []);
  const view = {
    [PRESENTED]: true,
    mode,
    withBase,
    baselineRequired: source.baselineRequired ?? false,
    comparison,
    tasks,
    headPasses: comparison.tasks.reduce((s, t) => s + (t.head?.passes ?? 0), 0) + comparison.holdout.head_passes_all.successes,
    alerts,
    notes: source.notes ?? [],
    causes: withBase ? causesOf(
      tasks.map((t) => t.task),
      (t, ch) => checkState(t, ch) === "regressed"
    ) : [],
    changed: source.changed ?? null,
    checkFails: source.checkFails ?? (mode === "comparison" ? comparison.verdict === "fail" || comparison.verdict === "undecided" : mode === "no_baseline" && (source.baselineRequired ?? false)),
    config: source.config ?? null
  };
  if (!("runDir" in source)) return view;
  const held = new Set(source.head.tasks.filter(isHeld).map((t) => t.id));
  return {
    ...view,
    run: withoutHoldout(source.head),
    heldOut: heldOut(source.head.tasks.filter(isHeld)),
    trials: (taskId) => held.has(taskId) ? [] : source.trials(taskId),
    runDir: source.runDir,
    bases: (source.bases ?? []).map((b) => ({ ...b, results: withoutHoldout(b.results) })),
    files: source.files ?? RUN_FILES
  };
}
var isHeld = (task) => task.set === "holdout";
function withoutHoldout(run) {
  return run.tasks.some(isHeld) ? { ...run, tasks: run.tasks.filter((t) => !isHeld(t)) } : run;
}
function heldOut(tasks) {
  if (tasks.length === 0) return null;
  const trials = { pass: 0, fail: 0, env_error: 0, unexecuted: 0 };
  for (const t of tasks) for (const trial of t.trials) trials[trial.outcome] += 1;
  const sum = (pick) => {
    const values = tasks.map(pick);
    return values.every((v) => v !== void 0) ? values.reduce((a, b) => a + b, 0) : void 0;
  };
  const tokens2 = sum((t) => t.summary.tokens);
  const cost = sum((t) => t.summary.cost_usd);
  return {
    tasks: tasks.length,
    trials,
    passes: { successes: trials.pass, n: trials.pass + trials.fail },
    ...tokens2 === void 0 ? {} : { tokens: tokens2 },
    ...cost === void 0 ? {} : { cost_usd: cost },
    wall_ms: tasks.reduce((s, t) => s + t.summary.wall_ms, 0)
  };
}
function taskView(task, withBase) {
  const pass = { base: passCount(task.base), head: passCount(task.head) };
  if (task.status === "not_rerun") return { task, state: "not_rerun", checks: 0, pass };
  if (!withBase) return { task, state: headState(pass.head ?? { successes: 0, n: 0 }), checks: 0, pass };
  if (task.status !== "compared") return { task, state: task.status, checks: 0, pass };
  const gated = task.checks.filter((ch) => ch.gated);
  if (decidedNothing(task)) return { task, state: "undecided", checks: 0, pass };
  const state = CHECK_SEVERITY.find((s) => gated.some((ch) => ch.status === s)) ?? "unchanged";
  return { task, state, checks: gated.filter((ch) => ch.status === state).length, pass };
}
function checkState(task, check) {
  return (check.gated || check.kind === "env") && decidedNothing(task) ? "undecided" : check.status;
}
function decidedNothing(task) {
  return Boolean(task.undecided) && !task.checks.some((ch) => ch.gated && ch.status === "regressed");
}
function headState(count2) {
  if (count2.n === 0) return "none";
  return count2.successes === count2.n ? "passing" : count2.successes === 0 ? "failing" : "mixed";
}
function passCount(f) {
  return f ? { successes: f.passes, n: f.n } : null;
}
function regressionCount(view, strong = (text2) => text2) {
  const c = view.comparison;
  const causes = c.holdout.checks.regressed === 0 ? view.causes.length : 0;
  return causes > 0 && causes !== c.regressions ? `${strong(plural(causes, "regression"))} (${plural(c.regressions, "check")} lost)` : strong(plural(c.regressions, "regression"));
}

// src/report/html/write.ts
import { join as join3 } from "node:path";

// src/report/html/diff.ts
var MAX_EDIT_LENGTH = 4e3;
function diffCandidates(base, head) {
  const baseFiles = new Map(base.files.map((f) => [f.path, f]));
  const headFiles = new Map(head.files.map((f) => [f.path, f]));
  const paths = [.../* @__PURE__ */ new Set([...baseFiles.keys(), ...headFiles.keys()])].sort();
  return paths.map((path) => {
    const b = baseFiles.get(path);
    const h = headFiles.get(path);
    if (!b) return { path, change: "added" };
    if (!h) return { path, change: "removed" };
    if (b.text === null || h.text === null)
      return {
        path,
        change: "not compared",
        why: `${b.text === null ? `base: ${b.why}` : ""}${b.text === null && h.text === null ? "; " : ""}${h.text === null ? `head: ${h.why}` : ""}`
      };
    if (b.text === h.text) return { path, change: "same" };
    const patch = structuredPatch(`base/${path}`, `head/${path}`, b.text, h.text, void 0, void 0, { context: 3, maxEditLength: MAX_EDIT_LENGTH });
    if (!patch) return { path, change: "not compared", why: `more than ${MAX_EDIT_LENGTH} lines differ` };
    const lines = patch.hunks.flatMap((hunk) => [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines]);
    return { path, change: "changed", patch: lines.join("\n") };
  });
}

// src/report/html/escape.ts
var HTML = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
var replaceHtml = (c) => HTML[c];
function text(value) {
  return markHidden(value.replace(/[&<>]/g, replaceHtml).replace(/\r\n/g, "\n"), (c) => `<span class="ctl">${codePoint(c)}</span>`);
}
function attr(value) {
  return markHidden(value.replace(/[&<>"']/g, replaceHtml), codePoint, "");
}
function scriptJson(value) {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function clip(value, max) {
  return value.length <= max ? value : `${value.slice(0, max)}\u2026 (${value.length - max} more characters)`;
}

// src/report/html/model.ts
var MAX_LINE = 1e3;
var BODY_CHARS = 2e3;
var MAX_COLUMNS = 16;
function buildReportModel(view, evidenceOmitted) {
  const { comparison: c, withBase } = view;
  const head = new Map(view.run.tasks.map((t) => [t.id, t]));
  const ordered = view.tasks.map((o) => ({ ...o, cells: cellsOf(o, head.get(o.task.id), withBase) }));
  const columns = matrixColumns(
    ordered.flatMap((o) => o.cells),
    ordered.flatMap((o) => o.task.faults)
  );
  const tasks = ordered.map(({ task, state, checks, pass, cells }, i) => {
    const trials = (head.get(task.id)?.trials ?? []).map((t) => ({
      trial: t.trial,
      outcome: t.outcome,
      stopReason: t.stop_reason,
      wallMs: t.wall_ms,
      evidencePath: clip(t.evidence, MAX_LINE)
    }));
    return {
      anchor: taskAnchor(i),
      id: clip(task.id, MAX_LINE),
      state,
      stateText: stateText(task.status, state, checks, withBase),
      pass,
      cells,
      differs: task.differs.map((d) => ({ field: d.field, base: clip(d.base, MAX_LINE), head: clip(d.head, MAX_LINE) })),
      pooled: task.base_runs > 1 || task.base_runs_excluded > 0 ? `base pooled over ${plural(task.base_runs, "run")}${task.base_runs_excluded > 0 ? `; ${task.base_runs_excluded} left out (another task definition)` : ""}` : null,
      figures: [...task.head ? [figures("head", task.head)] : [], ...task.base ? [figures("base", task.base)] : []],
      trials
    };
  });
  return {
    trialSet: c.trial_set,
    verdict: verdict(view),
    policy: withBase ? `${c.policy.name}${c.policy.alpha === null ? "" : `, \u03B1 = ${c.policy.alpha}`} (${c.policy.chosen === "default" ? `the default with ${plural(c.bases.length, "base run")}` : "chosen"})` : null,
    notes: [...view.alerts, ...view.notes].map((n) => boundedNote(n, MAX_LINE)),
    causes: view.causes.map((cause) => {
      const { title, lines } = describeCause(cause, PLAIN);
      return {
        anchor: taskAnchor(view.tasks.findIndex((t) => t.task === cause.task)),
        title: clip(title, MAX_LINE),
        lines: lines.map((l) => clip(l, MAX_LINE))
      };
    }),
    checkCounts: withBase ? { ...c.checks } : null,
    denominators: [
      { side: "head", figures: denominators(c.denominators.head) },
      ...c.denominators.base ? [{ side: `base (${plural(c.denominators.base.runs, "run")})`, figures: denominators(c.denominators.base) }] : []
    ],
    runs: { head: pageRun(c.head), bases: c.bases.map(pageRun) },
    holdout: holdoutView(c, withBase),
    columns,
    tasks,
    evidenceOmitted
  };
}
function stateText(status, state, n, withBase) {
  if (state === "not_rerun") return "not rerun (unaffected by this change)";
  if (!withBase || status !== "compared") return state === "none" ? "no executed trial" : `${state}${status !== "compared" && withBase ? " task" : ""}`;
  return state === "unchanged" || state === "undecided" ? state : `${state} (${plural(n, "check")})`;
}
function cellsOf({ task }, result, withBase) {
  if (withBase && task.status === "compared") return task.checks.map((ch) => compared(task, ch));
  if (!result) return [];
  const tallies = tallyChecks(result.trials);
  return orderChecks(tallies.keys(), result.faults).map((key) => ({
    key,
    label: clip(checkLabel(key, result.faults, result.check_labels), MAX_LINE),
    state: headState(tallies.get(key)),
    base: null,
    head: tallies.get(key),
    rule: null,
    gated: checkKind(key) !== "env"
  }));
}
function compared(task, ch) {
  const rule = ch.ungated ? `not gated, because ${ch.ungated}; ${ch.rule}` : ch.rule;
  return {
    key: ch.check,
    label: clip(ch.label, MAX_LINE),
    state: checkState(task, ch),
    base: ch.base,
    head: ch.head,
    rule: clip(rule, MAX_LINE),
    gated: ch.gated
  };
}
function matrixColumns(cells, faults) {
  const keys = orderChecks(new Set(cells.map((c) => c.key).filter((key) => key !== "pass")), [...new Map(faults.map((f) => [f.id, f])).values()]);
  if (keys.length <= MAX_COLUMNS) {
    return keys.map((key) => ({
      title: clip(key.slice(key.indexOf(":") + 1), 40),
      full: clip(cells.find((c) => c.key === key).label, MAX_LINE),
      keys: [key]
    }));
  }
  const kinds = [...new Set(keys.map(checkKind))];
  return kinds.map((kind) => ({ title: kind, full: `every ${kind} check of the task`, keys: keys.filter((k) => checkKind(k) === kind) }));
}
function figures(side, f) {
  return {
    side,
    k: f.k,
    launched: f.launched,
    executed: f.n,
    passes: f.passes,
    envErrors: f.env_errors,
    unexecuted: f.unexecuted,
    passPowK: f.pass_pow_k,
    wallMs: f.wall_ms,
    tokens: f.tokens ?? null,
    costUsd: f.cost_usd ?? null,
    envErrorRules: f.env_error_rules.map((r) => ({ rule: clip(r.rule, MAX_LINE), trials: r.trials }))
  };
}
function verdict(view) {
  const c = view.comparison;
  const d = c.denominators.head;
  if (c.verdict === "incomparable" && c.incomparable) {
    const i = c.incomparable;
    return {
      state: "incomparable",
      headline: clip(`cannot compare: base run ${i.base_index + 1} has ${i.field} "${i.base}", the head "${i.head}"; head results only`, MAX_LINE)
    };
  }
  if (c.verdict === "no_baseline" || c.verdict === "incomparable") {
    return { state: "no_baseline", headline: `${view.headPasses}/${d.executed} executed trials passed (head results only, no baseline)` };
  }
  const compared2 = c.task_counts.compared + c.holdout.tasks.compared;
  const tasks = `${compared2} task${compared2 === 1 ? "" : "s"} compared`;
  if (c.verdict === "fail") return { state: "fail", headline: `${regressionCount(view)} \xB7 ${tasks}` };
  if (c.verdict === "undecided") {
    const n = (c.undecided?.tasks ?? 0) + (c.undecided?.holdout_tasks ?? 0);
    return {
      state: "undecided",
      headline: `undecided, rerun: no regression found, but ${n ? `${n} task${n === 1 ? "" : "s"} cannot be decided` : "the baseline cannot be used"} (${tasks})`
    };
  }
  return { state: "pass", headline: compared2 === 0 ? "no regressions, but no task could be compared" : `no regressions (${tasks})` };
}
function denominators(d) {
  return {
    runs: d.runs,
    k: d.k,
    tasks: d.tasks,
    launched: d.launched,
    executed: d.executed,
    envErrors: d.env_errors,
    unexecuted: d.unexecuted,
    envErrorRules: d.env_error_rules.map((r) => ({ rule: clip(r.rule, MAX_LINE), trials: r.trials })),
    holdoutEnvErrors: d.holdout_env_errors
  };
}
function pageRun(r) {
  return { sha: r.git_sha === null ? null : clip(r.git_sha, 80), ref: r.ref === null ? null : clip(r.ref, MAX_LINE), startedAt: clip(r.started_at, 80) };
}
function holdoutView(c, withBase) {
  const h = c.holdout;
  const tasks = Object.entries(h.tasks).filter(([, n]) => n > 0);
  if (tasks.length === 0) return null;
  return {
    tasks: withBase ? tasks.map(([state, n]) => ({ state, n })) : [{ state: "run", n: tasks.reduce((s, [, n]) => s + n, 0) }],
    checks: withBase ? { ...h.checks } : null,
    basePasses: withBase ? h.base_passes : null,
    headPasses: withBase ? h.head_passes : h.head_passes_all
  };
}
var LAYERS = [
  ["final state", "final_state"],
  ["constraints", "constraints"],
  ["tool contract", "tool_contract"]
];
function trialView(trial, task, read, blobs) {
  const faultLabel = (id) => task.faults.find((f) => f.id === id)?.label ?? null;
  const head = read?.kind === "read" ? read.head : null;
  const usage = trial.usage ?? {};
  const view = {
    trial: trial.trial,
    outcome: trial.outcome,
    stopReason: trial.stop_reason,
    cause: trial.cause ?? null,
    envError: trial.env_error === void 0 ? null : clip(trial.env_error, MAX_LINE),
    wallMs: trial.wall_ms,
    agentMs: trial.agent_ms ?? null,
    usage: ["input_tokens", "output_tokens", "total_tokens", "cost_usd"].flatMap(
      (name) => usage[name] === void 0 ? [] : [{ name, value: usage[name] }]
    ),
    evidencePath: clip(trial.evidence, MAX_LINE),
    layers: LAYERS.map(([name, key]) => ({ name, ok: trial.layers[key].ok, failures: trial.layers[key].failures.map((f) => clip(plainReason(f), MAX_LINE)) })),
    trajectory: {
      steps: trial.layers.trajectory.steps ?? null,
      retries: trial.layers.trajectory.retries ?? null,
      notes: trial.layers.trajectory.notes.map((n) => clip(n, MAX_LINE))
    },
    checks: orderChecks(Object.keys(trial.checks), task.faults).map((key) => ({
      key,
      label: clip(checkLabel(key, task.faults, task.check_labels), MAX_LINE),
      ok: trial.checks[key]
    })),
    variants: variants(trial, head, faultLabel),
    kindEvidence: (head?.kindEvidence ?? []).map((e) => ({
      title: clip(e.title, MAX_LINE),
      path: clip(e.path, MAX_LINE),
      lines: (e.section?.lines ?? []).map((l) => clip(l, MAX_LINE)),
      table: e.section?.table ? { header: e.section.table.header.map((h) => clip(h, MAX_LINE)), rows: e.section.table.rows.map((r) => r.map((c) => clip(c, BODY_CHARS))) } : null
    })),
    boundaries: (head?.boundaries ?? []).map((b) => boundaryView(b, faultLabel, blobs)),
    log: head?.log ? tailView(head.log, blobs) : null,
    changes: head?.changes ? { blob: blobs.add("diff", head.changes.text), cutBytes: head.changes.cutBytes } : null,
    files: head?.candidate ? head.candidate.files.map((f) => ({
      path: clip(f.path, MAX_LINE),
      size: f.size,
      blob: f.text === null ? null : blobs.add("text", f.text),
      why: f.why ?? null
    })) : null,
    unlistedFiles: head?.candidate?.unlisted ?? 0,
    diff: null,
    evidenceNote: read === void 0 ? "no evidence was read for this trial" : read.kind === "omitted" ? read.reason : head === null ? `the trial directory ${trial.evidence} is not beside this report` : null,
    problems: [
      ...head?.problems ?? [],
      ...head?.reports.flatMap((r) => r.problem ? [r.problem] : []) ?? [],
      ...head?.kindEvidence.flatMap((e) => e.problem ? [e.problem] : []) ?? []
    ].map((p) => clip(p, MAX_LINE))
  };
  if (read?.kind === "read" && read.base && head?.candidate) {
    const base = read.base;
    view.diff = {
      against: clip(base.evidence, MAX_LINE),
      files: base.candidate ? diffCandidates(base.candidate, head.candidate).map((f) => ({
        path: clip(f.path, MAX_LINE),
        change: f.change,
        blob: f.change === "changed" ? blobs.add("diff", f.patch) : null,
        why: f.change === "not compared" ? f.why : null
      })) : []
    };
  }
  return view;
}
function variants(trial, head, faultLabel) {
  const reports = new Map((head?.reports ?? []).map((r) => [r.report?.fault ?? r.variant, r.report]));
  const names = [.../* @__PURE__ */ new Set([...trial.judgements.map((j) => j.fault), ...reports.keys()])];
  return names.map((variant) => {
    const judgement = trial.judgements.find((j) => j.fault === variant);
    const report = reports.get(variant) ?? null;
    const caught = variant === "none" ? /* @__PURE__ */ new Set() : new Set(judgement?.detected_by ?? []);
    return {
      variant: clip(variant, MAX_LINE),
      label: faultLabel(variant),
      verdict: judgement ? verdictInWords(judgement.verdict) : null,
      reason: judgement ? clip(judgement.reason, MAX_LINE) : null,
      report: report ? reportView(report, variant, caught) : null
    };
  });
}
function reportView(report, variant, caught) {
  return {
    planned: report.planned,
    executed: report.executed,
    complete: report.complete,
    blocked: report.blocked,
    error: report.error === void 0 ? null : clip(report.error, MAX_LINE),
    passed: report.records.filter((r) => r.status === "passed").length,
    failing: report.records.filter((r) => r.status !== "passed").map((r) => ({
      test: clip(r.test, MAX_LINE),
      status: r.status,
      assertion: r.assertion === void 0 ? null : clip(r.assertion, MAX_LINE),
      traceback: r.traceback === void 0 ? null : clip(r.traceback, MAX_LINE),
      caught: caught.has(r.test) ? clip(variant, MAX_LINE) : null
    }))
  };
}
function boundaryView(b, faultLabel, blobs) {
  return {
    variant: clip(b.variant, MAX_LINE),
    label: faultLabel(b.variant),
    accepted: b.judgement?.accepted ?? null,
    findings: (b.judgement?.findings ?? []).map((f) => ({ kind: clip(f.kind, 80), text: clip(f.text, MAX_LINE) })),
    timeline: (b.trajectory ?? []).map((x) => ({
      seq: x.seq,
      atMs: x.at_ms,
      call: clip(`${x.request.method} ${x.request.path}`, MAX_LINE),
      requestBody: x.request.body === void 0 ? null : clip(JSON.stringify(x.request.body), BODY_CHARS),
      delivered: x.delivered,
      upstream: x.upstream.map((u) => u.status),
      response: x.response?.status ?? null,
      responseBody: x.response?.body === void 0 ? null : clip(JSON.stringify(x.response.body), BODY_CHARS),
      fault: x.fault === void 0 ? null : clip(x.fault, MAX_LINE)
    })),
    cutExchanges: b.cutExchanges,
    goals: b.goals.map((g) => clip(JSON.stringify(g), BODY_CHARS)),
    log: b.log ? tailView(b.log, blobs) : null,
    problems: b.problems.map((p) => clip(p, MAX_LINE))
  };
}
function tailView(tail2, blobs) {
  return { blob: blobs.add("text", tail2.text), cutBytes: tail2.cutBytes };
}
var BlobTable = class {
  ids = /* @__PURE__ */ new Map();
  pending = /* @__PURE__ */ new Map();
  add(kind, text2) {
    const key = sha256(`${kind}:${text2}`);
    let id = this.ids.get(key);
    if (id === void 0) {
      id = `b${this.ids.size}`;
      this.ids.set(key, id);
      this.pending.set(id, { kind, text: text2 });
    }
    return id;
  }
  /** The blob `id` the first time it is asked for; undefined after (the page has it already). */
  take(id) {
    const blob = this.pending.get(id);
    this.pending.delete(id);
    return blob;
  }
};

// src/report/html/plan.ts
import { isAbsolute, relative, resolve } from "node:path";
var OUTCOME_ORDER = { fail: 0, env_error: 1, pass: 2, unexecuted: 3 };
function planEvidence(view) {
  const { runDir } = view;
  const head = new Map(view.run.tasks.map((t) => [t.id, t]));
  const baseTasks = view.bases.map((b) => ({ dir: b.dir, tasks: new Map(b.results.tasks.map((t) => [t.id, t])) }));
  return view.tasks.flatMap(({ task }) => {
    const trials = [...head.get(task.id)?.trials ?? []].sort(
      (a, b) => (OUTCOME_ORDER[a.outcome] ?? 4) - (OUTCOME_ORDER[b.outcome] ?? 4) || a.trial - b.trial
    );
    return trials.map((trial) => ({ evidence: trial.evidence, dir: inside(runDir, trial.evidence), base: baseTrial(task.id, trial, baseTasks) }));
  });
}
function baseTrial(taskId, trial, bases) {
  for (const base of bases) {
    const task = base.tasks.get(taskId);
    if (!task || task.set === "holdout") continue;
    const executed3 = task.trials.filter((t) => t.outcome === "pass" || t.outcome === "fail");
    const match = executed3.find((t) => t.trial === trial.trial) ?? executed3[0];
    const dir = match ? inside(base.dir, match.evidence) : null;
    if (match && dir) return { evidence: match.evidence, dir };
  }
  return null;
}
function inside(root, path) {
  const abs = resolve(root, path);
  const rel = relative(resolve(root), abs);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? null : abs;
}

// src/report/html/render.ts
import { createHash as createHash2 } from "node:crypto";

// src/report/html/assets.ts
var STYLE = `
:root{--fg:#1f2328;--muted:#59636e;--line:#d0d7de;--bg2:#f6f8fa}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);margin:0 auto;max-width:1500px;padding:16px 20px;overflow-wrap:anywhere}
h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3,h4{font-size:14px;margin:12px 0 4px}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg2);border:1px solid var(--line);border-radius:6px;padding:8px;margin:4px 0;max-height:480px;overflow:auto}
table{border-collapse:collapse;margin:4px 0}
th,td{border:1px solid var(--line);padding:3px 7px;text-align:left;vertical-align:top}
th,.nw{white-space:nowrap}
td.rule{min-width:16em}
thead th{background:var(--bg2)}
.wrap thead th{position:sticky;top:0;z-index:1}
.muted{color:var(--muted)}
.ctl{display:inline-block;border:1px solid currentColor;border-radius:3px;font:10px/1.2 ui-monospace,monospace;padding:0 2px;margin:0 1px;color:#cf222e;background:#fff8c5}
.verdict{font-size:16px;font-weight:600;padding:8px 12px;border-radius:6px;margin:8px 0}
.v-fail{background:#ffebe9;border:1px solid #ff8182}.v-pass{background:#dafbe1;border:1px solid #4ac26b}
.v-no_baseline,.v-incomparable,.v-undecided{background:#fff8c5;border:1px solid #d4a72c}
.chip{display:inline-block;border-radius:10px;padding:0 8px;margin:2px 4px 2px 0;border:1px solid var(--line)}
.s-regressed,.s-failing{background:#ffebe9;color:#82071e}
.s-suspect,.s-mixed{background:#fff1e5;color:#953800}
.s-improved,.s-passing{background:#dafbe1;color:#116329}
.s-flaky{background:#fbefff;color:#6639ba}
.s-undecided{background:#fff8c5;color:#7d4e00}
.s-unchanged,.s-none{background:#f6f8fa;color:#59636e}
.s-new,.s-removed,.s-changed,.s-incomparable{background:#ddf4ff;color:#0a3069}
.legend .chip{font-size:12px}
.wrap{overflow:auto;max-height:75vh;border:1px solid var(--line);border-radius:6px}
.wrap table{margin:0}
#matrix table{table-layout:fixed;width:1px}
.w-task{width:18em}.w-state{width:13.5em}.w-count{width:8.5em}.w-kind{width:24em}
#matrix thead th{white-space:normal;overflow-wrap:anywhere}
#matrix td{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#matrix td.cell{text-align:center}
#matrix td.kind{white-space:normal}
#matrix th.task{white-space:normal}
.c{display:inline-block;border-radius:4px;padding:0 4px;margin:1px}
.toolbar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:8px 0}
.toolbar input{font:inherit;padding:3px 6px;min-width:240px}
.toolbar button{font:inherit;border:1px solid var(--line);border-radius:6px;padding:2px 8px;background:#fff;cursor:pointer}
.toolbar button[aria-pressed=false]{opacity:.45;text-decoration:line-through}
details.task{border:1px solid var(--line);border-radius:6px;margin:4px 0}
details.task>summary{padding:6px 10px;cursor:pointer}
details.task[open]>summary{border-bottom:1px solid var(--line);background:var(--bg2)}
.body{padding:6px 12px 10px}
details.trial,details.sub{border-left:3px solid var(--line);margin:6px 0;padding-left:8px}
details.trial>summary,details.sub>summary{cursor:pointer}
details.o-pass{border-left-color:#4ac26b}details.o-fail{border-left-color:#ff8182}details.o-env_error,details.o-unexecuted{border-left-color:#d4a72c}
.ok{color:#116329}.bad{color:#82071e}.na{color:var(--muted)}
ul.flat{margin:2px 0;padding-left:18px}
ol.timeline{list-style:none;padding:0;margin:4px 0;border-left:2px solid var(--line)}
ol.timeline>li{position:relative;margin:0 0 4px 10px;padding:2px 6px}
ol.timeline>li::before{content:"";position:absolute;left:-15px;top:8px;width:8px;height:8px;border-radius:50%;background:#8c959f}
ol.timeline>li.fault{background:#fff1e5;border:1px solid #fb8f44;border-radius:6px}
ol.timeline>li.fault::before{background:#bc4c00}
mark.fault{background:#bc4c00;color:#fff;border-radius:4px;padding:0 5px}
.d-add{background:#dafbe1}.d-del{background:#ffebe9}.d-hunk{color:#0550ae}
[hidden]{display:none!important}
`;
var SCRIPT = `
(function () {
  'use strict';
  var tbody = document.querySelector('#matrix tbody');
  var rows = Array.prototype.slice.call(tbody.rows);
  var tasks = Array.prototype.slice.call(document.querySelectorAll('details.task'));
  var ids = null;
  var toolbar = document.getElementById('toolbar');
  var query = document.getElementById('filter');
  var shown = document.getElementById('shown');
  var buttons = Array.prototype.slice.call(toolbar.querySelectorAll('button[data-state]'));

  // The JSON blocks follow this script, so the page is usable while they are still being read; a task
  // opened before its block arrived is filled in when the document is complete.
  var pending = [];
  function data(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }
  function fillBlobs(details) {
    var els = details.querySelectorAll('[data-blob]');
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.closest('details') !== details) continue;
      var html = data(el.getAttribute('data-blob'));
      if (html === null) return false;
      el.removeAttribute('data-blob');
      el.innerHTML = html;
    }
    return true;
  }
  function fill(details) {
    var lazy = details.querySelector(':scope > .body > [data-lazy]');
    var done = true;
    if (lazy) {
      var html = data(lazy.getAttribute('data-lazy'));
      if (html !== null && typeof html !== 'string') html = html.join('\\n');
      if (html === null) done = false;
      else {
        lazy.removeAttribute('data-lazy');
        lazy.innerHTML = html;
        var open = lazy.querySelectorAll('details[open]');
        for (var i = 0; i < open.length; i++) done = fillBlobs(open[i]) && done;
      }
    }
    done = fillBlobs(details) && done;
    if (!done && document.readyState === 'loading') pending.push(details);
  }
  document.addEventListener('DOMContentLoaded', function () {
    pending.splice(0).forEach(fill);
  });
  document.addEventListener('toggle', function (e) {
    var d = e.target;
    if (d && d.tagName === 'DETAILS' && d.open) fill(d);
  }, true);

  // The matrix rows past the first page, inserted once when all are wanted; false while not yet read.
  function allRows() {
    var rest = document.getElementById('m-rest');
    if (!rest) return document.readyState !== 'loading' || rows.length === tasks.length;
    tbody.insertAdjacentHTML('beforeend', JSON.parse(rest.textContent));
    rest.parentNode.removeChild(rest);
    rows = Array.prototype.slice.call(tbody.rows);
    var more = document.getElementById('more-rows');
    if (more) more.hidden = true;
    return true;
  }
  function apply() {
    if (!allRows()) {
      document.addEventListener('DOMContentLoaded', apply);
      return;
    }
    if (ids === null) ids = tasks.map(function (t) { return t.querySelector('summary b').textContent.toLowerCase(); });
    var q = query.value.trim().toLowerCase();
    var on = {};
    buttons.forEach(function (b) { on[b.getAttribute('data-state')] = b.getAttribute('aria-pressed') === 'true'; });
    var n = 0;
    for (var i = 0; i < tasks.length; i++) {
      var ok = on[tasks[i].getAttribute('data-state')] !== false && (q === '' || ids[i].indexOf(q) !== -1);
      tasks[i].hidden = !ok;
      if (rows[i]) rows[i].hidden = !ok;
      if (ok) n++;
    }
    shown.textContent = n + ' of ' + tasks.length + ' tasks shown';
  }
  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      b.setAttribute('aria-pressed', b.getAttribute('aria-pressed') === 'true' ? 'false' : 'true');
      apply();
    });
  });
  query.addEventListener('input', apply);
  document.getElementById('expand').addEventListener('click', function () {
    var opened = 0;
    for (var i = 0; i < tasks.length && opened < 50; i++) {
      if (tasks[i].hidden) continue;
      tasks[i].open = true;
      opened++;
    }
  });
  document.getElementById('collapse').addEventListener('click', function () {
    tasks.forEach(function (t) { t.open = false; });
  });
  function follow() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id ? document.getElementById(id) : null;
    if (el && el.tagName === 'DETAILS') {
      el.hidden = false;
      el.open = true;
      fill(el);
      el.scrollIntoView();
    }
  }
  window.addEventListener('hashchange', follow);
  var showRows = document.getElementById('show-rows');
  if (showRows) {
    showRows.hidden = false;
    showRows.addEventListener('click', apply);
  }
  toolbar.hidden = false;
  shown.textContent = tasks.length + ' of ' + tasks.length + ' tasks shown';
  follow();
})();
`;

// src/report/html/render.ts
var DEFAULT_INLINE_LIMIT = 2 * 1024 * 1024;
var MATRIX_ROWS = 250;
var blobPlaceholder = (id, tag, cls) => `<${tag} class="${cls}" data-blob="${id}"></${tag}>`;
function blobHtml(blob) {
  return blob.kind === "diff" ? diffLines(blob.text) : text(blob.text);
}
function matrixRows(model) {
  return model.tasks.map((t) => matrixRow(t, model.columns));
}
function pageStart(model, rows) {
  const csp = `default-src 'none'; style-src '${sha2562(STYLE)}'; script-src '${sha2562(SCRIPT)}'; img-src 'none'; form-action 'none'; base-uri 'none'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="trialgate">
<title>trialgate \xB7 ${text(model.trialSet)}</title>
<style>${STYLE}</style>
</head>
<body>
${header(model)}
${overview(model)}
${matrix(model, rows)}
<section id="tasks">
<h2>Tasks</h2>
${model.tasks.length === 0 ? '<p class="muted">No task to show.</p>' : ""}
`;
}
var PAGE_SCRIPT = `
</section>
<script>${SCRIPT}</script>
`;
var PAGE_END = `
</body>
</html>
`;
function matrixRestBlock(rows) {
  return rows.length > MATRIX_ROWS ? `<script type="application/json" id="m-rest">${scriptJson(rows.slice(MATRIX_ROWS).join("\n"))}</script>` : null;
}
function blobBlock(id, html2) {
  return `<script type="application/json" id="${id}">${scriptJson(html2)}</script>`;
}
var lazyBodyOpen = (i) => `<script type="application/json" id="d-${i}">[`;
var lazyBodyPart = (part, first) => `${first ? "" : ","}${scriptJson(part)}`;
var LAZY_BODY_CLOSE = "]</script>";
function lazyTaskHtml(t, i) {
  return taskHtml(t, `<div data-lazy="d-${i}">${noscript(t)}</div>`);
}
function sha2562(source) {
  return `sha256-${createHash2("sha256").update(source).digest("base64")}`;
}
function header(m) {
  const run = (r) => `<code>${text(r.sha ?? "unknown")}</code>${r.ref ? ` (${text(r.ref)})` : ""} started ${text(r.startedAt)}`;
  return `<header>
<h1>trialgate \xB7 ${text(m.trialSet)}</h1>
<p class="verdict v-${m.verdict.state}" id="verdict">${text(m.verdict.headline)}</p>
${m.causes.length ? `<ol class="causes" id="causes">${m.causes.map((c) => `<li><a href="#${c.anchor}">${text(c.title)}</a>${c.lines.length ? `<ul class="flat">${c.lines.map((l) => `<li>${text(l)}</li>`).join("")}</ul>` : ""}</li>`).join("")}</ol>` : ""}
${m.notes.length ? `<ul class="notes">${m.notes.map((n) => `<li>${noteHtml(n)}</li>`).join("")}</ul>` : ""}
<p class="muted">Head commit ${run(m.runs.head)}${m.runs.bases.length ? ` \xB7 base commit ${m.runs.bases.map(run).join("; ")}` : ""}.${[m.runs.head, ...m.runs.bases].some((r) => r.sha === null) ? " (unknown: the run recorded no git commit, as it was not made in a git checkout with a commit.)" : ""}${m.policy ? ` Policy ${text(m.policy)}.` : ""}</p>
</header>`;
}
function noteHtml(parts) {
  return parts.map((p) => p.kind === "text" ? text(p.text) : p.kind === "span" ? `<code>${text(p.text)}</code>` : `<a href="${attr(p.url)}">${text(p.label)}</a>`).join("");
}
function overview(m) {
  const counts2 = m.checkCounts ? `<p>Gated checks of the compared tasks: ${CHECK_SEVERITY.map((s) => `<span class="chip s-${s}">${thousands(m.checkCounts[s])} ${s}</span>`).join("")}</p>` : "";
  const rules = m.denominators.flatMap((d) => [
    ...d.figures.envErrorRules.map((r) => `<li>${text(d.side)}: ${text(r.rule)} \xD7${r.trials}</li>`),
    ...d.figures.holdoutEnvErrors > 0 ? [`<li>${text(d.side)}: ${d.figures.holdoutEnvErrors} in holdout tasks</li>`] : []
  ]);
  return `<section id="overview">
<h2>Overview</h2>
${counts2}
${holdout(m)}
<table class="denominators"><thead><tr><th>side</th><th>runs</th><th>trials per task (k)</th><th>tasks</th><th>trials launched</th><th>executed</th><th>env errors</th><th>unexecuted</th></tr></thead><tbody>
${m.denominators.map((d) => denominatorRow(d.side, d.figures)).join("\n")}
</tbody></table>
<p class="muted">Rates count executed trials only. Env errors are excluded from every rate: the environment failed, not the agent. Unexecuted trials never started.</p>
${rules.length ? `<p>Env error rules:</p><ul class="flat">${rules.join("")}</ul>` : ""}
</section>`;
}
function denominatorRow(side, d) {
  return `<tr><th>${text(side)}</th><td>${d.runs}</td><td>${d.k.join(", ")}</td><td>${thousands(d.tasks)}</td><td>${thousands(d.launched)}</td><td>${thousands(d.executed)}</td><td>${thousands(d.envErrors)}</td><td>${thousands(d.unexecuted)}</td></tr>`;
}
function holdout(m) {
  const h = m.holdout;
  if (!h) return "";
  const checks = h.checks ? ` \xB7 gated checks: ${CHECK_SEVERITY.map((s) => `<span class="chip s-${s}">${thousands(h.checks[s])} ${s}</span>`).join("")}` : "";
  const pass = h.basePasses ? `${ratio(h.basePasses)} \u2192 ${ratio(h.headPasses)}` : ratio(h.headPasses);
  return `<p id="holdout"><b>Holdout</b> (aggregate only, no task is named): ${h.tasks.map((t) => `${thousands(t.n)} ${text(t.state)}`).join(", ")} \xB7 trial pass ${pass}${checks}</p>`;
}
var STATE_WORDS = {
  regressed: "below base by the policy (gated)",
  undecided: "cannot be decided (its environment errors or its base leave too little): rerun",
  suspect: "below base, not significant (not gated)",
  improved: "above base by the policy",
  flaky: "mixed trials, no significant change",
  unchanged: "every trial alike on both sides",
  passing: "every head trial succeeded (no base)",
  failing: "no head trial succeeded (no base)",
  mixed: "some head trials succeeded (no base)",
  none: "no executed trial",
  new: "not in the base",
  removed: "not in the head",
  changed: "the fixture changed: not compared",
  incomparable: "another acceptor or budget: not compared",
  not_rerun: "unaffected by the change: not rerun, neither passed nor regressed"
};
function matrix(m, rows) {
  const states = [...new Set(m.tasks.flatMap((t) => [t.state, ...t.cells.map((c) => c.state)]))];
  const taskStates = [...new Set(m.tasks.map((t) => t.state))];
  const legend = states.map((s) => `<span class="chip s-${s}" title="${attr(STATE_WORDS[s] ?? s)}">${s}</span>`).join("");
  const head = `<tr><th>task</th><th>state</th><th>trials passed</th>${m.columns.map((c) => `<th title="${attr(c.full)}">${text(c.title)}</th>`).join("")}</tr>`;
  const cols = `<colgroup><col class="w-task"><col class="w-state"><col class="w-count">${m.columns.map((c) => `<col class="${c.keys.length === 1 ? "w-count" : "w-kind"}">`).join("")}</colgroup>`;
  return `<section id="matrix">
<h2>Task \xD7 check</h2>
<p class="legend">Cells are base \u2192 head successes/trials (head only without a base); colour by state: ${legend}</p>
<div class="toolbar" id="toolbar" hidden>
<input id="filter" type="search" placeholder="filter tasks by id" aria-label="filter tasks by id">
${taskStates.map((s) => `<button type="button" data-state="${s}" aria-pressed="true" class="s-${s}">${s} (${m.tasks.filter((t) => t.state === s).length})</button>`).join("")}
<button type="button" id="expand">expand shown (first 50)</button><button type="button" id="collapse">collapse all</button>
<span id="shown" class="muted"></span>
</div>
<div class="wrap"><table>${cols}<thead>${head}</thead><tbody>
${rows.slice(0, MATRIX_ROWS).join("\n")}
</tbody></table></div>
${columnLegend(m)}
${rows.length > MATRIX_ROWS ? `<p id="more-rows" class="muted">The table shows the ${MATRIX_ROWS} most severe of ${thousands(rows.length)} tasks; the task list below has every one. <button type="button" id="show-rows" hidden>show all ${thousands(rows.length)} rows</button></p>` : ""}
</section>`;
}
var MAX_LEGEND = 50;
function columnLegend(m) {
  const labels = /* @__PURE__ */ new Map();
  for (const col of m.columns) {
    if (col.keys.length === 1) {
      if (col.full !== col.title) labels.set(col.keys[0], col.full);
      continue;
    }
    for (const t of m.tasks) for (const c of t.cells) if (col.keys.includes(c.key) && !labels.has(c.key)) labels.set(c.key, c.label);
  }
  if (labels.size === 0) return "";
  const shown = [...labels.values()].slice(0, MAX_LEGEND);
  const more = labels.size > MAX_LEGEND ? `; and ${thousands(labels.size - MAX_LEGEND)} more` : "";
  return `<p class="legend" id="columns">Columns: ${shown.map((l) => text(l)).join("; ")}${more}.</p>`;
}
function matrixRow(t, columns) {
  const cells = columns.map((col) => {
    const found = t.cells.filter((c) => col.keys.includes(c.key));
    if (found.length === 0) return "<td></td>";
    if (col.keys.length === 1)
      return `<td class="cell s-${found[0].state}" title="${attr(cellTitle(found[0]))}">${counts(found[0].base, found[0].head)}</td>`;
    return `<td class="kind">${found.map((c) => `<span class="c s-${c.state}" title="${attr(cellTitle(c))}">${text(c.key.slice(c.key.indexOf(":") + 1))} ${counts(c.base, c.head)}</span>`).join("")}</td>`;
  });
  return `<tr data-state="${t.state}"><th class="task"><a href="#${t.anchor}">${text(t.id)}</a></th><td class="s-${t.state}">${text(t.stateText)}</td><td>${counts(t.pass.base, t.pass.head)}</td>${cells.join("")}</tr>`;
}
function cellTitle(c) {
  return `${c.label}: ${c.state}${c.rule ? ` \u2014 ${c.rule}` : ""}${c.gated ? "" : " (not gated)"}`;
}
function counts(base, head) {
  if (base === null) return ratio(head);
  return `${ratio(base)} \u2192 ${ratio(head)}`;
}
function taskHtml(t, body) {
  const wall = t.figures.find((f) => f.side === "head")?.wallMs;
  return `<details class="task" id="${t.anchor}" data-state="${t.state}"><summary><span class="chip s-${t.state}">${text(t.stateText)}</span> <b>${text(t.id)}</b> \xB7 trial pass ${counts(t.pass.base, t.pass.head)}${wall === void 0 ? "" : ` \xB7 ${seconds(wall)}`}</summary>
<div class="body">${body}</div></details>`;
}
function taskHeadParts(t) {
  return [
    t.differs.length ? `<p>Not compared: ${t.differs.map((d) => `${text(d.field)} <code>${text(d.base)}</code> \u2192 <code>${text(d.head)}</code>`).join("; ")}.</p>` : "",
    t.pooled ? `<p class="muted">${text(t.pooled)}.</p>` : "",
    t.cells.length ? checkTable(t.cells) : "",
    t.figures.length ? figuresTable(t.figures) : ""
  ].filter(Boolean);
}
function checkTable(cells) {
  const rules = cells.some((c) => c.rule !== null);
  const rows = cells.map(
    (c) => `<tr><td>${text(c.label)}</td><td class="nw">${counts(c.base, c.head)}</td><td class="nw s-${c.state}">${c.state}${c.gated ? "" : " (not gated)"}</td>${rules ? `<td class="rule">${text(c.rule ?? "")}</td>` : ""}</tr>`
  );
  return `<table class="checks"><thead><tr><th>check</th><th>${cells.some((c) => c.base) ? "base \u2192 head" : "head"}</th><th>state</th>${rules ? "<th>why (the policy\u2019s test)</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}
function figuresTable(figures2) {
  const usage = figures2.some((f) => f.tokens !== null || f.costUsd !== null);
  const rows = figures2.map(
    (f) => `<tr><th>${f.side}</th><td>${f.passes}/${f.executed}</td><td>${fraction2(f.passPowK)}</td><td>${f.envErrors}</td><td>${f.unexecuted}</td><td>${seconds(f.wallMs)}</td>${usage ? `<td>${f.tokens === null ? "" : thousands(f.tokens)}</td><td>${f.costUsd === null ? "" : usd(f.costUsd)}</td>` : ""}</tr>`
  );
  const rules = figures2.flatMap((f) => f.envErrorRules.map((r) => `<li>${f.side}: ${text(r.rule)} \xD7${r.trials}</li>`));
  return `<table class="figures"><thead><tr><th></th><th>trials passed</th><th title="the estimated chance that k trials in a row all pass">all k passed (pass^k)</th><th>env errors (excluded)</th><th>not started</th><th>wall time</th>${usage ? "<th>tokens</th><th>cost</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table>
${rules.length ? `<p>Env errors, excluded from every rate:</p><ul class="flat">${rules.join("")}</ul>` : ""}`;
}
function fraction2(x) {
  return x === null ? "" : x.toFixed(2);
}
function noscript(t) {
  const lines = t.trials.map(
    (tr) => `<li>trial ${tr.trial}: ${text(tr.outcome)} (${text(tr.stopReason)}) \xB7 ${seconds(tr.wallMs)} \xB7 <code>${text(tr.evidencePath)}</code></li>`
  );
  return `<noscript><p class="muted">This task's checks, figures and trials' evidence open with JavaScript; without it, read the trial directories beside this file.</p><ul class="flat">${lines.join("")}</ul></noscript>`;
}
function trialHtml(tr, blob) {
  const timing = `${seconds(tr.wallMs)} wall${tr.agentMs === null ? "" : `, agent ${seconds(tr.agentMs)}`}`;
  const parts = [
    tr.envError ? `<p class="bad">Env error (excluded from every rate): ${text(tr.envError)}</p>` : "",
    layersTable(tr),
    checksLine(tr.checks),
    tr.usage.length ? `<p>Usage: ${tr.usage.map((u) => `${u.name.replace("_", " ")} ${u.name === "cost_usd" ? usd(u.value) : thousands(u.value)}`).join(" \xB7 ")}</p>` : "",
    tr.evidenceNote ? `<p class="muted">Evidence: ${text(tr.evidenceNote)}.</p>` : "",
    tr.variants.length ? `<h4>Variant reports</h4>${tr.variants.map(variantHtml).join("")}` : "",
    ...tr.kindEvidence.map(kindEvidenceHtml),
    tr.boundaries.length ? `<h4>Boundary runs</h4>${tr.boundaries.map((b) => boundaryHtml(b, blob)).join("")}` : "",
    tr.log ? `<h4>Agent log (tail)</h4>${cut(tr.log.cutBytes)}${blob(tr.log.blob, "pre", "log")}` : "",
    tr.changes ? `<h4>Changes against what the trial gave it</h4>${blob(tr.changes.blob, "pre", "diff")}${tr.changes.cutBytes > 0 ? `<p class="muted">\u2026 ${thousands(tr.changes.cutBytes)} more bytes not shown.</p>` : ""}` : "",
    tr.files ? filesHtml(tr, blob) : "",
    tr.diff ? diffHtml(tr.diff, blob) : "",
    tr.problems.length ? `<p>Problems reading the evidence:</p><ul class="flat">${tr.problems.map((p) => `<li>${text(p)}</li>`).join("")}</ul>` : ""
  ];
  return `<details class="trial o-${attr(tr.outcome)}"${tr.outcome === "pass" ? "" : " open"}><summary>trial ${tr.trial} \xB7 <b>${text(tr.outcome)}</b> \xB7 ${text(tr.stopReason)}${tr.cause ? ` (${text(tr.cause)})` : ""} \xB7 ${timing} \xB7 <code>${text(tr.evidencePath)}</code></summary>
${parts.filter(Boolean).join("\n")}
</details>`;
}
function checksLine(checks) {
  const failed = checks.filter((c) => !c.ok).map((c) => `<span class="c s-failing">\u2717 ${text(c.label)}</span>`);
  const passed = checks.filter((c) => c.ok).map((c) => text(c.key.slice(c.key.indexOf(":") + 1)));
  return checks.length ? `<p>${failed.join("")}${passed.length ? `<span class="c s-passing">\u2713 ${passed.join(", ")}</span>` : ""}</p>` : "";
}
function layersTable(tr) {
  const state = (ok) => ok === null ? '<td class="na">n/a</td>' : ok ? '<td class="ok">ok</td>' : '<td class="bad">failed</td>';
  const rows = tr.layers.map((l) => `<tr><th>${l.name}</th>${state(l.ok)}<td>${list(l.failures)}</td></tr>`);
  const t = tr.trajectory;
  const figures2 = [t.steps === null ? "" : `${t.steps} steps`, t.retries === null ? "" : `${t.retries} retries`].filter(Boolean).join(", ");
  rows.push(`<tr><th>trajectory</th><td>${figures2}</td><td>${list(t.notes)}</td></tr>`);
  return `<table class="layers"><tbody>${rows.join("")}</tbody></table>`;
}
function list(items) {
  return items.length ? `<ul class="flat">${items.map((i) => `<li>${text(i)}</li>`).join("")}</ul>` : "";
}
function variantHtml(v) {
  const r = v.report;
  const head = `${text(v.variant)}${v.label ? ` \u2014 ${text(v.label)}` : ""}${v.verdict ? ` \xB7 <b>${text(v.verdict)}</b>` : ""}${r ? ` \xB7 ${r.passed}/${r.executed} passed of ${r.planned} planned` : ""}`;
  const body = [
    v.reason ? `<p>${text(v.reason)}</p>` : "",
    r && (!r.complete || r.blocked) ? `<p class="bad">${r.complete ? "" : "incomplete"}${!r.complete && r.blocked ? ", " : ""}${r.blocked ? "blocked" : ""}</p>` : "",
    r?.error ? `<p class="bad">Error: ${text(r.error)}</p>` : "",
    r && r.failing.length ? `<table><thead><tr><th>record</th><th>status</th><th>assertion</th><th>expected / actual</th><th>caught</th></tr></thead><tbody>${r.failing.map(
      (f) => `<tr><td>${text(f.test)}</td><td>${text(f.status)}</td><td><code>${text(f.assertion ?? "")}</code></td><td><code>${text(f.traceback ?? "")}</code></td><td>${f.caught ? `<b>${text(f.caught)}</b>` : ""}</td></tr>`
    ).join("")}</tbody></table>` : "",
    r === null ? '<p class="muted">No report file for this variant.</p>' : ""
  ];
  return `<details class="sub"><summary>${head}</summary>${body.filter(Boolean).join("")}</details>`;
}
function kindEvidenceHtml(e) {
  const table2 = e.table ? `<table><thead><tr>${e.table.header.map((h) => `<th>${text(h)}</th>`).join("")}</tr></thead><tbody>${e.table.rows.map((r) => `<tr>${r.map((c) => `<td>${text(c)}</td>`).join("")}</tr>`).join("")}</tbody></table>` : "";
  return `<h4>${text(e.title)} <span class="muted"><code>${text(e.path)}</code></span></h4>${e.lines.length ? list(e.lines) : ""}${table2}`;
}
function boundaryHtml(b, blob) {
  const verdict2 = b.accepted === null ? "" : b.accepted ? ' \xB7 <span class="ok">handled safely</span>' : ' \xB7 <span class="bad">not handled</span>';
  const timeline = b.timeline.map((x) => {
    const upstream = x.upstream.length ? ` \xB7 service answered ${x.upstream.join(", ")}` : " \xB7 not delivered to the service";
    const bodies = [
      x.requestBody ? `request <code>${text(x.requestBody)}</code>` : "",
      x.responseBody ? `response <code>${text(x.responseBody)}</code>` : ""
    ].filter(Boolean);
    return `<li class="${x.fault ? "fault" : ""}"><span class="muted">#${x.seq} +${x.atMs} ms</span> <code>${text(x.call)}</code> \u2192 ${x.response === null ? "<b>no answer (dropped)</b>" : x.response}${x.delivered > 1 ? ` \xB7 delivered \xD7${x.delivered}` : ""}${upstream}${x.fault ? ` <mark class="fault">fault: ${text(x.fault)}</mark>` : ""}${bodies.length ? `<br><span class="mono">${bodies.join(" \xB7 ")}</span>` : ""}</li>`;
  });
  const body = [
    b.findings.length ? `<ul class="flat">${b.findings.map((f) => `<li><b>${text(f.kind)}</b>: ${text(f.text)}</li>`).join("")}</ul>` : "",
    `<p>Timeline (${b.timeline.length + b.cutExchanges} tool calls${b.cutExchanges ? `, the first ${b.timeline.length} shown` : ""}; the injected fault marked):</p><ol class="timeline">${timeline.join("")}</ol>`,
    b.goals.length ? `<p>Goal versions:</p><ul class="flat">${b.goals.map((g) => `<li><code>${text(g)}</code></li>`).join("")}</ul>` : "",
    b.log ? `<p>Agent log (tail):</p>${cut(b.log.cutBytes)}${blob(b.log.blob, "pre", "log")}` : "",
    b.problems.length ? list(b.problems) : ""
  ];
  return `<details class="sub"${b.accepted === false ? " open" : ""}><summary>${text(b.variant)}${b.label ? ` \u2014 ${text(b.label)}` : ""}${verdict2} \xB7 ${plural(b.timeline.length + b.cutExchanges, "call")}</summary>${body.filter(Boolean).join("")}</details>`;
}
function cut(bytes) {
  return bytes > 0 ? `<p class="muted">\u2026 ${thousands(bytes)} earlier bytes not shown.</p>` : "";
}
function filesHtml(tr, blob) {
  const files = tr.files.map(
    (f) => `<details class="sub"><summary><code>${text(f.path)}</code> <span class="muted">${thousands(f.size)} bytes${f.why ? ` \xB7 not shown: ${text(f.why)}` : ""}</span></summary>${f.blob ? blob(f.blob, "pre", "file") : ""}</details>`
  );
  return `<h4>Candidate files</h4>${files.length ? files.join("") : '<p class="muted">The candidate directory is empty.</p>'}${tr.unlistedFiles ? `<p class="muted">${tr.unlistedFiles} more files not listed.</p>` : ""}`;
}
function diffHtml(d, blob) {
  const changed = d.files.filter((f) => f.change !== "same");
  const same = d.files.length - changed.length;
  const files = changed.map(
    (f) => `<details class="sub"${f.blob ? " open" : ""}><summary><code>${text(f.path)}</code> \xB7 ${f.change}${f.why ? `: ${text(f.why)}` : ""}</summary>${f.blob ? blob(f.blob, "pre", "diff") : ""}</details>`
  );
  const summary = d.files.length === 0 ? "the base candidate directory is not there" : changed.length === 0 ? "no file differs" : `${plural(changed.length, "file")} ${changed.length === 1 ? "differs" : "differ"}${same ? `, ${same} the same` : ""}`;
  return `<h4>Against the base candidate <code>${text(d.against)}</code></h4><p>${summary}.</p>${files.join("")}`;
}
function diffLines(patch) {
  return patch.split("\n").map(
    (line) => `<span class="${line.startsWith("@@") ? "d-hunk" : line.startsWith("+") ? "d-add" : line.startsWith("-") ? "d-del" : "d-ctx"}">${text(line)}</span>`
  ).join("\n");
}

// src/report/html/write.ts
var DEFAULT_BUDGET_BYTES = 8 * 1024 * 1024;
var DEFAULT_MAX_TRIALS = 400;
var htmlReporter = {
  file: "report.html",
  render: (view, context) => htmlPieces(view, context.redact ? { redact: context.redact } : {})
};
async function* htmlPieces(view, options = {}) {
  const redact = options.redact;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const { chosen, omitted } = await chooseEvidence(view, options);
  const model = redacted(buildReportModel(view, omitted), redact);
  const digests = new Map(view.run.tasks.map((t) => [t.id, t]));
  const ids = view.tasks.map(({ task }) => task.id);
  const spill = new Spill(await view.files.scratch());
  try {
    const body = new Bodies(spill, options.inlineLimit ?? DEFAULT_INLINE_LIMIT, redact);
    for (const [i, t] of model.tasks.entries()) {
      body.startTask(i, taskHeadParts(t));
      const digest = digests.get(ids[i]);
      for await (const trial of digest ? view.trials(digest.id) : []) {
        const read = await readChosen(view.files, chosen.get(trial.evidence), limits);
        const shown = redacted(trialView(trial, digest, read, body.blobs), redact);
        body.addTrial((slot) => trialHtml(shown, slot));
      }
      body.endTask();
    }
    spill.close();
    const rows = matrixRows(model);
    yield pageStart(model, rows);
    for (const [i, t] of model.tasks.entries()) yield `${i === 0 ? "" : "\n"}${body.inline ? taskHtml(t, body.inline[i].join("\n")) : lazyTaskHtml(t, i)}`;
    yield PAGE_SCRIPT;
    const rest = matrixRestBlock(rows);
    if (rest) yield rest;
    if (!body.inline) {
      let first = !rest;
      for (const file of ["bodies", "blobs"]) {
        for await (const line of spill.scratch.lines(file)) {
          yield `${first ? "" : "\n"}${line}`;
          first = false;
        }
      }
    }
    yield PAGE_END;
  } finally {
    await spill.scratch.remove();
  }
}
async function chooseEvidence(view, options) {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
  const maxTrials = options.maxTrials ?? DEFAULT_MAX_TRIALS;
  const chosen = /* @__PURE__ */ new Map();
  const counted = /* @__PURE__ */ new Set();
  let used = 0;
  let read = 0;
  let omitted = 0;
  for (const planned of planEvidence(view)) {
    if (!planned.dir) {
      chosen.set(planned.evidence, { omitted: "its path leads outside the run directory, so it was not read" });
      omitted++;
    } else if (used >= budget || read >= maxTrials) {
      chosen.set(planned.evidence, { omitted: "left out of this page, which keeps its size bounded; see the trial directory" });
      omitted++;
    } else {
      const head = await view.files.trial(planned.dir, limits);
      read++;
      used += head ? embeddedSize(head, counted) : 0;
      chosen.set(planned.evidence, { read: planned });
    }
  }
  return { chosen, omitted };
}
async function readChosen(files, choice, limits) {
  if (choice === void 0) return void 0;
  if ("omitted" in choice) return { kind: "omitted", reason: choice.omitted };
  const { dir, base } = choice.read;
  const head = await files.trial(dir, limits);
  if (!base || !head?.candidate) return { kind: "read", head, base: null };
  return { kind: "read", head, base: { evidence: base.evidence, candidate: await files.candidate(join3(base.dir, "candidate"), limits) } };
}
function embeddedSize(e, counted) {
  let size = (e.log?.text.length ?? 0) + (e.changes?.text.length ?? 0);
  for (const b of e.boundaries) size += (b.log?.text.length ?? 0) + JSON.stringify(b.trajectory ?? []).length;
  for (const r of e.reports) {
    for (const record of r.report?.records ?? []) {
      if (record.status !== "passed") size += record.test.length + (record.assertion?.length ?? 0) + (record.traceback?.length ?? 0);
    }
  }
  for (const f of e.candidate?.files ?? []) {
    if (f.text === null) continue;
    const key = sha256(f.text);
    if (counted.has(key)) continue;
    counted.add(key);
    size += f.text.length;
  }
  return size;
}
var Bodies = class {
  constructor(spill, limit, redact) {
    this.spill = spill;
    this.limit = limit;
    this.redact = redact;
  }
  spill;
  limit;
  redact;
  blobs = new BlobTable();
  /** Each task's inline parts; null once the page is too large to inline. */
  inline = [];
  blobHtmlById = /* @__PURE__ */ new Map();
  blobSize = /* @__PURE__ */ new Map();
  size = 0;
  firstPart = true;
  startTask(i, headParts) {
    this.inline?.push([]);
    this.spill.writeBody(lazyBodyOpen(i));
    this.firstPart = true;
    for (const part of headParts) this.add(part, () => part);
  }
  /** A trial's part, rendered once with blob placeholders and, while inlining is possible, once with its blobs. */
  addTrial(render) {
    this.add(render(this.lazySlot), () => render(this.inlineSlot));
  }
  endTask() {
    this.spill.writeBody(LAZY_BODY_CLOSE);
  }
  add(lazyPart, inlinePart) {
    this.spill.writeBody(lazyBodyPart(lazyPart, this.firstPart));
    this.firstPart = false;
    this.size += lazyPart.length + 1;
    if (!this.inline) return;
    if (this.size > this.limit) {
      this.inline = null;
      this.blobHtmlById.clear();
      return;
    }
    this.inline.at(-1).push(inlinePart());
  }
  lazySlot = (id, tag, cls) => {
    let size = this.blobSize.get(id);
    if (size === void 0) {
      const blob = this.blobs.take(id);
      const html2 = blobHtml(redacted(blob, this.redact));
      size = html2.length;
      this.blobSize.set(id, size);
      this.spill.writeBlob(blobBlock(id, html2));
      if (this.inline) this.blobHtmlById.set(id, html2);
    }
    this.size += size;
    return blobPlaceholder(id, tag, cls);
  };
  inlineSlot = (id, tag, cls) => `<${tag} class="${cls}">${this.blobHtmlById.get(id)}</${tag}>`;
};
var Spill = class {
  constructor(scratch) {
    this.scratch = scratch;
  }
  scratch;
  open = true;
  writeBody(line) {
    this.scratch.write("bodies", line);
  }
  writeBlob(line) {
    this.scratch.write("blobs", line);
  }
  close() {
    if (this.open) this.scratch.close();
    this.open = false;
  }
};
function redacted(value, f) {
  if (!f) return value;
  const walk = (v) => {
    if (typeof v === "string") return f(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

// src/report/json.ts
var jsonReporter = {
  render: (view) => [`${JSON.stringify(Comparison.parse(view.comparison), null, 2)}
`]
};

// src/report/junit.ts
var escape = (s) => markHidden(
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]),
  (c) => `[${codePoint(c)}]`
);
var junitReporter = { file: "junit.xml", render: junitPieces };
async function* junitPieces(view) {
  const setName = view.run.trial_set.name;
  yield `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${escape(setName)}">
`;
  let first = true;
  for (const suite of view.run.tasks) {
    const outcomes = suite.trials.map((t) => t.outcome);
    const count2 = (o) => outcomes.filter((x) => x === o).length;
    yield `${first ? "" : "\n"}  <testsuite name="${escape(suite.id)}" tests="${outcomes.length}" failures="${count2("fail")}" errors="${count2("env_error")}" skipped="${count2("unexecuted")}" time="${(suite.summary.wall_ms / 1e3).toFixed(3)}">`;
    for await (const trial of view.trials(suite.id)) {
      const name = `${suite.id} trial ${trial.trial}`;
      const time = (trial.wall_ms / 1e3).toFixed(3);
      const body = trialBody(trial);
      yield `
    <testcase classname="${escape(setName)}.${escape(suite.id)}" name="${escape(name)}" time="${time}"${body ? `>
${body}
    </testcase>` : " />"}`;
    }
    yield "\n  </testsuite>";
    first = false;
  }
  if (view.heldOut) yield `${first ? "" : "\n"}${heldOutSuite(setName, view.heldOut)}`;
  yield "\n</testsuites>\n";
}
var HELD_OUT_BODY = {
  pass: "",
  fail: '      <failure message="a holdout trial failed (task and check withheld)" />',
  env_error: '      <error message="env_error in a holdout task (rule withheld)" />',
  unexecuted: '      <skipped message="not executed" />'
};
function heldOutSuite(setName, h) {
  const total = h.trials.pass + h.trials.fail + h.trials.env_error + h.trials.unexecuted;
  const name = `holdout (${h.tasks} task${h.tasks === 1 ? "" : "s"}, withheld)`;
  const cases = [];
  let n = 0;
  for (const outcome of ["pass", "fail", "env_error", "unexecuted"]) {
    for (let i = 0; i < h.trials[outcome]; i++) {
      const body = HELD_OUT_BODY[outcome];
      cases.push(
        `
    <testcase classname="${escape(setName)}.holdout" name="holdout trial ${++n} of ${total}" time="0"${body ? `>
${body}
    </testcase>` : " />"}`
      );
    }
  }
  return `  <testsuite name="${name}" tests="${total}" failures="${h.trials.fail}" errors="${h.trials.env_error}" skipped="${h.trials.unexecuted}" time="${(h.wall_ms / 1e3).toFixed(3)}">${cases.join("")}
  </testsuite>`;
}
function trialBody(trial) {
  const reasons = layerFailures(trial);
  switch (trial.outcome) {
    case "pass":
      return "";
    case "env_error":
      return `      <error message="${escape(`env_error: ${trial.env_error ?? "environment failure"}`)}" />`;
    case "unexecuted":
      return '      <skipped message="not executed" />';
    case "fail":
      return `      <failure message="${escape(reasons[0] ?? trial.stop_reason)}">${escape(reasons.join("\n"))}</failure>`;
  }
}

// src/report/chart.ts
var MAX_CHART_TASKS = 15;
var MAX_LABEL = 24;
function passRateChart(c) {
  if (c.verdict !== "pass" && c.verdict !== "fail" && c.verdict !== "undecided") return "";
  const tasks = c.tasks.filter((t) => t.status === "compared" && t.base && t.head && t.base.n > 0 && t.head.n > 0);
  if (tasks.length === 0 || tasks.length > MAX_CHART_TASKS) return "";
  const rate = (passes, executed3) => Math.round(1e3 * passes / executed3) / 10;
  const base = tasks.map((t) => rate(t.base.passes, t.base.n));
  const head = tasks.map((t) => rate(t.head.passes, t.head.n));
  if (base.every((b, i) => b === head[i])) return "";
  return [
    "#### Trial pass rate per task",
    "",
    "```mermaid",
    "xychart-beta",
    '  title "Trial pass rate (%): bars = base, line = head"',
    `  x-axis [${tasks.map((t) => `"${label(t.id)}"`).join(", ")}]`,
    '  y-axis "pass rate (%)" 0 --> 100',
    `  bar [${base.join(", ")}]`,
    `  line [${head.join(", ")}]`,
    "```"
  ].join("\n");
}
function label(id) {
  const safe = id.replace(/[^A-Za-z0-9._ -]/g, "_");
  return safe.length > MAX_LABEL ? `${safe.slice(0, MAX_LABEL - 1)}\u2026` : safe;
}

// src/report/measurement.ts
var SHOWN_CHANGES = 20;
function measurementSection(c) {
  const m = c.measurement;
  if (!m?.changes.length) return "";
  const rows = m.changes.slice(0, SHOWN_CHANGES).map((ch) => `| ${md(bounded(ch.what, 120))} | ${md(bounded(ch.base, 120))} | ${md(bounded(ch.head, 120))} |`);
  const more = m.changes.length > SHOWN_CHANGES ? `

\u2026 and ${plural(m.changes.length - SHOWN_CHANGES, "more change")} (in the comparison JSON).` : "";
  const decided = m.approved_by ? `Approved by ${md(m.approved_by)}: the rest of the pull request is judged as usual.` : "The base is the ruler: a pull request that changes it is undecided until a maintainer approves (the approval label on the pull request, or `--approved-by` on another CI system).";
  return `#### What this pull request changes in the measurement

${decided}

| what | base | this pull request |
| - | - | - |
${rows.join("\n")}${more}`;
}
function spendLine(c) {
  const s = c.spend;
  if (!s) return "";
  const fresh = s.base_trials ?? 0;
  const all = s.head_trials + fresh;
  const more = all - s.fixed_trials;
  const rounds = more > 0 ? `${thousands(s.fixed_trials)} in the first round, ${thousands(more)} more to confirm` : more === 0 ? c.tasks.some((t) => t.undecided_next === "confirmation") ? "the first round; the confirmation it needs was not run" : "the first round; none needed confirming" : `a fixed k: ${thousands(s.fixed_trials)}`;
  const onBase = fresh ? `, ${thousands(fresh)} of them on the base commit beside the head's` : "";
  const parts = [`${thousands(all)} agent ${all === 1 ? "trial" : "trials"} (${rounds}${onBase})`];
  if (s.max_trials) parts.push(`cap ${thousands(s.max_trials)}`);
  if (s.tokens !== null) parts.push(`${tokens(s.tokens)} tokens`);
  if (s.cost_usd !== null) parts.push(usd(s.cost_usd));
  if (s.tokens === null && s.cost_usd === null) parts.push("no usage reported by the agents");
  else if (s.unreported_tasks) parts[parts.length - 1] += ` (${plural(s.unreported_tasks, "task")} reported no usage)`;
  if (s.wall_ms !== null) parts.push(`${Math.round(s.wall_ms / 1e3)} s wall`);
  if (!s.max_trials) parts.push("no `max-trials` cap: each task within its `confirm-trials` budget");
  return `**Spent:** ${parts.join(" \xB7 ")}.`;
}

// src/report/policy-line.ts
function policyLine(c) {
  const p = c.policy;
  const how = p.chosen === "default" ? `default with ${plural(c.bases.length, "base run")}` : "chosen";
  const spread = p.spread ? ` Between runs: ${p.spread.note}.` : "";
  if (p.name === "strict") {
    const why = p.reach.reachable || p.chosen !== "default" ? "" : ` (familywise cannot flag anything here: ${p.reach.note})`;
    return `Policy **strict** (${how}${why}): a check that succeeded on every base trial and failed on any head trial regressed; false alarms are not bounded.`;
  }
  const share = p.task_share === null ? "" : ` = ${formatP(p.task_share)}`;
  const lead = `Policy **familywise** (${how}): at most \u03B1 = ${p.alpha} of pull requests that changed nothing fail. \u03B1 is shared by the ${plural(p.tasks, "task")} with a check that can regress (\u03B1 / ${thousands(p.tasks)}${share} each); within a task the trial pass is tested first and a check the base never passed takes no share.`;
  const warning = p.reach.reachable ? ` ${capitalized(p.reach.note)}.` : ` \u26A0\uFE0F ${p.reach.note}.`;
  return `${lead}${warning}${roundsSentence(c)}${spread}`;
}
function roundsSentence(c) {
  const conf = c.confirmation;
  const fixed = c.policy.confirm_trials === 0;
  if (fixed) return " No confirmation: the first round of each task was tested alone.";
  const confirmed = (conf?.tasks ?? 0) + (conf?.holdout_tasks ?? 0);
  const awaiting = conf?.awaiting ?? 0;
  const parts = [];
  if (confirmed > 0) parts.push(`${plural(confirmed, "task")} went on to confirmation (${plural(conf.head_trials - conf.fixed_trials, "extra trial")})`);
  if (awaiting > 0)
    parts.push(
      `${plural(awaiting, "task")} ${awaiting === 1 ? "was" : "were"} still ambiguous, but this head holds no more trials of ${awaiting === 1 ? "it" : "them"} (\`trialgate gate\` or the action runs them)`
    );
  if (parts.length === 0) return " No task was ambiguous after its first round: no confirmation ran.";
  return ` ${capitalized(parts.join("; "))}.`;
}
var capitalized = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// src/report/fit.ts
var NOTICE = /* @__PURE__ */ Symbol("notice");
var JOIN = "\n\n";
function fitDocument(pieces, cutOrder, maxChars, notice) {
  const items = /* @__PURE__ */ new Map();
  const prefix = /* @__PURE__ */ new Map();
  const keep = /* @__PURE__ */ new Map();
  const setKeep = (c, n) => {
    const list2 = items.get(c) ?? [];
    const sums = prefix.get(c) ?? [0];
    items.set(c, list2);
    prefix.set(c, sums);
    while (list2.length < n) {
      const text3 = c.item(list2.length);
      list2.push(text3);
      sums.push(sums[sums.length - 1] + text3.length);
    }
    keep.set(c, n);
  };
  const cuts = () => cutOrder.filter((c) => keep.get(c) < c.count).map((c) => ({ what: c.what, kept: keep.get(c), total: c.count }));
  const sectionLength = (c) => {
    const n = keep.get(c);
    return n === 0 ? 0 : c.head.length + prefix.get(c)[n] + (n - 1) * c.separator.length + restText(c, n).length + c.tail.length;
  };
  const total = (withNotice = true) => {
    const current2 = withNotice ? cuts() : [];
    const lengths = pieces.map((p) => p === NOTICE ? current2.length > 0 ? notice(current2).length : 0 : typeof p === "string" ? p.length : sectionLength(p));
    const present2 = lengths.filter((l) => l > 0);
    return present2.reduce((s, l) => s + l, 0) + (present2.length - 1) * JOIN.length + 1;
  };
  for (const p of pieces) if (typeof p === "object") setKeep(p, cutOrder.includes(p) ? 0 : p.count);
  if (total(false) > maxChars) return null;
  fill: for (const section2 of [...cutOrder].reverse()) {
    for (let n = 1; n <= section2.count; n++) {
      setKeep(section2, n);
      if (total() > maxChars) {
        setKeep(section2, n - 1);
        break fill;
      }
    }
  }
  const current = cuts();
  const text2 = pieces.map((p) => {
    if (p === NOTICE) return current.length > 0 ? notice(current) : "";
    if (typeof p === "string") return p;
    const n = keep.get(p);
    return n === 0 ? "" : p.head + items.get(p).slice(0, n).join(p.separator) + restText(p, n) + p.tail;
  }).filter((t) => t !== "").join(JOIN) + "\n";
  return text2.length <= maxChars ? text2 : null;
}
function restText(c, kept) {
  return c.rest && kept < c.count ? c.rest(c.count - kept) : "";
}

// src/report/judge.ts
var MAX_QUESTION = 140;
var MAX_REASON = 300;
function judgeSection(c, compared2) {
  const judged = c.tasks.filter((t) => t.judge !== void 0);
  const priced = judged.some((t) => t.judge.summary?.cost_usd !== void 0);
  const header2 = ["task", "item", ...compared2 ? ["yes, base \u2192 head", "status"] : [], "head answers", "gate", "tokens", ...priced ? ["cost"] : []];
  const rows = judged.flatMap(
    (t) => t.judge.items.map((item) => row(t, item, compared2 ? t.checks.find((ch) => ch.check === `judge:${item.id}`) : void 0, compared2, priced))
  );
  const models = [...new Set(judged.map((t) => t.judge.model))];
  const sum = (pick) => judged.reduce((n, t) => n + (t.judge.summary ? pick(t.judge.summary) : 0), 0);
  return {
    what: "judge item rows",
    count: rows.length,
    item: (i) => rows[i],
    head: `#### Model judge (${models.map(md).join(", ")}): a model's answers, not facts

Each item is one yes/no question about the candidate, asked with the goal and the harness evidence. An item gates only when its agreement with human labels meets the threshold (trialgate calibrate); an undetermined answer (malformed, refused, insufficient evidence) is never a pass; an item the judge could not be asked about is left out, as an environment error.

${tableLines(header2, []).head.join("\n")}
`,
    tail: `

Judge: ${plural(
      sum((s) => s.calls),
      "call"
    )} to the endpoint, ${plural(
      sum((s) => s.cached),
      "answer"
    )} from the run's cache, ${thousands(sum((s) => s.tokens))} tokens${priced ? `, ${usd(sum((s) => s.cost_usd ?? 0))}` : ""}.`,
    separator: "\n"
  };
  function row(t, item, check, comparing, withCost) {
    const s = t.judge.summary?.items[item.id];
    const answers = s ? [`yes ${s.yes}`, `no ${s.no}`, ...s.undetermined ? [`undetermined ${s.undetermined}`] : [], ...s.errors ? [`not asked ${s.errors}`] : []].join(
      " \xB7 "
    ) : "\u2013";
    const ungated = check ? check.ungated : t.judge.ungated[item.id];
    const gate = ungated ? `not gated, because ${safeLine(ungated, MAX_REASON)}` : `gates: ${safeLine(item.calibration, MAX_REASON)}`;
    const status = check ? `${checkState(t, check)}${check.gated ? "" : " (not gated)"}` : "not compared";
    const figures2 = comparing ? [check ? change(check.base, check.head) : "\u2013", status] : [];
    const cells = [
      md(t.id),
      `${md(item.id)}: ${md(bounded(item.question, MAX_QUESTION))}`,
      ...figures2,
      answers,
      gate,
      s ? thousands(s.tokens) : "",
      ...withCost ? [usd(s?.cost_usd)] : []
    ];
    return tableLines(header2, [cells]).rows[0];
  }
}
function pairwiseSection(c) {
  const p = c.pairwise;
  if (!p || p.items.length === 0 && p.notes.length === 0) return "";
  const shown = new Set(c.tasks.map((t) => t.id));
  const items = p.items.filter((i) => shown.has(i.task));
  const { head, rows } = tableLines(
    ["task", "item", "pairs", "head preferred", "base preferred", "tie", "inconsistent (position bias)", "undetermined", "not asked"],
    items.map((i) => [
      md(i.task),
      md(i.item),
      String(i.pairs),
      String(i.head),
      String(i.base),
      String(i.tie),
      inconsistency(i),
      String(i.undetermined),
      String(i.errors + i.identical)
    ])
  );
  const bias = p.models.map((m) => {
    if (m.answered === 0) return `${md(m.model)}: no pair was answered in both orders.`;
    const which = [
      m.first_position ? `the first position both times in ${m.first_position}` : "",
      m.second_position ? `the second position both times in ${m.second_position}` : ""
    ].filter(Boolean).join(", ");
    const warning = m.inconsistent > 0 ? " \u26A0\uFE0F position bias: those pairs count for neither side" : "";
    return `${md(m.model)}: ${m.inconsistent} of ${plural(m.answered, "pair")} answered in both orders ${m.answered === 1 ? "was" : "were"} inconsistent${which ? ` (it chose ${which})` : ""}${warning}.`;
  });
  return [
    "#### Model judge: base against head (blind, both orders)",
    "Each pair is one base and one head candidate, shown as A and B, then asked again with the order swapped; only a preference that survives the swap counts. Identical pairs are not asked. Shown, never gated.",
    ...items.length ? [[...head, ...rows].join("\n")] : [],
    ...bias.length ? [`Position bias per model: ${bias.join(" ")}`] : [],
    ...p.notes.map((n) => `- ${safeLine(n, MAX_REASON)}`)
  ].join("\n\n");
}
function inconsistency(i) {
  if (i.inconsistent === 0) return "0";
  const parts = [i.first_position ? `${i.first_position} first position` : "", i.second_position ? `${i.second_position} second position` : ""].filter(Boolean);
  return `${i.inconsistent}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}
function judgeRunLines(results) {
  const judged = results.tasks.filter((t) => t.judge);
  if (judged.length === 0) return [];
  const lines = [];
  for (const task of judged) {
    const summary = task.summary.judge;
    lines.push(
      `model judge (${task.judge.model}) on ${task.id}: ${summary ? `${plural(summary.calls, "call")}, ${plural(summary.cached, "answer")} from the cache, ${thousands(summary.tokens)} tokens` : "no trial was judged"}`
    );
    for (const item of task.judge.items) {
      const s = summary?.items[item.id];
      const answers = s ? `yes ${s.yes}/${s.yes + s.no + s.undetermined}${s.undetermined ? ` (${s.undetermined} undetermined)` : ""}${s.errors ? `, ${s.errors} not asked` : ""}` : "not judged";
      const why = task.ungated?.[`judge:${item.id}`];
      lines.push(`  ${item.id}: ${answers}; ${why ? `not gated, because ${why}` : `gated (${item.calibration})`}`);
    }
    const unasked = task.trials.flatMap((t) => (t.judge ?? []).flatMap((r) => r.verdict === "error" && r.reason !== void 0 ? [r.reason] : []));
    if (unasked.length) lines.push(`  not asked (environment, excluded): ${[...new Set(unasked)].slice(0, 3).join("; ")}`);
  }
  return lines;
}

// src/report/markdown.ts
var DEFAULT_MAX_CHARS = 65e3;
var markdownReporter = {
  file: "report.md",
  render: (view, context) => [renderMarkdown(view, context)]
};
var MAX_NAME = 100;
var MAX_NOTE = 600;
function commentMarker(trialSetName) {
  return `<!-- trialgate:${bounded(trialSetName, MAX_NAME).replace(/[\r\n\u2028\u2029]+/g, " ").replace(/-{2,}/g, "-").replace(/>/g, "")} -->`;
}
function renderMarkdown(view, options = {}) {
  const { comparison: c, mode, withBase: compared2 } = view;
  const shown = view.tasks;
  const tasks = shown.map((v) => v.task);
  const rows = (status, gated) => tasks.flatMap((t) => t.checks.filter((ch) => checkState(t, ch) === status && ch.gated === gated).map((ch) => ({ task: t, check: ch })));
  const lost2 = rows("regressed", true);
  const regressions = checkTable2("Regressions check by check (base \u2192 head, and the policy\u2019s test)", lost2, "regressions", (t, ch) => `lost ${label2(t, ch)}`);
  const improvements = checkTable2("Improved", rows("improved", true), "improvements", label2);
  const suspects = checkTable2("Suspect: below base, not significant (not gated)", rows("suspect", true), "suspect checks", label2);
  const flaky = checkTable2("Flaky: mixed results, no significant change (not gated)", rows("flaky", true), "flaky checks", label2);
  const environment = checkTable2(
    "Environment errors changed (the environment, not the agent: never a regression; where they could hide one, the task is undecided)",
    tasks.flatMap(
      (t) => t.checks.filter((ch) => ch.kind === "env" && ch.status !== "unchanged" && ch.status !== "flaky").map((ch) => ({ task: t, check: ch }))
    ),
    "env error rows",
    label2
  );
  const judged = collapsed(judgeSection(c, compared2), (n) => `Model judge: ${plural(n, "item")} (a model's answers, not facts)`);
  const undecidedPiece = mode === "comparison" ? undecidedSection(c, tasks) : "";
  const confirmationPiece = compared2 ? confirmationLine(c) : "";
  const notCompared = notComparedTable(tasks.filter((t) => t.status !== "compared" && t.status !== "not_rerun" && (compared2 || t.status !== "new")));
  const notRerun = notRerunList(tasks.filter((t) => t.status === "not_rerun"));
  const rerun2 = shown.filter((v) => v.task.status !== "not_rerun");
  const perTask = perTaskTable(rerun2, compared2);
  const details = {
    what: "per-task details",
    count: rerun2.length,
    item: (i) => taskDetails(rerun2[i], compared2, options.evidenceUrl),
    head: "#### Each task: its checks and trials\n\n",
    tail: "",
    separator: "\n\n"
  };
  const chart = passRateChart(c);
  const chartPiece = {
    what: "pass-rate chart",
    count: compared2 && chart ? 1 : 0,
    item: () => chart,
    head: "<details><summary>Trial pass rate per task (chart)</summary>\n\n",
    tail: "\n\n</details>",
    separator: ""
  };
  const notes = {
    what: "notes",
    count: view.notes.length,
    // Another bullet than the causes' lists use: two lists of one bullet with a blank line between are one list.
    item: (i) => `* ${safeLine(view.notes[i], MAX_NOTE)}`,
    // Against a baseline, where it came from and what failed anew are not what a reader needs first; without
    // one, they say where it was looked for.
    head: mode === "comparison" ? `<details><summary>About this run: ${plural(view.notes.length, "note")}${noteTopics(view.notes)}</summary>

` : "",
    tail: mode === "comparison" ? "\n\n</details>" : "",
    separator: "\n",
    rest: (n) => `
* \u2026 and ${plural(n, "more note")} (report.html has every one)`
  };
  const first = firstScreen(view, options);
  const document = (named) => [
    commentMarker(c.trial_set),
    verdictLine(view),
    ...view.alerts.length ? [view.alerts.map((a) => `- ${safeLine(a, MAX_NOTE)}`).join("\n")] : [],
    first,
    NOTICE,
    ...mode === "comparison" && c.measurement ? [measurementSection(c)] : [],
    notes,
    ...mode === "comparison" && c.spend ? [spendLine(c)] : [],
    undecidedPiece,
    notRerun,
    named,
    ...compared2 ? [policyBlock(c)] : [],
    confirmationPiece,
    improvements,
    suspects,
    flaky,
    environment,
    judged,
    pairwiseSection(c),
    notCompared,
    holdoutLine(c, compared2),
    chartPiece,
    perTask,
    details,
    denominatorsBlock(c),
    shaLine(c)
  ];
  const cuttable = (p) => typeof p === "string" ? [] : [p];
  const others = [
    chartPiece,
    details,
    perTask,
    ...cuttable(confirmationPiece),
    flaky,
    judged,
    notCompared,
    notRerun,
    improvements,
    environment,
    suspects,
    notes,
    ...cuttable(undecidedPiece)
  ];
  const max = options.maxChars ?? DEFAULT_MAX_CHARS;
  const whole = sectionText(regressions);
  const compact = compactRegressions(lost2);
  const attempts = [
    { named: whole, cut: others, how: "table" },
    { named: compact.text, cut: others, how: "compact" },
    { named: compact.section, cut: [...others, compact.section], how: "partial" }
  ];
  for (const { named, cut: cut2, how } of attempts) {
    const text2 = fitDocument(document(named), cut2, max, (cuts) => cutNotice(cuts, options, how, lost2.length));
    if (text2 !== null) return text2;
  }
  return lastResort(view, max, options);
}
var NOTE_TOPICS = [
  [/\bbaseline\b/i, "the baseline"],
  // failures.ts's note; matched by its words, as failures.ts reads this module's limit.
  [/^New failures since the base\b/, "new failures"],
  [/\bapproved\b/, "the approval"],
  [/\bshards\b/, "the shards"]
];
function noteTopics(notes) {
  const topics = NOTE_TOPICS.filter(([pattern]) => notes.some((n) => pattern.test(n))).map(([, topic]) => topic);
  return topics.length ? ` (${topics.join(", ")})` : "";
}
function undecidedAction(c) {
  if (c.undecided?.holdout_tasks) return "rerun";
  const needs = /* @__PURE__ */ new Set([
    ...c.tasks.filter((t) => t.undecided).map((t) => t.undecided_next ?? "rerun"),
    ...c.undecided?.reasons.length ? [c.undecided.next ?? "rerun"] : []
  ]);
  return needs.size === 1 ? [...needs][0] : "rerun";
}
var HEADLINE_ACTIONS = {
  rerun: { word: "rerun", until: "the check fails until a rerun decides" },
  fix_setup: { word: "fix the setup", until: "the check fails until it is fixed" },
  baseline_runs: { word: "more evidence needed", until: "the check fails until more base runs or trials decide; a rerun alone does not" },
  baseline_workflow: { word: "rerun the baseline", until: "the check fails until the baseline workflow has run on the base branch" },
  confirm_trials: { word: "more trials needed", until: "the check fails until a larger `confirm-trials` decides" },
  max_trials: { word: "more trials needed", until: "the check fails until a larger `max-trials` decides" },
  confirmation: { word: "confirm", until: "the check fails until the confirmation rounds run" },
  maintainer: { word: "a maintainer decides", until: "the check fails until then" }
};
function lastResort(view, max, options) {
  const where = options.fullReportUrl ? `the full report: ${options.fullReportUrl}` : "the full comparison: `trialgate compare \u2026 --format json`";
  const text2 = `${commentMarker(view.comparison.trial_set)}

${verdictLine(view)}

\u2702\uFE0F Too long for a comment even with every table left out; see ${where}.
`;
  return text2.length <= max ? text2 : `${text2.slice(0, Math.max(0, max - 1))}
`;
}
function sectionText(s) {
  if (s.count === 0) return "";
  return s.head + Array.from({ length: s.count }, (_, i) => s.item(i)).join(s.separator) + s.tail;
}
function collapsed(s, summary) {
  return { ...s, head: `<details><summary>${summary(s.count)}</summary>

${s.head}`, tail: `${s.tail}

</details>` };
}
function compactRegressions(lost2) {
  const byTask = /* @__PURE__ */ new Map();
  for (const { task, check } of lost2) byTask.set(task, [...byTask.get(task) ?? [], check]);
  const lines = [...byTask].map(([task, checks]) => `- ${md(task.id)}: ${checks.map((ch) => md(ch.check)).join(", ")}`);
  const section2 = {
    what: "tasks with regressions named",
    count: lines.length,
    item: (i) => lines[i],
    head: "<details><summary>Every regression, named by task and check (the full table did not fit)</summary>\n\n",
    tail: "\n\n</details>",
    separator: "\n"
  };
  return { text: sectionText(section2), section: section2 };
}
function taskStatusText(t) {
  if (t.task.status === "compared") return t.state === "unchanged" || t.state === "undecided" ? t.state : `${t.state} (${t.checks})`;
  if (t.task.status === "not_rerun") return "not rerun (unaffected by this change)";
  return t.task.status === "incomparable" ? "incomparable" : `${t.state} task`;
}
function verdictLine(view) {
  const { comparison: c, mode } = view;
  const head = c.denominators.head;
  const k = `${head.k.join(", ")} ${head.k.length === 1 && head.k[0] === 1 ? "trial" : "trials"} per task`;
  const scope = `trialgate \xB7 ${md(bounded(c.trial_set, MAX_NAME))} \xB7 ${k} \xB7 ${plural(head.tasks, "task")}`;
  if (mode === "run") {
    return `\u{1F4CB} **${thousands(view.headPasses)}/${plural(head.executed, "executed trial")} passed** \u2014 ${scope}`;
  }
  if (mode === "no_baseline") {
    if (view.baselineRequired)
      return `\u274C **no baseline** \u2014 head results only; this check fails until the base branch has a results artefact (fail-without-baseline) \u2014 ${scope}`;
    return `\u2139\uFE0F **no baseline** \u2014 head results only; regressions cannot fail this check \u2014 ${scope}`;
  }
  const fails = view.checkFails;
  if (c.verdict === "incomparable" && c.incomparable) {
    const i = c.incomparable;
    return `\u23F8\uFE0F **cannot compare \u2014 undecided** \u2014 base run ${i.base_index + 1} has ${i.field} ${md(bounded(i.base, MAX_NAME))}, the head ${md(bounded(i.head, MAX_NAME))} (renamed?); head results only, and a maintainer decides${fails ? "; the check fails until then" : ""} \u2014 ${scope}`;
  }
  const compared2 = c.task_counts.compared + c.holdout.tasks.compared;
  const notRerun = c.task_counts.not_rerun + c.holdout.tasks.not_rerun;
  const tail2 = `${scope} (${thousands(compared2)} compared${notRerun > 0 ? `, ${thousands(notRerun)} not rerun` : ""})`;
  const undecided = (c.undecided?.tasks ?? 0) + (c.undecided?.holdout_tasks ?? 0);
  const open = undecided > 0 ? ` \xB7 ${plural(undecided, "task")} undecided` : "";
  if (c.regressions > 0) {
    const check = fails ? "the check fails, so a branch rule that requires it blocks the merge" : "reported only: the check passes (fail-on: never)";
    return `\u274C ${regressionCount(view, (text2) => `**${text2}**`)} \u2014 ${check} \u2014 ${tail2}${open}`;
  }
  const action = HEADLINE_ACTIONS[undecidedAction(c)];
  const rerun2 = !fails ? "reported only: the check passes (fail-on: never)" : action.until;
  if (c.verdict === "undecided") {
    if (undecided > 0) return `\u23F8\uFE0F **undecided \u2014 ${action.word}** \u2014 no regression found, but ${plural(undecided, "task")} cannot be decided; ${rerun2} \u2014 ${tail2}`;
    if (c.bases.length === 0) return `\u23F8\uFE0F **undecided \u2014 ${action.word}** \u2014 no regression found, but the baseline cannot be used; ${rerun2} \u2014 ${tail2}`;
    return `\u23F8\uFE0F **undecided \u2014 a maintainer decides** \u2014 no regression found, but what this change measures cannot be compared with its base runs${fails ? "; the check fails until then" : ""} \u2014 ${tail2}`;
  }
  if (compared2 === 0) return `\u26A0\uFE0F **no regressions, but no task could be compared** \u2014 the check passes \u2014 ${tail2}`;
  return `\u2705 **no regressions** \u2014 the check passes \u2014 ${tail2}`;
}
var SHOWN_CAUSES = 3;
var NAMED_CAUSES = 20;
function firstScreen(view, options) {
  const { comparison: c, mode } = view;
  const parts = [];
  const holdout2 = holdoutRegressions(c);
  if (holdout2) parts.push(holdout2);
  if (mode === "comparison" && c.regressions === 0 && (c.verdict === "undecided" || c.verdict === "incomparable" && c.incomparable))
    parts.push(undecidedWhy(c));
  const changed = changedLine(view);
  if (changed) parts.push(changed);
  const next = nextStep(view, options);
  if (next) parts.push(next);
  const causes = view.causes;
  if (causes.length > 0) {
    parts.push(
      causes.slice(0, SHOWN_CAUSES).map((cause, i) => causeEntry(cause, i + 1, causes.length)).join("\n\n")
    );
    const rest = causes.slice(SHOWN_CAUSES);
    if (rest.length > 0) {
      const named = rest.slice(0, NAMED_CAUSES).map((cause) => `${md(cause.task.id)} (${shortName(cause.checks[0])})`);
      const more = rest.length - named.length;
      parts.push(
        `**\u2026 and ${plural(rest.length, "more regression cause")}:** ${named.join("; ")}${more > 0 ? `; and ${thousands(more)} more` : ""}. Each is in the table below.`
      );
    }
  }
  return parts.join("\n\n");
}
function causeEntry(cause, n, of) {
  const { title, lines } = describeCause(cause, { text: md, code, strong: (t) => `**${t}**` });
  return [`${of > 1 ? `${n}. ` : ""}${title}`, ...lines.map((l) => `${of > 1 ? "   " : ""}- ${l}`)].join("\n");
}
function shortName(check) {
  return check.kind === "pass" ? "trial pass" : md(bounded(check.check.slice(check.check.indexOf(":") + 1), 120));
}
function undecidedWhy(c) {
  if (c.verdict === "incomparable" && c.incomparable)
    return `**Next:** if the trial set was renamed here, a maintainer decides: its baselines are recorded under the new name only after the merge.`;
  const u = c.undecided;
  const firstTask = c.tasks.find((t) => t.undecided);
  const n = (u?.tasks ?? 0) + (u?.holdout_tasks ?? 0);
  const why = u?.reasons[0] ? md(bounded(u.reasons[0], MAX_NOTE)) : firstTask ? `${md(firstTask.id)}: ${md(bounded(plainReason(firstTask.undecided), MAX_NOTE))}${n > 1 ? ` (and ${plural(n - 1, "more task")}, listed below)` : ""}` : u?.holdout_tasks ? `${plural(u.holdout_tasks, "holdout task")} could not be decided (withheld)` : "the baseline cannot be used (below)";
  const next = u?.reasons[0] ? u.next : firstTask?.undecided_next;
  return `**Why:** ${why}

**Next:** ${undecidedNext(next, !u && c.bases.length > 0)} Nothing here says this change made anything worse, or better.`;
}
function undecidedNext(next, maintainer) {
  if (maintainer) return NEXT_STEPS.maintainer;
  return NEXT_STEPS[next ?? "rerun"];
}
var NEXT_STEPS = {
  maintainer: "a maintainer decides (the approval label, or `--approved-by` elsewhere), or the baseline workflow is rerun where the change is already the base branch\u2019s.",
  baseline_runs: "record more baseline runs on the base branch (`baseline-runs`), let the gate rerun the base commit beside the head (`rerun-base`, `--base-checkout`), or raise `trials` or `confirm-trials`; a rerun alone decides nothing here.",
  baseline_workflow: "rerun the baseline workflow on the base branch, then this job.",
  max_trials: "raise `max-trials` if the spend is worth it, or rerun the job.",
  confirm_trials: "raise `confirm-trials` if the spend is worth it, then rerun the job.",
  confirmation: "run `trialgate gate` (or the action), which runs the confirmation rounds this head lacks.",
  fix_setup: "fix the setup mistake named above in the trial set or the fixture, and push: a rerun fails the same way.",
  rerun: "rerun the job (on GitHub: Re-run jobs) once the environment named above answers again."
};
var MAX_CHANGED = 5;
function changedLine(view) {
  const ch = view.changed;
  if (!ch) return "";
  const files = ch.matched.slice(0, MAX_CHANGED).map((f) => code(bounded(f, 200)));
  const more = ch.matched.length - files.length;
  if (files.length > 0) return `**Changed:** ${files.join(", ")}${more > 0 ? ` and ${plural(more, "more file")}` : ""}.`;
  const why = ch.tasks.find((t) => t.rerun)?.why;
  return why ? `**Changed:** every task reran: ${md(bounded(why, MAX_NOTE))}.` : "";
}
var NO_EVIDENCE_LINK = "the run directory (in CI, its evidence artefact)";
function nextStep(view, options) {
  if (view.causes.length === 0) {
    if (view.comparison.holdout.checks.regressed > 0)
      return "**Next:** the holdout tasks are withheld from pull requests; a maintainer can open their sealed detail (docs/holdout.md) to see what was lost.";
    return "";
  }
  const { command, anchors } = reproduce(view, SHOWN_CAUSES);
  const places = anchors.map((a) => `${code(`report.html#${a.anchor}`)}${anchors.length > 1 ? ` (${md(a.task)})` : ""}`);
  const where = options.evidenceUrl ? `the [evidence artefact](${options.evidenceUrl})` : NO_EVIDENCE_LINK;
  return `**Next:** reproduce it with ${code(command)}; the trials, the tests and the diff against the base's candidate are in ${places.join(", ")} in ${where}.`;
}
function policyBlock(c) {
  return `<details><summary>How a check is called regressed: the policy</summary>

${policyLine(c)}

</details>`;
}
function confirmationLine(c) {
  const conf = c.confirmation;
  if (!conf) return "";
  const extra = conf.head_trials - conf.fixed_trials;
  if (extra <= 0) return "";
  const ratioText = conf.fixed_trials > 0 ? `: ${(conf.head_trials / conf.fixed_trials).toFixed(2)}\xD7` : "";
  const holdout2 = conf.holdout_tasks ? ` and ${plural(conf.holdout_tasks, "holdout task")} (${plural(conf.holdout_trials, "trial")})` : "";
  const lines = c.tasks.filter((t) => t.confirmation).map((t) => `- ${md(t.id)}: ${t.confirmation.trials} head trials; ${md(bounded(t.confirmation.why, MAX_NOTE))}`);
  return {
    what: "confirmed tasks listed",
    count: lines.length,
    item: (i) => lines[i],
    head: `<details><summary>The confirmation: ${plural(extra, "extra trial")} for ${plural(conf.tasks + conf.holdout_tasks, "task")} the first round left open</summary>

**Confirmation:** ${plural(extra, "extra head trial")} (${thousands(conf.head_trials)} run against ${thousands(conf.fixed_trials)} at a fixed k${ratioText}) for ${plural(conf.tasks, "task")}${holdout2} that their first round did not decide (ambiguous, or mostly environment errors):

`,
    tail: "\n\n</details>",
    separator: "\n"
  };
}
function undecidedSection(c, tasks) {
  const u = c.undecided;
  const unused = (c.bases_unused ?? []).map(
    (b) => `- base run ${b.ref.git_sha ? b.ref.git_sha.slice(0, 7) : "of unknown commit"} not used: ${md(bounded(b.reason, MAX_NOTE))}`
  );
  if (!u && unused.length === 0) return "";
  const rows = [
    ...(u?.reasons ?? []).map((r) => `- ${md(bounded(r, MAX_NOTE))}`),
    ...unused,
    ...tasks.filter((t) => t.undecided).map((t) => `- ${md(t.id)}: ${md(bounded(plainReason(t.undecided), MAX_NOTE))}`),
    ...u?.holdout_tasks ? [`- ${plural(u.holdout_tasks, "holdout task")} (withheld)`] : []
  ];
  const byMaintainer = (c.undecided?.tasks ?? 0) + (c.undecided?.holdout_tasks ?? 0) === 0 && c.bases.length > 0;
  const title = c.verdict !== "undecided" ? "#### Undecided tasks (not counted as regressions)" : byMaintainer ? "#### Undecided \u2014 not a regression; a maintainer decides (the check fails until then)" : `#### Undecided \u2014 not a regression; ${HEADLINE_ACTIONS[undecidedAction(c)].word} (the check fails until the evidence decides)`;
  const summary = `Undecided: ${plural(rows.length, "reason")} why`;
  return {
    what: "undecided reasons",
    count: rows.length,
    item: (i) => rows[i],
    head: `<details><summary>${summary}</summary>

${title}

`,
    tail: "\n\n</details>",
    separator: "\n"
  };
}
function label2(t, ch) {
  return labelOf(ch.check, t);
}
function labelOf(check, t) {
  return checkLabel(check, t.faults, t.check_labels, md);
}
function checkTable2(title, found, what, name) {
  const { head, rows } = tableLines(
    ["task", "check", "base", "head", "why (the policy\u2019s test)"],
    found.map(({ task, check }) => [md(task.id), name(task, check), ratio(check.base), ratio(check.head), check.rule])
  );
  return section(what, `<details><summary>${title}: ${plural(rows.length, "check")}</summary>

`, head, rows, "\n\n</details>");
}
function holdoutRegressions(c) {
  const n = c.holdout.checks.regressed;
  return n === 0 ? "" : `Holdout tasks: **${plural(n, "regression")}** (task and check withheld; they count in the gate).`;
}
function notComparedTable(tasks) {
  const body = tasks.flatMap((t) => {
    const what = t.status === "incomparable" ? "incomparable" : `${t.status} task`;
    if (t.differs.length === 0) return [[md(t.id), what, "", "", ""]];
    return t.differs.map((d) => [md(t.id), what, d.field, md(short(d.base)), md(short(d.head))]);
  });
  const { head, rows } = tableLines(["task", "not compared", "field that differs", "base", "head"], body);
  return section(
    "rows of tasks not compared",
    `<details><summary>Not compared (not gated): ${plural(tasks.length, "task")}</summary>

`,
    head,
    rows,
    "\n\n</details>"
  );
}
function notRerunList(tasks) {
  const why = tasks[0]?.not_rerun;
  const same = tasks.every((t) => t.not_rerun === why);
  return {
    what: "tasks not rerun named",
    count: tasks.length,
    item: (i) => same ? md(tasks[i].id) : `${md(tasks[i].id)} (${md(bounded(tasks[i].not_rerun ?? "", MAX_NOTE))})`,
    head: `**Not rerun** (unaffected by this change, so neither passed nor regressed; their base results are no evidence for it${same && why ? `: ${md(bounded(why, MAX_NOTE))}` : ""}): `,
    tail: ".",
    separator: ", "
  };
}
function short(value) {
  return /^[0-9a-f]{64}$/.test(value) ? value.slice(0, 12) : value;
}
function holdoutLine(c, compared2) {
  const h = c.holdout;
  const total = h.tasks.compared + h.tasks.new + h.tasks.removed + h.tasks.changed + h.tasks.incomparable + h.tasks.not_rerun;
  if (total === 0) return "";
  if (!compared2) return `**Holdout** (aggregate only): ${plural(total, "task")}, trial pass ${ratio(h.head_passes_all)}.`;
  const tasks = ["compared", "new", "removed", "changed", "incomparable", "not_rerun"].filter((s) => h.tasks[s] > 0).map((s) => `${thousands(h.tasks[s])} ${s === "not_rerun" ? "not rerun" : s}`);
  const checks = CHECK_SEVERITY.map((s) => `${thousands(h.checks[s])} ${s}`).join(", ");
  return `**Holdout** (aggregate only): ${plural(total, "task")} (${tasks.join(", ")}) \xB7 trial pass of compared tasks ${change(h.base_passes, h.head_passes)} \xB7 gated checks: ${checks}.`;
}
function perTaskTable(shown, compared2) {
  const tasks = shown.map((v) => v.task);
  const usage = tasks.some((t) => (t.head ?? t.base)?.tokens !== void 0 || (t.head ?? t.base)?.cost_usd !== void 0);
  const repairs = tasks.some((t) => t.head?.repaired || t.base?.repaired);
  const detects = tasks.some((t) => Object.keys((t.head ?? t.base)?.detections ?? {}).length > 0);
  const header2 = [
    ...compared2 ? ["task", "status"] : ["task"],
    // pass@1 is passes/executed, the trial pass already shown: one column per meaning.
    ...["trials passed", "all k passed (pass^k)", ...detects ? ["defects detected"] : [], "env errors (excluded)", "not started", "wall time"],
    ...usage ? ["tokens", "cost"] : [],
    ...repairs ? ["pass after human repair", "human minutes", "patch lines"] : []
  ];
  const cells = (v) => {
    const t = v.task;
    const f = t.head ?? t.base;
    const pass = compared2 ? change(v.pass.base, v.pass.head) : ratio(v.pass.head ?? v.pass.base);
    const detections = Object.entries(f.detections).map(([fault, d]) => `${md(fault)} ${d.detected}/${d.n}`).join(" \xB7 ");
    const figures2 = [
      fraction(f.pass_pow_k),
      ...detects ? [detections] : [],
      String(f.env_errors),
      String(f.unexecuted),
      seconds(f.wall_ms),
      ...usage ? [tokens(f.tokens), usd(f.cost_usd)] : [],
      ...repairs ? repairedCells(compared2 ? t.base : null, f) : []
    ];
    return compared2 ? [md(t.id), taskStatusText(v), pass, ...figures2] : [md(t.id), pass, ...figures2];
  };
  const { head } = tableLines(header2, []);
  const usageNote = `${usage ? "tokens and cost blank where not reported." : "no task reported tokens or cost."}${repairs ? " The pass after human repair is apart from the raw trial pass, which alone is compared and gated." : ""}`;
  const powK = "all k passed: the estimated chance that k trials in a row all pass (pass^k), from executed trials";
  const detected = detects ? " defects detected as trials that detected the defect/executed;" : "";
  const note = compared2 ? `Trials passed as passes/executed, base \u2192 head; figures of the head run (of the base for a removed task); ${powK};${detected} ${usageNote}` : `Trials passed as passes/executed; ${powK};${detected} ${usageNote}`;
  return {
    what: "per-task result rows",
    count: shown.length,
    item: (i) => tableLines(header2, [cells(shown[i])]).rows[0],
    head: `${compared2 ? `<details><summary>Per-task results: ${plural(shown.length, "task")}</summary>

` : ""}#### Per-task results

${head.join("\n")}
`,
    tail: `

${note}${compared2 ? "\n\n</details>" : ""}`,
    separator: "\n"
  };
}
function section(what, heading, header2, rows, tail2) {
  return { what, count: rows.length, item: (i) => rows[i], head: `${heading}${header2.join("\n")}
`, tail: tail2, separator: "\n" };
}
function repairedCells(base, f) {
  const after = (x) => x ? { successes: x.repaired?.passes ?? x.passes, n: x.n } : null;
  const pass = base ? change(after(base), after(f)) : ratio(after(f));
  return f.repaired ? [pass, String(f.repaired.minutes), String(f.repaired.patch_lines)] : [base?.repaired ? pass : "", "", ""];
}
var CELL = { env_error: "\u2013", unexecuted: "\xB7" };
function taskDetails(v, compared2, evidenceUrl) {
  const t = v.task;
  const parts = [`<details><summary><b>${html(t.id)}</b> \u2014 ${compared2 ? taskStatusText(v) : `${ratio(v.pass.head)} passed`}</summary>`];
  if (t.status === "removed") parts.push(`Not in the head run; the base had it in ${plural(t.base_runs, "run")}: trial pass ${ratio(v.pass.base)}.`);
  if (t.differs.length > 0) parts.push(`Not compared: ${t.differs.map((d) => `${d.field} ${md(short(d.base))} \u2192 ${md(short(d.head))}`).join("; ")}.`);
  if (t.checks.length > 0) {
    const pooled = t.base_runs > 1 || t.base_runs_excluded > 0 ? `Base pooled over ${plural(t.base_runs, "run")}${t.base_runs_excluded > 0 ? ` (${t.base_runs_excluded} left out: another task definition)` : ""}.

` : "";
    parts.push(
      pooled + table(
        ["check", "base", "head", "status", "why (the policy\u2019s test)"],
        t.checks.map((ch) => [label2(t, ch), ratio(ch.base), ratio(ch.head), ch.ungated ? `${ch.status} (not gated)` : checkState(t, ch), ch.rule])
      )
    );
  }
  if (t.head_trials.length > 0) {
    const names = [...new Set(t.head_trials.flatMap((tr) => Object.keys(tr.checks)))];
    const matrix2 = names.map((check) => [
      labelOf(check, t),
      ...t.head_trials.map((tr) => CELL[tr.outcome] ?? (tr.checks[check] === void 0 ? "" : tr.checks[check] ? "\u2713" : "\u2717"))
    ]);
    if (matrix2.length > 0) {
      parts.push(
        "Head trials (\u2713 succeeded, \u2717 failed, \u2013 env error, \xB7 unexecuted):\n\n" + table(["check", ...t.head_trials.map((tr) => String(tr.trial))], matrix2)
      );
    }
    const failing = t.head_trials.filter((tr) => tr.why?.length);
    const why = failing.slice(0, MAX_WHY_TRIALS);
    if (why.length > 0) {
      const more = failing.length - why.length;
      parts.push(
        `Why (the first reasons of each trial that did not pass):

${why.map((tr) => `- trial ${tr.trial}: ${tr.why.map((w) => md(bounded(plainReason(w), 300))).join(" \xB7 ")}`).join("\n")}${more > 0 ? `
- \u2026 and ${plural(more, "more trial")} (report.html and results.json have every one)` : ""}`
      );
    }
  }
  const rules = t.head?.env_error_rules ?? [];
  if (rules.length > 0) parts.push(`Env errors, excluded from every rate: ${rules.map((r) => `${md(r.rule)} \xD7${r.trials}`).join("; ")}.`);
  if (t.head_trials.length > 0) {
    const where = evidenceUrl ? `the [evidence artefact](${evidenceUrl})` : NO_EVIDENCE_LINK;
    parts.push(`Evidence in ${where}: ${t.head_trials.map((tr) => code(bounded(tr.evidence, 300))).join(", ")}`);
  }
  parts.push("</details>");
  return parts.join("\n\n");
}
var MAX_RULES = 10;
var MAX_WHY_TRIALS = 10;
function denominatorsBlock(c) {
  const side = (name, d) => `${name}: ${d.k.join(", ")} ${d.k.length === 1 && d.k[0] === 1 ? "trial" : "trials"} per task (k) \xB7 ${plural(d.tasks, "task")} \xB7 ${plural(d.launched, "trial")} launched = ${thousands(d.executed)} executed + ${plural(d.env_errors, "env error")} + ${thousands(d.unexecuted)} unexecuted.`;
  const lines = [`**Denominators.** ${side("Head", c.denominators.head)}`];
  if (c.denominators.base)
    lines.push(side(`Base (${plural(c.denominators.base.runs, "run")}${c.denominators.base.runs > 1 ? ", pooled per task" : ""})`, c.denominators.base));
  lines.push(
    "Rates count executed trials only. Env errors are excluded from every rate, because the environment failed, not the agent; unexecuted trials never started."
  );
  const rules = [...c.denominators.base ? [["base", c.denominators.base]] : [], ["head", c.denominators.head]].flatMap(([side2, d]) => {
    const listed = d.env_error_rules.slice(0, MAX_RULES).map((r) => `${side2}: ${md(bounded(r.rule, 200))} \xD7${r.trials}`);
    const rest = d.env_error_rules.slice(MAX_RULES).reduce((s, r) => s + r.trials, 0);
    return [
      ...listed,
      ...rest > 0 ? [`${side2}: ${rest} under ${d.env_error_rules.length - MAX_RULES} other rules`] : [],
      ...d.holdout_env_errors > 0 ? [`${side2}: ${d.holdout_env_errors} in holdout tasks`] : []
    ];
  });
  if (rules.length > 0) lines.push(`Env error rules: ${rules.join("; ")}.`);
  return `<details><summary>Denominators: what every rate counts</summary>

${lines.join("\n")}

</details>`;
}
function shaLine(c) {
  const sha = (s) => s === null ? "unknown" : /^[0-9a-f]{7,64}$/i.test(s) ? s : md(bounded(s, 80));
  const head = `Head commit ${sha(c.head.git_sha)}${c.head.ref ? ` (${md(bounded(c.head.ref, 200))})` : ""}`;
  const line = c.bases.length === 0 ? head : `${head} \xB7 base commit ${c.bases.map((b) => sha(b.git_sha)).join(", ")}`;
  const unknown = c.head.git_sha === null || c.bases.some((b) => b.git_sha === null);
  return `${line}${unknown ? " (unknown: the run recorded no git commit, as it was not made in a git checkout with a commit)" : ""}.`;
}
function cutNotice(cuts, options, naming, regressions) {
  const what = cuts.map((c) => `${c.what}: ${thousands(c.total - c.kept)} of ${thousands(c.total)} cut`).join("; ");
  const where = options.fullReportUrl ? `the full report: ${options.fullReportUrl}` : "the full comparison: `trialgate compare \u2026 --format json`, which is never cut";
  const named = {
    table: regressions > 0 ? " Every regression is listed." : "",
    compact: ` Every regression is named; their table of ${plural(regressions, "row")} did not fit.`,
    partial: " Not every regression could be named: the count in the verdict line is complete."
  }[naming];
  return `\u2702\uFE0F Cut to stay under GitHub's comment limit \u2014 ${what}.${named} See ${where}.`;
}

// src/report/summary.ts
var summaryReporter = {
  render: (view, context) => {
    const shard = view.run.run.shard;
    const body = shard ? `### trialgate \xB7 ${view.run.trial_set.name} \xB7 shard ${shard.index}/${shard.count}

Uploaded \`${context.artifactName}\`${context.evidenceUrl ? ` ([artefact](${context.evidenceUrl}))` : ""}; the merge job compares and gates.
` : renderMarkdown(view, context);
    return [[...(context.notices ?? []).map((n) => `> [!NOTE]
> ${n}
`), body].join("\n")];
  }
};

// src/report/terminal.ts
var terminalReporter = { render: (view) => [renderRunSummary(view.run, view.heldOut)] };
var pct = (x) => x === null ? "" : `${Math.round(x * 100)}%`;
function renderRunSummary(results, held) {
  const k = results.run.k;
  const usage = results.tasks.some((t) => t.summary.tokens !== void 0 || t.summary.cost_usd !== void 0) || held?.tokens !== void 0 || held?.cost_usd !== void 0;
  const own = new Map(results.tasks.map((t) => [t, taskCheckCounts(t)]));
  const detects = results.tasks.some((t) => Object.keys(t.summary.detections).length > 0);
  const checks = [...own.values()].some((c) => c.length > 0);
  const column = detects && checks ? "detections / task checks" : detects ? "detections" : checks ? "task checks" : null;
  const rows = results.tasks.map((t) => {
    const s = t.summary;
    return [
      t.id,
      t.set,
      `${s.passes}/${s.n}`,
      pct(s.pass_at_1),
      ...k > 1 ? [pct(s.pass_at_k), pct(s.pass_pow_k)] : [],
      ...column ? [[...Object.entries(s.detections).map(([fault, d]) => `${fault} ${d.detected}/${d.n}`), ...own.get(t)].join(", ")] : [],
      String(s.env_errors),
      ...usage ? [s.tokens === void 0 ? "" : String(s.tokens), s.cost_usd === void 0 ? "" : `$${s.cost_usd.toFixed(4)}`] : [],
      `${(s.wall_ms / 1e3).toFixed(1)} s`
    ];
  });
  if (held) {
    const rate = held.passes.n ? held.passes.successes / held.passes.n : null;
    rows.push([
      `holdout: ${plural(held.tasks, "task")}`,
      "holdout",
      `${held.passes.successes}/${held.passes.n}`,
      pct(rate),
      ...k > 1 ? ["", ""] : [],
      ...column ? ["withheld"] : [],
      String(held.trials.env_error),
      ...usage ? [held.tokens === void 0 ? "" : String(held.tokens), held.cost_usd === void 0 ? "" : `$${held.cost_usd.toFixed(4)}`] : [],
      `${(held.wall_ms / 1e3).toFixed(1)} s`
    ]);
  }
  const header2 = [
    "task",
    "set",
    "passes",
    "pass@1",
    ...k > 1 ? [`pass@${k}`, `pass^${k}`] : [],
    ...column ? [column] : [],
    "env errors",
    ...usage ? ["tokens", "cost"] : [],
    "wall"
  ];
  const tasks = results.tasks.length + (held?.tasks ?? 0);
  const lines = [`${results.trial_set.name}: ${plural(tasks, "task")} \xD7 k=${k}`, "", markdownTable([header2, ...rows])];
  const envErrors = results.tasks.flatMap((t) => {
    const byRule = /* @__PURE__ */ new Map();
    for (const r of t.trials.filter((r2) => r2.outcome === "env_error")) {
      const said = `${r.env_error}${r.env_error_source === "agent" ? " (declared by the agent)" : ""}`;
      byRule.set(said, [...byRule.get(said) ?? [], r.trial]);
    }
    return [...byRule].map(([said, trials]) => `  - ${t.id} ${trials.length === 1 ? "trial" : "trials"} ${trials.join(", ")}: ${said}`);
  });
  if (envErrors.length) lines.push("", "env errors (excluded from pass rates):", ...envErrors);
  const judged = judgeRunLines(results);
  if (judged.length) lines.push("", ...judged);
  const isolation = isolationNote(results);
  if (isolation) lines.push("", isolation);
  return lines.join("\n") + "\n";
}
function taskCheckCounts(task) {
  const executed3 = task.trials.filter((t) => t.outcome === "pass" || t.outcome === "fail");
  const own = (c) => c.startsWith("tool:") || task.check_labels?.[c] !== void 0 && !c.startsWith("constraint:");
  const checks = [...new Set(executed3.flatMap((t) => Object.keys(t.checks).filter(own)))];
  return checks.map((c) => `${c.startsWith("tool:") ? c.slice("tool:".length) : c} ${executed3.filter((t) => t.checks[c] === true).length}/${executed3.length}`);
}

// src/report/reporters.ts
var REPORTERS = {
  /** report.md, the PR comment, `trialgate compare` and `trialgate report`. */
  markdown: markdownReporter,
  /** `trialgate compare --format json`. */
  json: jsonReporter,
  junit: junitReporter,
  html: htmlReporter,
  /** The action's job summary. */
  summary: summaryReporter,
  /** After `trialgate run`. */
  terminal: terminalReporter
};
var FILES = Object.values(REPORTERS).filter((r) => r.file !== void 0);
async function writeReports(view, scrubber, context = {}, reporters = FILES) {
  const withRedaction = { redact: (text2) => scrubber.text(text2), ...context };
  const failures = [];
  for (const reporter of reporters) {
    try {
      await writePiecesInside(view.runDir, reporter.file, reporter.render(view, withRedaction), scrubber);
    } catch (error) {
      const failure = { file: reporter.file, error: error instanceof Error ? error.message : String(error) };
      failures.push(failure);
      await writePiecesInside(view.runDir, reporter.file, [`${failureLine(failure)}
`], scrubber).catch(() => void 0);
    }
  }
  return failures;
}
function failureLine(f) {
  return `trialgate: ${f.file} could not be written (${f.error}); the other outputs were written`;
}
async function renderText(reporter, view, context = {}) {
  const pieces = [];
  for await (const piece of reporter.render(view, context)) pieces.push(piece);
  return pieces.join("");
}
function recordedView(recorded) {
  return present({ head: recorded.run, trials: recorded.trials, runDir: recorded.runDir });
}
var writeRunReports = async (recorded) => {
  const failures = await writeReports(recordedView(recorded), recorded.scrubber);
  if (failures.length) throw new Error(failures.map(failureLine).join("\n"));
};

export {
  baseRunProblem,
  baseRunRefusal,
  holdsOtherTrialSet,
  code,
  defaultAlpha,
  policyReach,
  BaseFold,
  pairBase,
  analyse,
  compareFolded,
  plainReason,
  PLAIN,
  describeCause,
  reproduce,
  isolationNote,
  integrityNote,
  readEvidenceJson,
  wholeRun,
  present,
  regressionCount,
  MAX_NOTE,
  commentMarker,
  inside,
  REPORTERS,
  writeReports,
  failureLine,
  renderText,
  recordedView,
  writeRunReports
};
