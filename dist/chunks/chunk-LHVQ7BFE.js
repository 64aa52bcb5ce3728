import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  Judgement
} from "./chunk-NAP725RQ.js";
import {
  HoldoutRecord,
  JudgeRecord,
  JudgeSummary,
  MAX_COST_USD,
  MAX_MINUTES,
  MAX_TOKENS,
  TaskJudgeInfo
} from "./chunk-6FEWE2YT.js";
import {
  described,
  external_exports
} from "./chunk-AJNZHUO4.js";

// src/schemas/repair.ts
var RepairStarted = external_exports.object({
  started_at: external_exports.iso.datetime().register(...described("When `trialgate repair` made the editable copy: the clock of a repair given no --minutes.")),
  candidate_sha256: external_exports.string().register(...described("The delivered candidate the copy was made from."))
}).register(
  ...described`
      <trial>/repair/started.json, written by \`trialgate repair\`: the repair under way is trialgate’s (anything else
      there is refused).
    `
);
var repairFigures = {
  minutes: external_exports.number().nonnegative().max(MAX_MINUTES).register(...described("Minutes people spent on the repair.")),
  confirming_minutes: external_exports.number().nonnegative().max(MAX_MINUTES).optional().register(...described("Of them, minutes spent confirming business rules.")),
  patch_lines: external_exports.number().int().nonnegative().register(...described("Lines the patch adds or removes.")),
  patch_files: external_exports.number().int().nonnegative().register(...described("Files the patch changes.")),
  note: external_exports.string().optional().register(...described("What was fixed and why."))
};
var CommittedRepairMeta = external_exports.object(repairFigures).register(
  ...described`
      <repairs>/<task>/<candidate sha256>.json, written by \`trialgate repair --done --save\` beside the .diff: the
      figures a run re-applying the patch records.
    `
);

