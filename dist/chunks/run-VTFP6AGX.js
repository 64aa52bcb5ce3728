import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine
} from "./chunk-RQVVBWNY.js";
import {
  markdownTable
} from "./chunk-ASMVMORG.js";
import {
  isolationNote,
  progressReporter
} from "./chunk-PQ4KEHX4.js";
import {
  recordTrialSet
} from "./chunk-SMCQMIGE.js";
import "./chunk-7AVRNUJ6.js";
import "./chunk-WNSKODN3.js";
import "./chunk-F5JU7TYL.js";
import "./chunk-G5EN2XWY.js";
import {
  judgeRunLines
} from "./chunk-BZNMFCXS.js";
import "./chunk-TCQHGJST.js";
import "./chunk-V3BF3RGP.js";
import "./chunk-GIWHJF3W.js";
import "./chunk-AXCA5P2G.js";
import "./chunk-FVLX3TVP.js";
import "./chunk-GQ3N5QTO.js";
import "./chunk-MXDSQAGL.js";
import "./chunk-6E6MCQHD.js";
import "./chunk-6VL3ZTP4.js";
import "./chunk-BUWQH57W.js";
import "./chunk-J6G6AL52.js";
import "./chunk-LGZPU5OA.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-OVH43LBJ.js";
import {
  displayPath
} from "./chunk-EV262Y4R.js";
import {
  RUN,
  parseCommand
} from "./chunk-E6FWMIUR.js";
import {
  EXIT
} from "./chunk-XNNNYSL3.js";
import "./chunk-SVMKXPE7.js";
import "./chunk-XFC4BBCX.js";
import {
  UserInputError
} from "./chunk-EMQXSGHT.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";

// src/cli/run.ts
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
var ISOLATION_SETTINGS = ["auto", "required", "none"];
async function runRunCli(argv, io) {
  const parsed = parseCommand(RUN, argv, io);
  if (typeof parsed === "number") return parsed;
  const values = parsed.values;
  if (values.isolation && !ISOLATION_SETTINGS.includes(values.isolation)) throw new UserInputError(RUN.usage, "--isolation", `one of ${ISOLATION_SETTINGS.join(", ")}, got ${JSON.stringify(values.isolation)}`);
  const output = await recordTrialSet({
    configPath: resolve(io.cwd, values.config ?? "trialgate.yml"),
    ...values.out ? { outDir: resolve(io.cwd, values.out) } : {},
    ...values.trials ? { trials: positiveInt("--trials", values.trials) } : {},
    ...values.task ? { tasks: values.task } : {},
    ...values.concurrency ? { concurrency: positiveInt("--concurrency", values.concurrency) } : {},
    ...values.seed ? { seed: positiveInt("--seed", values.seed, 0) } : {},
    ...values.isolation ? { isolation: values.isolation } : {},
    onStart: ({ isolation, trials: trials2 }) => io.stderr(`${trials2} trial${trials2 === 1 ? "" : "s"}; ${isolationLine(isolation)}`),
    onProgress: progressReporter(io.stderr, io.isTTY)
  });
  io.stdout(renderRunSummary(output.run));
  io.stdout(`
results: ${displayPath(output.resultsPath, io.cwd)}
`);
  const results = output.run;
  if (results.run.integrity_error) {
    io.stderr(`
trialgate run: integrity error: ${results.run.integrity_error}
`);
    return EXIT.usage;
  }
  const trials = results.tasks.flatMap((t) => t.trials);
  if (trials.length > 0 && trials.every((t) => t.outcome === "env_error" || t.outcome === "unexecuted")) {
    io.stderr(`
trialgate run: no trial could execute: every one is an environment error.
${await envErrorTail(output.runDir, results)}`);
    return EXIT.usage;
  }
  return EXIT.ok;
}
function positiveInt(flag, text, min = 1) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UserInputError(RUN.usage, flag, `expected an integer \u2265 ${min}, got ${JSON.stringify(text)}`);
  return n;
}
async function envErrorTail(runDir, results) {
  const trial = results.tasks.flatMap((t) => t.trials).find((t) => t.outcome === "env_error");
  if (!trial) return "";
  const verdict = await readFile(join(runDir, trial.evidence, "evidence", "verdict.json"), "utf8").catch(() => "{}");
  const notes = JSON.parse(verdict).layers?.trajectory?.notes ?? [];
  const why = notes.find((n) => n.startsWith("env error: ")) ?? "";
  const log = await readFile(join(runDir, trial.evidence, "evidence", "agent.log"), "utf8").catch(() => "");
  const tail = log.trim().split("\n").slice(-10).map((l) => `    ${l}`).join("\n");
  return [`  ${trial.evidence}: ${why.replace(/^env error: /, "")}`, `  rule: ${trial.env_error}`, ...tail ? ["  agent log (last lines):", tail] : [], ""].join("\n");
}
var pct = (x) => x === null ? "" : `${Math.round(x * 100)}%`;
var plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function renderRunSummary(results) {
  const k = results.run.k;
  const usage = results.tasks.some((t) => t.summary.tokens !== void 0 || t.summary.cost_usd !== void 0);
  const rows = results.tasks.map((t) => {
    const s = t.summary;
    return [
      t.id,
      t.set,
      `${s.passes}/${s.n}`,
      pct(s.pass_at_1),
      ...k > 1 ? [pct(s.pass_at_k), pct(s.pass_pow_k)] : [],
      [...Object.entries(s.detections).map(([fault, d]) => `${fault} ${d.detected}/${d.n}`), ...boundaryCounts(t)].join(", "),
      String(s.env_errors),
      ...usage ? [s.tokens === void 0 ? "" : String(s.tokens), s.cost_usd === void 0 ? "" : `$${s.cost_usd.toFixed(4)}`] : [],
      `${(s.wall_ms / 1e3).toFixed(1)} s`
    ];
  });
  const header = ["task", "set", "passes", "pass@1", ...k > 1 ? [`pass@${k}`, `pass^${k}`] : [], "detections / boundaries handled", "env errors", ...usage ? ["tokens", "cost"] : [], "wall"];
  const lines = [`${results.trial_set.name}: ${plural(results.tasks.length, "task")} \xD7 k=${k}`, "", markdownTable([header, ...rows])];
  const envErrors = results.tasks.flatMap((t) => t.trials.filter((r) => r.outcome === "env_error").map((r) => `  - ${t.id} trial ${r.trial}: ${r.env_error}`));
  if (envErrors.length) lines.push("", "env errors (excluded from pass rates):", ...envErrors);
  const judged = judgeRunLines(results);
  if (judged.length) lines.push("", ...judged);
  const isolation = isolationNote(results);
  if (isolation) lines.push("", isolation);
  return lines.join("\n") + "\n";
}
function boundaryCounts(task) {
  const executed = task.trials.filter((t) => t.outcome === "pass" || t.outcome === "fail");
  const boundaries = [...new Set(executed.flatMap((t) => Object.keys(t.checks).filter((c) => c.startsWith("tool:"))))];
  return boundaries.map((c) => `${c.slice("tool:".length)} ${executed.filter((t) => t.checks[c] === true).length}/${executed.length}`);
}
export {
  positiveInt,
  renderRunSummary,
  runRunCli
};
