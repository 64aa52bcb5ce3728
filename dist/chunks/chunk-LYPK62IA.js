import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  CommittedRepairMeta,
  RepairStarted,
  Results,
  summarizeTask
} from "./chunk-LHVQ7BFE.js";
import {
  NO_LIMITS,
  readCandidate,
  writeCandidate
} from "./chunk-TE7J7CZT.js";
import {
  applyPatch,
  formatPatch,
  parsePatch,
  structuredPatch
} from "./chunk-6KCLTD2N.js";
import {
  openSandbox
} from "./chunk-N2ZZ3NAW.js";
import {
  MAX_MINUTES
} from "./chunk-6FEWE2YT.js";
import {
  Scrubber
} from "./chunk-BAEF6OTL.js";
import {
  copyFixture
} from "./chunk-AJNZHUO4.js";
import {
  writeInside,
  writePiecesInside
} from "./chunk-KKIMH4NN.js";
import {
  isBinary,
  linkTarget,
  readInside,
  readJsonFile
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError,
  allIssues,
  parseOrThrow
} from "./chunk-JUOIWDMS.js";

// src/repair/repair.ts
import { lstat, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";

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

// src/results/write.ts
async function writeResults(runDir, results, scrubber = Scrubber.none, outputs) {
  const valid = Results.parse(results);
  const byTask = new Map(valid.tasks.map((task) => [task.id, task.trials]));
  const trials = (taskId) => byTask.get(taskId) ?? [];
  const path = await writeResultsPieces(runDir, valid, trials, scrubber);
  await outputs?.({ runDir, run: valid, trials, scrubber });
  return path;
}
async function writeLoggedResults(runDir, run, trials, scrubber, outputs) {
  Results.parse({ ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [] })) });
  const path = await writeResultsPieces(runDir, run, trials, scrubber);
  const ordered = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [...task.trials].sort((a, b) => a.trial - b.trial) })) };
  await outputs?.({ runDir, run: ordered, trials, scrubber });
  return path;
}
async function writeResultsPieces(runDir, run, trials, scrubber) {
  const whole = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: lazy(trials(task.id)) })) };
  return writePiecesInside(runDir, "results.json", withNewline(jsonPieces(whole)), scrubber);
}
function* withNewline(pieces) {
  yield* pieces;
  yield "\n";
}

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

