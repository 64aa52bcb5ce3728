import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  Results,
  compareResults,
  renderRunMarkdown
} from "./chunk-BZNMFCXS.js";
import {
  NO_LIMITS,
  openSandbox,
  readCandidate,
  writeCandidate
} from "./chunk-V3BF3RGP.js";
import {
  copyFixture
} from "./chunk-GIWHJF3W.js";
import {
  applyPatch,
  formatPatch,
  parsePatch,
  structuredPatch,
  summarizeTask
} from "./chunk-BUWQH57W.js";
import {
  writeInside,
  writePiecesInside
} from "./chunk-J6G6AL52.js";
import {
  Scrubber,
  heldTokens
} from "./chunk-RRV7J5M2.js";
import {
  external_exports
} from "./chunk-OVH43LBJ.js";
import {
  readJsonFile
} from "./chunk-SVMKXPE7.js";
import {
  UserInputError,
  parseOrThrow
} from "./chunk-EMQXSGHT.js";

// src/util/json-stream.ts
var LAZY = /* @__PURE__ */ Symbol("lazy JSON array");
function lazy(items) {
  return { [LAZY]: items };
}
var isLazy = (value) => typeof value === "object" && value !== null && LAZY in value;
function holdsLazy(value) {
  if (isLazy(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(holdsLazy);
}
var pad = (depth) => "  ".repeat(depth);
var indented = (text, depth) => depth ? text.replaceAll("\n", `
${pad(depth)}`) : text;
function* jsonPieces(value, depth = 0) {
  if (!holdsLazy(value)) {
    yield indented(JSON.stringify(value, null, 2), depth);
    return;
  }
  const inner = pad(depth + 1);
  if (isLazy(value) || Array.isArray(value)) {
    let first2 = true;
    yield "[";
    for (const item of isLazy(value) ? value[LAZY] : value) {
      yield `${first2 ? "" : ","}
${inner}`;
      yield* item === void 0 || typeof item === "function" || typeof item === "symbol" ? ["null"] : jsonPieces(item, depth + 1);
      first2 = false;
    }
    yield first2 ? "]" : `
${pad(depth)}]`;
    return;
  }
  let first = true;
  yield "{";
  for (const [key, item] of Object.entries(value)) {
    if (item === void 0 || typeof item === "function" || typeof item === "symbol") continue;
    yield `${first ? "" : ","}
${inner}${JSON.stringify(key)}: `;
    yield* jsonPieces(item, depth + 1);
    first = false;
  }
  yield first ? "}" : `
${pad(depth)}}`;
}

// src/results/junit.ts
var escape = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");
function* junitPieces(setName, suites) {
  yield `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${escape(setName)}">
`;
  let first = true;
  for (const suite of suites) {
    const count = (o) => suite.outcomes.filter((x) => x === o).length;
    yield `${first ? "" : "\n"}  <testsuite name="${escape(suite.id)}" tests="${suite.outcomes.length}" failures="${count("fail")}" errors="${count("env_error")}" skipped="${count("unexecuted")}" time="${(suite.wall_ms / 1e3).toFixed(3)}">`;
    for (const trial of suite.trials) {
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
  yield "\n</testsuites>\n";
}
function trialBody(trial) {
  const reasons = failureReasons(trial);
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
function failureReasons(trial) {
  const layers = trial.layers;
  return [
    ...trial.stop_reason !== "completed" ? [`stopped: ${trial.stop_reason}`] : [],
    ...layers.final_state.failures.map((f) => `final state: ${f}`),
    ...layers.constraints.failures.map((f) => `constraints: ${f}`),
    ...layers.tool_contract.failures.map((f) => `tool contract: ${f}`)
  ];
}

// src/results/write.ts
async function writeRunFiles(runDir, results, scrubber = Scrubber.none) {
  const valid = Results.parse(results);
  const trials = new Map(valid.tasks.map((task) => [task.id, task.trials]));
  return writeValidRunFiles(runDir, valid, (taskId) => trials.get(taskId) ?? [], scrubber);
}
async function writeLoggedRunFiles(runDir, run, trials, scrubber) {
  Results.parse({ ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [] })) });
  const ordered = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [...task.trials].sort((a, b) => a.trial - b.trial) })) };
  return writeValidRunFiles(runDir, ordered, trials, scrubber);
}
async function writeValidRunFiles(runDir, run, trials, scrubber) {
  const whole = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: lazy(trials(task.id)) })) };
  const resultsPath = await writePiecesInside(runDir, "results.json", withNewline(jsonPieces(whole)), scrubber);
  const suites = run.tasks.map((task) => ({ id: task.id, wall_ms: task.summary.wall_ms, outcomes: task.trials.map((t) => t.outcome), trials: trials(task.id) }));
  await writePiecesInside(runDir, "junit.xml", junitPieces(run.trial_set.name, suites), scrubber);
  await writeInside(runDir, "report.md", renderRunMarkdown(run), scrubber);
  const { htmlPieces } = await import("./write-7GINC4JC.js");
  const page = htmlPieces({ results: run, comparison: compareResults([], run), trials }, { runDir, redact: (text) => scrubber.text(text) });
  await writePiecesInside(runDir, "report.html", page, scrubber);
  return resultsPath;
}
function* withNewline(pieces) {
  yield* pieces;
  yield "\n";
}