// src/schemas/results.ts
var RESULTS_SCHEMA = "trialgate/results@3";
var READABLE_RESULTS_SCHEMAS = ["trialgate/results@1", "trialgate/results@2", RESULTS_SCHEMA];
var Outcome = external_exports.enum(["pass", "fail", "env_error", "unexecuted"]).register(
  ...described`
    \`env_error\`: the environment failed, not the agent: excluded from every rate and listed with its rule.
    \`unexecuted\`: the trial never ran (the run's integrity failed, or its acceptor failed the preflight).
  `
);
var StopReason = external_exports.enum(["completed", "budget_exhausted", "agent_crashed", "env_error", "not_started"]).register(...described("How the agent stopped; `budget_exhausted` is never a pass."));
var Cause = external_exports.enum(["runtime", "tool", "acceptance", "format", "retrieval", "planning"]).register(...described("Why the trial failed, where the program can tell: `runtime`, `format`, `acceptance` or `tool`."));
var Layer = external_exports.object({
  ok: external_exports.boolean().nullable().register(...described("true: the layer holds; false: it failed; null: not applicable to this task.")),
  failures: external_exports.array(external_exports.string()).default([]).register(...described("Why it failed, one line each."))
}).register(...described("A layer that passes or fails, with the reasons it failed. `ok: null` = not applicable to this task."));
var Usage = external_exports.object({
  input_tokens: external_exports.number().nonnegative().max(MAX_TOKENS).optional().register(...described("Prompt tokens.")),
  output_tokens: external_exports.number().nonnegative().max(MAX_TOKENS).optional().register(...described("Completion tokens.")),
  total_tokens: external_exports.number().nonnegative().max(MAX_TOKENS).optional().register(...described("All tokens, when the agent reports a total.")),
  cost_usd: external_exports.number().nonnegative().max(MAX_COST_USD).optional().register(...described("What the agent\u2019s model calls cost, in US dollars."))
}).register(...described("A trial's usage as the agent reported it, each figure bounded where it entered (util/plausible.ts)."));
var Checks = external_exports.record(external_exports.string(), external_exports.boolean()).register(
  ...described`
    The named, comparable checks of one trial: \`pass\`, \`detect:<fault>\`, \`constraint:<name>\`,
    \`tool:<boundary>\`. true = succeeded. An env_error or unexecuted trial has none (excluded).
  `
);
var Repair = external_exports.object({
  outcome: external_exports.enum(["pass", "fail", "env_error"]).register(...described("The repaired candidate's outcome under the task's own acceptance.")),
  source: external_exports.enum(["manual", "committed"]).register(...described("`manual`: `trialgate repair`; `committed`: a patch from the repository's repairs directory, re-applied.")),
  ...repairFigures,
  candidate_sha256: external_exports.string().register(...described("The repaired candidate's hash; the trial's own `candidate_sha256` stays the delivered one.")),
  patch: external_exports.string().register(...described("The patch, relative to the run directory.")),
  failures: external_exports.array(external_exports.string()).default([]).register(...described("Why acceptance of the repaired candidate failed, one line each."))
}).register(
  ...described`
      A human repair of the trial's candidate, kept apart: the raw outcome never includes it. \`minutes\` is the time
      people spent, including \`confirming_minutes\` spent confirming business rules.
    `
);
var TrialResult = external_exports.object({
  trial: external_exports.number().int().positive().register(...described("The trial number within the task, from 1.")),
  outcome: Outcome,
  stop_reason: StopReason,
  cause: Cause.optional(),
  env_error: external_exports.string().optional().register(...described("For env_error: the rule that excluded it from pass rates.")),
  env_error_source: external_exports.enum(["agent"]).optional().register(
    ...described`
        For env_error: \`agent\` when the agent command itself declared that its environment failed (exit 75,
        docs/agents.md); absent when trialgate found the failure. The gate counts the two apart.
      `
  ),
  layers: external_exports.object({
    final_state: Layer.describe("Did the candidate do the task? (format, baseline, every defect detected, targets reached)"),
    constraints: Layer.describe("Did the agent stay inside its bounds? (protected files, writes, evidence, links, backed claims)"),
    tool_contract: Layer.describe("(tools tasks) Were the injected tool errors handled?"),
    trajectory: external_exports.object({
      steps: external_exports.number().int().nonnegative().optional().register(...described("Tool calls the agent made, where counted.")),
      retries: external_exports.number().int().nonnegative().optional().register(...described("Of them, retries.")),
      notes: external_exports.array(external_exports.string()).default([]).register(...described("What the runner noted: exit, removed links, scrubbed secrets, bounded figures."))
    }).register(...described("Why, at what cost: never a failure by itself."))
  }).register(...described("The layered verdict (docs/trial-layout.md): each layer apart.")),
  judgements: external_exports.array(Judgement).register(...described("The judgement of each acceptance report, one per variant.")),
  checks: Checks,
  check_failures: external_exports.record(external_exports.string(), external_exports.string()).optional().register(
    ...described`
        The first failure line of each failed check that carries one (\`reproduction\` → the failing test and its
        assertion): what names the failure in the failure archive and the report, whatever kind decided it.
      `
  ),
  usage: Usage.optional(),
  wall_ms: external_exports.number().nonnegative().register(...described("The trial's wall time in milliseconds.")),
  agent_ms: external_exports.number().nonnegative().optional().register(...described("Of it, the agent's; absent when no agent ran.")),
  candidate_sha256: external_exports.string().optional().register(...described("The delivered candidate: identical bytes, identical hash.")),
  evidence: external_exports.string().register(...described("The trial directory, relative to the run directory.")),
  repair: Repair.optional(),
  judge: external_exports.array(JudgeRecord).optional().register(...described("The model judge's answer per item (docs/model-judge.md); its `judge:<id>` checks are in `checks`."))
});
var FaultLabel = external_exports.object({
  id: external_exports.string().register(...described("The fault id (the variant).")),
  label: external_exports.string().register(...described("What the defect does, as reports show it."))
}).register(...described("A defect variant the task ran."));
var Rate = external_exports.number().min(0).max(1).nullable();
var TaskFigures = external_exports.object({
  k: external_exports.number().int().positive().register(...described("Trials planned per task.")),
  n: external_exports.number().int().nonnegative().register(...described("Executed trials (pass or fail); the denominator of every rate.")),
  launched: external_exports.number().int().nonnegative().register(...described("Trials started.")),
  passes: external_exports.number().int().nonnegative().register(...described("Executed trials that passed.")),
  pass_at_1: Rate.describe("passes \xF7 n; null when n is 0."),
  pass_at_k: Rate.describe("The chance that at least one of k trials passes, estimated without bias from n \u2265 k trials; null when n < k."),
  pass_pow_k: Rate.describe("The chance that all k trials pass, estimated without bias from n \u2265 k trials; null when n < k."),
  detections: external_exports.record(
    external_exports.string(),
    external_exports.object({
      detected: external_exports.number().int().register(...described("Executed trials whose candidate detected the fault.")),
      n: external_exports.number().int().register(...described("Executed trials that faced it."))
    })
  ).register(...described("Fault id \u2192 how often it was detected.")),
  env_errors: external_exports.number().int().nonnegative().register(...described("Trials the environment failed: excluded from every rate, never dropped.")),
  unexecuted: external_exports.number().int().nonnegative().register(...described("Trials that never ran.")),
  wall_ms: external_exports.number().nonnegative().register(...described("The wall time of the trials, summed.")),
  tokens: external_exports.number().nonnegative().optional().register(...described("Only when every executed trial reported it; never estimated.")),
  cost_usd: external_exports.number().nonnegative().optional().register(...described("Only when every executed trial reported it; never estimated.")),
  repaired: external_exports.object({
    passes: external_exports.number().int().nonnegative().register(...described("Executed trials that pass once repaired (a raw pass counts).")),
    n: external_exports.number().int().nonnegative().register(...described("Executed trials.")),
    pass_at_1: Rate.describe("passes \xF7 n after repair."),
    repairs: external_exports.number().int().nonnegative().register(...described("Repairs made.")),
    minutes: external_exports.number().nonnegative().register(...described("Minutes people spent on them.")),
    patch_lines: external_exports.number().int().nonnegative().register(...described("Lines their patches add or remove."))
  }).optional().register(
    ...described`
          After human repair, apart from the raw figures above: executed trials that pass once repaired (a raw pass
          counts as passing), the repairs made, the human minutes and patch lines they took.
        `
  )
}).register(
  ...described`
      A task's figures over its trials: one run's (its \`summary\`), or, in a comparison, one side's pooled over the
      runs compared (comparison.ts). One type wherever the figures of a task are shown.
    `
);
var TaskSummary = TaskFigures.extend({
  judge: JudgeSummary.optional().register(...described("The model judge's calls, tokens and answers per item, over the trials."))
}).register(...described("A run's figures of one of its tasks, and what its model judge cost."));
var TaskResult = external_exports.object({
  id: external_exports.string().register(...described("The task id, as trialgate.yml names it.")),
  set: external_exports.enum(["dev", "holdout"]).register(...described("`holdout`: gated, but only its aggregates are ever shown.")),
  fixture: external_exports.string().register(...described("The fixture directory, relative to the project.")),
  fixture_sha256: external_exports.string().register(...described("The fixture version: the hash of its protected files. A changed fixture is a changed task.")),
  fixture_files: external_exports.record(external_exports.string(), external_exports.string()).optional().register(
    ...described(
      "Each protected file of the fixture, by its path in the fixture, and the first 16 hex digits of its hash: which files a changed fixture changed. Never a holdout task's."
    )
  ),
  acceptor_version: external_exports.string().register(...described("What defines the measurement besides the fixture: a change makes the task incomparable.")),
  budget: external_exports.object({
    wall_seconds: external_exports.number().positive().register(...described("Wall time of one trial's agent.")),
    max_tokens: external_exports.number().positive().optional().register(...described("Tokens one trial may spend, as its agent reports them.")),
    max_cost_usd: external_exports.number().positive().optional().register(...described("What one trial may cost, as its agent reports it."))
  }).register(...described("The budget the trials ran under: base and head tasks with different budgets are not compared.")),
  faults: external_exports.array(FaultLabel).register(...described("The defect variants the task ran, in order.")),
  check_labels: external_exports.record(external_exports.string(), external_exports.string()).optional().register(...described("What a reader sees for the task kind's own checks (a code task's `test:<group>`, `reproduction`): check \u2192 label.")),
  trials: external_exports.array(TrialResult).register(...described("Every trial of the task in this run.")),
  summary: TaskSummary.describe("The figures over the trials."),
  services: external_exports.object({
    reused: external_exports.boolean().register(...described("Whether instances were kept and reset between uses (the reset was proved).")),
    why: external_exports.string().register(...described("Why they were, or were not.")),
    started: external_exports.number().int().nonnegative().register(...described("Service processes started.")),
    uses: external_exports.number().int().nonnegative().register(...described("Acceptance runs that used one.")),
    replaced: external_exports.number().int().nonnegative().optional().register(
      ...described`
            Reused instances stopped after a use because the check after it (the state probe, then a replay of the
            reference answers) found them unlike a fresh start; each next use started a fresh one.
          `
    )
  }).optional().register(
    ...described`
        How the task's services were provided: from the run's one pool (per variant as many instances as acceptances
        run at once), reset between uses (its reset proved at the start of the run), or a fresh process per use;
        \`why\` says which and why.
      `
  ),
  ungated: external_exports.record(external_exports.string(), external_exports.string()).optional().register(...described('Checks shown but never gated, each with the reason ("not gated, because \u2026"); compare honours it.')),
  check_versions: external_exports.record(external_exports.string(), external_exports.string()).optional().register(
    ...described`
        What defines a check's measurement beyond the task (a judge check: its model and prompt): a base run whose
        version of a check differs is not gated against.
      `
  ),
  judge: TaskJudgeInfo.optional().register(...described("The model judge as defined for this run.")),
  acceptor_check: external_exports.object({
    ok: external_exports.boolean().register(...described("Whether the acceptor passed the reference answers.")),
    error: external_exports.string().optional().register(...described("Why not (the acceptor\u2019s stderr).")),
    fix: external_exports.string().optional().register(...described("What to do about it.")),
    report: external_exports.string().optional().register(...described("The report it wrote, relative to the run directory."))
  }).optional().register(
    ...described`
        The acceptor preflight (a \`command\` acceptor): its run on the reference answers against the correct service
        before the first trial. Not ok: every trial of the task is an env_error and no agent ran; the task measures
        nothing this run (undecided, never a regression). \`report\` is relative to the run directory.
      `
  ),
  not_rerun: external_exports.string().optional().register(
    ...described`
        Present when this run did not rerun the task, saying why: the change under test touches no file the task
        depends on (decided from the changed files, docs/trial-set.md). It holds no trials; a comparison shows it as
        not rerun, never as evidence either way.
      `
  )
});
var Isolation = external_exports.object({
  mechanism: external_exports.enum(["bubblewrap", "none"]).register(...described("`bubblewrap`: each agent, service and acceptor in a sandbox; `none`: unisolated.")),
  reason: external_exports.string().optional().register(...described("Why not isolated, with `none`."))
}).register(...described("How agents, services and acceptors were isolated (docs/isolation.md)."));
var RunInfo = external_exports.object({
  git_sha: external_exports.string().nullable().register(...described("The commit the run was made from; null when unknown.")),
  ref: external_exports.string().nullable().register(...described("The git ref, e.g. refs/pull/7/merge; null when unknown.")),
  base_ref: external_exports.string().nullable().optional().register(...described("A pull request's base branch.")),
  pr_number: external_exports.number().int().nullable().optional().register(...described("The pull request the run was made for.")),
  workflow_run_id: external_exports.number().int().nullable().optional().register(...described("The GitHub Actions run that made it.")),
  tool_version: external_exports.string().register(...described("The trialgate that made it.")),
  started_at: external_exports.string().register(...described("When the run started (ISO 8601).")),
  finished_at: external_exports.string().register(...described("When it finished (ISO 8601).")),
  seed: external_exports.number().int().register(...described("The run seed.")),
  k: external_exports.number().int().positive().register(...described("Trials per task.")),
  shard: external_exports.object({
    index: external_exports.number().int().positive().register(...described("This shard, from 1.")),
    count: external_exports.number().int().positive().register(...described("Shards in all."))
  }).optional().register(...described("For a shard: which slice of task \xD7 trial this run holds.")),
  isolation: Isolation.optional().register(
    ...described("How agents and acceptors were isolated; `none` with the reason when they were not. Absent in older files.")
  ),
  integrity_error: external_exports.string().optional().register(...described("Set when the run's own integrity failed (an acceptance copy changed under it): no trial of the run passes, and the gate fails.")),
  shards: external_exports.array(
    external_exports.object({
      index: external_exports.number().int().positive().register(...described("The shard, from 1.")),
      count: external_exports.number().int().positive().register(...described("Shards in all.")),
      started_at: external_exports.string().register(...described("When the shard started (ISO 8601).")),
      finished_at: external_exports.string().register(...described("When it finished (ISO 8601).")),
      isolation: Isolation.optional(),
      integrity_error: external_exports.string().optional().register(...described("Set when the shard's own integrity failed."))
    })
  ).optional().register(
    ...described`
        A run merged from shards: each shard's own isolation and integrity, as it recorded them (the run's
        \`isolation\` and \`integrity_error\` above are the weakest of them).
      `
  )
});
var Watched = external_exports.object({
  sha256: external_exports.string().register(...described("The version: one hash over every watched file.")),
  files: external_exports.record(external_exports.string(), external_exports.string()).register(...described("Each watched file (relative to the project) \u2192 its hash."))
}).register(...described("The prompt/skill version under test: hash of every watched file."));
var Results = external_exports.object({
  schema: external_exports.enum(READABLE_RESULTS_SCHEMAS).register(...described(`The version of this file format; this trialgate writes ${RESULTS_SCHEMA}.`)),
  trial_set: external_exports.object({ name: external_exports.string().register(...described("Its name.")), sha256: external_exports.string().register(...described("The hash of trialgate.yml as it ran.")) }).register(...described("The trial set that ran.")),
  run: RunInfo.describe("The run: where, when, with what."),
  watched: Watched,
  agent: external_exports.object({ command: external_exports.string().register(...described("As trialgate.yml gives it.")) }).register(...described("The agent that ran.")),
  holdout: HoldoutRecord.optional().register(
    ...described`
      Present when the run has holdout tasks, or its trial set a holdout source: the key their pseudonyms were made
      with, and why the source's tasks are missing, if they are (docs/holdout.md).
    `
  ),
  measurement: external_exports.record(external_exports.string(), external_exports.string()).optional().register(
    ...described`
        What measured the run, field by field (\`trials\`, \`agent.isolation\`, \`agent.files\`, \`tasks.<id>.faults\`, …): a
        pull request whose trial set measures otherwise than its base runs did is undecided until a maintainer approves
        (docs/comparison.md#what-a-pull-request-may-change). Absent in files older than it.
      `
  ),
  tasks: external_exports.array(TaskResult).register(...described("Every task of the run."))
});

