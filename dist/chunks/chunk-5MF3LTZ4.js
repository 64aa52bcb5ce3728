import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  READABLE_RESULTS_SCHEMAS,
  RESULTS_SCHEMA,
  Results
} from "./chunk-FMWH56VQ.js";
import {
  MAX_COST_USD,
  MAX_SUMMED,
  MAX_TOKENS
} from "./chunk-ZPCT75I2.js";
import {
  plural
} from "./chunk-BAEF6OTL.js";
import {
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

export {
  readResultsFile,
  readComparedResults,
  resultsFileAt
};
