import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  markdownTable
} from "./chunk-ASMVMORG.js";
import {
  FailureArchive,
  FailureCause,
  LABELS,
  addRuns,
  emptyArchive,
  failuresOf,
  findEntry,
  label,
  promote,
  promotionProblems
} from "./chunk-53ON3KT6.js";
import {
  runTrialSet
} from "./chunk-SMCQMIGE.js";
import "./chunk-7AVRNUJ6.js";
import {
  readResultsFile
} from "./chunk-WNSKODN3.js";
import "./chunk-F5JU7TYL.js";
import "./chunk-G5EN2XWY.js";
import "./chunk-BZNMFCXS.js";
import "./chunk-TCQHGJST.js";
import "./chunk-V3BF3RGP.js";
import "./chunk-GIWHJF3W.js";
import "./chunk-AXCA5P2G.js";
import "./chunk-FVLX3TVP.js";
import "./chunk-GQ3N5QTO.js";
import "./chunk-MXDSQAGL.js";
import "./chunk-6E6MCQHD.js";
import "./chunk-6VL3ZTP4.js";
import {
  extractZip
} from "./chunk-6BRYMBDE.js";
import "./chunk-BUWQH57W.js";
import "./chunk-J6G6AL52.js";
import "./chunk-LGZPU5OA.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-OVH43LBJ.js";
import {
  FAILURES,
  parseCommand
} from "./chunk-E6FWMIUR.js";
import {
  EXIT
} from "./chunk-XNNNYSL3.js";
import {
  readJsonFile
} from "./chunk-SVMKXPE7.js";
import "./chunk-XFC4BBCX.js";
import {
  UserInputError,
  parseOrThrow
} from "./chunk-EMQXSGHT.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";

// src/cli/failures.ts
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
async function runFailuresCli(argv, io) {
  const parsed = parseCommand(FAILURES, argv, io);
  if (typeof parsed === "number") return parsed;
  const values = parsed.values;
  const archivePath = resolve(io.cwd, values.archive ?? "trialgate.failures.json");
  const archive = await readArchive(archivePath);
  const [verb, ...rest] = parsed.positionals;
  if (verb === "label") {
    const [signature, cause] = rest;
    if (!signature || !cause) throw new UserInputError(FAILURES.usage, "label", "give the signature and the cause, e.g. `trialgate failures label 3fa2c1e9 retrieval`");
    const parsedCause = FailureCause.safeParse(cause);
    if (!parsedCause.success) throw new UserInputError("label", "CAUSE", `one of ${LABELS.join(", ")}; got ${JSON.stringify(cause)}`);
    const labelled = label(archive, signature, parsedCause.data, values.force);
    if (typeof labelled === "string") throw new UserInputError(archivePath, signature, labelled);
    await writeArchive(archivePath, labelled);
    io.stdout(`labelled ${signature} as ${cause}
`);
    return EXIT.ok;
  }
  if (verb === "promote") {
    const [signature] = rest;
    if (!signature) throw new UserInputError(FAILURES.usage, "promote", "give the signature of the failure to promote");
    const entry = findEntry(archive, signature);
    if (typeof entry === "string") throw new UserInputError(archivePath, signature, entry);
    const set = values.set ?? "dev";
    if (set !== "dev" && set !== "holdout") throw new UserInputError("--set", "", `dev or holdout, got ${JSON.stringify(values.set)}`);
    const runs2 = Number(values.runs ?? 3);
    if (!Number.isInteger(runs2) || runs2 < 1) throw new UserInputError("--runs", "", `a whole number \u2265 1, got ${JSON.stringify(values.runs)}`);
    io.stderr(`re-running task ${entry.task} ${runs2} times to see whether it fails the same way\u2026
`);
    const stability = await rerun(resolve(io.cwd, values.config ?? "trialgate.yml"), entry.task, entry.signature, runs2);
    const problems = promotionProblems(archive, entry, set, stability);
    if (problems.length) {
      io.stderr(`trialgate failures: ${entry.signature} is not promoted:
${problems.map((p) => `  - ${p}`).join("\n")}
`);
      return EXIT.failed;
    }
    const promoted = promote(archive, entry, set, stability, (/* @__PURE__ */ new Date()).toISOString());
    await writeArchive(archivePath, promoted.archive);
    io.stdout(`promoted ${entry.signature} to regression case ${promoted.regression.id} (${set}): ${entry.task} \xB7 ${entry.check} \xB7 ${entry.criterion}; it failed this way in ${stability.reproduced} of ${stability.runs - stability.env_errors} re-runs
`);
    return EXIT.ok;
  }
  if (parsed.positionals.length === 0) throw new UserInputError(FAILURES.usage, "RUN", "name one or more run directories, results.json files or downloaded artefacts (.zip)");
  const runs = [];
  for (const input of parsed.positionals) runs.push({ results: await readRun(resolve(io.cwd, input)), source: input });
  const { archive: updated, added } = addRuns(archive, runs);
  await writeArchive(archivePath, updated);
  io.stdout(renderArchive(updated, new Set(added)));
  io.stdout(`
archive: ${archivePath} (${updated.failures.length} failure signatures, ${added.length} new)
`);
  return EXIT.ok;
}
async function readArchive(path) {
  if (!await stat(path).catch(() => null)) return emptyArchive();
  return parseOrThrow(FailureArchive, await readJsonFile(path), path);
}
async function writeArchive(path, archive) {
  await writeFile(path, JSON.stringify(FailureArchive.parse(archive), null, 2) + "\n");
}
async function readRun(path) {
  const info = await stat(path).catch(() => null);
  if (!info) throw new UserInputError(path, "", "not found: name a run directory, a results.json or an artefact .zip");
  if (info.isDirectory()) return readResultsFile(join(path, "results.json"));
  if (path.endsWith(".zip")) {
    const dir = await mkdtemp(join(tmpdir(), "trialgate-failures-"));
    try {
      await extractZip(path, dir);
      return await readResultsFile(join(dir, "results.json"));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return readResultsFile(path);
}
async function rerun(configPath, task, signature, runs) {
  const out = await mkdtemp(join(tmpdir(), "trialgate-promote-"));
  try {
    const { results } = await runTrialSet({ configPath, outDir: join(out, "run"), tasks: [task], trials: runs });
    const trials = results.tasks[0].trials;
    const failing = new Set(failuresOf(results, "promote").filter((f) => f.signature === signature).map((f) => f.occurrence.trial));
    return { runs, reproduced: failing.size, env_errors: trials.filter((t) => t.outcome === "env_error" || t.outcome === "unexecuted").length };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
function renderArchive(archive, added) {
  if (archive.failures.length === 0) return "no failures\n";
  const promoted = new Map(archive.regressions.map((r) => [r.signature, r.id]));
  const rows = archive.failures.map((f) => [
    `${added.has(f.signature) ? "\u{1F195} " : ""}${f.signature}`,
    f.task,
    f.check,
    f.criterion,
    f.cause ? `${f.cause}${f.cause_by === "label" ? " (label)" : ""}` : "unlabelled",
    String(f.count),
    f.first_seen.slice(0, 10),
    f.last_seen.slice(0, 10),
    promoted.get(f.signature) ?? "",
    f.occurrences.at(-1).evidence
  ]);
  return markdownTable([["signature", "task", "check", "first failing assertion / boundary / rule", "cause", "count", "first seen", "last seen", "case", "latest evidence"], ...rows]) + "\n";
}
export {
  runFailuresCli
};
