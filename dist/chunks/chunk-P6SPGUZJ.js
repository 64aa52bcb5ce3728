import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  JudgeRecord,
  JudgeSummary,
  Pairwise,
  TaskJudgeInfo
} from "./chunk-GQ3N5QTO.js";
import {
  Trajectory
} from "./chunk-JXLGSGCR.js";
import {
  Judgement,
  Report
} from "./chunk-HTOP67CN.js";
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

// src/semantic/checks.ts
var JUDGE_PREFIX = "judge:";
function judgeChecks(records) {
  const checks = {};
  for (const r of records) if (r.verdict !== "error") checks[`${JUDGE_PREFIX}${r.id}`] = r.verdict === "yes";
  return checks;
}
function judgeNotes(records) {
  return records.flatMap((r) => {
    if (r.verdict === "error") return [`env error (judge): ${r.id} not judged: ${r.reason}`];
    if (r.verdict === "undetermined") return [`judge: ${r.id} undetermined (not a pass): ${r.reason}`];
    return [];
  });
}
function judgeSummary(trials) {
  const records = trials.flatMap((t) => t.judge ?? []);
  if (records.length === 0) return void 0;
  const spent = (r) => r.cached ? 0 : (r.input_tokens ?? 0) + (r.output_tokens ?? 0);
  const paid = (r) => r.cached ? 0 : r.cost_usd ?? 0;
  const priced = records.some((r) => r.cost_usd !== void 0);
  const items = {};
  for (const r of records) {
    const item = items[r.id] ??= { yes: 0, no: 0, undetermined: 0, errors: 0, tokens: 0, ...priced ? { cost_usd: 0 } : {} };
    if (r.verdict === "error") item.errors += 1;
    else item[r.verdict] += 1;
    item.tokens += spent(r);
    if (priced) item.cost_usd += paid(r);
  }
  return {
    calls: records.filter((r) => r.asked && !r.cached).length,
    cached: records.filter((r) => r.cached).length,
    tokens: records.reduce((s, r) => s + spent(r), 0),
    ...priced ? { cost_usd: records.reduce((s, r) => s + paid(r), 0) } : {},
    items
  };
}

// src/results/metrics.ts
function passAtK(n, c, k) {
  if (n < k || k < 1) return null;
  return 1 - ratioOfChoose(n - c, n, k);
}
function passPowK(n, c, k) {
  if (n < k || k < 1) return null;
  return ratioOfChoose(c, n, k);
}
function ratioOfChoose(a, n, k) {
  let ratio2 = 1;
  for (let i = 0; i < k; i++) ratio2 *= Math.max(0, a - i) / (n - i);
  return ratio2;
}
function summarizeTask(trials, k, faults) {
  const executed3 = trials.filter((t) => t.outcome === "pass" || t.outcome === "fail");
  const n = executed3.length;
  const passes = executed3.filter((t) => t.outcome === "pass").length;
  const detections = Object.fromEntries(
    faults.map((fault) => [fault, { detected: executed3.filter((t) => t.checks[`detect:${fault}`] === true).length, n }])
  );
  const summary = {
    k,
    n,
    launched: trials.length,
    passes,
    pass_at_1: n > 0 ? passes / n : null,
    pass_at_k: passAtK(n, passes, k),
    pass_pow_k: passPowK(n, passes, k),
    detections,
    env_errors: trials.filter((t) => t.outcome === "env_error").length,
    unexecuted: trials.filter((t) => t.outcome === "unexecuted").length,
    wall_ms: trials.reduce((sum, t) => sum + t.wall_ms, 0)
  };
  const tokens2 = executed3.map((t) => t.usage?.total_tokens ?? sumDefined(t.usage?.input_tokens, t.usage?.output_tokens));
  if (n > 0 && tokens2.every((x) => x !== void 0)) summary.tokens = tokens2.reduce((a, b) => a + b, 0);
  const costs = executed3.map((t) => t.usage?.cost_usd);
  if (n > 0 && costs.every((x) => x !== void 0)) summary.cost_usd = costs.reduce((a, b) => a + b, 0);
  const repairs = executed3.flatMap((t) => t.repair ? [t.repair] : []);
  if (repairs.length) {
    const repairedPasses = executed3.filter((t) => t.outcome === "pass" || t.repair?.outcome === "pass").length;
    summary.repaired = {
      passes: repairedPasses,
      n,
      pass_at_1: n > 0 ? repairedPasses / n : null,
      repairs: repairs.length,
      minutes: Math.round(repairs.reduce((sum, r) => sum + r.minutes, 0) * 10) / 10,
      patch_lines: repairs.reduce((sum, r) => sum + r.patch_lines, 0)
    };
  }
  const judged = judgeSummary(executed3);
  if (judged) summary.judge = judged;
  return summary;
}
function sumDefined(a, b) {
  return a === void 0 || b === void 0 ? void 0 : a + b;
}

// src/compare/checks.ts
var ENV_CHECK = "env";
function checkKind(check) {
  if (check === "pass") return "pass";
  if (check === ENV_CHECK) return "env";
  const prefix = check.slice(0, check.indexOf(":"));
  return prefix === "detect" || prefix === "constraint" || prefix === "tool" || prefix === "judge" ? prefix : "other";
}
function isGated(check) {
  return checkKind(check) !== "env";
}
function checkLabel(check, faults) {
  const name = check.slice(check.indexOf(":") + 1);
  switch (checkKind(check)) {
    case "pass":
      return "trial pass";
    case "env":
      return "executed (no env error)";
    case "detect": {
      const label3 = faults.find((f) => f.id === name)?.label;
      return label3 ? `detection: ${name} \u2014 ${label3}` : `detection: ${name}`;
    }
    case "constraint":
      return `constraint: ${name}`;
    case "tool": {
      const label3 = faults.find((f) => f.id === name)?.label;
      return label3 ? `tool contract: ${name} \u2014 ${label3}` : `tool contract: ${name}`;
    }
    case "judge":
      return `model judge: ${name}`;
    case "other":
      return check;
  }
}
function ungatedReason(check, head, baseVersions) {
  const said = head.ungated?.[check];
  if (said) return said;
  if (!baseVersions) return void 0;
  const version = head.check_versions?.[check];
  const others = [...baseVersions].filter((v) => v !== version);
  if (others.length === 0) return void 0;
  return `the base measured it with ${others.join("; ")} and the head with ${version ?? "no recorded version"}: not the same measurement`;
}
var KIND_ORDER = ["pass", "detect", "constraint", "tool", "judge", "other", "env"];
function orderChecks(checks, faults) {
  const faultRank = (check) => {
    const i = faults.findIndex((f) => `detect:${f.id}` === check);
    return i === -1 ? faults.length : i;
  };
  return [...checks].sort(
    (a, b) => KIND_ORDER.indexOf(checkKind(a)) - KIND_ORDER.indexOf(checkKind(b)) || faultRank(a) - faultRank(b) || (a < b ? -1 : a > b ? 1 : 0)
  );
}
function executed(trial) {
  return trial.outcome === "pass" || trial.outcome === "fail";
}
function tallyChecks(trials, into = /* @__PURE__ */ new Map()) {
  const add = (check, ok) => {
    let t = into.get(check);
    if (!t) into.set(check, t = { successes: 0, n: 0 });
    t.n += 1;
    if (ok) t.successes += 1;
  };
  for (const trial of trials) {
    if (trial.outcome === "unexecuted") continue;
    add(ENV_CHECK, executed(trial));
    if (!executed(trial)) continue;
    for (const check in trial.checks) if (check !== ENV_CHECK) add(check, trial.checks[check]);
  }
  return into;
}
function passEstimates(n, c, k) {
  return { pass_at_1: n > 0 ? c / n : null, pass_at_k: passAtK(n, c, k), pass_pow_k: passPowK(n, c, k) };
}
function envRule(trial) {
  return trial.env_error ?? "env error without a recorded rule";
}
function lookOf(trial, looks) {
  const i = looks.findIndex((n) => trial <= n);
  return i === -1 ? looks.length : i;
}
function tallyLooks(trials, looks) {
  const out = /* @__PURE__ */ new Map();
  const add = (check, look, ok) => {
    let counts2 = out.get(check);
    if (!counts2) out.set(check, counts2 = looks.map(() => ({ successes: 0, n: 0 })));
    for (let i = look; i < looks.length; i++) {
      counts2[i].n += 1;
      if (ok) counts2[i].successes += 1;
    }
  };
  for (const trial of trials) {
    if (trial.outcome === "unexecuted") continue;
    const look = lookOf(trial.trial, looks);
    if (look >= looks.length) continue;
    add(ENV_CHECK, look, executed(trial));
    if (!executed(trial)) continue;
    for (const check in trial.checks) if (check !== ENV_CHECK) add(check, look, trial.checks[check]);
  }
  return out;
}

