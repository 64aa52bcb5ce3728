import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  appendRound,
  trialDigest,
  untrusted
} from "./chunk-T37KTUQW.js";
import {
  jsonPieces,
  lazy
} from "./chunk-LYPK62IA.js";
import {
  Results,
  TrialResult,
  trialTokens
} from "./chunk-LHVQ7BFE.js";
import {
  plural
} from "./chunk-BAEF6OTL.js";
import {
  described,
  external_exports
} from "./chunk-AJNZHUO4.js";
import {
  writePiecesInside
} from "./chunk-KKIMH4NN.js";
import {
  sha256
} from "./chunk-EYKO5LXT.js";

// src/schemas/failures.ts
var FAILURES_SCHEMA = "trialgate/failures@1";
var FailureCause = external_exports.enum(["runtime", "tool", "acceptance", "format", "retrieval", "planning"]).register(...described("Why a failure happened. The program proves runtime, tool, acceptance and format; people label the rest."));
var Occurrence = external_exports.object({
  run: external_exports.string().register(...described("`<started_at> <git sha>`: which run it was.")),
  started_at: external_exports.string().register(...described("When that run started (ISO 8601).")),
  git_sha: external_exports.string().nullable().register(...described("Its commit; null when unknown.")),
  pr_number: external_exports.number().int().nullable().register(...described("Its pull request; null for a baseline or a local run.")),
  evidence: external_exports.string().register(...described("The trial directory within that run's artefact.")),
  trial: external_exports.number().int().register(...described("The trial number within its task.")),
  fixture_sha256: external_exports.string().register(...described("The fixture version it ran.")),
  watched_sha256: external_exports.string().register(...described("The prompt/skill version and what ran it.")),
  agent_command: external_exports.string().register(...described("The agent command that ran it.")),
  tool_version: external_exports.string().register(...described("The trialgate that ran it.")),
  outcome: external_exports.string().register(...described("The trial's outcome.")),
  stop_reason: external_exports.string().register(...described("How its agent stopped.")),
  wall_ms: external_exports.number().register(...described("The trial's wall time in milliseconds.")),
  tokens: external_exports.number().optional().register(...described("Tokens its agent reported.")),
  cost_usd: external_exports.number().optional().register(...described("What its agent reported it cost.")),
  source: external_exports.string().register(...described("Where the run's results came from (a run directory or an artefact)."))
}).register(...described("One trial that failed this way, with what it takes to look at it again."));
var FailureEntry = external_exports.object({
  signature: external_exports.string().register(...described("The failure: a hash of the task, the failed check, the criterion and the cause the program proved.")),
  task: external_exports.string().register(...described("The task that failed.")),
  check: external_exports.string().register(...described("The check that failed, e.g. `detect:double-reserve`.")),
  criterion: external_exports.string().register(...described("The first failing assertion, boundary or rule, as it names what went wrong.")),
  cause: FailureCause.nullable().register(...described("Why it failed; null until the program proves a cause or people label one.")),
  cause_by: external_exports.enum(["program", "label"]).nullable().register(...described("Who gave the cause: the program proved it, or people labelled it (`trialgate failures label`); null when none is known.")),
  count: external_exports.number().int().positive().register(...described("Trials that failed this way.")),
  first_seen: external_exports.string().register(...described("When first seen (ISO 8601).")),
  last_seen: external_exports.string().register(...described("When last seen (ISO 8601).")),
  occurrences: external_exports.array(Occurrence).register(...described("The most recent occurrences (at most 20), newest last."))
});
var RegressionCase = external_exports.object({
  id: external_exports.string().register(...described("The regression case.")),
  signature: external_exports.string().register(...described("The failure it was promoted from.")),
  task: external_exports.string().register(...described("The task it re-runs.")),
  check: external_exports.string().register(...described("The check that must not fail that way again.")),
  criterion: external_exports.string().register(...described("The assertion, boundary or rule that names the failure.")),
  set: external_exports.enum(["dev", "holdout"]).register(...described("The set the case joined.")),
  promoted_at: external_exports.string().register(...described("When (ISO 8601).")),
  stability: external_exports.object({
    runs: external_exports.number().int().register(...described("Re-runs of the task.")),
    reproduced: external_exports.number().int().register(...described("Of them, the ones that failed the same way.")),
    env_errors: external_exports.number().int().register(...described("Of them, environment errors (excluded)."))
  }).register(...described("The re-runs that showed the failure is stable: same result every time, env errors excluded."))
}).register(...described("A failure promoted to a regression case: it must not happen again."));
var SeenRun = external_exports.object({
  run: external_exports.string().register(...described("`<started_at> <git sha>`: the run.")),
  pr_number: external_exports.number().int().nullable().register(...described("Its pull request; null for a baseline or a local run.")),
  watched_sha256: external_exports.string().register(...described("The prompt/skill version it ran."))
}).register(...described("Every run the archive has read: the baselines among them show which prompt version was main's."));
var FailureArchive = external_exports.object({
  schema: external_exports.literal(FAILURES_SCHEMA).register(...described("The version of this file format.")),
  failures: external_exports.array(FailureEntry).register(...described("One entry per distinct failure signature.")),
  regressions: external_exports.array(RegressionCase).register(...described("The failures promoted to regression cases.")),
  runs: external_exports.array(SeenRun).register(...described("Every run read into the archive."))
});