// src/repair/repair.ts
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";

// src/repair/patch.ts
function candidatePatch(before, after) {
  const patches = [];
  const binary = [];
  let lines = 0;
  for (const path of [.../* @__PURE__ */ new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(path);
    const b = after.get(path);
    if (a && b && a.equals(b)) continue;
    if (a && isBinary(a) || b && isBinary(b)) {
      binary.push(path);
      continue;
    }
    const patch = structuredPatch(a ? `a/${path}` : "/dev/null", b ? `b/${path}` : "/dev/null", a?.toString("utf8") ?? "", b?.toString("utf8") ?? "", "", "");
    for (const hunk of patch.hunks) lines += hunk.lines.filter((l) => l.startsWith("+") || l.startsWith("-")).length;
    patches.push(patch);
  }
  return { text: patches.length ? formatPatch(patches) : "", lines, files: patches.length, binary };
}
function applyCandidatePatch(files, patchText) {
  const out = new Map(files);
  for (const patch of parsePatch(patchText)) {
    const from = stripPrefix(patch.oldFileName);
    const to = stripPrefix(patch.newFileName);
    const path = to ?? from;
    if (!path) return "a file of the patch names no path";
    const source = from ? files.get(from) : void 0;
    if (from && !source) return `the patch changes ${from}, which the candidate does not have`;
    const result = applyPatch(source?.toString("utf8") ?? "", patch);
    if (result === false) return `the patch does not apply to ${path}: the candidate differs from the one it was made for`;
    if (from && from !== path) out.delete(from);
    if (to) out.set(to, Buffer.from(result, "utf8"));
    else out.delete(from);
  }
  return out;
}
function stripPrefix(name) {
  if (!name || name === "/dev/null") return void 0;
  return name.replace(/^[ab]\//, "");
}
function isBinary(data) {
  return data.subarray(0, 8192).includes(0);
}

// src/repair/repair.ts
var STARTED = "started.json";
async function repairTarget(trialDir) {
  const runDir = dirname(dirname(trialDir));
  const resultsPath = join(runDir, "results.json");
  const results = parseOrThrow(Results, await readJsonFile(resultsPath), resultsPath);
  const task = results.tasks.find((t) => t.id === basename(dirname(trialDir)));
  const trial = task?.trials.find((t) => t.evidence === relative(runDir, trialDir));
  if (!task || !trial) throw new UserInputError(trialDir, "", `not a trial of the run in ${runDir}: name <run-dir>/<task>/trial-NNN`);
  return { runDir, trialDir, results, task, trial };
}
async function startRepair(target) {
  const repairDir = join(target.trialDir, "repair");
  if (await stat(join(repairDir, STARTED)).catch(() => null)) {
    throw new UserInputError(repairDir, "", "a repair of this trial is under way (or done): finish it with --done, or discard it with --abort");
  }
  const delivered = await readCandidate(join(target.trialDir, "candidate"), NO_LIMITS);
  await writeCandidate(delivered, join(repairDir, "candidate"));
  await writeFile(join(repairDir, STARTED), JSON.stringify({ started_at: (/* @__PURE__ */ new Date()).toISOString(), candidate_sha256: delivered.sha256 }, null, 2) + "\n");
  return join(repairDir, "candidate");
}
async function abortRepair(target) {
  if (target.trial.repair) throw new UserInputError(target.trialDir, "repair", "this repair is finished and recorded in results.json; it is not discarded");
  await rm(join(target.trialDir, "repair"), { recursive: true, force: true });
}
async function finishRepair(target, options) {
  const repairDir = join(target.trialDir, "repair");
  const started = await readFile(join(repairDir, STARTED), "utf8").then((t) => JSON.parse(t), () => null);
  if (!started) throw new UserInputError(repairDir, "", "no repair was started here: run `trialgate repair <trial>` first");
  if (target.trial.repair) throw new UserInputError(target.trialDir, "repair", "already repaired and recorded");
  const delivered = await readCandidate(join(target.trialDir, "candidate"), NO_LIMITS);
  const repaired = await readCandidate(join(repairDir, "candidate"), NO_LIMITS);
  const patch = candidatePatch(delivered.files, repaired.files);
  if (patch.binary.length) throw new UserInputError(join(repairDir, "candidate"), patch.binary.join(", "), "a repair may change text files only: a binary change cannot be reviewed as a patch");
  if (patch.files === 0) throw new UserInputError(join(repairDir, "candidate"), "", "nothing was changed: edit the copy, or discard the repair with --abort");
  await writeFile(join(repairDir, "patch.diff"), patch.text);
  const measured = (Date.now() - Date.parse(started.started_at)) / 6e4;
  const minutes = Math.round((options.minutes ?? measured) * 10) / 10;
  const accepted = await acceptRepaired(target, options.task, join(repairDir, "candidate"), join(repairDir, "acceptance"), options.isolation);
  const repair = {
    ...accepted,
    source: "manual",
    minutes,
    ...options.confirmingMinutes === void 0 ? {} : { confirming_minutes: options.confirmingMinutes },
    patch_lines: patch.lines,
    patch_files: patch.files,
    ...options.note ? { note: options.note } : {},
    candidate_sha256: repaired.sha256,
    patch: relative(target.runDir, join(repairDir, "patch.diff"))
  };
  await writeFile(join(repairDir, "result.json"), JSON.stringify(repair, null, 2) + "\n");
  await recordRepair(target, repair);
  return repair;
}
async function acceptRepaired(target, task, candidateDir, outDir, isolation = "auto") {
  if (task.fixture.sha256 !== target.task.fixture_sha256) {
    throw new UserInputError(task.fixture.dir, "fixture", `changed since the run (its hash was ${target.task.fixture_sha256.slice(0, 12)}, now ${task.fixture.sha256.slice(0, 12)}): a repair is accepted against the version that ran`);
  }
  if (task.kind.name === "tools") throw new UserInputError(task.spec.id, "acceptance", "a tools task is judged by what the agent did, not by a candidate: there is nothing to repair");
  const copies = await mkdtemp(join(tmpdir(), "trialgate-repair-"));
  const sandbox = await openSandbox(isolation, "--isolation");
  try {
    const fixture = await copyFixture(task.fixture, copies);
    await mkdir(outDir, { recursive: true });
    const validation = await task.kind.validate({ fixture, acceptance: task.acceptance, sandbox, outDir, candidateDir, scrubber: new Scrubber(heldTokens(process.env)) });
    return { outcome: outcomeOf(validation), failures: validation.problems };
  } finally {
    await sandbox.dispose();
    await rm(copies, { recursive: true, force: true });
  }
}
function outcomeOf(validation) {
  if (validation.problems.length === 0) return "pass";
  const rows = validation.shape === "variants" ? validation.rows : [];
  return rows.length > 0 && rows.every((r) => r.verdict === "execution_error_or_skip" && r.assertionFailures === 0 && r.executionErrors > 0) ? "env_error" : "fail";
}
async function recordRepair(target, repair) {
  const tasks = target.results.tasks.map((task) => {
    if (task.id !== target.task.id) return task;
    const trials = task.trials.map((t) => t.trial === target.trial.trial ? { ...t, repair } : t);
    const summary = summarizeTask(trials, task.summary.k, Object.keys(task.summary.detections));
    return { ...task, trials, summary };
  });
  await writeRunFiles(target.runDir, { ...target.results, tasks }, new Scrubber(heldTokens(process.env)));
}

// src/repair/committed.ts
import { mkdir as mkdir2, readFile as readFile2, writeFile as writeFile2 } from "node:fs/promises";
import { join as join2, relative as relative2 } from "node:path";
var CommittedMeta = external_exports.object({
  minutes: external_exports.number().nonnegative(),
  confirming_minutes: external_exports.number().nonnegative().optional(),
  note: external_exports.string().optional(),
  patch_lines: external_exports.number().int().nonnegative(),
  patch_files: external_exports.number().int().nonnegative()
});
var pathOf = (set, task, candidateSha256) => join2(set.dir, set.config.repairs, task, candidateSha256);
async function saveCommittedRepair(set, task, deliveredSha256, patchText, repair) {
  const base = pathOf(set, task, deliveredSha256);
  await mkdir2(join2(set.dir, set.config.repairs, task), { recursive: true });
  await writeFile2(`${base}.diff`, patchText);
  const meta = { minutes: repair.minutes, ...repair.confirming_minutes === void 0 ? {} : { confirming_minutes: repair.confirming_minutes }, ...repair.note ? { note: repair.note } : {}, patch_lines: repair.patch_lines, patch_files: repair.patch_files };
  await writeFile2(`${base}.json`, JSON.stringify(CommittedMeta.parse(meta), null, 2) + "\n");
  return relative2(set.dir, `${base}.diff`);
}
async function applyCommittedRepair(set, task, taskResult, trial, trialDir, runDir, isolation) {
  if (!trial.candidate_sha256 || trial.outcome !== "fail") return void 0;
  const base = pathOf(set, task.spec.id, trial.candidate_sha256);
  const patchText = await readFile2(`${base}.diff`, "utf8").catch(() => void 0);
  if (patchText === void 0) return void 0;
  const meta = CommittedMeta.parse(JSON.parse(await readFile2(`${base}.json`, "utf8")));
  const repairDir = join2(trialDir, "repair");
  const delivered = await readCandidate(join2(trialDir, "candidate"), NO_LIMITS);
  const applied = applyCandidatePatch(delivered.files, patchText);
  await mkdir2(repairDir, { recursive: true });
  await writeFile2(join2(repairDir, "patch.diff"), patchText);
  const figures = { source: "committed", ...meta, patch: relative2(runDir, join2(repairDir, "patch.diff")) };
  if (typeof applied === "string") return { ...figures, outcome: "fail", candidate_sha256: delivered.sha256, failures: [`the committed repair ${relative2(set.dir, `${base}.diff`)} does not apply: ${applied}`] };
  const candidate = { files: applied, sha256: "", unsafe: [], oversize: [] };
  await writeCandidate(candidate, join2(repairDir, "candidate"));
  const repaired = await readCandidate(join2(repairDir, "candidate"), NO_LIMITS);
  const accepted = await acceptRepaired({ task: taskResult }, task, join2(repairDir, "candidate"), join2(repairDir, "acceptance"), isolation);
  const repair = { ...figures, ...accepted, candidate_sha256: repaired.sha256 };
  await writeFile2(join2(repairDir, "result.json"), JSON.stringify(repair, null, 2) + "\n");
  return repair;
}

export {
  failureReasons,
  writeRunFiles,
  writeLoggedRunFiles,
  repairTarget,
  startRepair,
  abortRepair,
  finishRepair,
  saveCommittedRepair,
  applyCommittedRepair
};