// src/compare/fold.ts
var executed2 = (t) => t.outcome === "pass" || t.outcome === "fail";
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
      if (executed2(t)) this.counts.executed += 1;
      if (t.outcome === "pass") this.counts.passes += 1;
      if (t.outcome === "pass" || t.outcome === "fail" && t.repair?.outcome === "pass") this.repaired.passes += 1;
      if (t.repair && executed2(t)) {
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
    for (const t of trials) if (executed2(t)) this.observe(t.checks);
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
        if (executed2(trial)) out.executed += 1;
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
      const holdout2 = task.set === "holdout";
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
  const cut2 = finalThreshold(budget);
  return members.map((m) => {
    if (m.head.n === 0) return { status: "suspect", p: null, threshold: null, look: null, rule: "no executed head trial measured this check" };
    if (m.base.n === 0) return { status: "suspect", p: null, threshold: null, look: null, rule: "no executed base trial measured this check" };
    const first = firstLook(m, fisherLower(m.base, m.first), lower, budget.first, "");
    if (first.flagged) return { status: "regressed", ...first.verdict };
    const final = m.final ? finalLook(m.final, fisherLower(m.base, m.final), cut2, budget, "") : null;
    if (final?.flagged) return { status: "regressed", ...final.verdict };
    const up = firstLook(m, fisherUpper(m.base, m.first), upper, budget.first, " (head higher)");
    const finalUp = m.final ? finalLook(m.final, fisherUpper(m.base, m.final), cut2, budget, " (head higher)") : null;
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
function finalLook(final, p, cut2, budget, side) {
  const flagged = p <= cut2;
  const rule = `${final.n} trials after confirmation: Fisher p${side} = ${formatP(p)} ${flagged ? "\u2264" : ">"} ${formatP(budget.confirm)} / ${budget.family} checks = ${formatP(cut2)}`;
  return { flagged, verdict: { p, threshold: cut2, look: "final", rule } };
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
  const holdout2 = { tasks: taskCounts(), checks: statusCounts(), base_passes: count(), head_passes: count(), head_passes_all: count() };
  const devChecks = statusCounts();
  let regressions = 0;
  for (const draft of a.drafts) {
    const checks = draft.checks.map((c) => {
      const d = decided.get(c);
      return { check: c.check, kind: checkKind(c.check), label: checkLabel(c.check, draft.task.faults), gated: c.gated, ...c.ungated ? { ungated: c.ungated } : {}, base: c.base, head: c.head, ...d };
    });
    for (const c of checks) {
      if (!c.gated) continue;
      (draft.holdout ? holdout2.checks : devChecks)[c.status] += 1;
      if (c.status === "regressed") regressions += 1;
    }
    if (!draft.holdout) {
      tasks.push({ ...draft.task, checks });
      continue;
    }
    holdout2.tasks[draft.task.status] += 1;
    const figures2 = draft.task.head;
    if (figures2) addCount(holdout2.head_passes_all, { successes: figures2.passes, n: figures2.executed });
    const pass = checks.find((c) => c.check === "pass");
    if (pass) {
      addCount(holdout2.base_passes, pass.base);
      addCount(holdout2.head_passes, pass.head);
    }
  }
  const verdict2 = fold.runs === 0 ? "no_baseline" : !a.comparable ? "incomparable" : regressions > 0 ? "fail" : "pass";
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
    verdict: verdict2,
    incomparable: fold.mismatch ? { base_index: fold.mismatch.index, field: "trial_set.name", base: fold.mismatch.name, head: head.trial_set.name } : null,
    head: runRef(head),
    bases: fold.refs,
    regressions,
    checks: devChecks,
    tasks,
    task_counts: tasks.reduce((c, t) => (c[t.status] += 1, c), taskCounts()),
    holdout: holdout2,
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
    const holdout2 = task.set === "holdout" || Boolean(matched?.holdout || differing?.holdout);
    if (!matched && !differing) {
      drafts.push(newTask(task, holdout2));
      continue;
    }
    if (!matched) {
      const differs = differing.newest.differs;
      const status = differs.some((d) => d.field === "fixture_sha256") ? "changed" : "incomparable";
      drafts.push({ holdout: holdout2, checks: [], reached: 0, task: { ...taskShell(task, status, holdout2), differs, base_runs: 0, base_runs_excluded: differing.runs, base: differing.figures.figures(differing.tallies) } });
      continue;
    }
    const headTallies = tallyChecks(task.trials);
    const byLook = tallyLooks(task.trials, looks);
    const columns = matched.columns.clone();
    columns.observeTrials(task.trials.filter((t) => t.trial <= looks[0]));
    const names = orderChecks(/* @__PURE__ */ new Set([...matched.tallies.keys(), ...headTallies.keys()]), task.faults);
    const reached = Math.max(0, ...task.trials.map((t) => Math.min(lookOf(t.trial, looks), looks.length - 1)));
    drafts.push({
      holdout: holdout2,
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
        ...taskShell(task, "compared", holdout2, headTallies),
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
function newTask(task, holdout2) {
  return { holdout: holdout2, checks: [], reached: 0, task: { ...taskShell(task, "new", holdout2), base_runs: 0, base_runs_excluded: 0, base: null } };
}
function taskShell(task, status, holdout2, tallies = tallyChecks(task.trials)) {
  const figures2 = new FigureFold();
  figures2.add(task, "head results");
  return {
    id: task.id,
    status,
    differs: [],
    faults: task.faults,
    head: figures2.figures(tallies),
    // A holdout task never carries per-trial detail, even inside the engine's own output.
    head_trials: holdout2 ? [] : task.trials.map((t) => ({ trial: t.trial, outcome: t.outcome, checks: t.checks, evidence: t.evidence })),
    ...task.judge && !holdout2 ? { judge: judgeShown(task, task.judge) } : {}
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

// src/report/format.ts
import { createHash } from "node:crypto";
var QUIET = /^[\p{L}\p{N} .,:;()/'"+=\-–—×→]*$/u;
var LINKISH = /www\.|[a-z][a-z0-9+.-]*:\/\//i;
var BREAKS = /[\r\n\u2028\u2029\u0085]+/g;
function md(text2) {
  const flat = text2.replace(BREAKS, " ");
  return QUIET.test(flat) && !LINKISH.test(flat) ? flat : code(flat);
}
function code(text2) {
  const flat = text2.replace(BREAKS, " ");
  if (flat === "") return "";
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") || /^ .* $/.test(flat) ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}
function html(text2) {
  const flat = text2.replace(BREAKS, " ");
  const escaped = flat.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return QUIET.test(flat) && !LINKISH.test(flat) ? escaped : `<code>${escaped}</code>`;
}
function bounded(text2, max) {
  if (text2.length <= max) return text2;
  return `${text2.slice(0, max - 12)}\u2026${createHash("sha256").update(text2).digest("hex").slice(0, 10)}`;
}
function safeLine(text2) {
  const flat = text2.replace(BREAKS, " ");
  let out = "";
  let last = 0;
  for (const m of flat.matchAll(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)|\[(?:[0-9a-f]{7,40}|\d+\/\d+)\]\(https?:\/\/[^\s()<>]+\)/g)) {
    out += quiet(flat.slice(last, m.index));
    out += m[0];
    last = m.index + m[0].length;
  }
  return out + quiet(flat.slice(last));
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
function thousands(n) {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
function plural(n, one, many = `${one}s`) {
  return `${thousands(n)} ${n === 1 ? one : many}`;
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

// src/report/html/write.ts
import { writeFile } from "node:fs/promises";
import { join as join2 } from "node:path";

// src/report/html/evidence.ts
import { lstat, open, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
var DEFAULT_LIMITS = { logTailBytes: 8 * 1024, fileBytes: 64 * 1024, candidateBytes: 256 * 1024, candidateFiles: 100, exchanges: 200 };
var BoundaryJudgement = external_exports.object({ accepted: external_exports.boolean(), findings: external_exports.array(external_exports.object({ kind: external_exports.string(), text: external_exports.string() })) });
var Goals = external_exports.array(external_exports.record(external_exports.string(), external_exports.unknown()));
async function readTrialEvidence(trialDir, limits = DEFAULT_LIMITS) {
  if (!await isDirectory(trialDir)) return null;
  const evidenceDir = join(trialDir, "evidence");
  const out = { reports: [], boundaries: [], log: null, candidate: null, problems: [] };
  const entries = await entriesOf(evidenceDir);
  if (entries === null) out.problems.push("evidence/ is missing");
  for (const name of await fileNames(join(evidenceDir, "reports"), ".json")) {
    const read = await readJson(join(evidenceDir, "reports", name), Report);
    out.reports.push({ variant: name.slice(0, -".json".length), report: read.value, ...read.problem ? { problem: `evidence/reports/${name}: ${read.problem}` } : {} });
  }
  for (const entry of entries ?? []) {
    if (!entry.isDirectory() || entry.name === "reports") continue;
    const run = await readBoundaryRun(join(evidenceDir, entry.name), entry.name, limits);
    if (run) out.boundaries.push(run);
  }
  out.log = await readTail(join(evidenceDir, "agent.log"), limits.logTailBytes);
  out.candidate = await readCandidate(join(trialDir, "candidate"), limits);
  return out;
}
async function readBoundaryRun(dir, variant, limits) {
  const trajectory = await readJson(join(dir, "trajectory.json"), Trajectory);
  if (trajectory.missing) return null;
  const judgement = await readJson(join(dir, "judgement.json"), BoundaryJudgement);
  const goals = await readJson(join(dir, "goal.json"), Goals);
  const log = await readTail(join(dir, "agent.log"), limits.logTailBytes);
  const problems = [
    ...trajectory.problem ? [`evidence/${variant}/trajectory.json: ${trajectory.problem}`] : [],
    ...judgement.problem ? [`evidence/${variant}/judgement.json: ${judgement.problem}`] : [],
    ...goals.problem ? [`evidence/${variant}/goal.json: ${goals.problem}`] : []
  ];
  const calls = trajectory.value ?? [];
  return {
    variant,
    trajectory: trajectory.value ? calls.slice(0, limits.exchanges) : null,
    cutExchanges: Math.max(0, calls.length - limits.exchanges),
    judgement: judgement.value,
    goals: goals.value ?? [],
    log,
    problems
  };
}
async function readCandidate(dir, limits = DEFAULT_LIMITS) {
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
    const size = (await lstat(f.abs)).size;
    if (size > limits.fileBytes) files.push({ path: f.path, size, text: null, why: `larger than ${kib(limits.fileBytes)}` });
    else if (shown + size > limits.candidateBytes) files.push({ path: f.path, size, text: null, why: `the trial's files past ${kib(limits.candidateBytes)}` });
    else {
      const data = await readFile(f.abs).catch(() => null);
      if (data === null) files.push({ path: f.path, size, text: null, why: "unreadable" });
      else if (data.subarray(0, 8192).includes(0)) files.push({ path: f.path, size, text: null, why: "binary" });
      else {
        shown += size;
        files.push({ path: f.path, size, text: data.toString("utf8") });
      }
    }
  }
  return { files, unlisted };
}
async function readTail(path, bytes) {
  const handle = await open(path, "r").catch(() => null);
  if (!handle) return null;
  try {
    const size = (await handle.stat()).size;
    const from = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - from);
    await handle.read(buffer, 0, buffer.length, from);
    const newline = from > 0 ? buffer.indexOf(10) : -1;
    const start = newline >= 0 ? newline + 1 : 0;
    return { text: buffer.subarray(start).toString("utf8"), cutBytes: from + start };
  } finally {
    await handle.close();
  }
}
async function readJson(path, schema) {
  let text2;
  try {
    text2 = await readFile(path, "utf8");
  } catch (e) {
    const code2 = e.code;
    return { value: null, missing: code2 === "ENOENT", ...code2 === "ENOENT" ? {} : { problem: `unreadable (${code2})` } };
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
  return lstat(path).then((s) => s.isDirectory(), () => false);
}
async function entriesOf(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  return entries ? entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : null;
}
async function fileNames(dir, suffix) {
  return (await entriesOf(dir) ?? []).filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => e.name);
}
function kib(bytes) {
  return `${Math.round(bytes / 1024)} KiB`;
}

// node_modules/diff/libesm/diff/base.js
var Diff = class {
  diff(oldStr, newStr, options = {}) {
    let callback;
    if (typeof options === "function") {
      callback = options;
      options = {};
    } else if ("callback" in options) {
      callback = options.callback;
    }
    const oldString = this.castInput(oldStr, options);
    const newString = this.castInput(newStr, options);
    const oldTokens = this.removeEmpty(this.tokenize(oldString, options));
    const newTokens = this.removeEmpty(this.tokenize(newString, options));
    return this.diffWithOptionsObj(oldTokens, newTokens, options, callback);
  }
  diffWithOptionsObj(oldTokens, newTokens, options, callback) {
    var _a;
    const done = (value) => {
      value = this.postProcess(value, options);
      if (callback) {
        setTimeout(function() {
          callback(value);
        }, 0);
        return void 0;
      } else {
        return value;
      }
    };
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let editLength = 1;
    let maxEditLength = newLen + oldLen;
    if (options.maxEditLength != null) {
      maxEditLength = Math.min(maxEditLength, options.maxEditLength);
    }
    const maxExecutionTime = (_a = options.timeout) !== null && _a !== void 0 ? _a : Infinity;
    const abortAfterTimestamp = Date.now() + maxExecutionTime;
    const bestPath = [{ oldPos: -1, lastComponent: void 0 }];
    let newPos = this.extractCommon(bestPath[0], newTokens, oldTokens, 0, options);
    if (bestPath[0].oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
      return done(this.buildValues(bestPath[0].lastComponent, newTokens, oldTokens));
    }
    let minDiagonalToConsider = -Infinity, maxDiagonalToConsider = Infinity;
    const execEditLength = () => {
      for (let diagonalPath = Math.max(minDiagonalToConsider, -editLength); diagonalPath <= Math.min(maxDiagonalToConsider, editLength); diagonalPath += 2) {
        let basePath;
        const removePath = bestPath[diagonalPath - 1], addPath = bestPath[diagonalPath + 1];
        if (removePath) {
          bestPath[diagonalPath - 1] = void 0;
        }
        let canAdd = false;
        if (addPath) {
          const addPathNewPos = addPath.oldPos - diagonalPath;
          canAdd = addPath && 0 <= addPathNewPos && addPathNewPos < newLen;
        }
        const canRemove = removePath && removePath.oldPos + 1 < oldLen;
        if (!canAdd && !canRemove) {
          bestPath[diagonalPath] = void 0;
          continue;
        }
        if (!canRemove || canAdd && removePath.oldPos < addPath.oldPos) {
          basePath = this.addToPath(addPath, true, false, 0, options);
        } else {
          basePath = this.addToPath(removePath, false, true, 1, options);
        }
        newPos = this.extractCommon(basePath, newTokens, oldTokens, diagonalPath, options);
        if (basePath.oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
          return done(this.buildValues(basePath.lastComponent, newTokens, oldTokens)) || true;
        } else {
          bestPath[diagonalPath] = basePath;
          if (basePath.oldPos + 1 >= oldLen) {
            maxDiagonalToConsider = Math.min(maxDiagonalToConsider, diagonalPath - 1);
          }
          if (newPos + 1 >= newLen) {
            minDiagonalToConsider = Math.max(minDiagonalToConsider, diagonalPath + 1);
          }
        }
      }
      editLength++;
    };
    if (callback) {
      (function exec() {
        setTimeout(function() {
          if (editLength > maxEditLength || Date.now() > abortAfterTimestamp) {
            return callback(void 0);
          }
          if (!execEditLength()) {
            exec();
          }
        }, 0);
      })();
    } else {
      while (editLength <= maxEditLength && Date.now() <= abortAfterTimestamp) {
        const ret = execEditLength();
        if (ret) {
          return ret;
        }
      }
    }
  }
  addToPath(path, added, removed, oldPosInc, options) {
    const last = path.lastComponent;
    if (last && !options.oneChangePerToken && last.added === added && last.removed === removed) {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: last.count + 1, added, removed, previousComponent: last.previousComponent }
      };
    } else {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: 1, added, removed, previousComponent: last }
      };
    }
  }
  extractCommon(basePath, newTokens, oldTokens, diagonalPath, options) {
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let oldPos = basePath.oldPos, newPos = oldPos - diagonalPath, commonCount = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && this.equals(oldTokens[oldPos + 1], newTokens[newPos + 1], options)) {
      newPos++;
      oldPos++;
      commonCount++;
      if (options.oneChangePerToken) {
        basePath.lastComponent = { count: 1, previousComponent: basePath.lastComponent, added: false, removed: false };
      }
    }
    if (commonCount && !options.oneChangePerToken) {
      basePath.lastComponent = { count: commonCount, previousComponent: basePath.lastComponent, added: false, removed: false };
    }
    basePath.oldPos = oldPos;
    return newPos;
  }
  equals(left, right, options) {
    if (options.comparator) {
      return options.comparator(left, right);
    } else {
      return left === right || !!options.ignoreCase && left.toLowerCase() === right.toLowerCase();
    }
  }
  removeEmpty(array) {
    const ret = [];
    for (let i = 0; i < array.length; i++) {
      if (array[i]) {
        ret.push(array[i]);
      }
    }
    return ret;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  castInput(value, options) {
    return value;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  tokenize(value, options) {
    return Array.from(value);
  }
  join(chars) {
    return chars.join("");
  }
  postProcess(changeObjects, options) {
    return changeObjects;
  }
  get useLongestToken() {
    return false;
  }
  buildValues(lastComponent, newTokens, oldTokens) {
    const components = [];
    let nextComponent;
    while (lastComponent) {
      components.push(lastComponent);
      nextComponent = lastComponent.previousComponent;
      delete lastComponent.previousComponent;
      lastComponent = nextComponent;
    }
    components.reverse();
    const componentLen = components.length;
    let componentPos = 0, newPos = 0, oldPos = 0;
    for (; componentPos < componentLen; componentPos++) {
      const component = components[componentPos];
      if (!component.removed) {
        if (!component.added && this.useLongestToken) {
          let value = newTokens.slice(newPos, newPos + component.count);
          value = value.map(function(value2, i) {
            const oldValue = oldTokens[oldPos + i];
            return oldValue.length > value2.length ? oldValue : value2;
          });
          component.value = this.join(value);
        } else {
          component.value = this.join(newTokens.slice(newPos, newPos + component.count));
        }
        newPos += component.count;
        if (!component.added) {
          oldPos += component.count;
        }
      } else {
        component.value = this.join(oldTokens.slice(oldPos, oldPos + component.count));
        oldPos += component.count;
      }
    }
    return components;
  }
};

// node_modules/diff/libesm/util/string.js
function hasOnlyWinLineEndings(string) {
  return string.includes("\r\n") && !string.startsWith("\n") && !string.match(/[^\r]\n/);
}
function hasOnlyUnixLineEndings(string) {
  return !string.includes("\r\n") && string.includes("\n");
}

// node_modules/diff/libesm/diff/line.js
var LineDiff = class extends Diff {
  constructor() {
    super(...arguments);
    this.tokenize = tokenize;
  }
  equals(left, right, options) {
    if (options.ignoreWhitespace) {
      if (!options.newlineIsToken || !left.includes("\n")) {
        left = left.trim();
      }
      if (!options.newlineIsToken || !right.includes("\n")) {
        right = right.trim();
      }
    } else if (options.ignoreNewlineAtEof && !options.newlineIsToken) {
      if (left.endsWith("\n")) {
        left = left.slice(0, -1);
      }
      if (right.endsWith("\n")) {
        right = right.slice(0, -1);
      }
    }
    return super.equals(left, right, options);
  }
};
var lineDiff = new LineDiff();
function diffLines(oldStr, newStr, options) {
  return lineDiff.diff(oldStr, newStr, options);
}
function tokenize(value, options) {
  if (options.stripTrailingCr) {
    value = value.replace(/\r\n/g, "\n");
  }
  const retLines = [], linesAndNewlines = value.split(/(\n|\r\n)/);
  if (!linesAndNewlines[linesAndNewlines.length - 1]) {
    linesAndNewlines.pop();
  }
  for (let i = 0; i < linesAndNewlines.length; i++) {
    const line = linesAndNewlines[i];
    if (i % 2 && !options.newlineIsToken) {
      retLines[retLines.length - 1] += line;
    } else {
      retLines.push(line);
    }
  }
  return retLines;
}

// node_modules/diff/libesm/patch/line-endings.js
function unixToWin(patch) {
  if (Array.isArray(patch)) {
    return patch.map((p) => unixToWin(p));
  }
  return Object.assign(Object.assign({}, patch), { hunks: patch.hunks.map((hunk) => Object.assign(Object.assign({}, hunk), { lines: hunk.lines.map((line, i) => {
    var _a;
    return line.startsWith("\\") || line.endsWith("\r") || ((_a = hunk.lines[i + 1]) === null || _a === void 0 ? void 0 : _a.startsWith("\\")) ? line : line + "\r";
  }) })) });
}
function winToUnix(patch) {
  if (Array.isArray(patch)) {
    return patch.map((p) => winToUnix(p));
  }
  return Object.assign(Object.assign({}, patch), { hunks: patch.hunks.map((hunk) => Object.assign(Object.assign({}, hunk), { lines: hunk.lines.map((line) => line.endsWith("\r") ? line.substring(0, line.length - 1) : line) })) });
}
function isUnix(patch) {
  if (!Array.isArray(patch)) {
    patch = [patch];
  }
  return !patch.some((index) => index.hunks.some((hunk) => hunk.lines.some((line) => !line.startsWith("\\") && line.endsWith("\r"))));
}
function isWin(patch) {
  if (!Array.isArray(patch)) {
    patch = [patch];
  }
  return patch.some((index) => index.hunks.some((hunk) => hunk.lines.some((line) => line.endsWith("\r")))) && patch.every((index) => index.hunks.every((hunk) => hunk.lines.every((line, i) => {
    var _a;
    return line.startsWith("\\") || line.endsWith("\r") || ((_a = hunk.lines[i + 1]) === null || _a === void 0 ? void 0 : _a.startsWith("\\"));
  })));
}

// node_modules/diff/libesm/patch/parse.js
function parsePatch(uniDiff) {
  const diffstr = uniDiff.split(/\n/), list2 = [];
  let i = 0;
  function isGitDiffHeader(line) {
    return /^diff --git /.test(line);
  }
  function isDiffHeader(line) {
    return isGitDiffHeader(line) || /^Index:\s/.test(line) || /^diff(?: -r \w+)+\s/.test(line);
  }
  function isFileHeader(line) {
    return /^(---|\+\+\+)\s/.test(line);
  }
  function isHunkHeader(line) {
    return /^@@\s/.test(line);
  }
  function parseIndex() {
    var _a;
    const index = {};
    index.hunks = [];
    list2.push(index);
    let seenDiffHeader = false;
    while (i < diffstr.length) {
      const line = diffstr[i];
      if (isFileHeader(line) || isHunkHeader(line)) {
        break;
      }
      if (isGitDiffHeader(line)) {
        if (seenDiffHeader) {
          return;
        }
        seenDiffHeader = true;
        index.isGit = true;
        const paths = parseGitDiffHeader(line);
        if (paths) {
          index.oldFileName = paths.oldFileName;
          index.newFileName = paths.newFileName;
        }
        i++;
        while (i < diffstr.length) {
          const extLine = diffstr[i];
          if (isFileHeader(extLine) || isHunkHeader(extLine) || isDiffHeader(extLine)) {
            break;
          }
          const renameFromMatch = /^rename from (.*)/.exec(extLine);
          if (renameFromMatch) {
            index.oldFileName = "a/" + unquoteIfQuoted(renameFromMatch[1]);
            index.isRename = true;
          }
          const renameToMatch = /^rename to (.*)/.exec(extLine);
          if (renameToMatch) {
            index.newFileName = "b/" + unquoteIfQuoted(renameToMatch[1]);
            index.isRename = true;
          }
          const copyFromMatch = /^copy from (.*)/.exec(extLine);
          if (copyFromMatch) {
            index.oldFileName = "a/" + unquoteIfQuoted(copyFromMatch[1]);
            index.isCopy = true;
          }
          const copyToMatch = /^copy to (.*)/.exec(extLine);
          if (copyToMatch) {
            index.newFileName = "b/" + unquoteIfQuoted(copyToMatch[1]);
            index.isCopy = true;
          }
          const newFileModeMatch = /^new file mode (\d+)/.exec(extLine);
          if (newFileModeMatch) {
            index.isCreate = true;
            index.newMode = newFileModeMatch[1];
          }
          const deletedFileModeMatch = /^deleted file mode (\d+)/.exec(extLine);
          if (deletedFileModeMatch) {
            index.isDelete = true;
            index.oldMode = deletedFileModeMatch[1];
          }
          const oldModeMatch = /^old mode (\d+)/.exec(extLine);
          if (oldModeMatch) {
            index.oldMode = oldModeMatch[1];
          }
          const newModeMatch = /^new mode (\d+)/.exec(extLine);
          if (newModeMatch) {
            index.newMode = newModeMatch[1];
          }
          if (/^Binary files /.test(extLine)) {
            index.isBinary = true;
          }
          i++;
        }
        continue;
      } else if (isDiffHeader(line)) {
        if (seenDiffHeader) {
          return;
        }
        seenDiffHeader = true;
        const headerMatch = /^(?:Index:|diff(?: -r \w+)+)\s+/.exec(line);
        if (headerMatch) {
          index.index = line.substring(headerMatch[0].length).trim();
        }
      }
      i++;
    }
    parseFileHeader(index);
    parseFileHeader(index);
    if (index.oldFileName === void 0 !== (index.newFileName === void 0)) {
      throw new Error("Missing " + (index.oldFileName !== void 0 ? '"+++ ..."' : '"--- ..."') + " file header for " + ((_a = index.oldFileName) !== null && _a !== void 0 ? _a : index.newFileName));
    }
    while (i < diffstr.length) {
      const line = diffstr[i];
      if (isDiffHeader(line) || isFileHeader(line) || /^===================================================================/.test(line)) {
        break;
      } else if (isHunkHeader(line)) {
        index.hunks.push(parseHunk());
      } else {
        i++;
      }
    }
  }
  function parseGitDiffHeader(line) {
    const rest = line.substring("diff --git ".length);
    if (rest.startsWith('"')) {
      const oldPath = parseQuotedFileName(rest);
      if (oldPath === null) {
        return null;
      }
      const afterOld = rest.substring(oldPath.rawLength + 1);
      let newFileName;
      if (afterOld.startsWith('"')) {
        const newPath = parseQuotedFileName(afterOld);
        if (newPath === null) {
          return null;
        }
        newFileName = newPath.fileName;
      } else {
        newFileName = afterOld;
      }
      return {
        oldFileName: oldPath.fileName,
        newFileName
      };
    }
    const quoteIdx = rest.indexOf('"');
    if (quoteIdx > 0) {
      const oldFileName = rest.substring(0, quoteIdx - 1);
      const newPath = parseQuotedFileName(rest.substring(quoteIdx));
      if (newPath === null) {
        return null;
      }
      return {
        oldFileName,
        newFileName: newPath.fileName
      };
    }
    if (rest.startsWith("a/")) {
      const splits = [];
      let idx = 0;
      while (true) {
        idx = rest.indexOf(" b/", idx + 1);
        if (idx === -1) {
          break;
        }
        splits.push(idx);
      }
      if (splits.length > 0) {
        const mid = splits[Math.floor(splits.length / 2)];
        return {
          oldFileName: rest.substring(0, mid),
          newFileName: rest.substring(mid + 1)
        };
      }
    }
    return null;
  }
  function unquoteIfQuoted(s) {
    if (s.startsWith('"')) {
      const parsed = parseQuotedFileName(s);
      if (parsed) {
        return parsed.fileName;
      }
    }
    return s;
  }
  function parseQuotedFileName(s) {
    if (!s.startsWith('"')) {
      return null;
    }
    let result = "";
    let j = 1;
    while (j < s.length) {
      if (s[j] === '"') {
        return { fileName: result, rawLength: j + 1 };
      }
      if (s[j] === "\\" && j + 1 < s.length) {
        j++;
        switch (s[j]) {
          case "a":
            result += "\x07";
            break;
          case "b":
            result += "\b";
            break;
          case "f":
            result += "\f";
            break;
          case "n":
            result += "\n";
            break;
          case "r":
            result += "\r";
            break;
          case "t":
            result += "	";
            break;
          case "v":
            result += "\v";
            break;
          case "\\":
            result += "\\";
            break;
          case '"':
            result += '"';
            break;
          case "0":
          case "1":
          case "2":
          case "3":
          case "4":
          case "5":
          case "6":
          case "7": {
            if (j + 2 >= s.length || s[j + 1] < "0" || s[j + 1] > "7" || s[j + 2] < "0" || s[j + 2] > "7") {
              return null;
            }
            const bytes = [parseInt(s.substring(j, j + 3), 8)];
            j += 3;
            while (s[j] === "\\" && s[j + 1] >= "0" && s[j + 1] <= "7") {
              if (j + 3 >= s.length || s[j + 2] < "0" || s[j + 2] > "7" || s[j + 3] < "0" || s[j + 3] > "7") {
                return null;
              }
              bytes.push(parseInt(s.substring(j + 1, j + 4), 8));
              j += 4;
            }
            result += new TextDecoder("utf-8").decode(new Uint8Array(bytes));
            continue;
          }
          // Note that in C, there are also three kinds of hex escape sequences:
          // - \xhh
          // - \uhhhh
          // - \Uhhhhhhhh
          // We do not bother to parse them here because, so far as we know,
          // they are never emitted by any tools that generate unified diff
          // format diffs, and so for now jsdiff does not consider them legal.
          default:
            return null;
        }
      } else {
        result += s[j];
      }
      j++;
    }
    return null;
  }
  function parseFileHeader(index) {
    const fileHeaderMatch = /^(---|\+\+\+)\s+/.exec(diffstr[i]);
    if (fileHeaderMatch) {
      const prefix = fileHeaderMatch[1], data = diffstr[i].substring(3).trim().split("	", 2), header2 = (data[1] || "").trim();
      let fileName = data[0];
      if (fileName.startsWith('"')) {
        fileName = unquoteIfQuoted(fileName);
      } else {
        fileName = fileName.replace(/\\\\/g, "\\");
      }
      if (prefix === "---") {
        index.oldFileName = fileName;
        index.oldHeader = header2;
      } else {
        index.newFileName = fileName;
        index.newHeader = header2;
      }
      i++;
    }
  }
  function parseHunk() {
    var _a;
    const chunkHeaderIndex = i, chunkHeaderLine = diffstr[i++], chunkHeader = chunkHeaderLine.split(/@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/);
    const hunk = {
      oldStart: +chunkHeader[1],
      oldLines: typeof chunkHeader[2] === "undefined" ? 1 : +chunkHeader[2],
      newStart: +chunkHeader[3],
      newLines: typeof chunkHeader[4] === "undefined" ? 1 : +chunkHeader[4],
      lines: []
    };
    if (hunk.oldLines === 0) {
      hunk.oldStart += 1;
    }
    if (hunk.newLines === 0) {
      hunk.newStart += 1;
    }
    let addCount2 = 0, removeCount = 0;
    for (; i < diffstr.length && (removeCount < hunk.oldLines || addCount2 < hunk.newLines || ((_a = diffstr[i]) === null || _a === void 0 ? void 0 : _a.startsWith("\\"))); i++) {
      const operation = diffstr[i].length == 0 && i != diffstr.length - 1 ? " " : diffstr[i][0];
      if (operation === "+" || operation === "-" || operation === " " || operation === "\\") {
        hunk.lines.push(diffstr[i]);
        if (operation === "+") {
          addCount2++;
        } else if (operation === "-") {
          removeCount++;
        } else if (operation === " ") {
          addCount2++;
          removeCount++;
        }
      } else {
        throw new Error(`Hunk at line ${chunkHeaderIndex + 1} contained invalid line ${diffstr[i]}`);
      }
    }
    if (!addCount2 && hunk.newLines === 1) {
      hunk.newLines = 0;
    }
    if (!removeCount && hunk.oldLines === 1) {
      hunk.oldLines = 0;
    }
    if (addCount2 !== hunk.newLines) {
      throw new Error("Added line count did not match for hunk at line " + (chunkHeaderIndex + 1));
    }
    if (removeCount !== hunk.oldLines) {
      throw new Error("Removed line count did not match for hunk at line " + (chunkHeaderIndex + 1));
    }
    if (i < diffstr.length && diffstr[i] && /^[+ -]/.test(diffstr[i]) && !isFileHeader(diffstr[i])) {
      throw new Error("Hunk at line " + (chunkHeaderIndex + 1) + " has more lines than expected (expected " + hunk.oldLines + " old lines and " + hunk.newLines + " new lines)");
    }
    return hunk;
  }
  while (i < diffstr.length) {
    parseIndex();
  }
  return list2;
}

// node_modules/diff/libesm/util/distance-iterator.js
function distance_iterator_default(start, minLine, maxLine) {
  let wantForward = true, backwardExhausted = false, forwardExhausted = false, localOffset = 1;
  return function iterator() {
    if (wantForward && !forwardExhausted) {
      if (backwardExhausted) {
        localOffset++;
      } else {
        wantForward = false;
      }
      if (start + localOffset <= maxLine) {
        return start + localOffset;
      }
      forwardExhausted = true;
    }
    if (!backwardExhausted) {
      if (!forwardExhausted) {
        wantForward = true;
      }
      if (minLine <= start - localOffset) {
        return start - localOffset++;
      }
      backwardExhausted = true;
      return iterator();
    }
    return void 0;
  };
}

// node_modules/diff/libesm/patch/apply.js
function applyPatch(source, patch, options = {}) {
  let patches;
  if (typeof patch === "string") {
    patches = parsePatch(patch);
  } else if (Array.isArray(patch)) {
    patches = patch;
  } else {
    patches = [patch];
  }
  if (patches.length > 1) {
    throw new Error("applyPatch only works with a single input.");
  }
  return applyStructuredPatch(source, patches[0], options);
}
function applyStructuredPatch(source, patch, options = {}) {
  if (options.autoConvertLineEndings || options.autoConvertLineEndings == null) {
    if (hasOnlyWinLineEndings(source) && isUnix(patch)) {
      patch = unixToWin(patch);
    } else if (hasOnlyUnixLineEndings(source) && isWin(patch)) {
      patch = winToUnix(patch);
    }
  }
  const lines = source.split("\n"), hunks = patch.hunks, compareLine = options.compareLine || ((lineNumber, line, operation, patchContent) => line === patchContent), fuzzFactor = options.fuzzFactor || 0;
  let minLine = 0;
  if (fuzzFactor < 0 || !Number.isInteger(fuzzFactor)) {
    throw new Error("fuzzFactor must be a non-negative integer");
  }
  if (!hunks.length) {
    return source;
  }
  let prevLine = "", removeEOFNL = false, addEOFNL = false;
  for (let i = 0; i < hunks[hunks.length - 1].lines.length; i++) {
    const line = hunks[hunks.length - 1].lines[i];
    if (line[0] == "\\") {
      if (prevLine[0] == "+") {
        removeEOFNL = true;
      } else if (prevLine[0] == "-") {
        addEOFNL = true;
      }
    }
    prevLine = line;
  }
  if (removeEOFNL) {
    if (addEOFNL) {
      if (!fuzzFactor && lines[lines.length - 1] == "") {
        return false;
      }
    } else if (lines[lines.length - 1] == "") {
      lines.pop();
    } else if (!fuzzFactor) {
      return false;
    }
  } else if (addEOFNL) {
    if (lines[lines.length - 1] != "") {
      lines.push("");
    } else if (!fuzzFactor) {
      return false;
    }
  }
  function applyHunk(hunkLines, toPos, maxErrors, hunkLinesI = 0, lastContextLineMatched = true, patchedLines = [], patchedLinesLength = 0) {
    let nConsecutiveOldContextLines = 0;
    let nextContextLineMustMatch = false;
    for (; hunkLinesI < hunkLines.length; hunkLinesI++) {
      const hunkLine = hunkLines[hunkLinesI], operation = hunkLine.length > 0 ? hunkLine[0] : " ", content = hunkLine.length > 0 ? hunkLine.substr(1) : hunkLine;
      if (operation === "-") {
        if (compareLine(toPos + 1, lines[toPos], operation, content)) {
          toPos++;
          nConsecutiveOldContextLines = 0;
        } else {
          if (!maxErrors || lines[toPos] == null) {
            return null;
          }
          patchedLines[patchedLinesLength] = lines[toPos];
          return applyHunk(hunkLines, toPos + 1, maxErrors - 1, hunkLinesI, false, patchedLines, patchedLinesLength + 1);
        }
      }
      if (operation === "+") {
        if (!lastContextLineMatched) {
          return null;
        }
        patchedLines[patchedLinesLength] = content;
        patchedLinesLength++;
        nConsecutiveOldContextLines = 0;
        nextContextLineMustMatch = true;
      }
      if (operation === " ") {
        nConsecutiveOldContextLines++;
        patchedLines[patchedLinesLength] = lines[toPos];
        if (compareLine(toPos + 1, lines[toPos], operation, content)) {
          patchedLinesLength++;
          lastContextLineMatched = true;
          nextContextLineMustMatch = false;
          toPos++;
        } else {
          if (nextContextLineMustMatch || !maxErrors) {
            return null;
          }
          return lines[toPos] && (applyHunk(hunkLines, toPos + 1, maxErrors - 1, hunkLinesI + 1, false, patchedLines, patchedLinesLength + 1) || applyHunk(hunkLines, toPos + 1, maxErrors - 1, hunkLinesI, false, patchedLines, patchedLinesLength + 1)) || applyHunk(hunkLines, toPos, maxErrors - 1, hunkLinesI + 1, false, patchedLines, patchedLinesLength);
        }
      }
    }
    patchedLinesLength -= nConsecutiveOldContextLines;
    toPos -= nConsecutiveOldContextLines;
    patchedLines.length = patchedLinesLength;
    return {
      patchedLines,
      oldLineLastI: toPos - 1
    };
  }
  const resultLines = [];
  let prevHunkOffset = 0;
  for (let i = 0; i < hunks.length; i++) {
    const hunk = hunks[i];
    let hunkResult;
    const maxLine = lines.length - hunk.oldLines + fuzzFactor;
    let toPos;
    for (let maxErrors = 0; maxErrors <= fuzzFactor; maxErrors++) {
      toPos = hunk.oldStart + prevHunkOffset - 1;
      const iterator = distance_iterator_default(toPos, minLine, maxLine);
      for (; toPos !== void 0; toPos = iterator()) {
        hunkResult = applyHunk(hunk.lines, toPos, maxErrors);
        if (hunkResult) {
          break;
        }
      }
      if (hunkResult) {
        break;
      }
    }
    if (!hunkResult) {
      return false;
    }
    for (let i2 = minLine; i2 < toPos; i2++) {
      resultLines.push(lines[i2]);
    }
    for (let i2 = 0; i2 < hunkResult.patchedLines.length; i2++) {
      const line = hunkResult.patchedLines[i2];
      resultLines.push(line);
    }
    minLine = hunkResult.oldLineLastI + 1;
    prevHunkOffset = toPos + 1 - hunk.oldStart;
  }
  for (let i = minLine; i < lines.length; i++) {
    resultLines.push(lines[i]);
  }
  return resultLines.join("\n");
}

// node_modules/diff/libesm/patch/create.js
function needsQuoting(s) {
  for (let i = 0; i < s.length; i++) {
    if (s[i] < " " || s[i] > "~" || s[i] === '"' || s[i] === "\\") {
      return true;
    }
  }
  return false;
}
function quoteFileNameIfNeeded(s) {
  if (!needsQuoting(s)) {
    return s;
  }
  let result = '"';
  const bytes = new TextEncoder().encode(s);
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b === 7) {
      result += "\\a";
    } else if (b === 8) {
      result += "\\b";
    } else if (b === 9) {
      result += "\\t";
    } else if (b === 10) {
      result += "\\n";
    } else if (b === 11) {
      result += "\\v";
    } else if (b === 12) {
      result += "\\f";
    } else if (b === 13) {
      result += "\\r";
    } else if (b === 34) {
      result += '\\"';
    } else if (b === 92) {
      result += "\\\\";
    } else if (b >= 32 && b <= 126) {
      result += String.fromCharCode(b);
    } else {
      result += "\\" + b.toString(8).padStart(3, "0");
    }
    i++;
  }
  result += '"';
  return result;
}
var INCLUDE_HEADERS = {
  includeIndex: true,
  includeUnderline: true,
  includeFileHeaders: true
};
function structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options) {
  let optionsObj;
  if (!options) {
    optionsObj = {};
  } else if (typeof options === "function") {
    optionsObj = { callback: options };
  } else {
    optionsObj = options;
  }
  if (typeof optionsObj.context === "undefined") {
    optionsObj.context = 4;
  }
  const context = optionsObj.context;
  if (optionsObj.newlineIsToken) {
    throw new Error("newlineIsToken may not be used with patch-generation functions, only with diffing functions");
  }
  if (!optionsObj.callback) {
    return diffLinesResultToPatch(diffLines(oldStr, newStr, optionsObj));
  } else {
    const { callback } = optionsObj;
    diffLines(oldStr, newStr, Object.assign(Object.assign({}, optionsObj), { callback: (diff) => {
      const patch = diffLinesResultToPatch(diff);
      callback(patch);
    } }));
  }
  function diffLinesResultToPatch(diff) {
    if (!diff) {
      return;
    }
    diff.push({ value: "", lines: [] });
    function contextLines(lines) {
      return lines.map(function(entry) {
        return " " + entry;
      });
    }
    const hunks = [];
    let oldRangeStart = 0, newRangeStart = 0, curRange = [], oldLine = 1, newLine = 1;
    for (let i = 0; i < diff.length; i++) {
      const current = diff[i], lines = current.lines || splitLines(current.value);
      current.lines = lines;
      if (current.added || current.removed) {
        if (!oldRangeStart) {
          const prev = diff[i - 1];
          oldRangeStart = oldLine;
          newRangeStart = newLine;
          if (prev) {
            curRange = context > 0 ? contextLines(prev.lines.slice(-context)) : [];
            oldRangeStart -= curRange.length;
            newRangeStart -= curRange.length;
          }
        }
        for (const line of lines) {
          curRange.push((current.added ? "+" : "-") + line);
        }
        if (current.added) {
          newLine += lines.length;
        } else {
          oldLine += lines.length;
        }
      } else {
        if (oldRangeStart) {
          if (lines.length <= context * 2 && i < diff.length - 2) {
            for (const line of contextLines(lines)) {
              curRange.push(line);
            }
          } else {
            const contextSize = Math.min(lines.length, context);
            for (const line of contextLines(lines.slice(0, contextSize))) {
              curRange.push(line);
            }
            const hunk = {
              oldStart: oldRangeStart,
              oldLines: oldLine - oldRangeStart + contextSize,
              newStart: newRangeStart,
              newLines: newLine - newRangeStart + contextSize,
              lines: curRange
            };
            hunks.push(hunk);
            oldRangeStart = 0;
            newRangeStart = 0;
            curRange = [];
          }
        }
        oldLine += lines.length;
        newLine += lines.length;
      }
    }
    for (const hunk of hunks) {
      for (let i = 0; i < hunk.lines.length; i++) {
        if (hunk.lines[i].endsWith("\n")) {
          hunk.lines[i] = hunk.lines[i].slice(0, -1);
        } else {
          hunk.lines.splice(i + 1, 0, "\\ No newline at end of file");
          i++;
        }
      }
    }
    return {
      oldFileName,
      newFileName,
      oldHeader,
      newHeader,
      hunks
    };
  }
}
function formatPatch(patch, headerOptions) {
  var _a, _b, _c, _d, _e, _f;
  if (!headerOptions) {
    headerOptions = INCLUDE_HEADERS;
  }
  if (Array.isArray(patch)) {
    if (patch.length > 1 && !headerOptions.includeFileHeaders && !patch.every((p) => p.isGit)) {
      throw new Error("Cannot omit file headers on a multi-file patch. (The result would be unparseable; how would a tool trying to apply the patch know which changes are to which file?)");
    }
    return patch.map((p) => formatPatch(p, headerOptions)).join("\n");
  }
  const ret = [];
  if (patch.isGit) {
    headerOptions = INCLUDE_HEADERS;
    if (!patch.oldFileName) {
      throw new Error("oldFileName must be specified for Git patches");
    }
    if (!patch.newFileName) {
      throw new Error("newFileName must be specified for Git patches");
    }
    let gitOldName = patch.oldFileName;
    let gitNewName = patch.newFileName;
    if (patch.isCreate && gitOldName === "/dev/null") {
      gitOldName = gitNewName.replace(/^b\//, "a/");
    } else if (patch.isDelete && gitNewName === "/dev/null") {
      gitNewName = gitOldName.replace(/^a\//, "b/");
    }
    ret.push("diff --git " + quoteFileNameIfNeeded(gitOldName) + " " + quoteFileNameIfNeeded(gitNewName));
    if (patch.isDelete) {
      ret.push("deleted file mode " + ((_a = patch.oldMode) !== null && _a !== void 0 ? _a : "100644"));
    }
    if (patch.isCreate) {
      ret.push("new file mode " + ((_b = patch.newMode) !== null && _b !== void 0 ? _b : "100644"));
    }
    if (patch.oldMode && patch.newMode && !patch.isDelete && !patch.isCreate) {
      ret.push("old mode " + patch.oldMode);
      ret.push("new mode " + patch.newMode);
    }
    if (patch.isRename) {
      ret.push("rename from " + quoteFileNameIfNeeded(((_c = patch.oldFileName) !== null && _c !== void 0 ? _c : "").replace(/^a\//, "")));
      ret.push("rename to " + quoteFileNameIfNeeded(((_d = patch.newFileName) !== null && _d !== void 0 ? _d : "").replace(/^b\//, "")));
    }
    if (patch.isCopy) {
      ret.push("copy from " + quoteFileNameIfNeeded(((_e = patch.oldFileName) !== null && _e !== void 0 ? _e : "").replace(/^a\//, "")));
      ret.push("copy to " + quoteFileNameIfNeeded(((_f = patch.newFileName) !== null && _f !== void 0 ? _f : "").replace(/^b\//, "")));
    }
  } else {
    if (headerOptions.includeIndex && patch.oldFileName == patch.newFileName && patch.oldFileName !== void 0) {
      ret.push("Index: " + patch.oldFileName);
    }
    if (headerOptions.includeUnderline) {
      ret.push("===================================================================");
    }
  }
  const hasHunks = patch.hunks.length > 0;
  if (headerOptions.includeFileHeaders && patch.oldFileName !== void 0 && patch.newFileName !== void 0 && (!patch.isGit || hasHunks)) {
    ret.push("--- " + quoteFileNameIfNeeded(patch.oldFileName) + (patch.oldHeader ? "	" + patch.oldHeader : ""));
    ret.push("+++ " + quoteFileNameIfNeeded(patch.newFileName) + (patch.newHeader ? "	" + patch.newHeader : ""));
  }
  for (let i = 0; i < patch.hunks.length; i++) {
    const hunk = patch.hunks[i];
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    ret.push("@@ -" + oldStart + "," + hunk.oldLines + " +" + newStart + "," + hunk.newLines + " @@");
    for (const line of hunk.lines) {
      ret.push(line);
    }
  }
  return ret.join("\n") + "\n";
}
function splitLines(text2) {
  const hasTrailingNl = text2.endsWith("\n");
  const result = text2.split("\n").map((line) => line + "\n");
  if (hasTrailingNl) {
    result.pop();
  } else {
    result.push(result.pop().slice(0, -1));
  }
  return result;
}

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
    if (b.text === null || h.text === null) return { path, change: "not compared", why: `${b.text === null ? `base: ${b.why}` : ""}${b.text === null && h.text === null ? "; " : ""}${h.text === null ? `head: ${h.why}` : ""}` };
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
var INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2028\u2029\u2060\u2066-\u2069\uFEFF]/g;
var codePoint = (c) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
function text(value) {
  return value.replace(/[&<>]/g, replaceHtml).replace(INVISIBLE, (c) => `<span class="ctl">${codePoint(c)}</span>`);
}
function attr(value) {
  return value.replace(/[&<>"']/g, replaceHtml).replace(INVISIBLE, codePoint);
}
function scriptJson(value) {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function clip(value, max) {
  return value.length <= max ? value : `${value.slice(0, max)}\u2026 (${value.length - max} more characters)`;
}

// src/report/html/model.ts
var CHECK_STATES = ["regressed", "suspect", "improved", "flaky", "unchanged"];
var MAX_LINE = 1e3;
var BODY_CHARS = 2e3;
var MAX_COLUMNS = 16;
var TASK_RANK = {
  regressed: 0,
  suspect: 1,
  failing: 2,
  mixed: 3,
  changed: 4,
  incomparable: 5,
  improved: 6,
  flaky: 7,
  new: 8,
  removed: 9,
  none: 10,
  unchanged: 11,
  passing: 12
};
function orderedTasks(comparison, results) {
  const head = new Map(results.tasks.map((t) => [t.id, t]));
  const withBase = hasBase(comparison);
  return comparison.tasks.map((task) => ({ task, state: taskState(task, head.get(task.id), withBase) })).sort((a, b) => TASK_RANK[a.state] - TASK_RANK[b.state]);
}
function buildReportModel(input) {
  const { results, comparison: c } = input;
  const head = new Map(results.tasks.map((t) => [t.id, t]));
  const withBase = hasBase(c);
  const blobs = new BlobTable();
  const ordered = orderedTasks(c, results).map((o) => ({ ...o, cells: cellsOf(o.task, head.get(o.task.id), withBase) }));
  const columns = matrixColumns(ordered.flatMap((o) => o.cells), ordered.flatMap((o) => o.task.faults));
  let evidenceOmitted = 0;
  const tasks = ordered.map(({ task, state, cells }, i) => {
    const result = head.get(task.id);
    const trials = (result?.trials ?? []).map((trial) => {
      const read = input.evidence.get(trial.evidence);
      if (read?.kind === "omitted") evidenceOmitted += 1;
      return trialView(trial, result, read, blobs);
    });
    return {
      anchor: `t-${i}`,
      id: clip(task.id, MAX_LINE),
      state,
      stateText: stateText(task, state, withBase),
      pass: { base: passCount(task.base), head: passCount(task.head) },
      cells,
      differs: task.differs.map((d) => ({ field: d.field, base: clip(d.base, MAX_LINE), head: clip(d.head, MAX_LINE) })),
      pooled: task.base_runs > 1 || task.base_runs_excluded > 0 ? `base pooled over ${task.base_runs} run(s)${task.base_runs_excluded > 0 ? `; ${task.base_runs_excluded} left out (another task definition)` : ""}` : null,
      figures: [...task.head ? [figures("head", task.head)] : [], ...task.base ? [figures("base", task.base)] : []],
      trials
    };
  });
  return {
    trialSet: c.trial_set,
    verdict: verdict(c, results),
    policy: withBase ? `${c.policy.name}${c.policy.alpha === null ? "" : `, \u03B1 = ${c.policy.alpha}`} (${c.policy.chosen === "default" ? `the default with ${c.bases.length} base run(s)` : "chosen"})` : null,
    notes: (input.notes ?? []).map((n) => clip(n, MAX_LINE)),
    checkCounts: withBase ? { ...c.checks } : null,
    denominators: [{ side: "head", figures: denominators(c.denominators.head) }, ...c.denominators.base ? [{ side: `base (${c.denominators.base.runs} run(s))`, figures: denominators(c.denominators.base) }] : []],
    runs: { head: runView(c.head), bases: c.bases.map(runView) },
    holdout: holdoutView(c, withBase),
    columns,
    tasks,
    blobs: blobs.entries,
    evidenceOmitted
  };
}
function hasBase(c) {
  return c.bases.length > 0 && c.verdict !== "incomparable";
}
function taskState(task, result, withBase) {
  if (!withBase) return headState(passCount(task.head) ?? { successes: 0, n: 0 }, result === void 0);
  if (task.status !== "compared") return task.status;
  const gated = task.checks.filter((ch) => ch.gated);
  return CHECK_STATES.find((s) => gated.some((ch) => ch.status === s)) ?? "unchanged";
}
function headState(count2, missing = false) {
  if (missing || count2.n === 0) return "none";
  return count2.successes === count2.n ? "passing" : count2.successes === 0 ? "failing" : "mixed";
}
function stateText(task, state, withBase) {
  if (!withBase || task.status !== "compared") return state === "none" ? "no executed trial" : `${state}${task.status !== "compared" && withBase ? " task" : ""}`;
  const n = task.checks.filter((ch) => ch.gated && ch.status === state).length;
  return state === "unchanged" ? state : `${state} (${n} check${n === 1 ? "" : "s"})`;
}
function cellsOf(task, result, withBase) {
  if (withBase && task.status === "compared") return task.checks.map(compared);
  if (!result) return [];
  const tallies = tallyChecks(result.trials);
  return orderChecks(tallies.keys(), result.faults).map((key) => ({
    key,
    label: clip(checkLabel(key, result.faults), MAX_LINE),
    state: headState(tallies.get(key)),
    base: null,
    head: tallies.get(key),
    rule: null,
    gated: checkKind(key) !== "env"
  }));
}
function compared(ch) {
  const rule = ch.ungated ? `not gated, because ${ch.ungated}; ${ch.rule}` : ch.rule;
  return { key: ch.check, label: clip(ch.label, MAX_LINE), state: ch.status, base: ch.base, head: ch.head, rule: clip(rule, MAX_LINE), gated: ch.gated };
}
function matrixColumns(cells, faults) {
  const keys = orderChecks(new Set(cells.map((c) => c.key)), [...new Map(faults.map((f) => [f.id, f])).values()]);
  if (keys.length <= MAX_COLUMNS) {
    return keys.map((key) => ({ title: clip(key.slice(key.indexOf(":") + 1), 40), full: clip(cells.find((c) => c.key === key).label, MAX_LINE), keys: [key] }));
  }
  const kinds = [...new Set(keys.map(checkKind))];
  return kinds.map((kind) => ({ title: kind, full: `every ${kind} check of the task`, keys: keys.filter((k) => checkKind(k) === kind) }));
}
function passCount(f) {
  return f ? { successes: f.passes, n: f.executed } : null;
}
function figures(side, f) {
  return {
    side,
    k: f.k,
    launched: f.launched,
    executed: f.executed,
    passes: f.passes,
    envErrors: f.env_errors,
    unexecuted: f.unexecuted,
    passAt1: f.pass_at_1,
    passPowK: f.pass_pow_k,
    wallMs: f.wall_ms,
    tokens: f.tokens ?? null,
    costUsd: f.cost_usd ?? null,
    envErrorRules: f.env_error_rules.map((r) => ({ rule: clip(r.rule, MAX_LINE), trials: r.trials }))
  };
}
function verdict(c, results) {
  const d = c.denominators.head;
  if (c.verdict === "incomparable" && c.incomparable) {
    const i = c.incomparable;
    return { state: "incomparable", headline: clip(`cannot compare: base run ${i.base_index + 1} has ${i.field} "${i.base}", the head "${i.head}"; head results only`, MAX_LINE) };
  }
  if (c.verdict === "no_baseline" || c.verdict === "incomparable") {
    const passes = results.tasks.reduce((s, t) => s + t.summary.passes, 0);
    return { state: "no_baseline", headline: `${passes}/${d.executed} executed trials passed (head results only, no baseline)` };
  }
  const compared2 = c.task_counts.compared + c.holdout.tasks.compared;
  const tasks = `${compared2} task${compared2 === 1 ? "" : "s"} compared`;
  if (c.verdict === "fail") return { state: "fail", headline: `${c.regressions} regression${c.regressions === 1 ? "" : "s"} (${tasks})` };
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
function runView(r) {
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
    usage: ["input_tokens", "output_tokens", "total_tokens", "cost_usd"].flatMap((name) => usage[name] === void 0 ? [] : [{ name, value: usage[name] }]),
    evidencePath: clip(trial.evidence, MAX_LINE),
    layers: LAYERS.map(([name, key]) => ({ name, ok: trial.layers[key].ok, failures: trial.layers[key].failures.map((f) => clip(f, MAX_LINE)) })),
    trajectory: { steps: trial.layers.trajectory.steps ?? null, retries: trial.layers.trajectory.retries ?? null, notes: trial.layers.trajectory.notes.map((n) => clip(n, MAX_LINE)) },
    checks: orderChecks(Object.keys(trial.checks), task.faults).map((key) => ({ key, label: clip(checkLabel(key, task.faults), MAX_LINE), ok: trial.checks[key] })),
    variants: variants(trial, head, faultLabel),
    boundaries: (head?.boundaries ?? []).map((b) => boundaryView(b, faultLabel, blobs)),
    log: head?.log ? tailView(head.log, blobs) : null,
    files: head?.candidate ? head.candidate.files.map((f) => ({ path: clip(f.path, MAX_LINE), size: f.size, blob: f.text === null ? null : blobs.add("text", f.text), why: f.why ?? null })) : null,
    unlistedFiles: head?.candidate?.unlisted ?? 0,
    diff: null,
    evidenceNote: read === void 0 ? "no evidence was read for this trial" : read.kind === "omitted" ? read.reason : head === null ? `the trial directory ${trial.evidence} is not beside this report` : null,
    problems: [...head?.problems ?? [], ...head?.reports.flatMap((r) => r.problem ? [r.problem] : []) ?? []].map((p) => clip(p, MAX_LINE))
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
      verdict: judgement?.verdict ?? null,
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
  entries = {};
  ids = /* @__PURE__ */ new Map();
  add(kind, text2) {
    const key = `${kind}:${text2}`;
    let id = this.ids.get(key);
    if (id === void 0) {
      id = `b${this.ids.size}`;
      this.ids.set(key, id);
      this.entries[id] = { kind, text: text2 };
    }
    return id;
  }
};

// src/report/html/plan.ts
import { isAbsolute, relative, resolve } from "node:path";
var OUTCOME_ORDER = { fail: 0, env_error: 1, pass: 2, unexecuted: 3 };
function planEvidence(results, comparison, runDir, bases) {
  const head = new Map(results.tasks.map((t) => [t.id, t]));
  const baseTasks = bases.map((b) => ({ dir: b.dir, tasks: new Map(b.results.tasks.map((t) => [t.id, t])) }));
  return orderedTasks(comparison, results).flatMap(({ task }) => {
    const trials = [...head.get(task.id)?.trials ?? []].sort((a, b) => (OUTCOME_ORDER[a.outcome] ?? 4) - (OUTCOME_ORDER[b.outcome] ?? 4) || a.trial - b.trial);
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
.v-no_baseline,.v-incomparable{background:#fff8c5;border:1px solid #d4a72c}
.chip{display:inline-block;border-radius:10px;padding:0 8px;margin:2px 4px 2px 0;border:1px solid var(--line)}
.s-regressed,.s-failing{background:#ffebe9;color:#82071e}
.s-suspect,.s-mixed{background:#fff1e5;color:#953800}
.s-improved,.s-passing{background:#dafbe1;color:#116329}
.s-flaky{background:#fbefff;color:#6639ba}
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
function renderHtmlPieces(model, options = {}) {
  const blobHtml = new Map(Object.entries(model.blobs).map(([id, b]) => [id, b.kind === "diff" ? diffLines2(b.text) : text(b.text)]));
  const blobRefs = /* @__PURE__ */ new Map();
  const lazyParts = model.tasks.map((t) => taskBodyParts(t, (id, tag, cls) => {
    blobRefs.set(id, (blobRefs.get(id) ?? 0) + 1);
    return `<${tag} class="${cls}" data-blob="${id}"></${tag}>`;
  }));
  const inlineSize = lazyParts.reduce((s, parts) => s + parts.reduce((n, part) => n + part.length + 1, 0), 0) + [...blobRefs].reduce((s, [id, n]) => s + n * blobHtml.get(id).length, 0);
  const inline = inlineSize <= (options.inlineLimit ?? DEFAULT_INLINE_LIMIT);
  const tasks = inline ? model.tasks.map((t) => taskHtml(t, taskBodyParts(t, (id, tag, cls) => `<${tag} class="${cls}">${blobHtml.get(id)}</${tag}>`).join("\n"))) : model.tasks.map((t, i) => taskHtml(t, `<div data-lazy="d-${i}">${noscript(t)}</div>`));
  const rows = model.tasks.map((t) => matrixRow(t, model.columns));
  const data = [
    ...rows.length > MATRIX_ROWS ? [[`<script type="application/json" id="m-rest">${scriptJson(rows.slice(MATRIX_ROWS).join("\n"))}</script>`]] : [],
    ...inline ? [] : lazyParts.map((parts, i) => [`<script type="application/json" id="d-${i}">[`, ...parts.flatMap((part, j) => j === 0 ? [scriptJson(part)] : [",", scriptJson(part)]), "]</script>"]),
    ...inline ? [] : [...blobRefs.keys()].map((id) => [`<script type="application/json" id="${id}">${scriptJson(blobHtml.get(id))}</script>`])
  ];
  const csp = `default-src 'none'; style-src '${sha256(STYLE)}'; script-src '${sha256(SCRIPT)}'; img-src 'none'; form-action 'none'; base-uri 'none'`;
  return [
    `<!doctype html>
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
`,
    ...joined(tasks),
    `
</section>
<script>${SCRIPT}</script>
`,
    ...data.flatMap((block, i) => i === 0 ? block : ["\n", ...block]),
    `
</body>
</html>
`
  ];
}
function joined(items) {
  return items.flatMap((item, i) => i === 0 ? [item] : ["\n", item]);
}
function sha256(source) {
  return `sha256-${createHash2("sha256").update(source).digest("base64")}`;
}
function header(m) {
  const run = (r) => `<code>${text(r.sha ?? "unknown")}</code>${r.ref ? ` (${text(r.ref)})` : ""} started ${text(r.startedAt)}`;
  return `<header>
<h1>trialgate \xB7 ${text(m.trialSet)}</h1>
<p class="verdict v-${m.verdict.state}" id="verdict">${text(m.verdict.headline)}</p>
${m.notes.length ? `<ul class="notes">${m.notes.map((n) => `<li>${text(n)}</li>`).join("")}</ul>` : ""}
<p class="muted">Head ${run(m.runs.head)}${m.runs.bases.length ? ` \xB7 base ${m.runs.bases.map(run).join("; ")}` : ""}.${m.policy ? ` Policy ${text(m.policy)}.` : ""}</p>
</header>`;
}
function overview(m) {
  const counts2 = m.checkCounts ? `<p>Gated checks of the compared tasks: ${CHECK_STATES.map((s) => `<span class="chip s-${s}">${thousands(m.checkCounts[s])} ${s}</span>`).join("")}</p>` : "";
  const rules = m.denominators.flatMap((d) => [
    ...d.figures.envErrorRules.map((r) => `<li>${text(d.side)}: ${text(r.rule)} \xD7${r.trials}</li>`),
    ...d.figures.holdoutEnvErrors > 0 ? [`<li>${text(d.side)}: ${d.figures.holdoutEnvErrors} in holdout tasks</li>`] : []
  ]);
  return `<section id="overview">
<h2>Overview</h2>
${counts2}
${holdout(m)}
<table class="denominators"><thead><tr><th>side</th><th>runs</th><th>k</th><th>tasks</th><th>trials launched</th><th>executed</th><th>env errors</th><th>unexecuted</th></tr></thead><tbody>
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
  const checks = h.checks ? ` \xB7 gated checks: ${CHECK_STATES.map((s) => `<span class="chip s-${s}">${thousands(h.checks[s])} ${s}</span>`).join("")}` : "";
  const pass = h.basePasses ? `${ratio(h.basePasses)} \u2192 ${ratio(h.headPasses)}` : ratio(h.headPasses);
  return `<p id="holdout"><b>Holdout</b> (aggregate only, no task is named): ${h.tasks.map((t) => `${thousands(t.n)} ${text(t.state)}`).join(", ")} \xB7 trial pass ${pass}${checks}</p>`;
}
var STATE_WORDS = {
  regressed: "below base by the policy (gated)",
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
  incomparable: "another acceptor or budget: not compared"
};
function matrix(m, rows) {
  const states = [...new Set(m.tasks.flatMap((t) => [t.state, ...t.cells.map((c) => c.state)]))];
  const taskStates = [...new Set(m.tasks.map((t) => t.state))];
  const legend = states.map((s) => `<span class="chip s-${s}" title="${attr(STATE_WORDS[s] ?? s)}">${s}</span>`).join("");
  const head = `<tr><th>task</th><th>state</th><th>trial pass</th>${m.columns.map((c) => `<th title="${attr(c.full)}">${text(c.title)}</th>`).join("")}</tr>`;
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
${rows.length > MATRIX_ROWS ? `<p id="more-rows" class="muted">The table shows the ${MATRIX_ROWS} most severe of ${thousands(rows.length)} tasks; the task list below has every one. <button type="button" id="show-rows" hidden>show all ${thousands(rows.length)} rows</button></p>` : ""}
</section>`;
}
function matrixRow(t, columns) {
  const cells = columns.map((col) => {
    const found = t.cells.filter((c) => col.keys.includes(c.key));
    if (found.length === 0) return "<td></td>";
    if (col.keys.length === 1) return `<td class="cell s-${found[0].state}" title="${attr(cellTitle(found[0]))}">${counts(found[0].base, found[0].head)}</td>`;
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
function taskBodyParts(t, blob) {
  return [
    t.differs.length ? `<p>Not compared: ${t.differs.map((d) => `${text(d.field)} <code>${text(d.base)}</code> \u2192 <code>${text(d.head)}</code>`).join("; ")}.</p>` : "",
    t.pooled ? `<p class="muted">${text(t.pooled)}.</p>` : "",
    t.cells.length ? checkTable(t.cells) : "",
    t.figures.length ? figuresTable(t.figures) : "",
    ...t.trials.map((tr) => trialHtml(tr, blob))
  ].filter(Boolean);
}
function checkTable(cells) {
  const rules = cells.some((c) => c.rule !== null);
  const rows = cells.map((c) => `<tr><td>${text(c.label)}</td><td class="nw">${counts(c.base, c.head)}</td><td class="nw s-${c.state}">${c.state}${c.gated ? "" : " (not gated)"}</td>${rules ? `<td class="rule">${text(c.rule ?? "")}</td>` : ""}</tr>`);
  return `<table class="checks"><thead><tr><th>check</th><th>${cells.some((c) => c.base) ? "base \u2192 head" : "head"}</th><th>state</th>${rules ? "<th>rule</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}
function figuresTable(figures2) {
  const usage = figures2.some((f) => f.tokens !== null || f.costUsd !== null);
  const rows = figures2.map(
    (f) => `<tr><th>${f.side}</th><td>${f.passes}/${f.executed}</td><td>${fraction2(f.passAt1)}</td><td>${fraction2(f.passPowK)}</td><td>${f.envErrors}</td><td>${f.unexecuted}</td><td>${seconds(f.wallMs)}</td>${usage ? `<td>${f.tokens === null ? "" : thousands(f.tokens)}</td><td>${f.costUsd === null ? "" : usd(f.costUsd)}</td>` : ""}</tr>`
  );
  const rules = figures2.flatMap((f) => f.envErrorRules.map((r) => `<li>${f.side}: ${text(r.rule)} \xD7${r.trials}</li>`));
  return `<table class="figures"><thead><tr><th></th><th>trial pass</th><th>pass@1</th><th>pass^k</th><th>env errors</th><th>unexecuted</th><th>wall time</th>${usage ? "<th>tokens</th><th>cost</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table>
${rules.length ? `<p>Env errors, excluded from every rate:</p><ul class="flat">${rules.join("")}</ul>` : ""}`;
}
function fraction2(x) {
  return x === null ? "" : x.toFixed(2);
}
function noscript(t) {
  const lines = t.trials.map((tr) => `<li>trial ${tr.trial}: ${text(tr.outcome)} (${text(tr.stopReason)}) \xB7 ${seconds(tr.wallMs)} \xB7 <code>${text(tr.evidencePath)}</code></li>`);
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
    tr.boundaries.length ? `<h4>Boundary runs</h4>${tr.boundaries.map((b) => boundaryHtml(b, blob)).join("")}` : "",
    tr.log ? `<h4>Agent log (tail)</h4>${cut(tr.log.cutBytes)}${blob(tr.log.blob, "pre", "log")}` : "",
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
    r && r.failing.length ? `<table><thead><tr><th>record</th><th>status</th><th>assertion</th><th>expected / actual</th><th>caught</th></tr></thead><tbody>${r.failing.map((f) => `<tr><td>${text(f.test)}</td><td>${text(f.status)}</td><td><code>${text(f.assertion ?? "")}</code></td><td><code>${text(f.traceback ?? "")}</code></td><td>${f.caught ? `<b>${text(f.caught)}</b>` : ""}</td></tr>`).join("")}</tbody></table>` : "",
    r === null ? '<p class="muted">No report file for this variant.</p>' : ""
  ];
  return `<details class="sub"><summary>${head}</summary>${body.filter(Boolean).join("")}</details>`;
}
function boundaryHtml(b, blob) {
  const verdict2 = b.accepted === null ? "" : b.accepted ? ' \xB7 <span class="ok">handled safely</span>' : ' \xB7 <span class="bad">not handled</span>';
  const timeline = b.timeline.map((x) => {
    const upstream = x.upstream.length ? ` \xB7 service answered ${x.upstream.join(", ")}` : " \xB7 not delivered to the service";
    const bodies = [x.requestBody ? `request <code>${text(x.requestBody)}</code>` : "", x.responseBody ? `response <code>${text(x.responseBody)}</code>` : ""].filter(Boolean);
    return `<li class="${x.fault ? "fault" : ""}"><span class="muted">#${x.seq} +${x.atMs} ms</span> <code>${text(x.call)}</code> \u2192 ${x.response === null ? "<b>no answer (dropped)</b>" : x.response}${x.delivered > 1 ? ` \xB7 delivered \xD7${x.delivered}` : ""}${upstream}${x.fault ? ` <mark class="fault">fault: ${text(x.fault)}</mark>` : ""}${bodies.length ? `<br><span class="mono">${bodies.join(" \xB7 ")}</span>` : ""}</li>`;
  });
  const body = [
    b.findings.length ? `<ul class="flat">${b.findings.map((f) => `<li><b>${text(f.kind)}</b>: ${text(f.text)}</li>`).join("")}</ul>` : "",
    `<p>Timeline (${b.timeline.length + b.cutExchanges} tool calls${b.cutExchanges ? `, the first ${b.timeline.length} shown` : ""}; the injected fault marked):</p><ol class="timeline">${timeline.join("")}</ol>`,
    b.goals.length ? `<p>Goal versions:</p><ul class="flat">${b.goals.map((g) => `<li><code>${text(g)}</code></li>`).join("")}</ul>` : "",
    b.log ? `<p>Agent log (tail):</p>${cut(b.log.cutBytes)}${blob(b.log.blob, "pre", "log")}` : "",
    b.problems.length ? list(b.problems) : ""
  ];
  return `<details class="sub"${b.accepted === false ? " open" : ""}><summary>${text(b.variant)}${b.label ? ` \u2014 ${text(b.label)}` : ""}${verdict2} \xB7 ${b.timeline.length + b.cutExchanges} calls</summary>${body.filter(Boolean).join("")}</details>`;
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
  const files = changed.map((f) => `<details class="sub"${f.blob ? " open" : ""}><summary><code>${text(f.path)}</code> \xB7 ${f.change}${f.why ? `: ${text(f.why)}` : ""}</summary>${f.blob ? blob(f.blob, "pre", "diff") : ""}</details>`);
  const summary = d.files.length === 0 ? "the base candidate directory is not there" : changed.length === 0 ? "no file differs" : `${changed.length} file(s) differ${same ? `, ${same} the same` : ""}`;
  return `<h4>Against the base candidate <code>${text(d.against)}</code></h4><p>${summary}.</p>${files.join("")}`;
}
function diffLines2(patch) {
  return patch.split("\n").map((line) => `<span class="${line.startsWith("@@") ? "d-hunk" : line.startsWith("+") ? "d-add" : line.startsWith("-") ? "d-del" : "d-ctx"}">${text(line)}</span>`).join("\n");
}

// src/report/html/write.ts
var DEFAULT_BUDGET_BYTES = 8 * 1024 * 1024;
var DEFAULT_MAX_TRIALS = 400;
async function buildHtmlReport(results, comparison, options) {
  return (await buildHtmlPieces(results, comparison, options)).join("");
}
async function buildHtmlPieces(results, comparison, options) {
  const evidence = await readPlannedEvidence(results, comparison, options);
  let model = buildReportModel({ results, comparison, evidence, ...options.notes ? { notes: options.notes } : {} });
  if (options.redact) model = mapStrings(model, options.redact);
  return renderHtmlPieces(model, options);
}
async function writeHtmlReport(path, results, comparison, options) {
  await writeFile(path, await buildHtmlReport(results, comparison, options));
}
async function readPlannedEvidence(results, comparison, options) {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
  const maxTrials = options.maxTrials ?? DEFAULT_MAX_TRIALS;
  let read = 0;
  const reads = /* @__PURE__ */ new Map();
  const baseCandidates = /* @__PURE__ */ new Map();
  const counted = /* @__PURE__ */ new Set();
  let used = 0;
  for (const planned of planEvidence(results, comparison, options.runDir, options.bases ?? [])) {
    if (!planned.dir) {
      reads.set(planned.evidence, { kind: "omitted", reason: "its path leads outside the run directory, so it was not read" });
    } else if (used >= budget || read >= maxTrials) {
      reads.set(planned.evidence, { kind: "omitted", reason: "left out of this page, which keeps its size bounded; see the trial directory" });
    } else {
      const head = await readTrialEvidence(planned.dir, limits);
      read++;
      const base = planned.base;
      let baseCandidate = null;
      if (base && head?.candidate) {
        if (!baseCandidates.has(base.dir)) baseCandidates.set(base.dir, readCandidate(join2(base.dir, "candidate"), limits));
        baseCandidate = await baseCandidates.get(base.dir);
      }
      used += head ? embeddedSize(head, counted) : 0;
      reads.set(planned.evidence, { kind: "read", head, base: base && head?.candidate ? { evidence: base.evidence, candidate: baseCandidate } : null });
    }
  }
  return reads;
}
function embeddedSize(e, counted) {
  let size = e.log?.text.length ?? 0;
  for (const b of e.boundaries) size += (b.log?.text.length ?? 0) + JSON.stringify(b.trajectory ?? []).length;
  for (const r of e.reports) {
    for (const record of r.report?.records ?? []) {
      if (record.status !== "passed") size += record.test.length + (record.assertion?.length ?? 0) + (record.traceback?.length ?? 0);
    }
  }
  for (const f of e.candidate?.files ?? []) {
    if (f.text === null || counted.has(f.text)) continue;
    counted.add(f.text);
    size += f.text.length;
  }
  return size;
}
function mapStrings(model, f) {
  const walk = (value) => {
    if (typeof value === "string") return f(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(model);
}

// src/report/judge.ts
var MAX_QUESTION = 140;
var MAX_REASON = 300;
function judgeSection(c, compared2) {
  const judged = c.tasks.filter((t) => t.judge !== void 0);
  const priced = judged.some((t) => t.judge.summary?.cost_usd !== void 0);
  const header2 = ["task", "item", ...compared2 ? ["yes, base \u2192 head", "status"] : [], "head answers", "gate", "tokens", ...priced ? ["cost"] : []];
  const rows = judged.flatMap((t) => t.judge.items.map((item) => row(t, item, compared2 ? t.checks.find((ch) => ch.check === `judge:${item.id}`) : void 0, compared2, priced)));
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

Judge: ${plural(sum((s) => s.calls), "call")} to the endpoint, ${plural(sum((s) => s.cached), "answer")} from the run's cache, ${thousands(sum((s) => s.tokens))} tokens${priced ? `, ${usd(sum((s) => s.cost_usd ?? 0))}` : ""}.`,
    separator: "\n"
  };
  function row(t, item, check, comparing, withCost) {
    const s = t.judge.summary?.items[item.id];
    const answers = s ? [`yes ${s.yes}`, `no ${s.no}`, ...s.undetermined ? [`undetermined ${s.undetermined}`] : [], ...s.errors ? [`not asked ${s.errors}`] : []].join(" \xB7 ") : "\u2013";
    const ungated = check ? check.ungated : t.judge.ungated[item.id];
    const gate = ungated ? `not gated, because ${safeLine(bounded(ungated, MAX_REASON))}` : `gates: ${safeLine(bounded(item.calibration, MAX_REASON))}`;
    const status = check ? `${check.status}${check.gated ? "" : " (not gated)"}` : "not compared";
    const figures2 = comparing ? [check ? change(check.base, check.head) : "\u2013", status] : [];
    const cells = [md(t.id), `${md(item.id)}: ${md(bounded(item.question, MAX_QUESTION))}`, ...figures2, answers, gate, s ? thousands(s.tokens) : "", ...withCost ? [usd(s?.cost_usd)] : []];
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
    const unasked = task.trials.flatMap((t) => (t.judge ?? []).filter((r) => r.verdict === "error").map((r) => r.reason));
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
  const rate = (passes, executed3) => Math.round(1e3 * passes / executed3) / 10;
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
  const text2 = pieces.map((p) => {
    if (p === NOTICE) return current.length > 0 ? notice(current) : "";
    if (typeof p === "string") return p;
    const n = keep.get(p);
    return n === 0 ? "" : p.head + items.get(p).slice(0, n).join(p.separator) + p.tail;
  }).filter((t) => t !== "").join(JOIN) + "\n";
  return text2.length <= maxChars ? text2 : null;
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
  const compared2 = mode === "comparison" && c.verdict !== "incomparable";
  const tasks = [...c.tasks].sort((a, b) => rank(a) - rank(b));
  const rows = (status, gated) => tasks.flatMap((t) => t.checks.filter((ch) => ch.status === status && ch.gated === gated).map((ch) => ({ task: t, check: ch })));
  const lost = rows("regressed", true);
  const regressions = checkTable2("Regressions", lost, "regressions", (t, ch) => `lost ${label2(t, ch)}`);
  const improvements = checkTable2("Improvements", rows("improved", true), "improvements", label2);
  const suspects = checkTable2("Suspect (below base, not significant; not gated)", rows("suspect", true), "suspect checks", label2);
  const flaky = checkTable2("Flaky (mixed results, no significant change; not gated)", rows("flaky", true), "flaky checks", label2);
  const environment = checkTable2(
    "Env errors changed (the environment, not the agent: never gated)",
    tasks.flatMap((t) => t.checks.filter((ch) => ch.kind === "env" && ch.status !== "unchanged" && ch.status !== "flaky").map((ch) => ({ task: t, check: ch }))),
    "env error rows",
    label2
  );
  const judged = judgeSection(c, compared2);
  const notCompared = notComparedTable(tasks.filter((t) => t.status !== "compared" && (compared2 || t.status !== "new")));
  const perTask = perTaskTable(tasks, compared2);
  const details = {
    what: "per-task details",
    count: tasks.length,
    item: (i) => taskDetails(tasks[i], compared2, options.evidenceUrl),
    head: "#### Details\n\n",
    tail: "",
    separator: "\n\n"
  };
  const chart = passRateChart(c);
  const chartPiece = { what: "pass-rate chart", count: compared2 && chart ? 1 : 0, item: () => chart, head: "", tail: "", separator: "" };
  const notes = options.notes ?? [];
  const noteLines = notes.slice(0, MAX_NOTES).map((n) => `- ${safeLine(bounded(n, MAX_NOTE))}`);
  if (notes.length > MAX_NOTES) noteLines.push(`- \u2026 and ${plural(notes.length - MAX_NOTES, "more note")}`);
  const document = (named) => [
    commentMarker(c.trial_set),
    verdictLine(c, mode),
    ...noteLines.length ? [noteLines.join("\n")] : [],
    NOTICE,
    ...compared2 ? [policyLine(c)] : [],
    named,
    holdoutRegressions(c),
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
  const others = [chartPiece, details, perTask, flaky, judged, notCompared, improvements, environment, suspects];
  const max = options.maxChars ?? DEFAULT_MAX_CHARS;
  const whole = sectionText(regressions);
  const compact = compactRegressions(lost);
  const attempts = [
    { named: whole, cut: others, how: "table" },
    { named: compact.text, cut: others, how: "compact" },
    { named: compact.section, cut: [...others, compact.section], how: "partial" }
  ];
  for (const { named, cut: cut2, how } of attempts) {
    const text2 = fitDocument(document(named), cut2, max, (cuts) => cutNotice(cuts, options, how, lost.length));
    if (text2 !== null) return text2;
  }
  return lastResort(c, mode, max, options);
}
function lastResort(c, mode, max, options) {
  const where = options.fullReportUrl ? `the full report: ${options.fullReportUrl}` : "the full comparison: `trialgate compare \u2026 --format json`";
  const text2 = `${commentMarker(c.trial_set)}

${verdictLine(c, mode)}

\u2702\uFE0F Too long for a comment even with every table left out; see ${where}.
`;
  return text2.length <= max ? text2 : `${text2.slice(0, Math.max(0, max - 1))}
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
var TASK_RANK2 = { regressed: 0, suspect: 1, changed: 2, incomparable: 3, improved: 4, flaky: 5, new: 6, removed: 7, unchanged: 8 };
function rank(t) {
  return TASK_RANK2[taskStatus(t)];
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
  const compared2 = c.task_counts.compared + c.holdout.tasks.compared;
  const suspects = c.checks.suspect + c.holdout.checks.suspect;
  const tail2 = `${scope} (${thousands(compared2)} compared)${suspects > 0 ? ` \xB7 ${plural(suspects, "suspect check")} (not gated)` : ""}`;
  if (c.regressions > 0) return `\u274C **${plural(c.regressions, "regression")}** \u2014 ${tail2}`;
  if (compared2 === 0) return `\u26A0\uFE0F **no regressions, but no task could be compared** \u2014 ${tail2}`;
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
function checkTable2(title, found, what, name) {
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
function holdoutLine(c, compared2) {
  const h = c.holdout;
  const total = h.tasks.compared + h.tasks.new + h.tasks.removed + h.tasks.changed + h.tasks.incomparable;
  if (total === 0) return "";
  if (!compared2) return `**Holdout** (aggregate only): ${plural(total, "task")}, trial pass ${ratio(h.head_passes_all)}.`;
  const tasks = ["compared", "new", "removed", "changed", "incomparable"].filter((s) => h.tasks[s] > 0).map((s) => `${thousands(h.tasks[s])} ${s}`);
  const checks = CHECK_SEVERITY.map((s) => `${thousands(h.checks[s])} ${s}`).join(", ");
  return `**Holdout** (aggregate only): ${plural(total, "task")} (${tasks.join(", ")}) \xB7 trial pass of compared tasks ${change(h.base_passes, h.head_passes)} \xB7 gated checks: ${checks}.`;
}
function perTaskTable(tasks, compared2) {
  const usage = tasks.some((t) => (t.head ?? t.base)?.tokens !== void 0 || (t.head ?? t.base)?.cost_usd !== void 0);
  const repairs = tasks.some((t) => t.head?.repaired || t.base?.repaired);
  const header2 = [
    ...compared2 ? ["task", "status"] : ["task"],
    ...["trial pass", "pass@1", "pass^k", "detections", "env errors", "unexecuted", "wall time"],
    ...usage ? ["tokens", "cost"] : [],
    ...repairs ? ["pass after human repair", "human minutes", "patch lines"] : []
  ];
  const cells = (t) => {
    const f = t.head ?? t.base;
    const pass = compared2 ? change(passCount2(t.base), passCount2(t.head)) : ratio(passCount2(f));
    const detections = Object.entries(f.detections).map(([fault, n]) => `${md(fault)} ${ratio(n)}`).join(" \xB7 ");
    const figures2 = [
      fraction(f.pass_at_1),
      fraction(f.pass_pow_k),
      detections,
      String(f.env_errors),
      String(f.unexecuted),
      seconds(f.wall_ms),
      ...usage ? [tokens(f.tokens), usd(f.cost_usd)] : [],
      ...repairs ? repairedCells(compared2 ? t.base : null, f) : []
    ];
    return compared2 ? [md(t.id), taskStatusText(t), pass, ...figures2] : [md(t.id), pass, ...figures2];
  };
  const { head } = tableLines(header2, []);
  const usageNote = `${usage ? "tokens and cost blank where not reported." : "no task reported tokens or cost."}${repairs ? " The pass after human repair is apart from the raw trial pass, which alone is compared and gated." : ""}`;
  const note = compared2 ? `Trial pass as passes/executed, base \u2192 head; figures of the head run (of the base for a removed task); pass@1 and pass^k from executed trials; ${usageNote}` : `Trial pass as passes/executed; pass@1 and pass^k from executed trials; ${usageNote}`;
  return {
    what: "per-task result rows",
    count: tasks.length,
    item: (i) => tableLines(header2, [cells(tasks[i])]).rows[0],
    head: `#### Per-task results

${head.join("\n")}
`,
    tail: `

${note}`,
    separator: "\n"
  };
}
function section(what, heading, header2, rows, tail2) {
  return { what, count: rows.length, item: (i) => rows[i], head: `${heading}

${header2.join("\n")}
`, tail: tail2, separator: "\n" };
}
function repairedCells(base, f) {
  const after = (x) => x ? { successes: x.repaired?.passes ?? x.passes, n: x.executed } : null;
  const pass = base ? change(after(base), after(f)) : ratio(after(f));
  return f.repaired ? [pass, String(f.repaired.minutes), String(f.repaired.patch_lines)] : [base?.repaired ? pass : "", "", ""];
}
function passCount2(f) {
  return f ? { successes: f.passes, n: f.executed } : null;
}
var CELL = { env_error: "\u2013", unexecuted: "\xB7" };
function taskDetails(t, compared2, evidenceUrl) {
  const parts = [`<details><summary><b>${html(t.id)}</b> \u2014 ${compared2 ? taskStatusText(t) : `${ratio(passCount2(t.head))} passed`}</summary>`];
  if (t.status === "removed") parts.push(`Not in the head run; the base had it in ${plural(t.base_runs, "run")}: trial pass ${ratio(passCount2(t.base))}.`);
  if (t.differs.length > 0) parts.push(`Not compared: ${t.differs.map((d) => `${d.field} ${md(short(d.base))} \u2192 ${md(short(d.head))}`).join("; ")}.`);
  if (t.checks.length > 0) {
    const pooled = t.base_runs > 1 || t.base_runs_excluded > 0 ? `Base pooled over ${plural(t.base_runs, "run")}${t.base_runs_excluded > 0 ? ` (${t.base_runs_excluded} left out: another task definition)` : ""}.

` : "";
    parts.push(pooled + table(["check", "base", "head", "status", "p or rule"], t.checks.map((ch) => [label2(t, ch), ratio(ch.base), ratio(ch.head), ch.ungated ? `${ch.status} (not gated)` : ch.status, ch.rule])));
  }
  if (t.head_trials.length > 0) {
    const names = [...new Set(t.head_trials.flatMap((tr) => Object.keys(tr.checks)))];
    const matrix2 = names.map((check) => [
      labelOf(check, t.faults),
      ...t.head_trials.map((tr) => CELL[tr.outcome] ?? (tr.checks[check] === void 0 ? "" : tr.checks[check] ? "\u2713" : "\u2717"))
    ]);
    if (matrix2.length > 0) {
      parts.push("Head trials (\u2713 succeeded, \u2717 failed, \u2013 env error, \xB7 unexecuted):\n\n" + table(["check", ...t.head_trials.map((tr) => String(tr.trial))], matrix2));
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
  judgeChecks,
  judgeNotes,
  summarizeTask,
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
  parsePatch,
  applyPatch,
  structuredPatch,
  formatPatch,
  code,
  buildHtmlReport,
  buildHtmlPieces,
  writeHtmlReport,
  judgeRunLines,
  commentMarker,
  renderComparisonMarkdown,
  renderRunMarkdown
};