// src/failures/signature.ts
function failuresOf(results, source) {
  const byTask = new Map(results.tasks.map((t) => [t.id, t.trials]));
  return failuresOfRun(results, (taskId) => byTask.get(taskId) ?? [], source);
}
function failuresOfRun(run, trials, source) {
  const out = [];
  for (const task of run.tasks) {
    if (task.set === "holdout" || !task.trials.some((t) => t.outcome === "fail")) continue;
    for (const trial of trials(task.id)) {
      if (trial.outcome !== "fail") continue;
      const occurrence = occurrenceOf(run, task.fixture_sha256, trial, source);
      for (const { check, criterion, cause } of failedChecks(trial)) {
        out.push({ signature: signatureOf(task.id, check, criterion, cause), task: task.id, check, criterion, cause, occurrence });
      }
    }
  }
  return out;
}
function signatureOf(task, check, criterion, cause) {
  return sha256(`${task}\0${check}\0${criterion}\0${cause ?? ""}`).slice(0, 12);
}
function failedChecks(trial) {
  const failed = Object.entries(trial.checks).filter(([check, ok]) => !ok && check !== "pass").map(([check]) => check);
  const constraints = failed.filter((c) => c.startsWith("constraint:")).map((check) => ({ check, ...describe(trial, check) }));
  if (trial.stop_reason === "budget_exhausted" || trial.stop_reason === "agent_crashed") {
    return [{ check: "pass", criterion: runtimeCriterion(trial), cause: "runtime" }, ...constraints];
  }
  if (failed.includes("format")) return [{ check: "format", ...describe(trial, "format") }, ...constraints];
  if (failed.length === 0) return [{ check: "pass", criterion: runtimeCriterion(trial), cause: trial.cause ?? null }];
  return failed.map((check) => ({ check, ...describe(trial, check) }));
}
function describe(trial, check) {
  if (check === "format")
    return { criterion: stable(firstWith(trial.layers.final_state.failures, "format: ") ?? "the candidate is malformed"), cause: "format" };
  if (check === "baseline") {
    const judgement = trial.judgements.find((j) => j.fault === "none");
    const toolFailure = trial.layers.final_state.failures[0];
    return { criterion: judgement ? firstFailure(judgement) : stable(toolFailure ?? "the task itself failed"), cause: "acceptance" };
  }
  if (check.startsWith("detect:")) {
    const fault = check.slice("detect:".length);
    const judgement = trial.judgements.find((j) => j.fault === fault);
    if (!judgement || judgement.verdict === "defect_missed") return { criterion: `no assertion failed on ${fault}`, cause: "acceptance" };
    return { criterion: firstFailure(judgement), cause: "acceptance" };
  }
  if (check.startsWith("tool:")) {
    const boundary = check.slice("tool:".length);
    return { criterion: stable(firstWith(trial.layers.tool_contract.failures, `${boundary}: `) ?? `${boundary} not handled`), cause: "tool" };
  }
  const named = trial.check_failures?.[check];
  if (named !== void 0 && !check.startsWith("constraint:")) return { criterion: stable(named), cause: "acceptance" };
  return { criterion: stable(named ?? trial.layers.constraints.failures[0] ?? check), cause: null };
}
function runtimeCriterion(trial) {
  if (trial.stop_reason === "budget_exhausted") return "stopped by its budget";
  if (trial.stop_reason === "agent_crashed") return "the agent crashed";
  return stable(trial.layers.final_state.failures[0] ?? trial.stop_reason);
}
function firstFailure(judgement) {
  const first = judgement.first_failed;
  if (!first) return `${judgement.verdict}: ${stable(judgement.reason)}`;
  if (first.status === "failed") return `${judgement.verdict}: ${first.test}: ${first.assertion ?? "failed"}`;
  return `${judgement.verdict}: ${first.status} in ${first.test}`;
}
function firstWith(lines, prefix) {
  return lines.find((l) => l.startsWith(prefix));
}
function stable(text) {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, '"\u2026"').replace(/trial-\d+/g, "trial-N").replace(/\b\d+(\.\d+)?\b/g, "N").slice(0, 300);
}
function occurrenceOf(results, fixtureSha, trial, source) {
  const tokens = trialTokens(trial.usage);
  return {
    run: `${results.run.started_at} ${results.run.git_sha ?? ""}`.trim(),
    started_at: results.run.started_at,
    git_sha: results.run.git_sha,
    pr_number: results.run.pr_number ?? null,
    evidence: trial.evidence,
    trial: trial.trial,
    fixture_sha256: fixtureSha,
    watched_sha256: results.watched.sha256,
    agent_command: results.agent.command,
    tool_version: results.run.tool_version,
    outcome: trial.outcome,
    stop_reason: trial.stop_reason,
    wall_ms: trial.wall_ms,
    ...tokens === void 0 ? {} : { tokens },
    ...trial.usage?.cost_usd === void 0 ? {} : { cost_usd: trial.usage.cost_usd },
    source
  };
}

