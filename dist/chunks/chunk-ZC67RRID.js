import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  checkKind,
  checkLabel,
  orderChecks,
  ratio,
  seconds,
  structuredPatch,
  tallyChecks,
  thousands,
  usd
} from "./chunk-BUWQH57W.js";
import {
  Trajectory,
  writePiecesInside
} from "./chunk-J6G6AL52.js";
import {
  Report
} from "./chunk-LGZPU5OA.js";
import {
  Scrubber
} from "./chunk-RRV7J5M2.js";
import {
  external_exports
} from "./chunk-OVH43LBJ.js";
import {
  sha256
} from "./chunk-TDSOKKON.js";

// src/report/html/write.ts
import { createReadStream, openSync, closeSync, writeSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join2 } from "node:path";
import { createInterface } from "node:readline";

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
    const code = e.code;
    return { value: null, missing: code === "ENOENT", ...code === "ENOENT" ? {} : { problem: `unreadable (${code})` } };
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
    const lines2 = patch.hunks.flatMap((hunk) => [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines]);
    return { path, change: "changed", patch: lines2.join("\n") };
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
  const ordered = orderedTasks(c, results).map((o) => ({ ...o, cells: cellsOf(o.task, head.get(o.task.id), withBase) }));
  const columns = matrixColumns(ordered.flatMap((o) => o.cells), ordered.flatMap((o) => o.task.faults));
  const tasks = ordered.map(({ task, state, cells }, i) => {
    const trials = (head.get(task.id)?.trials ?? []).map(
      (t) => ({ trial: t.trial, outcome: t.outcome, stopReason: t.stop_reason, wallMs: t.wall_ms, evidencePath: clip(t.evidence, MAX_LINE) })
    );
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
    evidenceOmitted: input.evidenceOmitted
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
function headState(count, missing = false) {
  if (missing || count.n === 0) return "none";
  return count.successes === count.n ? "passing" : count.successes === 0 ? "failing" : "mixed";
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
function tailView(tail, blobs) {
  return { blob: blobs.add("text", tail.text), cutBytes: tail.cutBytes };
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
    const executed = task.trials.filter((t) => t.outcome === "pass" || t.outcome === "fail");
    const match = executed.find((t) => t.trial === trial.trial) ?? executed[0];
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
import { createHash } from "node:crypto";

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
function blobBlock(id, html) {
  return `<script type="application/json" id="${id}">${scriptJson(html)}</script>`;
}
var lazyBodyOpen = (i) => `<script type="application/json" id="d-${i}">[`;
var lazyBodyPart = (part, first) => `${first ? "" : ","}${scriptJson(part)}`;
var LAZY_BODY_CLOSE = "]</script>";
function lazyTaskHtml(t, i) {
  return taskHtml(t, `<div data-lazy="d-${i}">${noscript(t)}</div>`);
}
function sha2562(source) {
  return `sha256-${createHash("sha256").update(source).digest("base64")}`;
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
  const rows = cells.map((c) => `<tr><td>${text(c.label)}</td><td class="nw">${counts(c.base, c.head)}</td><td class="nw s-${c.state}">${c.state}${c.gated ? "" : " (not gated)"}</td>${rules ? `<td class="rule">${text(c.rule ?? "")}</td>` : ""}</tr>`);
  return `<table class="checks"><thead><tr><th>check</th><th>${cells.some((c) => c.base) ? "base \u2192 head" : "head"}</th><th>state</th>${rules ? "<th>rule</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}
function figuresTable(figures2) {
  const usage = figures2.some((f) => f.tokens !== null || f.costUsd !== null);
  const rows = figures2.map(
    (f) => `<tr><th>${f.side}</th><td>${f.passes}/${f.executed}</td><td>${fraction(f.passAt1)}</td><td>${fraction(f.passPowK)}</td><td>${f.envErrors}</td><td>${f.unexecuted}</td><td>${seconds(f.wallMs)}</td>${usage ? `<td>${f.tokens === null ? "" : thousands(f.tokens)}</td><td>${f.costUsd === null ? "" : usd(f.costUsd)}</td>` : ""}</tr>`
  );
  const rules = figures2.flatMap((f) => f.envErrorRules.map((r) => `<li>${f.side}: ${text(r.rule)} \xD7${r.trials}</li>`));
  return `<table class="figures"><thead><tr><th></th><th>trial pass</th><th>pass@1</th><th>pass^k</th><th>env errors</th><th>unexecuted</th><th>wall time</th>${usage ? "<th>tokens</th><th>cost</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table>
${rules.length ? `<p>Env errors, excluded from every rate:</p><ul class="flat">${rules.join("")}</ul>` : ""}`;
}
function fraction(x) {
  return x === null ? "" : x.toFixed(2);
}
function noscript(t) {
  const lines2 = t.trials.map((tr) => `<li>trial ${tr.trial}: ${text(tr.outcome)} (${text(tr.stopReason)}) \xB7 ${seconds(tr.wallMs)} \xB7 <code>${text(tr.evidencePath)}</code></li>`);
  return `<noscript><p class="muted">This task's checks, figures and trials' evidence open with JavaScript; without it, read the trial directories beside this file.</p><ul class="flat">${lines2.join("")}</ul></noscript>`;
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
function diffLines(patch) {
  return patch.split("\n").map((line) => `<span class="${line.startsWith("@@") ? "d-hunk" : line.startsWith("+") ? "d-add" : line.startsWith("-") ? "d-del" : "d-ctx"}">${text(line)}</span>`).join("\n");
}

// src/report/html/write.ts
var DEFAULT_BUDGET_BYTES = 8 * 1024 * 1024;
var DEFAULT_MAX_TRIALS = 400;
async function buildHtmlReport(results, comparison, options) {
  const pieces = [];
  for await (const piece of htmlPieces(wholeSource(results, comparison), options)) pieces.push(piece);
  return pieces.join("");
}
async function writeHtmlReport(runDir, relPath, results, comparison, options, scrubber = Scrubber.none) {
  return writePiecesInside(runDir, relPath, htmlPieces(wholeSource(results, comparison), options), scrubber);
}
function wholeSource(results, comparison) {
  const trials = new Map(results.tasks.map((t) => [t.id, t.trials]));
  return { results, comparison, trials: (taskId) => trials.get(taskId) ?? [] };
}
async function* htmlPieces(source, options) {
  const redact = options.redact;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const { chosen, omitted } = await chooseEvidence(source, options);
  const model = redacted(buildReportModel({ results: source.results, comparison: source.comparison, evidenceOmitted: omitted, ...options.notes ? { notes: options.notes } : {} }), redact);
  const digests = new Map(source.results.tasks.map((t) => [t.id, t]));
  const ids = orderedTasks(source.comparison, source.results).map(({ task }) => task.id);
  const spill = await Spill.open();
  try {
    const body = new Bodies(spill, options.inlineLimit ?? DEFAULT_INLINE_LIMIT, redact);
    for (const [i, t] of model.tasks.entries()) {
      body.startTask(i, taskHeadParts(t));
      const digest = digests.get(ids[i]);
      for await (const trial of digest ? source.trials(digest.id) : []) {
        const read = await readChosen(chosen.get(trial.evidence), limits);
        const view = redacted(trialView(trial, digest, read, body.blobs), redact);
        body.addTrial((slot) => trialHtml(view, slot));
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
      for (const file of [spill.bodies, spill.blobs]) {
        for await (const line of lines(file)) {
          yield `${first ? "" : "\n"}${line}`;
          first = false;
        }
      }
    }
    yield PAGE_END;
  } finally {
    spill.close();
    await rm(spill.dir, { recursive: true, force: true });
  }
}
async function chooseEvidence(source, options) {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
  const maxTrials = options.maxTrials ?? DEFAULT_MAX_TRIALS;
  const chosen = /* @__PURE__ */ new Map();
  const counted = /* @__PURE__ */ new Set();
  let used = 0;
  let read = 0;
  let omitted = 0;
  for (const planned of planEvidence(source.results, source.comparison, options.runDir, options.bases ?? [])) {
    if (!planned.dir) {
      chosen.set(planned.evidence, { omitted: "its path leads outside the run directory, so it was not read" });
      omitted++;
    } else if (used >= budget || read >= maxTrials) {
      chosen.set(planned.evidence, { omitted: "left out of this page, which keeps its size bounded; see the trial directory" });
      omitted++;
    } else {
      const head = await readTrialEvidence(planned.dir, limits);
      read++;
      used += head ? embeddedSize(head, counted) : 0;
      chosen.set(planned.evidence, { read: planned });
    }
  }
  return { chosen, omitted };
}
async function readChosen(choice, limits) {
  if (choice === void 0) return void 0;
  if ("omitted" in choice) return { kind: "omitted", reason: choice.omitted };
  const { dir, base } = choice.read;
  const head = await readTrialEvidence(dir, limits);
  if (!base || !head?.candidate) return { kind: "read", head, base: null };
  return { kind: "read", head, base: { evidence: base.evidence, candidate: await readCandidate(join2(base.dir, "candidate"), limits) } };
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
      const html = blobHtml(redacted(blob, this.redact));
      size = html.length;
      this.blobSize.set(id, size);
      this.spill.writeBlob(blobBlock(id, html));
      if (this.inline) this.blobHtmlById.set(id, html);
    }
    this.size += size;
    return blobPlaceholder(id, tag, cls);
  };
  inlineSlot = (id, tag, cls) => `<${tag} class="${cls}">${this.blobHtmlById.get(id)}</${tag}>`;
};
var Spill = class _Spill {
  constructor(dir, bodies, blobs) {
    this.dir = dir;
    this.bodies = bodies;
    this.blobs = blobs;
    this.fds = [openSync(bodies, "wx", 384), openSync(blobs, "wx", 384)];
  }
  dir;
  bodies;
  blobs;
  fds;
  static async open() {
    const dir = await mkdtemp(join2(tmpdir(), "trialgate-page-"));
    return new _Spill(dir, join2(dir, "bodies"), join2(dir, "blobs"));
  }
  writeBody(line) {
    this.write(0, line);
  }
  writeBlob(line) {
    this.write(1, line);
  }
  close() {
    for (const fd of this.fds ?? []) closeSync(fd);
    this.fds = null;
  }
  write(which, line) {
    const bytes = Buffer.from(`${line}
`);
    for (let written = 0; written < bytes.length; ) written += writeSync(this.fds[which], bytes, written, bytes.length - written);
  }
};
function lines(path) {
  return createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
}
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

export {
  DEFAULT_BUDGET_BYTES,
  DEFAULT_MAX_TRIALS,
  buildHtmlReport,
  writeHtmlReport,
  wholeSource,
  htmlPieces
};
