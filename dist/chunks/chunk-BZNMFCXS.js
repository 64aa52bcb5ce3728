import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  Judgement
} from "./chunk-AXCA5P2G.js";
import {
  JudgeRecord,
  JudgeSummary,
  Pairwise,
  TaskJudgeInfo
} from "./chunk-GQ3N5QTO.js";
import {
  ENV_CHECK,
  bounded,
  change,
  checkKind,
  checkLabel,
  code,
  envRule,
  fraction,
  html,
  isGated,
  lookOf,
  md,
  orderChecks,
  passEstimates,
  plural,
  ratio,
  safeLine,
  seconds,
  table,
  tableLines,
  tallyChecks,
  tallyLooks,
  thousands,
  tokens,
  ungatedReason,
  usd
} from "./chunk-BUWQH57W.js";
import {
  external_exports
} from "./chunk-OVH43LBJ.js";
import {
  UserInputError
} from "./chunk-EMQXSGHT.js";

// src/schemas/results.ts
var RESULTS_SCHEMA = "trialgate/results@2";
var READABLE_RESULTS_SCHEMAS = ["trialgate/results@1", RESULTS_SCHEMA];
var Outcome = external_exports.enum(["pass", "fail", "env_error", "unexecuted"]);
var StopReason = external_exports.enum(["completed", "budget_exhausted", "agent_crashed", "env_error", "not_started"]);
var Cause = external_exports.enum(["runtime", "tool", "acceptance", "format", "retrieval", "planning"]);
var Layer = external_exports.object({
  ok: external_exports.boolean().nullable(),
  failures: external_exports.array(external_exports.string()).default([])
});
var Usage = external_exports.object({
  input_tokens: external_exports.number().nonnegative().optional(),
  output_tokens: external_exports.number().nonnegative().optional(),
  total_tokens: external_exports.number().nonnegative().optional(),
  cost_usd: external_exports.number().nonnegative().optional()
});
var Checks = external_exports.record(external_exports.string(), external_exports.boolean());
var Repair = external_exports.object({
  outcome: external_exports.enum(["pass", "fail", "env_error"]),
  /** `manual`: `trialgate repair`; `committed`: a patch from the repository's repairs directory, re-applied. */
  source: external_exports.enum(["manual", "committed"]),
  minutes: external_exports.number().nonnegative(),
  confirming_minutes: external_exports.number().nonnegative().optional(),
  patch_lines: external_exports.number().int().nonnegative(),
  patch_files: external_exports.number().int().nonnegative(),
  note: external_exports.string().optional(),
  /** The repaired candidate's hash; the trial's own `candidate_sha256` stays the delivered one. */
  candidate_sha256: external_exports.string(),
  /** The patch, relative to the run directory. */
  patch: external_exports.string(),
  /** Why acceptance of the repaired candidate failed, one line each. */
  failures: external_exports.array(external_exports.string()).default([])
});
var TrialResult = external_exports.object({
  trial: external_exports.number().int().positive(),
  outcome: Outcome,
  stop_reason: StopReason,
  cause: Cause.optional(),
  /** For env_error: the rule that excluded it from pass rates. */
  env_error: external_exports.string().optional(),
  layers: external_exports.object({
    final_state: Layer,
    constraints: Layer,
    tool_contract: Layer,
    trajectory: external_exports.object({
      steps: external_exports.number().int().nonnegative().optional(),
      retries: external_exports.number().int().nonnegative().optional(),
      notes: external_exports.array(external_exports.string()).default([])
    })
  }),
  judgements: external_exports.array(Judgement),
  checks: Checks,
  usage: Usage.optional(),
  wall_ms: external_exports.number().nonnegative(),
  agent_ms: external_exports.number().nonnegative().optional(),
  candidate_sha256: external_exports.string().optional(),
  /** The trial directory, relative to the run directory. */
  evidence: external_exports.string(),
  repair: Repair.optional(),
  /** The model judge's answer per item (docs/model-judge.md); its `judge:<id>` checks are in `checks`. */
  judge: external_exports.array(JudgeRecord).optional()
});
var FaultLabel = external_exports.object({ id: external_exports.string(), label: external_exports.string() });
var TaskSummary = external_exports.object({
  k: external_exports.number().int().positive(),
  /** Executed trials (pass or fail); the denominator of every rate. */
  n: external_exports.number().int().nonnegative(),
  launched: external_exports.number().int().nonnegative(),
  passes: external_exports.number().int().nonnegative(),
  pass_at_1: external_exports.number().min(0).max(1).nullable(),
  pass_at_k: external_exports.number().min(0).max(1).nullable(),
  pass_pow_k: external_exports.number().min(0).max(1).nullable(),
  detections: external_exports.record(external_exports.string(), external_exports.object({ detected: external_exports.number().int(), n: external_exports.number().int() })),
  env_errors: external_exports.number().int().nonnegative(),
  unexecuted: external_exports.number().int().nonnegative(),
  wall_ms: external_exports.number().nonnegative(),
  /** Only when every executed trial reported it; never estimated. */
  tokens: external_exports.number().nonnegative().optional(),
  cost_usd: external_exports.number().nonnegative().optional(),
  /**
   * After human repair, apart from the raw figures above: executed trials that pass once repaired
   * (a raw pass counts as passing), the repairs made, the human minutes and patch lines they took.
   */
  repaired: external_exports.object({ passes: external_exports.number().int().nonnegative(), n: external_exports.number().int().nonnegative(), pass_at_1: external_exports.number().min(0).max(1).nullable(), repairs: external_exports.number().int().nonnegative(), minutes: external_exports.number().nonnegative(), patch_lines: external_exports.number().int().nonnegative() }).optional(),
  /** The model judge's calls, tokens and answers per item, over the trials. */
  judge: JudgeSummary.optional()
});
var TaskResult = external_exports.object({
  id: external_exports.string(),
  set: external_exports.enum(["dev", "holdout"]),
  fixture: external_exports.string(),
  fixture_sha256: external_exports.string(),
  /** What defines the measurement besides the fixture: a change makes the task incomparable. */
  acceptor_version: external_exports.string(),
  budget: external_exports.object({
    wall_seconds: external_exports.number().positive(),
    max_tokens: external_exports.number().positive().optional(),
    max_cost_usd: external_exports.number().positive().optional()
  }),
  faults: external_exports.array(FaultLabel),
  trials: external_exports.array(TrialResult),
  summary: TaskSummary,
  /**
   * How the task's services were provided: one instance per variant and concurrency slot, reset between
   * uses (its reset proved at the start of the run), or a fresh process per use; `why` says which and why.
   */
  services: external_exports.object({ reused: external_exports.boolean(), why: external_exports.string(), started: external_exports.number().int().nonnegative(), uses: external_exports.number().int().nonnegative() }).optional(),
  /** Checks shown but never gated, each with the reason ("not gated, because …"); compare honours it. */
  ungated: external_exports.record(external_exports.string(), external_exports.string()).optional(),
  /**
   * What defines a check's measurement beyond the task (a judge check: its model and prompt): a base run
   * whose version of a check differs is not gated against.
   */
  check_versions: external_exports.record(external_exports.string(), external_exports.string()).optional(),
  /** The model judge as defined for this run. */
  judge: TaskJudgeInfo.optional()
});
var RunInfo = external_exports.object({
  git_sha: external_exports.string().nullable(),
  ref: external_exports.string().nullable(),
  base_ref: external_exports.string().nullable().optional(),
  pr_number: external_exports.number().int().nullable().optional(),
  workflow_run_id: external_exports.number().int().nullable().optional(),
  tool_version: external_exports.string(),
  started_at: external_exports.string(),
  finished_at: external_exports.string(),
  seed: external_exports.number().int(),
  k: external_exports.number().int().positive(),
  /** For a shard: which slice of task × trial this run holds. */
  shard: external_exports.object({ index: external_exports.number().int().positive(), count: external_exports.number().int().positive() }).optional(),
  /** How agents and acceptors were isolated; `none` with the reason when they were not. Absent in older files. */
  isolation: external_exports.object({ mechanism: external_exports.enum(["bubblewrap", "none"]), reason: external_exports.string().optional() }).optional(),
  /**
   * Set when the run's own integrity failed (an acceptance copy changed under it): no trial of the run
   * passes, and the gate fails.
   */
  integrity_error: external_exports.string().optional()
});
var Results = external_exports.object({
  schema: external_exports.enum(READABLE_RESULTS_SCHEMAS),
  trial_set: external_exports.object({ name: external_exports.string(), sha256: external_exports.string() }),
  run: RunInfo,
  /** The prompt/skill version under test: hash of every watched file. */
  watched: external_exports.object({ sha256: external_exports.string(), files: external_exports.record(external_exports.string(), external_exports.string()) }),
  agent: external_exports.object({ command: external_exports.string() }),
  tasks: external_exports.array(TaskResult)
});

