import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  READABLE_RESULTS_SCHEMAS,
  RESULTS_SCHEMA,
  Results
} from "./chunk-LHVQ7BFE.js";
import {
  labelledSetSha
} from "./chunk-LCBCOSNX.js";
import {
  MAX_COST_USD,
  MAX_SUMMED,
  MAX_TOKENS
} from "./chunk-6FEWE2YT.js";
import {
  plural
} from "./chunk-BAEF6OTL.js";
import {
  unprotectedDefinition
} from "./chunk-AJNZHUO4.js";
import {
  manifestChanges,
  readJsonFile
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError,
  parseOrThrow
} from "./chunk-JUOIWDMS.js";

// src/results/read.ts
import { statSync } from "node:fs";
import { join } from "node:path";
var NO_RESULTS = "no such file: a run writes its results.json in its run directory (trialgate run --out DIR, or gate --out DIR: DIR/results.json)";
async function readResultsFile(path) {
  const data = await readResultsJson(path);
  checkSchemaString(data, path);
  const results = parseOrThrow(Results, data, path);
  checkIds(results, path);
  return results;
}
async function readComparedResults(path) {
  const data = await readResultsJson(path);
  checkSchemaString(data, path);
  const results = validateCompared(data, path);
  checkIds(results, path);
  return results;
}
async function readResultsJson(path) {
  return readJsonFile(path, { notFound: NO_RESULTS });
}
function checkIds(results, path) {
  const seen = /* @__PURE__ */ new Map();
  results.tasks.forEach((task, i) => {
    if (task.not_rerun !== void 0 && task.trials.length > 0)
      throw new UserInputError(
        path,
        `tasks[${i}].trials`,
        `holds ${plural(task.trials.length, "trial")} of a task that was not rerun (not_rerun is set): a task is rerun or not`
      );
    const first = seen.get(task.id);
    if (first !== void 0) {
      throw new UserInputError(
        path,
        `tasks[${i}].id`,
        `task id ${JSON.stringify(task.id)} appears twice (tasks[${first}] and tasks[${i}]): each task once per results file`
      );
    }
    seen.set(task.id, i);
    const trials = /* @__PURE__ */ new Set();
    task.trials.forEach((trial, j) => {
      if (trials.has(trial.trial))
        throw new UserInputError(
          path,
          `tasks[${i}].trials[${j}].trial`,
          `trial ${trial.trial} of task ${JSON.stringify(task.id)} appears twice: each trial number once per task`
        );
      trials.add(trial.trial);
    });
  });
}
function checkSchemaString(data, path) {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new UserInputError(
      path,
      "",
      `expected a trialgate results object ("schema": "${RESULTS_SCHEMA}"), found ${Array.isArray(data) ? "an array" : data === null ? "null" : typeof data}`
    );
  }
  const schema = data.schema;
  if (READABLE_RESULTS_SCHEMAS.includes(schema)) return;
  const version = typeof schema === "string" ? /^trialgate\/results@(\d+)$/.exec(schema)?.[1] : void 0;
  const own = Number(RESULTS_SCHEMA.slice(RESULTS_SCHEMA.indexOf("@") + 1));
  if (version !== void 0 && Number(version) > own) {
    throw new UserInputError(path, "schema", `is "${schema}", written by a newer trialgate; this one reads "${RESULTS_SCHEMA}": upgrade trialgate`);
  }
  if (version !== void 0) {
    throw new UserInputError(
      path,
      "schema",
      `is "${schema}", written by an older trialgate; this one reads ${READABLE_RESULTS_SCHEMAS.map((v) => `"${v}"`).join(" and ")}: rerun the trials with this version`
    );
  }
  throw new UserInputError(
    path,
    "schema",
    `is ${schema === void 0 ? "missing" : JSON.stringify(schema).slice(0, 80)}: this is not a trialgate results file (expected "${RESULTS_SCHEMA}"); pass the results.json a trialgate run wrote`
  );
}
var OUTCOMES = /* @__PURE__ */ new Set(["pass", "fail", "env_error", "unexecuted"]);
function validateCompared(data, file) {
  const fail = (field, expected) => {
    throw new UserInputError(file, field, `expected ${expected}; rewrite the file with trialgate run, or fix this field`);
  };
  const object = (v, field) => typeof v === "object" && v !== null && !Array.isArray(v) ? v : fail(field, "an object");
  const array = (v, field) => Array.isArray(v) ? v : fail(field, "an array");
  const string = (v, field) => typeof v === "string" ? v : fail(field, "a string");
  const nullableString = (v, field) => v === null || typeof v === "string" ? v : fail(field, "a string or null");
  const number = (v, field, positive = false) => typeof v === "number" && Number.isFinite(v) && (positive ? v > 0 : v >= 0) ? v : fail(field, positive ? "a positive number" : "a number \u2265 0");
  const optionalNumber = (v, field, positive = false) => {
    if (v !== void 0) number(v, field, positive);
  };
  const integer = (v, field) => typeof v === "number" && Number.isSafeInteger(v) && v >= 1 ? v : fail(field, "an integer \u2265 1");
  const root = data;
  const set = object(root.trial_set, "trial_set");
  string(set.name, "trial_set.name");
  string(set.sha256, "trial_set.sha256");
  const run = object(root.run, "run");
  nullableString(run.git_sha, "run.git_sha");
  nullableString(run.ref, "run.ref");
  for (const field of ["started_at", "finished_at", "tool_version"]) string(run[field], `run.${field}`);
  integer(run.k, "run.k");
  if (run.integrity_error !== void 0) string(run.integrity_error, "run.integrity_error");
  if (run.isolation !== void 0) {
    const isolation = object(run.isolation, "run.isolation");
    if (isolation.mechanism !== "bubblewrap" && isolation.mechanism !== "none") fail("run.isolation.mechanism", '"bubblewrap" or "none"');
    if (isolation.reason !== void 0) string(isolation.reason, "run.isolation.reason");
  }
  if (root.measurement !== void 0)
    for (const [field, value] of Object.entries(object(root.measurement, "measurement"))) string(value, `measurement.${field}`);
  if (root.holdout !== void 0) {
    const holdout = object(root.holdout, "holdout");
    if (holdout.key !== "configured" && holdout.key !== "run") fail("holdout.key", '"configured" or "run"');
    string(holdout.key_id, "holdout.key_id");
    if (holdout.unavailable !== void 0) string(holdout.unavailable, "holdout.unavailable");
  }
  array(root.tasks, "tasks").forEach((value, i) => {
    const at = `tasks[${i}]`;
    const task = object(value, at);
    for (const field of ["id", "fixture_sha256", "acceptor_version"]) string(task[field], `${at}.${field}`);
    if (task.set !== "dev" && task.set !== "holdout") fail(`${at}.set`, '"dev" or "holdout"');
    if (task.not_rerun !== void 0) string(task.not_rerun, `${at}.not_rerun`);
    if (task.fixture_files !== void 0)
      for (const [file2, hash] of Object.entries(object(task.fixture_files, `${at}.fixture_files`))) string(hash, `${at}.fixture_files.${file2}`);
    const budget = object(task.budget, `${at}.budget`);
    number(budget.wall_seconds, `${at}.budget.wall_seconds`, true);
    optionalNumber(budget.max_tokens, `${at}.budget.max_tokens`, true);
    optionalNumber(budget.max_cost_usd, `${at}.budget.max_cost_usd`, true);
    array(task.faults, `${at}.faults`).forEach((f, j) => {
      const fault = object(f, `${at}.faults[${j}]`);
      string(fault.id, `${at}.faults[${j}].id`);
      string(fault.label, `${at}.faults[${j}].label`);
    });
    const summary = object(task.summary, `${at}.summary`);
    integer(summary.k, `${at}.summary.k`);
    for (const [field, max] of [
      ["tokens", MAX_TOKENS * MAX_SUMMED],
      ["cost_usd", MAX_COST_USD * MAX_SUMMED]
    ]) {
      optionalNumber(summary[field], `${at}.summary.${field}`);
      if (typeof summary[field] === "number" && summary[field] > max) fail(`${at}.summary.${field}`, `a sum of bounded figures, at most ${max}`);
    }
    for (const field of ["ungated", "check_versions", "check_labels"]) {
      if (task[field] === void 0) continue;
      const map = object(task[field], `${at}.${field}`);
      for (const name in map) string(map[name], `${at}.${field}.${name}`);
    }
    if (task.judge !== void 0) {
      const judge = object(task.judge, `${at}.judge`);
      string(judge.model, `${at}.judge.model`);
      array(judge.items, `${at}.judge.items`).forEach((v, j) => {
        const item = object(v, `${at}.judge.items[${j}]`);
        for (const field of ["id", "question", "calibration"]) string(item[field], `${at}.judge.items[${j}].${field}`);
      });
    }
    if (summary.judge !== void 0) {
      const judge = object(summary.judge, `${at}.summary.judge`);
      for (const field of ["calls", "cached", "tokens"]) number(judge[field], `${at}.summary.judge.${field}`);
      optionalNumber(judge.cost_usd, `${at}.summary.judge.cost_usd`);
      const items = object(judge.items, `${at}.summary.judge.items`);
      for (const id in items) {
        const item = object(items[id], `${at}.summary.judge.items.${id}`);
        for (const field of ["yes", "no", "undetermined", "errors", "tokens"]) number(item[field], `${at}.summary.judge.items.${id}.${field}`);
      }
    }
    array(task.trials, `${at}.trials`).forEach((t, j) => {
      const tat = `${at}.trials[${j}]`;
      const trial = object(t, tat);
      integer(trial.trial, `${tat}.trial`);
      if (!OUTCOMES.has(trial.outcome)) fail(`${tat}.outcome`, "one of pass | fail | env_error | unexecuted");
      if (trial.env_error !== void 0) string(trial.env_error, `${tat}.env_error`);
      if (trial.env_error_source !== void 0 && trial.env_error_source !== "agent") fail(`${tat}.env_error_source`, '"agent" or nothing');
      number(trial.wall_ms, `${tat}.wall_ms`);
      string(trial.evidence, `${tat}.evidence`);
      if (trial.repair !== void 0) {
        const repair = object(trial.repair, `${tat}.repair`);
        if (!["pass", "fail", "env_error"].includes(repair.outcome)) fail(`${tat}.repair.outcome`, "one of pass | fail | env_error");
        number(repair.minutes, `${tat}.repair.minutes`);
        number(repair.patch_lines, `${tat}.repair.patch_lines`);
      }
      const checks = object(trial.checks, `${tat}.checks`);
      for (const name in checks) if (typeof checks[name] !== "boolean") fail(`${tat}.checks.${name}`, "true or false");
    });
  });
  return data;
}
function resultsFileAt(path) {
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) return path;
  const inside = join(path, "results.json");
  if (statSync(inside, { throwIfNoEntry: false })?.isFile()) return inside;
  throw new UserInputError(
    path,
    "",
    "is a directory without results.json: pass a run directory (trialgate run --out DIR) or its results.json; for a directory of downloaded runs, trialgate gate takes --base-dir"
  );
}