// src/failures/archive.ts
var OCCURRENCES_KEPT = 20;
var LABELS = ["retrieval", "planning", "runtime", "tool", "acceptance", "format"];
function emptyArchive() {
  return { schema: FAILURES_SCHEMA, failures: [], regressions: [], runs: [] };
}
function addRuns(archive, runs) {
  const failures = new Map(archive.failures.map((f) => [f.signature, { ...f, occurrences: [...f.occurrences] }]));
  const seenRuns = new Map(archive.runs.map((r) => [r.run, r]));
  const added = [];
  for (const { results, source } of runs) {
    const run = `${results.run.started_at} ${results.run.git_sha ?? ""}`.trim();
    seenRuns.set(run, { run, pr_number: results.run.pr_number ?? null, watched_sha256: results.watched.sha256 });
    for (const failure of failuresOf(results, source)) {
      const entry = failures.get(failure.signature);
      if (!entry) {
        failures.set(failure.signature, newEntry(failure));
        added.push(failure.signature);
        continue;
      }
      const o = failure.occurrence;
      if (entry.occurrences.some((x) => x.run === o.run && x.trial === o.trial)) continue;
      entry.count += 1;
      if (o.started_at < entry.first_seen) entry.first_seen = o.started_at;
      if (o.started_at > entry.last_seen) entry.last_seen = o.started_at;
      entry.occurrences = [...entry.occurrences, o].sort((a, b) => a.started_at < b.started_at ? -1 : 1).slice(-OCCURRENCES_KEPT);
    }
  }
  const sorted = [...failures.values()].sort((a, b) => b.count - a.count || a.signature.localeCompare(b.signature));
  return { archive: { ...archive, failures: sorted, runs: [...seenRuns.values()] }, added };
}
function newEntry(failure) {
  return {
    signature: failure.signature,
    task: failure.task,
    check: failure.check,
    criterion: failure.criterion,
    cause: failure.cause,
    cause_by: failure.cause ? "program" : null,
    count: 1,
    first_seen: failure.occurrence.started_at,
    last_seen: failure.occurrence.started_at,
    occurrences: [failure.occurrence]
  };
}
function findEntry(archive, signature) {
  const matches = archive.failures.filter((f) => f.signature.startsWith(signature));
  if (matches.length === 1) return matches[0];
  return matches.length === 0 ? `no failure ${signature} in the archive` : `${signature} is ambiguous: ${matches.map((m) => m.signature).join(", ")}`;
}
function label(archive, signature, cause, force = false) {
  const entry = findEntry(archive, signature);
  if (typeof entry === "string") return entry;
  if (entry.cause_by === "program" && entry.cause !== cause && !force) {
    return `${entry.signature}: the program proved the cause is ${entry.cause}; pass --force to label it ${cause} anyway`;
  }
  return { ...archive, failures: archive.failures.map((f) => f === entry ? { ...f, cause, cause_by: "label" } : f) };
}
function promotionProblems(archive, entry, set, stability) {
  const problems = [];
  const duplicate = archive.regressions.find(
    (r) => r.signature === entry.signature || r.task === entry.task && r.check === entry.check && r.criterion === entry.criterion
  );
  if (duplicate) problems.push(`a duplicate of regression case ${duplicate.id} (${duplicate.task} \xB7 ${duplicate.check} \xB7 ${duplicate.criterion})`);
  if (!clearCriterion(entry))
    problems.push(
      `its criterion does not name an assertion, a boundary or a rule (${entry.criterion}): an execution error or an incomplete report is no regression case`
    );
  const executed = stability.runs - stability.env_errors;
  if (executed < 1) problems.push(`its environment is not stable: all ${stability.runs} re-runs were environment errors`);
  else if (stability.reproduced < executed)
    problems.push(`its environment is not stable: it failed this way in ${stability.reproduced} of ${plural(executed, "executed re-run")}`);
  if (set === "holdout") {
    const why = holdoutRefusal(archive, entry);
    if (why) problems.push(why);
  }
  return problems;
}
function clearCriterion(entry) {
  return !/^(incomplete|unverified|unknown_fault|execution_error_or_skip)\b/.test(entry.criterion) && !/\bexecution error\b/.test(entry.criterion);
}
function holdoutRefusal(archive, entry) {
  if (entry.occurrences.some((o) => o.pr_number === null)) return void 0;
  const baselineVersions = new Set(archive.runs.filter((r) => r.pr_number === null).map((r) => r.watched_sha256));
  const prVersions = new Set(entry.occurrences.map((o) => o.watched_sha256));
  if ([...prVersions].every((v) => !baselineVersions.has(v))) {
    return "it was seen only in pull requests that changed the prompt under test: promote it to dev, or to holdout once a baseline run shows it";
  }
  return void 0;
}
function promote(archive, entry, set, stability, now) {
  const n = archive.regressions.reduce((max, r) => Math.max(max, Number(r.id.slice(2)) || 0), 0) + 1;
  const regression = {
    id: `R-${n}`,
    signature: entry.signature,
    task: entry.task,
    check: entry.check,
    criterion: entry.criterion,
    set,
    promoted_at: now,
    stability
  };
  return { archive: { ...archive, regressions: [...archive.regressions, regression] }, regression };
}
function newFailures(bases, head) {
  const known = new Set(bases.flatMap((b) => failuresOf(b, "base").map((f) => f.signature)));
  const seen = /* @__PURE__ */ new Set();
  const found = "tasks" in head ? failuresOf(head, "head") : failuresOfRun(head.run, head.trials, "head");
  return found.filter((f) => !known.has(f.signature) && !seen.has(f.signature) && seen.add(f.signature));
}