// src/schemas/comparison.ts
var COMPARISON_SCHEMA = "trialgate/comparison@2";
var Policy = external_exports.enum(["strict", "familywise"]);
var CheckStatus = external_exports.enum(["regressed", "suspect", "improved", "flaky", "unchanged"]);
var CheckKind = external_exports.enum(["pass", "detect", "constraint", "tool", "judge", "env", "other"]);
var Count = external_exports.object({
  successes: external_exports.number().int().nonnegative(),
  n: external_exports.number().int().nonnegative()
});
var CheckComparison = external_exports.object({
  /** The key in TrialResult.checks (`pass`, `detect:<fault>`, …) or `env`. */
  check: external_exports.string(),
  kind: CheckKind,
  /** What a reader sees: `detection: double-reserve — duplicate request reserves twice (idempotency)`. */
  label: external_exports.string(),
  gated: external_exports.boolean(),
  /** Why a check that could gate does not: completes "this check is not gated, because …". */
  ungated: external_exports.string().optional(),
  base: Count,
  head: Count,
  status: CheckStatus,
  /** The one-sided Fisher p of the look that decided (the direction observed there); null under `strict`. */
  p: external_exports.number().min(0).max(1).nullable(),
  /** What p had to be at most at that look: α₁ over the checks that could reach p, or α_confirm / family. */
  threshold: external_exports.number().min(0).max(1).nullable(),
  /** `first`: the first k head trials; `final`: every head trial after the confirmation rounds. */
  look: external_exports.enum(["first", "final"]).nullable(),
  /** The figures behind the status, in words. */
  rule: external_exports.string()
});
var TaskStatus = external_exports.enum(["compared", "new", "removed", "changed", "incomparable"]);
var Difference = external_exports.object({ field: external_exports.string(), base: external_exports.string(), head: external_exports.string() });
var TaskFigures = external_exports.object({
  k: external_exports.number().int().positive(),
  launched: external_exports.number().int().nonnegative(),
  executed: external_exports.number().int().nonnegative(),
  env_errors: external_exports.number().int().nonnegative(),
  unexecuted: external_exports.number().int().nonnegative(),
  passes: external_exports.number().int().nonnegative(),
  pass_at_1: external_exports.number().min(0).max(1).nullable(),
  pass_at_k: external_exports.number().min(0).max(1).nullable(),
  pass_pow_k: external_exports.number().min(0).max(1).nullable(),
  detections: external_exports.record(external_exports.string(), Count),
  wall_ms: external_exports.number().nonnegative(),
  /** Present only when the run reported it for the task; never estimated. */
  tokens: external_exports.number().nonnegative().optional(),
  cost_usd: external_exports.number().nonnegative().optional(),
  /** The rules of this task's env errors, with how many trials each excluded. */
  env_error_rules: external_exports.array(external_exports.object({ rule: external_exports.string(), trials: external_exports.number().int().positive() })),
  /** After human repair, beside (never inside) the raw figures; present only when a trial was repaired. */
  repaired: external_exports.object({ passes: external_exports.number().int().nonnegative(), executed: external_exports.number().int().nonnegative(), repairs: external_exports.number().int().positive(), minutes: external_exports.number().nonnegative(), patch_lines: external_exports.number().int().nonnegative() }).optional()
});
var TrialCells = external_exports.object({
  trial: external_exports.number().int().positive(),
  outcome: external_exports.enum(["pass", "fail", "env_error", "unexecuted"]),
  checks: external_exports.record(external_exports.string(), external_exports.boolean()),
  evidence: external_exports.string()
});
var TaskComparison = external_exports.object({
  id: external_exports.string(),
  status: TaskStatus,
  differs: external_exports.array(Difference),
  /** Base runs pooled for this task, and base runs left out because their task definition differed. */
  base_runs: external_exports.number().int().nonnegative(),
  base_runs_excluded: external_exports.number().int().nonnegative(),
  faults: external_exports.array(FaultLabel),
  checks: external_exports.array(CheckComparison),
  base: TaskFigures.nullable(),
  head: TaskFigures.nullable(),
  head_trials: external_exports.array(TrialCells),
  /** The head run's model judge for this task: its items, their calibration and what it cost. */
  judge: TaskJudgeInfo.extend({
    summary: JudgeSummary.optional(),
    /** Item id → why the head run does not gate it (its calibration); a compared check may add a reason of its own. */
    ungated: external_exports.record(external_exports.string(), external_exports.string())
  }).optional()
});
var StatusCounts = external_exports.object({
  regressed: external_exports.number().int().nonnegative(),
  suspect: external_exports.number().int().nonnegative(),
  improved: external_exports.number().int().nonnegative(),
  flaky: external_exports.number().int().nonnegative(),
  unchanged: external_exports.number().int().nonnegative()
});
var TaskStatusCounts = external_exports.object({
  compared: external_exports.number().int().nonnegative(),
  new: external_exports.number().int().nonnegative(),
  removed: external_exports.number().int().nonnegative(),
  changed: external_exports.number().int().nonnegative(),
  incomparable: external_exports.number().int().nonnegative()
});
var HoldoutAggregate = external_exports.object({
  tasks: TaskStatusCounts,
  /** Gated checks of the compared holdout tasks, by status. */
  checks: StatusCounts,
  /** Trial passes of the compared holdout tasks, base and head. */
  base_passes: Count,
  head_passes: Count,
  /** Trial passes of every holdout task of the head run, compared or not. */
  head_passes_all: Count
});
var Denominators = external_exports.object({
  runs: external_exports.number().int().nonnegative(),
  k: external_exports.array(external_exports.number().int().positive()),
  tasks: external_exports.number().int().nonnegative(),
  launched: external_exports.number().int().nonnegative(),
  executed: external_exports.number().int().nonnegative(),
  env_errors: external_exports.number().int().nonnegative(),
  unexecuted: external_exports.number().int().nonnegative(),
  /** Env errors of dev tasks by rule; those of holdout tasks only as a number. */
  env_error_rules: external_exports.array(external_exports.object({ rule: external_exports.string(), trials: external_exports.number().int().positive() })),
  holdout_env_errors: external_exports.number().int().nonnegative()
});
var RunRef = external_exports.object({
  git_sha: external_exports.string().nullable(),
  ref: external_exports.string().nullable(),
  started_at: external_exports.string(),
  finished_at: external_exports.string(),
  tool_version: external_exports.string(),
  trial_set_sha256: external_exports.string()
});
var Comparison = external_exports.object({
  schema: external_exports.literal(COMPARISON_SCHEMA),
  trial_set: external_exports.string(),
  policy: external_exports.object({
    name: Policy,
    alpha: external_exports.number().gt(0).lt(1).nullable(),
    chosen: external_exports.enum(["default", "option"]),
    /** familywise: the share of α of the first round and of the final confirmation look. */
    alpha_first: external_exports.number().min(0).lt(1).nullable(),
    alpha_confirm: external_exports.number().min(0).lt(1).nullable(),
    /** Gated checks compared: the family. */
    family: external_exports.number().int().nonnegative(),
    /** The confirmation plan: most extra head trials per task; null without one. */
    confirm_trials: external_exports.number().int().positive().nullable(),
    /** Head trials per task at each look of the plan (the first is k). */
    looks: external_exports.array(external_exports.number().int().positive()),
    /** Whether familywise can flag anything at these k and base runs, in words (policyReach). */
    reach: external_exports.object({ reachable: external_exports.boolean(), total_loss_p: external_exports.number().min(0).max(1).nullable(), note: external_exports.string() })
  }),
  /** `fail` = a gated check regressed; `no_baseline` = nothing to compare with; `incomparable` = see `incomparable`. */
  verdict: external_exports.enum(["pass", "fail", "no_baseline", "incomparable"]),
  incomparable: external_exports.object({ base_index: external_exports.number().int().nonnegative(), field: external_exports.string(), base: external_exports.string(), head: external_exports.string() }).nullable(),
  head: RunRef,
  bases: external_exports.array(RunRef),
  /** Gated regressions, dev and holdout together: what the gate counts. */
  regressions: external_exports.number().int().nonnegative(),
  /** Gated checks of the compared dev tasks, by status. */
  checks: StatusCounts,
  tasks: external_exports.array(TaskComparison),
  task_counts: TaskStatusCounts,
  holdout: HoldoutAggregate,
  denominators: external_exports.object({ head: Denominators, base: Denominators.nullable() }),
  /** On a pull request: the judge's blind, order-swapped preferences between base and head candidates. */
  pairwise: Pairwise.optional()
});

