import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  FailureArchive,
  FailureCause,
  LABELS,
  addRuns,
  emptyArchive,
  failuresOfRun,
  findEntry,
  label,
  promote,
  promotionProblems,
  storedAt
} from "./chunk-TAVJP7HT.js";
import {
  recordTrialSet
} from "./chunk-T37KTUQW.js";
import "./chunk-LYPK62IA.js";
import "./chunk-5PPB757Y.js";
import "./chunk-KIZHXQHB.js";
import {
  readResultsFile
} from "./chunk-THJ3K27E.js";
import "./chunk-LHVQ7BFE.js";
import "./chunk-ZV2SCNKO.js";
import "./chunk-BEIMHXS6.js";
import "./chunk-TE7J7CZT.js";
import "./chunk-LCBCOSNX.js";
import {
  markdownTable
} from "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import "./chunk-TX4XMRFF.js";
import "./chunk-N2ZZ3NAW.js";
import "./chunk-6FEWE2YT.js";
import {
  plural
} from "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2XP4HRAI.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-2XNPRFH2.js";
import {
  extractZip
} from "./chunk-C3HU7JC5.js";
import {
  EXIT,
  FAILURES,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import "./chunk-OMHBE2A7.js";
import {
  writeNamedFile
} from "./chunk-KKIMH4NN.js";
import {
  linkTarget,
  readJsonFile
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError,
  parseOrThrow,
  terminalText
} from "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";

// src/cli/failures.ts
import { lstat, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
async function runFailuresCli(argv, io) {
  const parsed = parseCommand(FAILURES, argv, io);
  if (typeof parsed === "number") return parsed;
  const values = parsed.values;
  const archivePath = resolve(io.cwd, values.archive ?? "trialgate.failures.json");
  const archive = await readArchive(archivePath, io);
  const [verb, ...rest] = parsed.positionals;
  if (verb === "label") {
    const [signature, cause] = rest;
    if (!signature || !cause)
      throw new UserInputError(FAILURES.usage, "label", "give the signature and the cause, e.g. `trialgate failures label 3fa2c1e9 retrieval`");
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
    io.stdout(
      `promoted ${entry.signature} to regression case ${promoted.regression.id} (${set}): ${entry.task} \xB7 ${entry.check} \xB7 ${entry.criterion}; it failed this way in ${stability.reproduced} of ${stability.runs - stability.env_errors} re-runs
`
    );
    return EXIT.ok;
  }
  if (parsed.positionals.length === 0)
    throw new UserInputError(FAILURES.usage, "RUN", "name one or more run directories, results.json files or downloaded artefacts (.zip)");
  const runs = [];
  for (const input of parsed.positionals) runs.push({ results: await readRun(resolve(io.cwd, input)), source: input });
  const { archive: updated, added } = addRuns(archive, runs);
  await writeArchive(archivePath, updated);
  io.stdout(renderArchive(updated, new Set(added)));
  io.stdout(`
archive: ${archivePath} (${plural(updated.failures.length, "failure signature")}, ${added.length} new)
`);
  return EXIT.ok;
}
async function readArchive(path, io) {
  const stats = await lstat(path).catch(() => null);
  if (stats?.isSymbolicLink()) {
    const target = linkTarget(path);
    if (await stat(path).catch(() => null))
      throw new UserInputError(
        path,
        "",
        `is a symbolic link (to ${target}) that trialgate did not make: it is not read or written through; put the archive itself there`
      );
    await rm(path);
    io.stderr(`trialgate failures: ${path} was a dangling symbolic link (to ${target}) that trialgate did not make: removed, not written through
`);
    return emptyArchive();
  }
  if (!stats) return emptyArchive();
  return parseOrThrow(FailureArchive, await readJsonFile(path, { follow: false }), path);
}
async function writeArchive(path, archive) {
  await writeNamedFile(path, JSON.stringify(FailureArchive.parse(archive), null, 2) + "\n");
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
    const { run, resultsPath } = await recordTrialSet({ configPath, outDir: join(out, "run"), tasks: [task], trials: runs });
    const trials = run.tasks[0].trials;
    const failing = new Set(
      failuresOfRun(run, storedAt(resultsPath, run).trials, "promote").filter((f) => f.signature === signature).map((f) => f.occurrence.trial)
    );
    return { runs, reproduced: failing.size, env_errors: trials.filter((t) => t.outcome === "env_error" || t.outcome === "unexecuted").length };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
function renderArchive(archive, added) {
  if (archive.failures.length === 0) return "no failures\n";
  const promoted = new Map(archive.regressions.map((r) => [r.signature, r.id]));
  const cell = (text) => terminalText(text, true).replace(/\|/g, "\\|");
  const rows = archive.failures.map(
    (f) => [
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
    ].map(cell)
  );
  return markdownTable([
    ["signature", "task", "check", "first failing assertion / boundary / rule", "cause", "count", "first seen", "last seen", "case", "latest evidence"],
    ...rows
  ]) + "\n";
}
export {
  runFailuresCli
};