// src/results/stored-run.ts
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
function storedWhole(results) {
  const byTask = new Map(results.tasks.map((t) => [t.id, t.trials]));
  return { run: results, trials: (taskId) => byTask.get(taskId) ?? [] };
}
function digestOf(results) {
  return { ...results, tasks: results.tasks.map((t) => ({ ...t, trials: t.trials.map(trialDigest) })) };
}
function storedAt(path, run) {
  const { spans, stats } = indexTrials(path);
  for (const task of run.tasks) {
    const found = spans.get(task.id)?.length ?? 0;
    if (found !== task.trials.length)
      throw new Error(
        `${path}: task ${task.id} holds ${found} trials where its run recorded ${task.trials.length}: the file is not the run's results.json as written`
      );
  }
  return { run, trials: (taskId) => readSpans(path, stats, spans.get(taskId) ?? []) };
}
function* readSpans(path, indexed, spans) {
  if (spans.length === 0) return;
  const fd = openSync(path, "r");
  try {
    const now = fstatSync(fd);
    if (now.ino !== indexed.ino || now.size !== indexed.size || now.mtimeMs !== indexed.mtimeMs)
      throw new Error(`${path} changed after the gate read it: its trials can no longer be read from it`);
    for (const span of spans) {
      const bytes = Buffer.allocUnsafe(span.length);
      let read = 0;
      while (read < span.length) {
        const n = readSync(fd, bytes, read, span.length - read, span.offset + read);
        if (n === 0) throw new Error(`${path} ended inside a trial: the file was cut short`);
        read += n;
      }
      yield TrialResult.parse(JSON.parse(bytes.toString("utf8")));
    }
  } finally {
    closeSync(fd);
  }
}
var TASK_START = "    {";
var TASK_END = /^ {4}\},?$/;
var TASK_ID = /^ {6}"id": ("(?:[^"\\]|\\.)*"),?$/;
var TRIALS_START = '      "trials": [';
var TRIALS_END = /^ {6}\],?$/;
var TRIAL_START = "        {";
var TRIAL_END = /^ {8}\},?$/;
var ROOT_KEY = /^ {2}"([^"\\]+)": /;
function indexTrials(path) {
  const spans = /* @__PURE__ */ new Map();
  let rootKey = "";
  let task = null;
  let inTrials = false;
  let trialStart = -1;
  const line = (text, start) => {
    const root = ROOT_KEY.exec(text);
    if (root) rootKey = root[1];
    if (rootKey !== "tasks") return;
    if (text === TASK_START) task = { id: null, trials: [] };
    else if (task && !inTrials && TASK_ID.test(text)) task.id = JSON.parse(TASK_ID.exec(text)[1]);
    else if (task && text === TRIALS_START) inTrials = true;
    else if (inTrials && text === TRIAL_START) trialStart = start;
    else if (inTrials && TRIAL_END.test(text)) task.trials.push({ offset: trialStart, length: start + 9 - trialStart });
    else if (inTrials && TRIALS_END.test(text)) inTrials = false;
    else if (task && TASK_END.test(text)) {
      if (task.id === null) throw new Error(`${path}: a task without an id at byte ${start}`);
      spans.set(task.id, task.trials);
      task = null;
    }
  };
  const fd = openSync(path, "r");
  try {
    const stats = fstatSync(fd);
    const chunk = Buffer.allocUnsafe(1 << 16);
    let rest = Buffer.alloc(0);
    let offset = 0;
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      const buffer = Buffer.concat([rest, chunk.subarray(0, n)]);
      let from = 0;
      for (let nl = buffer.indexOf(10, from); nl !== -1; nl = buffer.indexOf(10, from)) {
        line(buffer.toString("utf8", from, nl), offset);
        offset += nl - from + 1;
        from = nl + 1;
      }
      rest = Buffer.from(buffer.subarray(from));
    }
    if (rest.length) line(rest.toString("utf8"), offset);
    return { spans, stats };
  } finally {
    closeSync(fd);
  }
}
function evidenceUnder(dir, stored) {
  const moved = (x) => ({ ...x, evidence: `${dir}/${x.evidence}` });
  return {
    run: { ...stored.run, tasks: stored.run.tasks.map((t) => ({ ...t, trials: t.trials.map(moved) })) },
    trials: (taskId) => mapped(stored.trials(taskId), moved)
  };
}
function evidenceOutOf(prefix, stored) {
  const local = (x) => x.evidence.startsWith(prefix) ? { ...x, evidence: x.evidence.slice(prefix.length) } : x;
  return {
    run: { ...stored.run, tasks: stored.run.tasks.map((t) => ({ ...t, trials: t.trials.map(local) })) },
    trials: (taskId) => mapped(stored.trials(taskId), local)
  };
}
function appendStored(first, round) {
  const run = appendRound(first.run, round.run);
  const integrity = run.run.integrity_error;
  return {
    run,
    trials: function* (taskId) {
      let last = 0;
      for (const part of [first, round])
        for (const trial of part.trials(taskId)) {
          if (trial.trial <= last)
            throw new Error(`task ${taskId}: trial ${trial.trial} comes after trial ${last}: a round's trials are numbered after the run's`);
          last = trial.trial;
          yield integrity ? untrusted(trial, integrity) : trial;
        }
    }
  };
}
async function writeStored(dir, stored, scrubber) {
  const valid = Results.parse({ ...stored.run, tasks: stored.run.tasks.map((t) => ({ ...t, trials: [] })) });
  const whole = { ...valid, tasks: valid.tasks.map((t) => ({ ...t, trials: lazy(mapped(stored.trials(t.id), (x) => TrialResult.parse(x))) })) };
  const partial = `results.json.${process.pid}.partial`;
  try {
    await writePiecesInside(dir, partial, withNewline(jsonPieces(whole)), scrubber);
    renameSync(join(dir, partial), join(dir, "results.json"));
  } finally {
    rmSync(join(dir, partial), { force: true });
  }
  return storedAt(join(dir, "results.json"), stored.run);
}
function* mapped(items, f) {
  for (const item of items) yield f(item);
}
function* withNewline(pieces) {
  yield* pieces;
  yield "\n";
}

export {
  FailureCause,
  FailureArchive,
  failuresOfRun,
  LABELS,
  emptyArchive,
  addRuns,
  findEntry,
  label,
  promotionProblems,
  promote,
  newFailures,
  storedWhole,
  digestOf,
  storedAt,
  evidenceUnder,
  evidenceOutOf,
  appendStored,
  writeStored
};