// src/compare/fold.ts
var executed = (t) => t.outcome === "pass" || t.outcome === "fail";
var FigureFold = class {
  k = null;
  counts = { launched: 0, executed: 0, env_errors: 0, unexecuted: 0, passes: 0 };
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
      if (executed(t)) this.counts.executed += 1;
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
    for (const [check, count2] of tallies) if (checkKind(check) === "detect") detections[check.slice("detect:".length)] = count2;
    return {
      k: this.k ?? 1,
      ...this.counts,
      ...passEstimates(this.counts.executed, this.counts.passes, this.k ?? 1),
      detections,
      wall_ms: this.wall,
      ...this.tokens === null || this.runs === 0 ? {} : { tokens: this.tokens },
      ...this.cost === null || this.runs === 0 ? {} : { cost_usd: this.cost },
      env_error_rules: [...this.rules].map(([rule, trials]) => ({ rule, trials })),
      ...this.repaired.repairs ? { repaired: { passes: this.repaired.passes, executed: this.counts.executed, repairs: this.repaired.repairs, minutes: Math.round(this.repaired.minutes * 10) / 10, patch_lines: this.repaired.patch_lines } } : {}
    };
  }
};
function finite(x, file, task, field) {
  if (Number.isFinite(x)) return x;
  throw new UserInputError(file, `task ${JSON.stringify(task)}: ${field}`, "too large to add up over the pooled runs: check the values this file holds");
}
var Columns = class _Columns {
  names = [""];
  slots = /* @__PURE__ */ new Map();
  classes = [0];
  keys = [];
  observe(checks) {
    for (const name in checks) {
      if (this.slots.has(name)) continue;
      this.slots.set(name, this.names.length);
      this.names.push(name);
      this.classes.push(this.classes[0]);
    }
    const keys = this.keys;
    let distinct = 0;
    for (let i = 0; i < this.names.length; i++) {
      const value = i === 0 ? void 0 : checks[this.names[i]];
      const key = this.classes[i] * 3 + (value === void 0 ? 0 : value ? 1 : 2);
      let at = 0;
      while (at < distinct && keys[at] !== key) at++;
      if (at === distinct) keys[distinct++] = key;
      this.classes[i] = at;
    }
  }
  observeTrials(trials) {
    for (const t of trials) if (executed(t)) this.observe(t.checks);
  }
  /** The class of a check: equal classes, identical columns. */
  classOf(check) {
    return this.classes[this.slots.get(check) ?? 0];
  }
  clone() {
    const c = new _Columns();
    c.names = [...this.names];
    c.slots = new Map(this.slots);
    c.classes = [...this.classes];
    return c;
  }
};
function definitionDiffs(base, head) {
  const fields = [
    ["fixture_sha256", base.fixture_sha256, head.fixture_sha256],
    ["acceptor_version", base.acceptor_version, head.acceptor_version],
    ["budget.wall_seconds", String(base.budget.wall_seconds), String(head.budget.wall_seconds)],
    ["budget.max_tokens", base.budget.max_tokens?.toString(), head.budget.max_tokens?.toString()],
    ["budget.max_cost_usd", base.budget.max_cost_usd?.toString(), head.budget.max_cost_usd?.toString()]
  ];
  return fields.filter(([, b, h]) => b !== h).map(([field, b, h]) => ({ field, base: b ?? "none", head: h ?? "none" }));
}
function runRef(results) {
  const { git_sha, ref, started_at, finished_at, tool_version } = results.run;
  return { git_sha, ref, started_at, finished_at, tool_version, trial_set_sha256: results.trial_set.sha256 };
}
var DenominatorFold = class {
  out = { runs: 0, k: [], tasks: 0, launched: 0, executed: 0, env_errors: 0, unexecuted: 0, env_error_rules: [], holdout_env_errors: 0 };
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
  headTasks;
  get runs() {
    return this.refs.length;
  }
  add(base, file = "base results") {
    const index = this.refs.length;
    this.refs.push(runRef(base));
    this.denominators.add(base);
    if (base.trial_set.name !== this.head.trial_set.name && !this.mismatch) this.mismatch = { index, name: base.trial_set.name };
    for (const task of base.tasks) {
      const head = this.headTasks.get(task.id);
      const holdout = task.set === "holdout";
      if (!head) {
        const r = this.removed.get(task.id) ?? { runs: 0, tallies: /* @__PURE__ */ new Map(), figures: new FigureFold(), last: task, holdout: false };
        r.runs += 1;
        tallyChecks(task.trials, r.tallies);
        r.figures.add(task, file);
        r.last = task;
        r.holdout ||= holdout;
        this.removed.set(task.id, r);
        continue;
      }
      const differs = definitionDiffs(task, head);
      if (differs.length === 0) {
        const m = this.matched.get(task.id) ?? { runs: 0, tallies: /* @__PURE__ */ new Map(), figures: new FigureFold(), columns: new Columns(), holdout: false, versions: /* @__PURE__ */ new Map() };
        m.runs += 1;
        for (const check in task.check_versions ?? {}) {
          let seen = m.versions.get(check);
          if (!seen) m.versions.set(check, seen = /* @__PURE__ */ new Set());
          seen.add(task.check_versions[check]);
        }
        tallyChecks(task.trials, m.tallies);
        m.figures.add(task, file);
        m.columns.observeTrials(task.trials);
        m.holdout ||= holdout;
        this.matched.set(task.id, m);
        continue;
      }
      const d = this.differing.get(task.id) ?? { runs: 0, tallies: /* @__PURE__ */ new Map(), figures: new FigureFold(), newest: null, holdout: false };
      d.runs += 1;
      tallyChecks(task.trials, d.tallies);
      d.figures.add(task, file);
      d.holdout ||= holdout;
      if (!d.newest || base.run.started_at > d.newest.startedAt) d.newest = { startedAt: base.run.started_at, differs };
      this.differing.set(task.id, d);
    }
  }
};

// src/compare/stats.ts
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
function fisherLowerReach(base, head) {
  const { lo } = headRange(base, head);
  return tail(base, head, lo, lo);
}
function fisherUpperReach(base, head) {
  const { hi } = headRange(base, head);
  return tail(base, head, hi, hi);
}
function totalLossP(baseN, headN) {
  return Math.exp(-logChoose(baseN + headN, headN));
}