// src/repair/repair.ts
var STARTED = "started.json";
async function repairTarget(trialDir) {
  const runDir = dirname(dirname(trialDir));
  for (const dir of [dirname(trialDir), trialDir]) {
    const stats = await lstat(dir).catch(() => null);
    if (stats && !stats.isDirectory()) throw new UserInputError(dir, "", `${what(stats, dir)}, not a trial's directory: it is not followed`);
  }
  const resultsPath = join(runDir, "results.json");
  const results = parseOrThrow(Results, await readJsonFile(resultsPath, { follow: false }), resultsPath);
  const task = results.tasks.find((t) => t.id === basename(dirname(trialDir)));
  const trial = task?.trials.find((t) => t.evidence === relative(runDir, trialDir));
  if (!task || !trial) throw new UserInputError(trialDir, "", `not a trial of the run in ${runDir}: name <run-dir>/<task>/trial-NNN`);
  if (task.set === "holdout")
    throw new UserInputError(
      trialDir,
      "",
      "is a holdout trial: its directory is sealed (holdout.tar.gz.age); open it with `trialgate holdout open` and repair the trial there"
    );
  return { runDir, trialDir, results, task, trial };
}
async function startRepair(target) {
  const repairDir = join(target.trialDir, "repair");
  const existing = await lstat(repairDir).catch(() => null);
  if (existing?.isDirectory() && (await lstat(join(repairDir, STARTED)).catch(() => null))?.isFile()) {
    throw new UserInputError(repairDir, "", "a repair of this trial is under way (or done): finish it with --done, or discard it with --abort");
  }
  if (existing) throw notOurs(repairDir, existing);
  const delivered = await readCandidate(join(target.trialDir, "candidate"), NO_LIMITS);
  await mkdir(repairDir);
  await writeCandidate(delivered, join(repairDir, "candidate"));
  const started = { started_at: (/* @__PURE__ */ new Date()).toISOString(), candidate_sha256: delivered.sha256 };
  await writeInside(repairDir, STARTED, JSON.stringify(started, null, 2) + "\n");
  return join(repairDir, "candidate");
}
async function startedRepair(repairDir) {
  const stats = await lstat(repairDir).catch(() => null);
  if (!stats) throw new UserInputError(repairDir, "", "no repair was started here: run `trialgate repair <trial>` first");
  if (!stats.isDirectory()) throw notOurs(repairDir, stats);
  const path = join(repairDir, STARTED);
  if (!await lstat(path).catch(() => null)) throw notOurs(repairDir, stats);
  return parseOrThrow(RepairStarted, await readJsonFile(path, { follow: false }), path);
}
function notOurs(path, stats) {
  return new UserInputError(
    path,
    "",
    `${what(stats, path)} that \`trialgate repair\` did not make (an agent may have left it): it is not used or followed; look at it, remove it and start the repair again`
  );
}
function what(stats, path) {
  if (stats.isSymbolicLink()) return `is a symbolic link (to ${linkTarget(path)})`;
  return stats.isDirectory() ? "is a directory" : "is a file";
}
async function abortRepair(target) {
  if (target.trial.repair) throw new UserInputError(target.trialDir, "repair", "this repair is finished and recorded in results.json; it is not discarded");
  await rm(join(target.trialDir, "repair"), { recursive: true, force: true });
}
async function finishRepair(target, options) {
  const repairDir = join(target.trialDir, "repair");
  const started = await startedRepair(repairDir);
  if (target.trial.repair) throw new UserInputError(target.trialDir, "repair", "already repaired and recorded");
  const delivered = await readCandidate(join(target.trialDir, "candidate"), NO_LIMITS);
  const repaired = await readCandidate(join(repairDir, "candidate"), NO_LIMITS);
  if (repaired.unsafe.length)
    throw new UserInputError(join(repairDir, "candidate"), "", `${repaired.unsafe.join("; ")}: a repaired candidate holds regular files only`);
  const patch = candidatePatch(delivered.files, repaired.files);
  if (patch.binary.length)
    throw new UserInputError(
      join(repairDir, "candidate"),
      patch.binary.join(", "),
      "a repair may change text files only: a binary change cannot be reviewed as a patch"
    );
  if (patch.files === 0) throw new UserInputError(join(repairDir, "candidate"), "", "nothing was changed: edit the copy, or discard the repair with --abort");
  await writeInside(repairDir, "patch.diff", patch.text);
  const measured = (Date.now() - Date.parse(started.started_at)) / 6e4;
  if (options.minutes === void 0 && !(measured >= 0 && measured <= MAX_MINUTES))
    throw new UserInputError(
      join(repairDir, STARTED),
      "started_at",
      `${started.started_at} is not a start this repair could have had: give the time spent with --minutes`
    );
  const minutes = Math.round((options.minutes ?? measured) * 10) / 10;
  const acceptanceDir = join(repairDir, "acceptance");
  await rm(acceptanceDir, { recursive: true, force: true });
  await mkdir(acceptanceDir);
  const accepted = await acceptRepaired(target, options.task, join(repairDir, "candidate"), acceptanceDir, options.scrubber, options.isolation);
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
  await writeInside(repairDir, "result.json", JSON.stringify(repair, null, 2) + "\n");
  await recordRepair(target, repair, options.scrubber, options.outputs);
  return repair;
}
async function acceptRepaired(target, task, candidateDir, outDir, scrubber, isolation = "auto") {
  checkRepairable(target, task);
  const copies = await mkdtemp(join(tmpdir(), "trialgate-repair-"));
  const sandbox = await openSandbox(isolation, "--isolation");
  try {
    const fixture = await copyFixture(task.fixture, copies);
    return await acceptRepairedWith({ sandbox, fixture, scrubber }, target, task, candidateDir, outDir);
  } finally {
    await sandbox.dispose();
    await rm(copies, { recursive: true, force: true });
  }
}
async function acceptRepairedWith(acceptance, target, task, candidateDir, outDir) {
  checkRepairable(target, task);
  await mkdir(outDir, { recursive: true });
  const validation = await task.kind.validate({
    fixture: acceptance.fixture,
    sandbox: acceptance.sandbox,
    outDir,
    candidateDir,
    scrubber: acceptance.scrubber,
    ...acceptance.services ? { services: acceptance.services } : {},
    // The faults the trial's task ran, not every fault of its fixture: an unselected one is no part of the task.
    faults: target.task.faults.map((f) => f.id)
  });
  return { outcome: outcomeOf(validation), failures: validation.problems };
}
function checkRepairable(target, task) {
  if (task.fixture.sha256 !== target.task.fixture_sha256) {
    throw new UserInputError(
      task.fixture.dir,
      "fixture",
      `changed since the run (its hash was ${target.task.fixture_sha256.slice(0, 12)}, now ${task.fixture.sha256.slice(0, 12)}): a repair is accepted against the version that ran`
    );
  }
  if (!task.kind.capabilities.repairable)
    throw new UserInputError(
      task.spec.id,
      "acceptance",
      `a ${task.kind.name} task is judged by what the agent did, not by a candidate a person could repair: there is nothing to repair`
    );
}
function outcomeOf(validation) {
  if (validation.problems.length === 0) return "pass";
  if (validation.shape === "runs") return validation.rows.some((r) => r.actual === "env error") ? "env_error" : "fail";
  const rows = validation.rows;
  return rows.length > 0 && rows.every((r) => r.verdict === "execution_error_or_skip" && r.assertionFailures === 0 && r.executionErrors > 0) ? "env_error" : "fail";
}
async function recordRepair(target, repair, scrubber, outputs) {
  const tasks = target.results.tasks.map((task) => {
    if (task.id !== target.task.id) return task;
    const trials = task.trials.map((t) => t.trial === target.trial.trial ? { ...t, repair } : t);
    const summary = summarizeTask(trials, task.summary.k, Object.keys(task.summary.detections));
    return { ...task, trials, summary };
  });
  await writeResults(target.runDir, { ...target.results, tasks }, scrubber, outputs);
}