// src/trial/measurement.ts
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
async function measurementOf(set, overrides = {}) {
  const { config } = set;
  const project = (path) => relative(set.dir, resolve(set.dir, path)) || ".";
  const out = {
    trials: String(config.trials),
    "agent.isolation": overrides.isolation ?? config.agent.isolation,
    "agent.network": config.agent.network,
    // What of the agent's output is judged: a judge item's agent.log is read from the capped log, so a smaller
    // cap hides it (a claim of success, constraint:claims-backed, is read from the whole output).
    "agent.log_cap_bytes": String(config.agent.log_cap_bytes),
    // Where constraint:claims-backed reads a claim of success: a base run that read it from the capped log alone
    // missed a claim past the cap, so its passes are not this ruler's (recorded from the trialgate that reads all).
    "agent.claims_read_from": "all of the output",
    "agent.files": config.agent.files.map(project).sort().join(", ") || "none",
    watch: [...config.watch].sort().join(", ") || "none",
    limits: `candidate_mb ${config.limits.candidate_mb}, candidate_files ${config.limits.candidate_files}`,
    judge: config.judge ? await judgeOf(set) : "none",
    holdout: config.holdout ? digest(JSON.stringify(config.holdout)) : "none"
  };
  const holdout = [];
  const holdoutAcceptors = [];
  const holdoutUnprotected = [];
  for (const task of set.tasks) {
    const spec = task.spec;
    const fields = [
      ["set", spec.set],
      ["acceptance", task.kind.name],
      ["faults", Object.keys(task.faults).sort().join(", ") || "none"],
      ["watch", [...spec.watch].sort().join(", ") || "none"],
      ["agent.files", (spec.agent?.files ?? []).map(project).sort().join(", ") || "none"],
      ["judge", spec.judge ? await taskJudgeOf(set.dir, spec.judge) : "none"]
    ];
    const acceptor = spec.acceptance ? acceptanceSettings(spec.acceptance) : "the fixture\u2019s own (in its hash)";
    const unprotected = filesRead(await unprotectedDefinition(task.fixture));
    if (spec.set === "holdout") {
      holdout.push(`${spec.id}:${JSON.stringify(fields)}`);
      holdoutAcceptors.push(`${spec.id}:${acceptor}`);
      holdoutUnprotected.push(`${spec.id}:${unprotected}`);
    } else {
      for (const [field, value] of fields) out[`tasks.${spec.id}.${field}`] = value;
      out[`tasks.${spec.id}.acceptance.settings`] = acceptor;
      out[`tasks.${spec.id}.fixture.unprotected`] = unprotected;
    }
  }
  if (holdout.length) out["holdout.tasks"] = digest(holdout.sort().join("\n"));
  if (holdoutAcceptors.length) out["holdout.tasks.acceptance.settings"] = digest(holdoutAcceptors.sort().join("\n"));
  if (holdoutUnprotected.length) out["holdout.tasks.fixture.unprotected"] = digest(holdoutUnprotected.sort().join("\n"));
  return out;
}
async function judgeOf(set) {
  const judge = set.config.judge;
  const calibration = await readFile(resolve(set.dir, judge.calibration)).catch(() => null);
  return [
    `model ${judge.model}`,
    ...judge.command ? [`command ${judge.command}`] : [],
    ...judge.base_url ? [`endpoint ${judge.base_url}`] : [],
    `calibration ${calibration ? digest(calibration) : "missing"}`,
    `gate \u03BA \u2265 ${judge.gate.min_kappa} over \u2265 ${judge.gate.min_labels} labels`,
    `files cut at ${judge.max_file_chars} characters`,
    ...judge.max_tokens === void 0 ? [] : [`at most ${judge.max_tokens} tokens`]
  ].join("; ");
}
async function taskJudgeOf(dir, judge) {
  const items = judge.items.map((item) => `${item.id} ${digest(JSON.stringify([item.question, item.candidate, item.evidence]))}`).sort();
  const labels = judge.labels === void 0 ? "none" : await labelledSetSha(resolve(dir, judge.labels)).then(
    (sha) => sha.slice(0, 12),
    () => "missing"
  );
  return `items ${items.join(", ")}; labels ${labels}`;
}
function filesRead(files) {
  const names = Object.keys(files).sort();
  if (names.length === 0) return "none";
  if (names.length > SHOWN_FILES) return `${names.length} files (${digest(names.map((name) => `${files[name]}  ${name}`).join("\n"))})`;
  return names.map((name) => `${name} ${files[name].slice(0, 12)}`).join(", ");
}
var SHOWN_FILES = 12;
function acceptanceSettings(acceptance) {
  const { kind: _kind, ...settings } = acceptance;
  return Object.keys(settings).length ? stableJson(settings) : "none";
}
function stableJson(value) {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(",")}}`;
  return JSON.stringify(value);
}
function digest(data) {
  return createHash("sha256").update(data).digest("hex").slice(0, 12);
}
function measurementChanges(base, head) {
  return Object.keys(head).filter((field) => field in base && base[field] !== head[field]).map((field) => ({ what: field, ...valueChange(base[field], head[field]) }));
}
function valueChange(base, head) {
  const [was, is] = [filesOf(base), filesOf(head)];
  if (!was || !is) return { base, head };
  const changed = manifestChanges(was, is);
  const before = Object.keys(was).filter((file) => file in is === false || was[file] !== is[file]);
  return { base: before.map((file) => `${file} ${was[file]}`).join(", ") || "none of them", head: changed.join(", ") };
}
function filesOf(value) {
  if (value === "none") return {};
  const entries = value.split(", ").map((entry) => /^(\S+) ([0-9a-f]{12})$/.exec(entry));
  return entries.every(Boolean) ? Object.fromEntries(entries.map((m) => [m[1], m[2]])) : null;
}

export {
  readResultsFile,
  readComparedResults,
  resultsFileAt,
  measurementOf,
  measurementChanges
};