// src/compare/familywise.ts
function familyBudget(alpha, family, baseRuns, k, confirmed) {
  const first = confirmed ? Math.min(alpha, family * totalLossP(baseRuns * k, k) * (1 + 1e-9)) : alpha;
  return { alpha, first, confirm: alpha - first, family };
}
function finalThreshold(budget) {
  return budget.family > 0 ? budget.confirm / budget.family : 0;
}
var Reach = class {
  sorted;
  constructor(reaches) {
    this.sorted = [...reaches].sort((a, b) => a - b);
  }
  count(p) {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (this.sorted[mid] <= p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
};
function groupReach(members, reach) {
  const byGroup = /* @__PURE__ */ new Map();
  for (const m of members) if (!byGroup.has(m.group)) byGroup.set(m.group, reach(m));
  return new Reach(byGroup.values());
}
function decideFamily(members, budget) {
  const lower = groupReach(members, (m) => fisherLowerReach(m.base, m.first));
  const upper = groupReach(members, (m) => fisherUpperReach(m.base, m.first));
  const cut = finalThreshold(budget);
  return members.map((m) => {
    if (m.head.n === 0) return { status: "suspect", p: null, threshold: null, look: null, rule: "no executed head trial measured this check" };
    if (m.base.n === 0) return { status: "suspect", p: null, threshold: null, look: null, rule: "no executed base trial measured this check" };
    const first = firstLook(m, fisherLower(m.base, m.first), lower, budget.first, "");
    if (first.flagged) return { status: "regressed", ...first.verdict };
    const final = m.final ? finalLook(m.final, fisherLower(m.base, m.final), cut, budget, "") : null;
    if (final?.flagged) return { status: "regressed", ...final.verdict };
    const up = firstLook(m, fisherUpper(m.base, m.first), upper, budget.first, " (head higher)");
    const finalUp = m.final ? finalLook(m.final, fisherUpper(m.base, m.final), cut, budget, " (head higher)") : null;
    if (up.flagged || finalUp?.flagged) return { status: "improved", ...up.flagged ? up.verdict : finalUp.verdict };
    if (below(m.base, m.head)) return { status: "suspect", ...(final ?? first).verdict };
    return { status: allAgree(m.base, m.head) ? "unchanged" : "flaky", ...(finalUp ?? up).verdict };
  });
}
function firstLook(m, p, reach, alpha, side) {
  const family = Math.max(1, reach.count(p));
  const flagged = p * family <= alpha;
  const adjusted = p * family > 1 ? "> 1" : `= ${formatP(p * family)}`;
  const rule = `first ${m.first.n} trials: Fisher p${side} = ${formatP(p)}; ${family} check${family === 1 ? "" : "s"} could reach it: ${family} \xD7 p ${adjusted} ${flagged ? "\u2264" : ">"} \u03B1\u2081 = ${formatP(alpha)}`;
  return { flagged, verdict: { p, threshold: alpha / family, look: "first", rule } };
}
function finalLook(final, p, cut, budget, side) {
  const flagged = p <= cut;
  const rule = `${final.n} trials after confirmation: Fisher p${side} = ${formatP(p)} ${flagged ? "\u2264" : ">"} ${formatP(budget.confirm)} / ${budget.family} checks = ${formatP(cut)}`;
  return { flagged, verdict: { p, threshold: cut, look: "final", rule } };
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

// src/compare/policies.ts
function defaultAlpha(baseRuns) {
  return baseRuns <= 1 ? 0.05 : 0.01;
}
function policyReach(policy, k, baseRuns, alpha = defaultAlpha(baseRuns)) {
  if (policy === "strict") {
    return { policy, reachable: true, totalLossP: null, note: "strict flags any failed head trial of a check whose base trials all succeeded; it does not bound false alarms" };
  }
  const p = totalLossP(baseRuns * k, k);
  const runs = `${baseRuns} base run${baseRuns === 1 ? "" : "s"}`;
  if (p > alpha) {
    return {
      policy,
      reachable: false,
      totalLossP: p,
      note: `with k = ${k} and ${runs}, even a total loss (${baseRuns * k}/${baseRuns * k} \u2192 0/${k}) reaches only p = ${formatP(p)} > \u03B1 = ${alpha}: familywise cannot flag anything; raise trials or baseline-runs`
    };
  }
  const family = Math.floor(alpha / p);
  return {
    policy,
    reachable: true,
    totalLossP: p,
    note: `a total loss (${baseRuns * k}/${baseRuns * k} \u2192 0/${k}) reaches p = ${formatP(p)}; it is flagged for certain while at most ${String(family).replace(/\B(?=(\d{3})+(?!\d))/g, ",")} checks of the suite could reach as far`
  };
}
function defaultPolicy(baseRuns, k, alpha = defaultAlpha(baseRuns)) {
  return policyReach("familywise", k, baseRuns, alpha).reachable ? "familywise" : "strict";
}
function decideStrict(base, head) {
  const decided = (status, rule) => ({ status, p: null, threshold: null, look: null, rule });
  if (head.n === 0) return decided("suspect", "no executed head trial measured this check");
  if (base.n === 0) return decided("suspect", "no executed base trial measured this check");
  const headFailed = head.n - head.successes;
  const baseFailed = base.n - base.successes;
  if (base.successes === base.n && headFailed > 0) return decided("regressed", `strict: base succeeded on all ${base.n}, head failed ${headFailed} of ${head.n}`);
  if (head.successes === head.n && baseFailed > 0) return decided("improved", `strict: head succeeded on all ${head.n}, base failed ${baseFailed} of ${base.n}`);
  if (head.successes * base.n < base.successes * head.n) return decided("suspect", `strict gates only a drop from all-succeeded; base failed ${baseFailed} of ${base.n}`);
  const agree = allAgree(base, head);
  return decided(agree ? "unchanged" : "flaky", agree ? "strict: same outcome on every trial" : "strict: no drop from all-succeeded");
}

// src/compare/looks.ts
function confirmationLooks(k, extra) {
  const end = k + extra;
  const looks = [k];
  for (const n of [Math.ceil(1.5 * k), 3 * k]) if (n > looks[looks.length - 1] && n < end) looks.push(n);
  looks.push(end);
  return looks;
}
function screeningBound(look) {
  return [0.15, 0.05, 0.01][Math.min(look, 2)];
}

// src/compare/compare.ts
function compareResults(bases, head, options = {}) {
  const fold = new BaseFold(head);
  bases.forEach((b, i) => fold.add(b, `base results ${i + 1}`));
  return compareFolded(fold, head, options);
}
function gateFails(comparison) {
  return comparison.verdict === "fail";
}
function analyse(fold, head, options = {}) {
  const k = head.run.k;
  const policy = options.policy ?? defaultPolicy(Math.max(1, fold.runs), k, options.alpha);
  const alpha = policy === "strict" ? null : options.alpha ?? defaultAlpha(fold.runs);
  const looks = options.confirmTrials ? confirmationLooks(k, options.confirmTrials) : [k];
  const comparable = fold.runs > 0 && !fold.mismatch;
  if (comparable) checkTrialNumbers(head, looks, options);
  const drafts = comparable ? draftTasks(fold, head, looks) : head.tasks.map((t) => newTask(t, t.set === "holdout"));
  const confirmed = head.tasks.some((t) => t.trials.some((x) => x.trial > k));
  const family = drafts.reduce((s, d) => s + d.checks.filter((c) => c.gated).length, 0);
  const budget = alpha === null ? null : familyBudget(alpha, family, Math.max(1, fold.runs), k, confirmed);
  return { policy, chosen: options.policy ? "option" : "default", alpha, looks, confirmed, budget, drafts, comparable };
}
function compareFolded(fold, head, options = {}) {
  const a = analyse(fold, head, options);
  const decided = decide(a);
  const tasks = [];
  const holdout = { tasks: taskCounts(), checks: statusCounts(), base_passes: count(), head_passes: count(), head_passes_all: count() };
  const devChecks = statusCounts();
  let regressions = 0;
  for (const draft of a.drafts) {
    const checks = draft.checks.map((c) => {
      const d = decided.get(c);
      return { check: c.check, kind: checkKind(c.check), label: checkLabel(c.check, draft.task.faults), gated: c.gated, ...c.ungated ? { ungated: c.ungated } : {}, base: c.base, head: c.head, ...d };
    });
    for (const c of checks) {
      if (!c.gated) continue;
      (draft.holdout ? holdout.checks : devChecks)[c.status] += 1;
      if (c.status === "regressed") regressions += 1;
    }
    if (!draft.holdout) {
      tasks.push({ ...draft.task, checks });
      continue;
    }
    holdout.tasks[draft.task.status] += 1;
    const figures = draft.task.head;
    if (figures) addCount(holdout.head_passes_all, { successes: figures.passes, n: figures.executed });
    const pass = checks.find((c) => c.check === "pass");
    if (pass) {
      addCount(holdout.base_passes, pass.base);
      addCount(holdout.head_passes, pass.head);
    }
  }
  const verdict = fold.runs === 0 ? "no_baseline" : !a.comparable ? "incomparable" : regressions > 0 ? "fail" : "pass";
  const headDenominators = new DenominatorFold();
  headDenominators.add(head);
  const reach = policyReach("familywise", head.run.k, Math.max(1, fold.runs), a.alpha ?? options.alpha ?? defaultAlpha(fold.runs));
  return {
    schema: COMPARISON_SCHEMA,
    trial_set: head.trial_set.name,
    policy: {
      name: a.policy,
      alpha: a.alpha,
      chosen: a.chosen,
      alpha_first: a.budget?.first ?? null,
      alpha_confirm: a.budget?.confirm ?? null,
      family: a.budget?.family ?? a.drafts.reduce((s, d) => s + d.checks.filter((c) => c.gated).length, 0),
      confirm_trials: options.confirmTrials || null,
      looks: a.looks,
      reach: { reachable: reach.reachable, total_loss_p: reach.totalLossP, note: reach.note }
    },
    verdict,
    incomparable: fold.mismatch ? { base_index: fold.mismatch.index, field: "trial_set.name", base: fold.mismatch.name, head: head.trial_set.name } : null,
    head: runRef(head),
    bases: fold.refs,
    regressions,
    checks: devChecks,
    tasks,
    task_counts: tasks.reduce((c, t) => (c[t.status] += 1, c), taskCounts()),
    holdout,
    denominators: { head: headDenominators.result(), base: fold.runs > 0 ? fold.denominators.result() : null }
  };
}
function decide(a) {
  const out = /* @__PURE__ */ new Map();
  const last = a.looks.length - 1;
  const gated = [];
  const env = [];
  a.drafts.forEach((draft, t) => {
    for (const c of draft.checks) {
      if (!a.budget) {
        out.set(c, decideStrict(c.base, c.head));
        continue;
      }
      if (!c.gated) {
        env.push({ check: c, member: { base: c.base, first: c.head, final: null, head: c.head, group: `${t}:${c.check}` } });
        continue;
      }
      const final = last > 0 && draft.reached === last ? c.looks[last] : null;
      gated.push({ check: c, member: { base: c.base, first: c.looks[0], final, head: c.head, group: `${t}:${c.column}` } });
    }
  });
  if (a.budget) {
    decideFamily(gated.map((g) => g.member), a.budget).forEach((v, i) => out.set(gated[i].check, v));
    const envBudget = { alpha: a.budget.alpha, first: a.budget.alpha, confirm: 0, family: env.length };
    decideFamily(env.map((e) => e.member), envBudget).forEach((v, i) => out.set(env[i].check, v));
  }
  return out;
}
function checkTrialNumbers(head, looks, options) {
  const end = looks[looks.length - 1];
  head.tasks.forEach((task, i) => {
    const j = task.trials.findIndex((t) => t.trial > end);
    if (j === -1) return;
    const trial = task.trials[j].trial;
    const fix = looks.length === 1 ? `the head holds confirmation trials beyond k = ${end}: pass the plan it ran under (--confirm-trials N, the action's confirm-trials)` : `the confirmation plan ends at trial ${end}: pass the confirm-trials the head ran under`;
    throw new UserInputError(options.headFile ?? "head results", `tasks[${i}].trials[${j}].trial`, `is ${trial}; ${fix}`);
  });
}
function draftTasks(fold, head, looks) {
  const drafts = [];
  for (const task of head.tasks) {
    const matched = fold.matched.get(task.id);
    const differing = fold.differing.get(task.id);
    const holdout = task.set === "holdout" || Boolean(matched?.holdout || differing?.holdout);
    if (!matched && !differing) {
      drafts.push(newTask(task, holdout));
      continue;
    }
    if (!matched) {
      const differs = differing.newest.differs;
      const status = differs.some((d) => d.field === "fixture_sha256") ? "changed" : "incomparable";
      drafts.push({ holdout, checks: [], reached: 0, task: { ...taskShell(task, status, holdout), differs, base_runs: 0, base_runs_excluded: differing.runs, base: differing.figures.figures(differing.tallies) } });
      continue;
    }
    const headTallies = tallyChecks(task.trials);
    const byLook = tallyLooks(task.trials, looks);
    const columns = matched.columns.clone();
    columns.observeTrials(task.trials.filter((t) => t.trial <= looks[0]));
    const names = orderChecks(/* @__PURE__ */ new Set([...matched.tallies.keys(), ...headTallies.keys()]), task.faults);
    const reached = Math.max(0, ...task.trials.map((t) => Math.min(lookOf(t.trial, looks), looks.length - 1)));
    drafts.push({
      holdout,
      reached,
      checks: names.map((check) => {
        const ungated = isGated(check) ? ungatedReason(check, task, matched.versions.get(check)) : void 0;
        return {
          check,
          base: matched.tallies.get(check) ?? count(),
          head: headTallies.get(check) ?? count(),
          looks: byLook.get(check) ?? looks.map(() => count()),
          column: check === ENV_CHECK ? -1 : columns.classOf(check),
          gated: isGated(check) && !ungated,
          ...ungated ? { ungated } : {}
        };
      }),
      task: {
        ...taskShell(task, "compared", holdout, headTallies),
        base_runs: matched.runs,
        base_runs_excluded: differing?.runs ?? 0,
        base: matched.figures.figures(matched.tallies)
      }
    });
  }
  for (const [id, r] of fold.removed) {
    drafts.push({
      holdout: r.holdout,
      checks: [],
      reached: 0,
      task: { id, status: "removed", differs: [], base_runs: r.runs, base_runs_excluded: 0, faults: r.last.faults, base: r.figures.figures(r.tallies), head: null, head_trials: [] }
    });
  }
  return drafts;
}
function newTask(task, holdout) {
  return { holdout, checks: [], reached: 0, task: { ...taskShell(task, "new", holdout), base_runs: 0, base_runs_excluded: 0, base: null } };
}
function taskShell(task, status, holdout, tallies = tallyChecks(task.trials)) {
  const figures = new FigureFold();
  figures.add(task, "head results");
  return {
    id: task.id,
    status,
    differs: [],
    faults: task.faults,
    head: figures.figures(tallies),
    // A holdout task never carries per-trial detail, even inside the engine's own output.
    head_trials: holdout ? [] : task.trials.map((t) => ({ trial: t.trial, outcome: t.outcome, checks: t.checks, evidence: t.evidence })),
    ...task.judge && !holdout ? { judge: judgeShown(task, task.judge) } : {}
  };
}
function judgeShown(task, judge) {
  const ungated = Object.fromEntries(judge.items.flatMap((i) => task.ungated?.[`judge:${i.id}`] ? [[i.id, task.ungated[`judge:${i.id}`]]] : []));
  return { ...judge, ...task.summary.judge ? { summary: task.summary.judge } : {}, ungated };
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
  return { compared: 0, new: 0, removed: 0, changed: 0, incomparable: 0 };
}

// src/report/judge.ts
var MAX_QUESTION = 140;
var MAX_REASON = 300;
function judgeSection(c, compared) {
  const judged = c.tasks.filter((t) => t.judge !== void 0);
  const priced = judged.some((t) => t.judge.summary?.cost_usd !== void 0);
  const header = ["task", "item", ...compared ? ["yes, base \u2192 head", "status"] : [], "head answers", "gate", "tokens", ...priced ? ["cost"] : []];
  const rows = judged.flatMap((t) => t.judge.items.map((item) => row(t, item, compared ? t.checks.find((ch) => ch.check === `judge:${item.id}`) : void 0, compared, priced)));
  const models = [...new Set(judged.map((t) => t.judge.model))];
  const sum = (pick) => judged.reduce((n, t) => n + (t.judge.summary ? pick(t.judge.summary) : 0), 0);
  return {
    what: "judge item rows",
    count: rows.length,
    item: (i) => rows[i],
    head: `#### Model judge (${models.map(md).join(", ")}): a model's answers, not facts

Each item is one yes/no question about the candidate, asked with the goal and the harness evidence. An item gates only when its agreement with human labels meets the threshold (trialgate calibrate); an undetermined answer (malformed, refused, insufficient evidence) is never a pass; an item the judge could not be asked about is left out, as an environment error.

${tableLines(header, []).head.join("\n")}
`,
    tail: `

Judge: ${plural(sum((s) => s.calls), "call")} to the endpoint, ${plural(sum((s) => s.cached), "answer")} from the run's cache, ${thousands(sum((s) => s.tokens))} tokens${priced ? `, ${usd(sum((s) => s.cost_usd ?? 0))}` : ""}.`,
    separator: "\n"
  };
  function row(t, item, check, comparing, withCost) {
    const s = t.judge.summary?.items[item.id];
    const answers = s ? [`yes ${s.yes}`, `no ${s.no}`, ...s.undetermined ? [`undetermined ${s.undetermined}`] : [], ...s.errors ? [`not asked ${s.errors}`] : []].join(" \xB7 ") : "\u2013";
    const ungated = check ? check.ungated : t.judge.ungated[item.id];
    const gate = ungated ? `not gated, because ${safeLine(bounded(ungated, MAX_REASON))}` : `gates: ${safeLine(bounded(item.calibration, MAX_REASON))}`;
    const status = check ? `${check.status}${check.gated ? "" : " (not gated)"}` : "not compared";
    const figures = comparing ? [check ? change(check.base, check.head) : "\u2013", status] : [];
    const cells = [md(t.id), `${md(item.id)}: ${md(bounded(item.question, MAX_QUESTION))}`, ...figures, answers, gate, s ? thousands(s.tokens) : "", ...withCost ? [usd(s?.cost_usd)] : []];
    return tableLines(header, [cells]).rows[0];
  }
}
function pairwiseSection(c) {
  const p = c.pairwise;
  if (!p || p.items.length === 0 && p.notes.length === 0) return "";
  const shown = new Set(c.tasks.map((t) => t.id));
  const items = p.items.filter((i) => shown.has(i.task));
  const { head, rows } = tableLines(
    ["task", "item", "pairs", "head preferred", "base preferred", "tie", "inconsistent (position bias)", "undetermined", "not asked"],
    items.map((i) => [md(i.task), md(i.item), String(i.pairs), String(i.head), String(i.base), String(i.tie), inconsistency(i), String(i.undetermined), String(i.errors + i.identical)])
  );
  const bias = p.models.map((m) => {
    if (m.answered === 0) return `${md(m.model)}: no pair was answered in both orders.`;
    const which = [m.first_position ? `the first position both times in ${m.first_position}` : "", m.second_position ? `the second position both times in ${m.second_position}` : ""].filter(Boolean).join(", ");
    const warning = m.inconsistent > 0 ? " \u26A0\uFE0F position bias: those pairs count for neither side" : "";
    return `${md(m.model)}: ${m.inconsistent} of ${plural(m.answered, "pair")} answered in both orders ${m.answered === 1 ? "was" : "were"} inconsistent${which ? ` (it chose ${which})` : ""}${warning}.`;
  });
  return [
    "#### Model judge: base against head (blind, both orders)",
    "Each pair is one base and one head candidate, shown as A and B, then asked again with the order swapped; only a preference that survives the swap counts. Identical pairs are not asked. Shown, never gated.",
    ...items.length ? [[...head, ...rows].join("\n")] : [],
    ...bias.length ? [`Position bias per model: ${bias.join(" ")}`] : [],
    ...p.notes.map((n) => `- ${safeLine(bounded(n, MAX_REASON))}`)
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
    lines.push(`model judge (${task.judge.model}) on ${task.id}: ${summary ? `${plural(summary.calls, "call")}, ${plural(summary.cached, "answer")} from the cache, ${thousands(summary.tokens)} tokens` : "no trial was judged"}`);
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

// src/report/chart.ts
var MAX_CHART_TASKS = 15;
var MAX_LABEL = 24;
function passRateChart(c) {
  if (c.verdict !== "pass" && c.verdict !== "fail") return "";
  const tasks = c.tasks.filter((t) => t.status === "compared" && t.base && t.head && t.base.executed > 0 && t.head.executed > 0);
  if (tasks.length === 0 || tasks.length > MAX_CHART_TASKS) return "";
  const rate = (passes, executed2) => Math.round(1e3 * passes / executed2) / 10;
  const base = tasks.map((t) => rate(t.base.passes, t.base.executed));
  const head = tasks.map((t) => rate(t.head.passes, t.head.executed));
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

// src/report/fit.ts
var NOTICE = /* @__PURE__ */ Symbol("notice");
var JOIN = "\n\n";
function fitDocument(pieces, cutOrder, maxChars, notice) {
  const items = /* @__PURE__ */ new Map();
  const prefix = /* @__PURE__ */ new Map();
  const keep = /* @__PURE__ */ new Map();
  const setKeep = (c, n) => {
    const list = items.get(c) ?? [];
    const sums = prefix.get(c) ?? [0];
    items.set(c, list);
    prefix.set(c, sums);
    while (list.length < n) {
      const text2 = c.item(list.length);
      list.push(text2);
      sums.push(sums[sums.length - 1] + text2.length);
    }
    keep.set(c, n);
  };
  const cuts = () => cutOrder.filter((c) => keep.get(c) < c.count).map((c) => ({ what: c.what, kept: keep.get(c), total: c.count }));
  const sectionLength = (c) => {
    const n = keep.get(c);
    return n === 0 ? 0 : c.head.length + prefix.get(c)[n] + (n - 1) * c.separator.length + c.tail.length;
  };
  const total = (withNotice = true) => {
    const current2 = withNotice ? cuts() : [];
    const lengths = pieces.map((p) => p === NOTICE ? current2.length > 0 ? notice(current2).length : 0 : typeof p === "string" ? p.length : sectionLength(p));
    const present = lengths.filter((l) => l > 0);
    return present.reduce((s, l) => s + l, 0) + (present.length - 1) * JOIN.length + 1;
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
  const text = pieces.map((p) => {
    if (p === NOTICE) return current.length > 0 ? notice(current) : "";
    if (typeof p === "string") return p;
    const n = keep.get(p);
    return n === 0 ? "" : p.head + items.get(p).slice(0, n).join(p.separator) + p.tail;
  }).filter((t) => t !== "").join(JOIN) + "\n";
  return text.length <= maxChars ? text : null;
}

// src/report/markdown.ts
var DEFAULT_MAX_CHARS = 65e3;
var MAX_NAME = 100;
var MAX_NOTES = 20;
var MAX_NOTE = 600;
function commentMarker(trialSetName) {
  return `<!-- trialgate:${bounded(trialSetName, MAX_NAME).replace(/[\r\n\u2028\u2029]+/g, " ").replace(/-{2,}/g, "-").replace(/>/g, "")} -->`;
}
function renderComparisonMarkdown(comparison, options = {}) {
  return render(comparison, options, comparison.verdict === "no_baseline" ? "no_baseline" : "comparison");
}
function renderRunMarkdown(results, options = {}) {
  return render(compareResults([], results), options, options.noBaseline ? "no_baseline" : "run");
}
function render(c, options, mode) {
  const compared = mode === "comparison" && c.verdict !== "incomparable";
  const tasks = [...c.tasks].sort((a, b) => rank(a) - rank(b));
  const rows = (status, gated) => tasks.flatMap((t) => t.checks.filter((ch) => ch.status === status && ch.gated === gated).map((ch) => ({ task: t, check: ch })));
  const lost = rows("regressed", true);
  const regressions = checkTable("Regressions", lost, "regressions", (t, ch) => `lost ${label2(t, ch)}`);
  const improvements = checkTable("Improvements", rows("improved", true), "improvements", label2);
  const suspects = checkTable("Suspect (below base, not significant; not gated)", rows("suspect", true), "suspect checks", label2);
  const flaky = checkTable("Flaky (mixed results, no significant change; not gated)", rows("flaky", true), "flaky checks", label2);
  const environment = checkTable(
    "Env errors changed (the environment, not the agent: never gated)",
    tasks.flatMap((t) => t.checks.filter((ch) => ch.kind === "env" && ch.status !== "unchanged" && ch.status !== "flaky").map((ch) => ({ task: t, check: ch }))),
    "env error rows",
    label2
  );
  const judged = judgeSection(c, compared);
  const notCompared = notComparedTable(tasks.filter((t) => t.status !== "compared" && (compared || t.status !== "new")));
  const perTask = perTaskTable(tasks, compared);
  const details = {
    what: "per-task details",
    count: tasks.length,
    item: (i) => taskDetails(tasks[i], compared, options.evidenceUrl),
    head: "#### Details\n\n",
    tail: "",
    separator: "\n\n"
  };
  const chart = passRateChart(c);
  const chartPiece = { what: "pass-rate chart", count: compared && chart ? 1 : 0, item: () => chart, head: "", tail: "", separator: "" };
  const notes = options.notes ?? [];
  const noteLines = notes.slice(0, MAX_NOTES).map((n) => `- ${safeLine(bounded(n, MAX_NOTE))}`);
  if (notes.length > MAX_NOTES) noteLines.push(`- \u2026 and ${plural(notes.length - MAX_NOTES, "more note")}`);
  const document = (named) => [
    commentMarker(c.trial_set),
    verdictLine(c, mode),
    ...noteLines.length ? [noteLines.join("\n")] : [],
    NOTICE,
    ...compared ? [policyLine(c)] : [],
    named,
    holdoutRegressions(c),
    improvements,
    suspects,
    flaky,
    environment,
    judged,
    pairwiseSection(c),
    notCompared,
    holdoutLine(c, compared),
    chartPiece,
    perTask,
    details,
    denominatorsBlock(c),
    shaLine(c)
  ];
  const others = [chartPiece, details, perTask, flaky, judged, notCompared, improvements, environment, suspects];
  const max = options.maxChars ?? DEFAULT_MAX_CHARS;
  const whole = sectionText(regressions);
  const compact = compactRegressions(lost);
  const attempts = [
    { named: whole, cut: others, how: "table" },
    { named: compact.text, cut: others, how: "compact" },
    { named: compact.section, cut: [...others, compact.section], how: "partial" }
  ];
  for (const { named, cut, how } of attempts) {
    const text = fitDocument(document(named), cut, max, (cuts) => cutNotice(cuts, options, how, lost.length));
    if (text !== null) return text;
  }
  return lastResort(c, mode, max, options);
}
function lastResort(c, mode, max, options) {
  const where = options.fullReportUrl ? `the full report: ${options.fullReportUrl}` : "the full comparison: `trialgate compare \u2026 --format json`";
  const text = `${commentMarker(c.trial_set)}

${verdictLine(c, mode)}

\u2702\uFE0F Too long for a comment even with every table left out; see ${where}.
`;
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}
`;
}
function sectionText(s) {
  if (s.count === 0) return "";
  return s.head + Array.from({ length: s.count }, (_, i) => s.item(i)).join(s.separator) + s.tail;
}
function compactRegressions(lost) {
  const byTask = /* @__PURE__ */ new Map();
  for (const { task, check } of lost) byTask.set(task, [...byTask.get(task) ?? [], check]);
  const lines = [...byTask].map(([task, checks]) => `- ${md(task.id)}: ${checks.map((ch) => md(ch.check)).join(", ")}`);
  const section2 = {
    what: "tasks with regressions named",
    count: lines.length,
    item: (i) => lines[i],
    head: "#### Regressions (named by task and check; the full table did not fit)\n\n",
    tail: "",
    separator: "\n"
  };
  return { text: sectionText(section2), section: section2 };
}
var TASK_RANK = { regressed: 0, suspect: 1, changed: 2, incomparable: 3, improved: 4, flaky: 5, new: 6, removed: 7, unchanged: 8 };
function rank(t) {
  return TASK_RANK[taskStatus(t)];
}
var CHECK_SEVERITY = ["regressed", "suspect", "improved", "flaky", "unchanged"];
function taskStatus(t) {
  if (t.status !== "compared") return t.status;
  const gated = t.checks.filter((ch) => ch.gated);
  return CHECK_SEVERITY.find((s) => gated.some((ch) => ch.status === s)) ?? "unchanged";
}
function taskStatusText(t) {
  const status = taskStatus(t);
  if (t.status === "compared") {
    const n = t.checks.filter((ch) => ch.gated && ch.status === status).length;
    return status === "unchanged" ? status : `${status} (${n})`;
  }
  return t.status === "incomparable" ? "incomparable" : `${status} task`;
}
function verdictLine(c, mode) {
  const head = c.denominators.head;
  const scope = `trialgate \xB7 ${md(bounded(c.trial_set, MAX_NAME))} \xB7 k = ${head.k.join(", ")} \xB7 ${plural(head.tasks, "task")}`;
  if (mode === "run") {
    return `\u{1F4CB} **${thousands(passesOf(c))}/${plural(head.executed, "executed trial")} passed** \u2014 ${scope}`;
  }
  if (mode === "no_baseline") {
    return `\u2139\uFE0F **no baseline** \u2014 head results only; regressions cannot fail this check \u2014 ${scope}`;
  }
  if (c.verdict === "incomparable" && c.incomparable) {
    const i = c.incomparable;
    return `\u26A0\uFE0F **cannot compare** \u2014 base run ${i.base_index + 1} has ${i.field} ${md(bounded(i.base, MAX_NAME))}, the head ${md(bounded(i.head, MAX_NAME))}; head results only \u2014 ${scope}`;
  }
  const compared = c.task_counts.compared + c.holdout.tasks.compared;
  const suspects = c.checks.suspect + c.holdout.checks.suspect;
  const tail2 = `${scope} (${thousands(compared)} compared)${suspects > 0 ? ` \xB7 ${plural(suspects, "suspect check")} (not gated)` : ""}`;
  if (c.regressions > 0) return `\u274C **${plural(c.regressions, "regression")}** \u2014 ${tail2}`;
  if (compared === 0) return `\u26A0\uFE0F **no regressions, but no task could be compared** \u2014 ${tail2}`;
  return `\u2705 **no regressions** \u2014 ${tail2}`;
}
function passesOf(c) {
  return c.tasks.reduce((s, t) => s + (t.head?.passes ?? 0), 0) + c.holdout.head_passes_all.successes;
}
function policyLine(c) {
  const p = c.policy;
  const how = p.chosen === "default" ? `default with ${plural(c.bases.length, "base run")}` : "chosen";
  if (p.name === "strict") {
    const why = p.reach.reachable || p.chosen !== "default" ? "" : ` (familywise cannot flag anything here: ${p.reach.note})`;
    return `Policy **strict** (${how}${why}): a check that succeeded on every base trial and failed on any head trial regressed; false alarms are not bounded.`;
  }
  const confirm = p.looks.length > 1 ? ` The first round spends \u03B1\u2081 = ${formatAlpha(p.alpha_first)}; the tasks it left ambiguous were rerun in rounds of up to ${p.looks.join(" \u2192 ")} head trials, and the last look spends ${formatAlpha(p.alpha_confirm)} over the ${plural(p.family, "gated check")}.` : "";
  const warning = p.reach.reachable ? "" : ` \u26A0\uFE0F ${p.reach.note}.`;
  return `Policy **familywise** (${how}): Fisher's exact test per check; at most \u03B1 = ${p.alpha} of pull requests that changed nothing fail, over all ${plural(p.family, "gated check")} (a check counts only where it could reach the p-value judged).${confirm}${warning}`;
}
function formatAlpha(x) {
  return x === null ? "\u2013" : String(Number(x.toPrecision(2)));
}
function label2(t, ch) {
  return labelOf(ch.check, t.faults);
}
function labelOf(check, faults) {
  const name = check.slice(check.indexOf(":") + 1);
  const fault = faults.find((f) => f.id === name)?.label;
  switch (checkKind(check)) {
    case "pass":
      return "trial pass";
    case "env":
      return "executed (no env error)";
    case "detect":
      return fault ? `detection: ${md(name)} \u2014 ${md(fault)}` : `detection: ${md(name)}`;
    case "constraint":
      return `constraint: ${md(name)}`;
    case "tool":
      return fault ? `tool contract: ${md(name)} \u2014 ${md(fault)}` : `tool contract: ${md(name)}`;
    case "judge":
      return `model judge: ${md(name)}`;
    case "other":
      return md(check);
  }
}
function checkTable(title, found, what, name) {
  const { head, rows } = tableLines(
    ["task", "check", "base", "head", "p or rule"],
    found.map(({ task, check }) => [md(task.id), name(task, check), ratio(check.base), ratio(check.head), check.rule])
  );
  return section(what, `#### ${title}`, head, rows, "");
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
  return section("rows of tasks not compared", "#### Not compared (not gated)", head, rows, "");
}
function short(value) {
  return /^[0-9a-f]{64}$/.test(value) ? value.slice(0, 12) : value;
}
function holdoutLine(c, compared) {
  const h = c.holdout;
  const total = h.tasks.compared + h.tasks.new + h.tasks.removed + h.tasks.changed + h.tasks.incomparable;
  if (total === 0) return "";
  if (!compared) return `**Holdout** (aggregate only): ${plural(total, "task")}, trial pass ${ratio(h.head_passes_all)}.`;
  const tasks = ["compared", "new", "removed", "changed", "incomparable"].filter((s) => h.tasks[s] > 0).map((s) => `${thousands(h.tasks[s])} ${s}`);
  const checks = CHECK_SEVERITY.map((s) => `${thousands(h.checks[s])} ${s}`).join(", ");
  return `**Holdout** (aggregate only): ${plural(total, "task")} (${tasks.join(", ")}) \xB7 trial pass of compared tasks ${change(h.base_passes, h.head_passes)} \xB7 gated checks: ${checks}.`;
}
function perTaskTable(tasks, compared) {
  const usage = tasks.some((t) => (t.head ?? t.base)?.tokens !== void 0 || (t.head ?? t.base)?.cost_usd !== void 0);
  const repairs = tasks.some((t) => t.head?.repaired || t.base?.repaired);
  const header = [
    ...compared ? ["task", "status"] : ["task"],
    ...["trial pass", "pass@1", "pass^k", "detections", "env errors", "unexecuted", "wall time"],
    ...usage ? ["tokens", "cost"] : [],
    ...repairs ? ["pass after human repair", "human minutes", "patch lines"] : []
  ];
  const cells = (t) => {
    const f = t.head ?? t.base;
    const pass = compared ? change(passCount(t.base), passCount(t.head)) : ratio(passCount(f));
    const detections = Object.entries(f.detections).map(([fault, n]) => `${md(fault)} ${ratio(n)}`).join(" \xB7 ");
    const figures = [
      fraction(f.pass_at_1),
      fraction(f.pass_pow_k),
      detections,
      String(f.env_errors),
      String(f.unexecuted),
      seconds(f.wall_ms),
      ...usage ? [tokens(f.tokens), usd(f.cost_usd)] : [],
      ...repairs ? repairedCells(compared ? t.base : null, f) : []
    ];
    return compared ? [md(t.id), taskStatusText(t), pass, ...figures] : [md(t.id), pass, ...figures];
  };
  const { head } = tableLines(header, []);
  const usageNote = `${usage ? "tokens and cost blank where not reported." : "no task reported tokens or cost."}${repairs ? " The pass after human repair is apart from the raw trial pass, which alone is compared and gated." : ""}`;
  const note = compared ? `Trial pass as passes/executed, base \u2192 head; figures of the head run (of the base for a removed task); pass@1 and pass^k from executed trials; ${usageNote}` : `Trial pass as passes/executed; pass@1 and pass^k from executed trials; ${usageNote}`;
  return {
    what: "per-task result rows",
    count: tasks.length,
    item: (i) => tableLines(header, [cells(tasks[i])]).rows[0],
    head: `#### Per-task results

${head.join("\n")}
`,
    tail: `

${note}`,
    separator: "\n"
  };
}
function section(what, heading, header, rows, tail2) {
  return { what, count: rows.length, item: (i) => rows[i], head: `${heading}

${header.join("\n")}
`, tail: tail2, separator: "\n" };
}
function repairedCells(base, f) {
  const after = (x) => x ? { successes: x.repaired?.passes ?? x.passes, n: x.executed } : null;
  const pass = base ? change(after(base), after(f)) : ratio(after(f));
  return f.repaired ? [pass, String(f.repaired.minutes), String(f.repaired.patch_lines)] : [base?.repaired ? pass : "", "", ""];
}
function passCount(f) {
  return f ? { successes: f.passes, n: f.executed } : null;
}
var CELL = { env_error: "\u2013", unexecuted: "\xB7" };
function taskDetails(t, compared, evidenceUrl) {
  const parts = [`<details><summary><b>${html(t.id)}</b> \u2014 ${compared ? taskStatusText(t) : `${ratio(passCount(t.head))} passed`}</summary>`];
  if (t.status === "removed") parts.push(`Not in the head run; the base had it in ${plural(t.base_runs, "run")}: trial pass ${ratio(passCount(t.base))}.`);
  if (t.differs.length > 0) parts.push(`Not compared: ${t.differs.map((d) => `${d.field} ${md(short(d.base))} \u2192 ${md(short(d.head))}`).join("; ")}.`);
  if (t.checks.length > 0) {
    const pooled = t.base_runs > 1 || t.base_runs_excluded > 0 ? `Base pooled over ${plural(t.base_runs, "run")}${t.base_runs_excluded > 0 ? ` (${t.base_runs_excluded} left out: another task definition)` : ""}.

` : "";
    parts.push(pooled + table(["check", "base", "head", "status", "p or rule"], t.checks.map((ch) => [label2(t, ch), ratio(ch.base), ratio(ch.head), ch.ungated ? `${ch.status} (not gated)` : ch.status, ch.rule])));
  }
  if (t.head_trials.length > 0) {
    const names = [...new Set(t.head_trials.flatMap((tr) => Object.keys(tr.checks)))];
    const matrix = names.map((check) => [
      labelOf(check, t.faults),
      ...t.head_trials.map((tr) => CELL[tr.outcome] ?? (tr.checks[check] === void 0 ? "" : tr.checks[check] ? "\u2713" : "\u2717"))
    ]);
    if (matrix.length > 0) {
      parts.push("Head trials (\u2713 succeeded, \u2717 failed, \u2013 env error, \xB7 unexecuted):\n\n" + table(["check", ...t.head_trials.map((tr) => String(tr.trial))], matrix));
    }
  }
  const rules = t.head?.env_error_rules ?? [];
  if (rules.length > 0) parts.push(`Env errors, excluded from every rate: ${rules.map((r) => `${md(r.rule)} \xD7${r.trials}`).join("; ")}.`);
  if (t.head_trials.length > 0) {
    const where = evidenceUrl ? `[evidence artefact](${evidenceUrl})` : "the evidence artefact";
    parts.push(`Evidence in ${where}: ${t.head_trials.map((tr) => code(bounded(tr.evidence, 300))).join(", ")}`);
  }
  parts.push("</details>");
  return parts.join("\n\n");
}
var MAX_RULES = 10;
function denominatorsBlock(c) {
  const side = (name, d) => `${name}: k = ${d.k.join(", ")} \xB7 ${plural(d.tasks, "task")} \xB7 ${thousands(d.launched)} trials launched = ${thousands(d.executed)} executed + ${plural(d.env_errors, "env error")} + ${thousands(d.unexecuted)} unexecuted.`;
  const lines = [`**Denominators.** ${side("Head", c.denominators.head)}`];
  if (c.denominators.base) lines.push(side(`Base (${plural(c.denominators.base.runs, "run")}${c.denominators.base.runs > 1 ? ", pooled per task" : ""})`, c.denominators.base));
  lines.push("Rates count executed trials only. Env errors are excluded from every rate, because the environment failed, not the agent; unexecuted trials never started.");
  const rules = [...c.denominators.base ? [["base", c.denominators.base]] : [], ["head", c.denominators.head]].flatMap(([side2, d]) => {
    const listed = d.env_error_rules.slice(0, MAX_RULES).map((r) => `${side2}: ${md(bounded(r.rule, 200))} \xD7${r.trials}`);
    const rest = d.env_error_rules.slice(MAX_RULES).reduce((s, r) => s + r.trials, 0);
    return [...listed, ...rest > 0 ? [`${side2}: ${rest} under ${d.env_error_rules.length - MAX_RULES} other rules`] : [], ...d.holdout_env_errors > 0 ? [`${side2}: ${d.holdout_env_errors} in holdout tasks`] : []];
  });
  if (rules.length > 0) lines.push(`Env error rules: ${rules.join("; ")}.`);
  return lines.join("\n");
}
function shaLine(c) {
  const sha = (s) => s === null ? "unknown" : /^[0-9a-f]{7,64}$/i.test(s) ? s : md(bounded(s, 80));
  const head = `Head ${sha(c.head.git_sha)}${c.head.ref ? ` (${md(bounded(c.head.ref, 200))})` : ""}`;
  return c.bases.length === 0 ? `${head}.` : `${head} \xB7 base ${c.bases.map((b) => sha(b.git_sha)).join(", ")}.`;
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

export {
  RESULTS_SCHEMA,
  READABLE_RESULTS_SCHEMAS,
  Usage,
  TrialResult,
  Results,
  Policy,
  Comparison,
  fisherLower,
  familyBudget,
  BaseFold,
  defaultAlpha,
  policyReach,
  screeningBound,
  compareResults,
  gateFails,
  analyse,
  compareFolded,
  judgeRunLines,
  commentMarker,
  renderComparisonMarkdown,
  renderRunMarkdown
};