// src/repair/committed.ts
import { mkdir as mkdir2, rm as rm2 } from "node:fs/promises";
import { join as join2, relative as relative2, resolve } from "node:path";
var SHA256 = /^[0-9a-f]{64}$/;
var FILE_BYTES = 64 * 1024 * 1024;
function repairPath(set, task, candidateSha256, from) {
  if (!candidateSha256 || !SHA256.test(candidateSha256))
    throw new UserInputError(from, "candidate_sha256", `${JSON.stringify(candidateSha256 ?? null)} is not a sha256 (64 hex digits): no file is named after it`);
  if (!set.tasks.some((t) => t.spec.id === task)) throw new UserInputError(set.file, "tasks", `has no task ${JSON.stringify(task)}`);
  return [relative2(set.dir, resolve(set.dir, set.config.repairs)), task, candidateSha256].filter(Boolean).join("/");
}
async function saveCommittedRepair(set, task, deliveredSha256, patchText, repair, from = "results.json") {
  const base = repairPath(set, task, deliveredSha256, from);
  await writeInside(set.dir, `${base}.diff`, patchText);
  const meta = {
    minutes: repair.minutes,
    ...repair.confirming_minutes === void 0 ? {} : { confirming_minutes: repair.confirming_minutes },
    ...repair.note ? { note: repair.note } : {},
    patch_lines: repair.patch_lines,
    patch_files: repair.patch_files
  };
  await writeInside(set.dir, `${base}.json`, JSON.stringify(CommittedRepairMeta.parse(meta), null, 2) + "\n");
  return `${base}.diff`;
}
async function applyCommittedRepair(set, task, taskResult, trial, trialDir, runDir, acceptance) {
  if (!trial.candidate_sha256 || trial.outcome !== "fail") return void 0;
  const base = repairPath(set, task.spec.id, trial.candidate_sha256, "the trial");
  const read = (suffix) => {
    try {
      return readInside(set.dir, `${base}${suffix}`, FILE_BYTES)?.toString("utf8");
    } catch (e) {
      if (e.code === "ENOENT") return void 0;
      if (e.code === "ELOOP") throw new CommittedRepairProblem(`${base}${suffix}: ${e.message}`);
      throw e;
    }
  };
  const patchText = read(".diff");
  if (patchText === void 0) return void 0;
  const repairDir = join2(trialDir, "repair");
  await rm2(repairDir, { recursive: true, force: true });
  await mkdir2(repairDir);
  await writeInside(repairDir, "patch.diff", patchText);
  const meta = committedMeta(read(".json"), `${base}.json`);
  const delivered = await readCandidate(join2(trialDir, "candidate"), NO_LIMITS);
  const applied = applyCandidatePatch(delivered.files, patchText);
  const figures = { source: "committed", ...meta, patch: relative2(runDir, join2(repairDir, "patch.diff")) };
  if (typeof applied === "string")
    return { ...figures, outcome: "fail", candidate_sha256: delivered.sha256, failures: [`the committed repair ${base}.diff does not apply: ${applied}`] };
  const candidate = { files: applied, sha256: "", unsafe: [], oversize: [] };
  await writeCandidate(candidate, join2(repairDir, "candidate"));
  const repaired = await readCandidate(join2(repairDir, "candidate"), NO_LIMITS);
  const accepted = await acceptRepairedWith(acceptance, { task: taskResult }, task, join2(repairDir, "candidate"), join2(repairDir, "acceptance"));
  const repair = { ...figures, ...accepted, candidate_sha256: repaired.sha256 };
  await writeInside(repairDir, "result.json", JSON.stringify(repair, null, 2) + "\n");
  return repair;
}
var CommittedRepairProblem = class extends Error {
  name = "CommittedRepairProblem";
};
function committedMeta(text, path) {
  if (text === void 0) throw new CommittedRepairProblem(`${path} is missing: a committed patch needs its figures beside it`);
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CommittedRepairProblem(`${path} is not JSON`);
  }
  const parsed = CommittedRepairMeta.safeParse(data);
  if (!parsed.success) throw new CommittedRepairProblem(allIssues(path, parsed.error, 3).join("; "));
  return parsed.data;
}

export {
  lazy,
  jsonPieces,
  writeLoggedResults,
  repairTarget,
  startRepair,
  abortRepair,
  finishRepair,
  saveCommittedRepair,
  applyCommittedRepair,
  CommittedRepairProblem
};
