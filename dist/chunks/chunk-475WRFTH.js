import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine
} from "./chunk-TYDH6MDT.js";
import {
  progressReporter
} from "./chunk-XRX45AII.js";
import {
  REPORTERS,
  failureLine,
  recordedView,
  renderText,
  writeReports
} from "./chunk-7SUBNYKI.js";
import {
  recordTrialSet
} from "./chunk-T37KTUQW.js";
import {
  TrialResult
} from "./chunk-LHVQ7BFE.js";
import {
  parseJsonConfig
} from "./chunk-AJNZHUO4.js";
import {
  displayPath
} from "./chunk-BILKXZIS.js";
import {
  EXIT,
  RUN,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import {
  unlessMissing
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";

// src/cli/run.ts
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
async function runRunCli(argv, io) {
  const parsed = parseCommand(RUN, argv, io);
  if (typeof parsed === "number") return parsed;
  const values = parsed.values;
  const output = await recordTrialSet({
    configPath: resolve(io.cwd, values.config ?? "trialgate.yml"),
    ...values.out ? { outDir: resolve(io.cwd, values.out) } : {},
    ...values.trials ? { trials: positiveInt("--trials", values.trials) } : {},
    ...values.task ? { tasks: values.task } : {},
    ...values.concurrency ? { concurrency: positiveInt("--concurrency", values.concurrency) } : {},
    ...values.acceptance ? { acceptanceConcurrency: positiveInt("--acceptance", values.acceptance) } : {},
    ...values.seed ? { seed: positiveInt("--seed", values.seed, 0) } : {},
    ...values.isolation ? { isolation: values.isolation } : {},
    onStart: ({ isolation, trials: trials2 }) => io.stderr(`${trials2} trial${trials2 === 1 ? "" : "s"}; ${isolationLine(isolation)}`),
    onProgress: progressReporter(io.stderr, io.isTTY && io.redraw ? io.redraw : false),
    // The run's files, and its table on the terminal, from one view while its trials can still be read.
    outputs: async (recorded) => {
      const view = recordedView(recorded);
      for (const failure of await writeReports(view, recorded.scrubber)) io.stderr(`${failureLine(failure)}
`);
      io.stdout(await renderText(REPORTERS.terminal, view));
    }
  });
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
  if (results.holdout) io.stdout(`${holdoutLine(results.holdout)}
`);
  const trials = results.tasks.flatMap((t) => t.set === "holdout" ? [] : t.trials);
  const envError = trials.find((t) => t.outcome === "env_error");
  const crashed = trials.find((t) => t.stop_reason === "agent_crashed");
  const brokenAcceptor = acceptorTail(output.runDir, results);
  const firstEnvError = async () => brokenAcceptor || await trialTail(output.runDir, envError);
  if (trials.length > 0 && trials.every((t) => t.outcome === "env_error" || t.outcome === "unexecuted")) {
    io.stderr(`
trialgate run: no trial could execute: every one is an environment error.
${await firstEnvError()}`);
    return EXIT.usage;
  }
  const constraints = await candidateConstraints(output.runDir, trials);
  if (constraints) io.stdout(`
${constraints}`);
  if (envError) io.stderr(`
the first environment error:
${await firstEnvError()}`);
  if (crashed) io.stderr(`
the first agent that crashed:
${await trialTail(output.runDir, crashed)}`);
  return EXIT.ok;
}
function holdoutLine(holdout) {
  const key = holdout.key === "configured" ? "named with the configured holdout key" : "named with a key of this run alone (no holdout key set: they compare with no other run)";
  const detail = holdout.sealed ? `their detail is sealed in ${holdout.sealed} (open it with trialgate holdout open)` : "their detail is not kept (no holdout.recipients)";
  return `holdout: tasks ${key}; ${detail}${holdout.unavailable ? `; the holdout source's tasks did not run: ${holdout.unavailable}` : ""}`;
}
function positiveInt(flag, text, min = 1) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UserInputError("command line", flag, `expected an integer \u2265 ${min}, got ${JSON.stringify(text)}`);
  return n;
}
function acceptorTail(runDir, results) {
  const broken = results.tasks.find((t) => t.set !== "holdout" && t.acceptor_check?.ok === false);
  if (!broken) return "";
  const check = broken.acceptor_check;
  return [
    `  ${broken.id}: the acceptor failed on the reference answers before any trial: ${check.error}`,
    `  fix: ${check.fix}`,
    ...check.report ? [`  its report: ${join(runDir, check.report)}`] : [],
    ""
  ].join("\n");
}
var SHOWN_CONSTRAINT_TRIALS = 10;
var NAMED_CONSTRAINTS = ["constraint:scope", "constraint:report-intact"];
async function candidateConstraints(runDir, trials) {
  const broke = trials.filter((t) => NAMED_CONSTRAINTS.some((c) => t.checks[c] === false));
  if (broke.length === 0) return "";
  const lines = [];
  for (const trial of broke.slice(0, SHOWN_CONSTRAINT_TRIALS)) {
    const failures = (await readTrialVerdict(runDir, trial))?.layers.constraints.failures ?? [];
    const named = failures.filter((f) => /outside the allowed scope|report was forged/.test(f));
    lines.push(...(named.length ? named : ["(see its evidence/verdict.json)"]).map((f) => `  ${trial.evidence}: ${f}`));
  }
  if (broke.length > SHOWN_CONSTRAINT_TRIALS) lines.push(`  and ${broke.length - SHOWN_CONSTRAINT_TRIALS} more trials`);
  return `changes outside the allowed scope, and forged reports:
${lines.join("\n")}
`;
}
async function readTrialVerdict(runDir, trial) {
  const file = join(runDir, trial.evidence, "evidence", "verdict.json");
  const text = await unlessMissing(readFile(file, "utf8"), null);
  return text === null ? null : parseJsonConfig(TrialResult, text, file);
}
async function trialTail(runDir, trial) {
  const notes = (await readTrialVerdict(runDir, trial))?.layers.trajectory.notes ?? [];
  const why = trial.outcome === "env_error" ? (notes.find((n) => n.startsWith("env error: ")) ?? "").replace(/^env error: /, "") + (trial.env_error_source === "agent" ? " (declared by the agent)" : "") : notes.find((n) => n.startsWith("agent ")) ?? "the agent crashed";
  const log = await readFile(join(runDir, trial.evidence, "evidence", "agent.log"), "utf8").catch(() => "");
  const tail = (log.trim() ? log.trim().split("\n") : []).slice(-10).map((l) => `    ${l.length > 400 ? `${l.slice(0, 400)}\u2026` : l}`).join("\n");
  return [
    `  ${trial.evidence}: ${why}`,
    ...trial.env_error ? [`  rule: ${trial.env_error}`] : [],
    ...tail ? ["  agent log (last lines):", tail] : [],
    ""
  ].join("\n");
}

export {
  runRunCli,
  positiveInt,
  readTrialVerdict
};