// src/results/reasons.ts
var MAX_REASONS = 5;
var REASON_CHARS = 300;
function failureReasons(trial) {
  if (trial.outcome === "pass") return [];
  if (!trial.layers) return Array.isArray(trial.why) ? trial.why.filter((l) => typeof l === "string").slice(0, MAX_REASONS) : [];
  const layers = trial.layers;
  const lines = (value) => Array.isArray(value) ? value.filter((l) => typeof l === "string") : [];
  const found = trial.outcome === "env_error" || trial.outcome === "unexecuted" ? lines(layers.trajectory?.notes).filter((n) => /^(env error|fix|not run)/.test(n)) : [...lines(layers.final_state?.failures), ...lines(layers.constraints?.failures), ...lines(layers.tool_contract?.failures)];
  if (found.length === 0 && trial.stop_reason && trial.stop_reason !== "completed") found.push(`stopped: ${trial.stop_reason.replaceAll("_", " ")}`);
  return found.slice(0, MAX_REASONS).map((l) => {
    const one = l.replace(/\s*\n\s*/g, " \u23CE ");
    return one.length > REASON_CHARS ? `${one.slice(0, REASON_CHARS)}\u2026` : one;
  });
}
function envErrorWords(trial) {
  return failureReasons(trial).find((line) => line.startsWith("env error: "))?.slice("env error: ".length);
}
function layerFailures(trial) {
  const layers = trial.layers;
  return [
    ...trial.stop_reason !== "completed" ? [`stopped: ${trial.stop_reason}`] : [],
    ...layers.final_state.failures.map((f) => `final state: ${f}`),
    ...layers.constraints.failures.map((f) => `constraints: ${f}`),
    ...layers.tool_contract.failures.map((f) => `tool contract: ${f}`)
  ];
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
var RUNNER_LABELS = {
  format: "format: the candidate is well-formed",
  baseline: "baseline: passes with no defect injected"
};
function checkLabel(check, faults, labels, quote = (text) => text) {
  const name = check.slice(check.indexOf(":") + 1);
  const own = labels?.[check];
  if (own !== void 0) return quote(own);
  const runner = RUNNER_LABELS[check];
  if (runner !== void 0) return runner;
  const named = (what) => {
    const label = faults.find((f) => f.id === name)?.label;
    return label ? `${what}: ${quote(name)} \u2014 ${quote(label)}` : `${what}: ${quote(name)}`;
  };
  switch (checkKind(check)) {
    case "pass":
      return "trial pass";
    case "env":
      return "executed (no env error)";
    case "detect":
      return named("detection");
    case "constraint":
      return `constraint: ${quote(name)}`;
    case "tool":
      return named("tool contract");
    case "judge":
      return `model judge: ${quote(name)}`;
    case "other":
      return quote(check);
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
function envRule(trial) {
  return trial.env_error ?? "env error without a recorded rule";
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
  let ratio = 1;
  for (let i = 0; i < k; i++) ratio *= Math.max(0, a - i) / (n - i);
  return ratio;
}
function passRates(n, c, k) {
  return { pass_at_1: n > 0 ? c / n : null, pass_at_k: passAtK(n, c, k), pass_pow_k: passPowK(n, c, k) };
}
function summarizeTask(trials, k, faults) {
  const executed2 = trials.filter((t) => t.outcome === "pass" || t.outcome === "fail");
  const n = executed2.length;
  const passes = executed2.filter((t) => t.outcome === "pass").length;
  const detections = Object.fromEntries(faults.map((fault) => [fault, { detected: executed2.filter((t) => t.checks[`detect:${fault}`] === true).length, n }]));
  const summary = {
    k,
    n,
    launched: trials.length,
    passes,
    ...passRates(n, passes, k),
    detections,
    env_errors: trials.filter((t) => t.outcome === "env_error").length,
    unexecuted: trials.filter((t) => t.outcome === "unexecuted").length,
    wall_ms: trials.reduce((sum, t) => sum + t.wall_ms, 0)
  };
  const tokens = executed2.map((t) => trialTokens(t.usage));
  if (n > 0 && tokens.every((x) => x !== void 0)) summary.tokens = tokens.reduce((a, b) => a + b, 0);
  const costs = executed2.map((t) => t.usage?.cost_usd);
  if (n > 0 && costs.every((x) => x !== void 0)) summary.cost_usd = costs.reduce((a, b) => a + b, 0);
  const repairs = executed2.flatMap((t) => t.repair ? [t.repair] : []);
  if (repairs.length) {
    const repairedPasses = executed2.filter((t) => t.outcome === "pass" || t.repair?.outcome === "pass").length;
    summary.repaired = {
      passes: repairedPasses,
      n,
      pass_at_1: n > 0 ? repairedPasses / n : null,
      repairs: repairs.length,
      minutes: Math.round(repairs.reduce((sum, r) => sum + r.minutes, 0) * 10) / 10,
      patch_lines: repairs.reduce((sum, r) => sum + r.patch_lines, 0)
    };
  }
  const judged = judgeSummary(executed2);
  if (judged) summary.judge = judged;
  return summary;
}
function trialTokens(usage) {
  return usage?.total_tokens ?? sumDefined(usage?.input_tokens, usage?.output_tokens);
}
function sumDefined(a, b) {
  return a === void 0 || b === void 0 ? void 0 : a + b;
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

// src/semantic/checks.ts
var JUDGE_PREFIX = "judge:";
function judgeChecks(records) {
  const checks = {};
  for (const r of records) if (r.verdict !== "error") checks[`${JUDGE_PREFIX}${r.id}`] = r.verdict === "yes";
  return checks;
}
function judgeNotes(records) {
  return records.flatMap((r) => {
    const note = r.note ? [`judge: ${r.id}: ${r.note}`] : [];
    if (r.verdict === "error") return [`env error (judge): ${r.id} not judged: ${r.reason}`];
    if (r.verdict === "undetermined") return [`judge: ${r.id} undetermined (not a pass): ${r.reason}`, ...note];
    return note;
  });
}

export {
  failureReasons,
  envErrorWords,
  layerFailures,
  RepairStarted,
  CommittedRepairMeta,
  RESULTS_SCHEMA,
  READABLE_RESULTS_SCHEMAS,
  Usage,
  TrialResult,
  FaultLabel,
  TaskFigures,
  Results,
  ENV_CHECK,
  checkKind,
  isGated,
  checkLabel,
  ungatedReason,
  orderChecks,
  tallyChecks,
  envRule,
  passRates,
  summarizeTask,
  trialTokens,
  JUDGE_PREFIX,
  judgeChecks,
  judgeNotes
};
