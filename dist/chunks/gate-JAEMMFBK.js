import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt
} from "./chunk-475WRFTH.js";
import {
  isolationLine
} from "./chunk-TYDH6MDT.js";
import {
  trialSetDependencies
} from "./chunk-5TUOWDKW.js";
import {
  WITHOUT_CONFIGURED_PROGRAMS,
  baseCheckoutProblem,
  failureAnnotation,
  gatePullRequest,
  pairedOffNote,
  presentRun,
  regressionLog,
  repositoryPath,
  trialRunner
} from "./chunk-JJELKYR7.js";
import {
  progressReporter
} from "./chunk-XRX45AII.js";
import "./chunk-KOH6P4RQ.js";
import {
  REPORTERS,
  baseRunProblem,
  baseRunRefusal,
  failureLine,
  holdsOtherTrialSet,
  renderText,
  writeReports
} from "./chunk-7SUBNYKI.js";
import "./chunk-TAVJP7HT.js";
import "./chunk-T37KTUQW.js";
import "./chunk-LYPK62IA.js";
import "./chunk-5PPB757Y.js";
import "./chunk-KIZHXQHB.js";
import {
  readResultsFile,
  resultsFileAt
} from "./chunk-THJ3K27E.js";
import "./chunk-LHVQ7BFE.js";
import "./chunk-ZV2SCNKO.js";
import {
  loadTrialSet
} from "./chunk-BEIMHXS6.js";
import "./chunk-TE7J7CZT.js";
import "./chunk-LCBCOSNX.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import {
  changeScope,
  filesPulledIn,
  skipReason,
  withGateFiles
} from "./chunk-YUJUUIFZ.js";
import "./chunk-TX4XMRFF.js";
import {
  agentsIsolated
} from "./chunk-N2ZZ3NAW.js";
import "./chunk-6FEWE2YT.js";
import {
  plural,
  secretsOf,
  trialSetSources
} from "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2XP4HRAI.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-C3HU7JC5.js";
import {
  displayPath
} from "./chunk-BILKXZIS.js";
import {
  GATE,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import "./chunk-OMHBE2A7.js";
import {
  writeNamedFile
} from "./chunk-KKIMH4NN.js";
import {
  readTextFile,
  unlessMissing
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError,
  terminalText
} from "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";

// src/cli/gate.ts
import { realpath as realpath2 } from "node:fs/promises";
import { join as join4, relative as relative3, resolve as resolve2 } from "node:path";

// src/cli/ci-config.ts
import { posix } from "node:path";
function ciConfigFiles(root, named) {
  return filesPulledIn(root, named, { from: localIncludes });
}
function localIncludes(document) {
  const include = document && typeof document === "object" ? document.include : void 0;
  const out = [];
  for (const entry of Array.isArray(include) ? include : include === void 0 ? [] : [include]) {
    const path = typeof entry === "string" && !/^https?:\/\//.test(entry) ? entry : entry && typeof entry === "object" && typeof entry.local === "string" ? entry.local : null;
    if (path === null) continue;
    const relative4 = posix.normalize(path.replace(/^\/+/, ""));
    if (!relative4.startsWith("..")) out.push(relative4);
  }
  return out;
}

// src/cli/gate-flags.ts
function gateFlags(v) {
  const problem = (flag, expected) => new UserInputError("command line", flag, expected);
  const alpha = v.alpha === void 0 ? void 0 : Number(v.alpha);
  if (alpha !== void 0 && !(alpha > 0 && alpha < 1)) throw problem("--alpha", `a number between 0 and 1, got ${JSON.stringify(v.alpha)}`);
  if (v.base?.length && v["base-dir"]) throw problem("--base-dir", "either --base files or one --base-dir, not both");
  if (!v.base?.length && !v["base-dir"])
    throw problem(
      "--base",
      "the base runs: --base BASE.json (repeat it) or --base-dir DIR of downloaded results artefacts (an empty directory: no baseline yet)"
    );
  const run = {
    ...v.trials ? { trials: positiveInt("--trials", v.trials) } : {},
    ...v.concurrency ? { concurrency: positiveInt("--concurrency", v.concurrency) } : {},
    ...v.acceptance ? { acceptanceConcurrency: positiveInt("--acceptance", v.acceptance) } : {},
    ...v.seed ? { seed: positiveInt("--seed", v.seed, 0) } : {},
    ...v.isolation ? { isolation: v.isolation } : {}
  };
  return {
    run,
    maxRuns: v["baseline-runs"] === void 0 ? 6 : positiveInt("--baseline-runs", v["baseline-runs"]),
    settings: {
      ...v.policy ? { policy: v.policy } : {},
      ...alpha === void 0 ? {} : { alpha },
      confirmTrials: v["confirm-trials"] === void 0 ? null : positiveInt("--confirm-trials", v["confirm-trials"], 0),
      maxTrials: v["max-trials"] === void 0 ? null : positiveInt("--max-trials", v["max-trials"]),
      failOn: v["fail-on"] ?? "regression",
      failWithoutBaseline: Boolean(v["fail-without-baseline"])
    }
  };
}
async function changedPaths(file) {
  const text = await readTextFile(file, "no such file: pass the changed paths, one a line (git diff --name-only --no-renames BASE...HEAD > changed.txt)");
  return text.split("\n").map((line) => line.trim()).filter(Boolean);
}

// src/cli/gate-ports.ts
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { basename, dirname as dirname2, join as join2, relative as relative2, resolve } from "node:path";

// src/gate/local-bases.ts
import { lstat, readdir } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
function chooseBaseRuns(candidates, choice) {
  const notes = [];
  const usable = [];
  const otherNamed = [];
  const unusable = [];
  for (const c of candidates) {
    const refused = baseRunRefusal(c.results, choice.trialSet);
    if (refused) notes.push(`Baseline ${c.label} not used: ${refused}.`);
    else usable.push(c);
    if (holdsOtherTrialSet(c.results, choice.trialSet)) otherNamed.push({ dir: c.dir, results: c.results });
    else if (c.results.trial_set.name === choice.trialSet && baseRunProblem(c.results)) unusable.push({ dir: c.dir, results: c.results });
  }
  usable.sort((a, b) => b.results.run.started_at.localeCompare(a.results.run.started_at) || a.label.localeCompare(b.label));
  const atBase = usable.find((c) => choice.baseSha !== void 0 && c.results.run.git_sha === choice.baseSha);
  const ordered = [...atBase ? [atBase] : [], ...usable.filter((c) => c !== atBase)];
  const used = ordered.slice(0, choice.maxRuns);
  if (ordered.length > used.length)
    notes.push(`${ordered.length - used.length} older baseline run${ordered.length - used.length === 1 ? "" : "s"} not pooled (at most ${choice.maxRuns}).`);
  if (used.length) {
    const shas = used.map((c) => c.results.run.git_sha ? short(c.results.run.git_sha) : `${c.label} (no git commit recorded)`).join(", ");
    const age = choice.baseSha ? atBase ? `; includes the base commit ${short(choice.baseSha)}` : `; the base commit ${short(choice.baseSha)} has no baseline run` : "";
    notes.unshift(`Baseline: ${used.length} run${used.length === 1 ? "" : "s"} at ${shas}${age}.`);
  }
  return {
    bases: used.map((c) => ({ dir: c.dir, results: c.results })),
    notes,
    ...unusable.length ? { unusable } : {},
    ...otherNamed.length ? { otherNamed } : {}
  };
}
async function readBaseFiles(paths, label) {
  const out = [];
  for (const path of paths) out.push({ label: label(path), dir: dirname(path), file: path, results: await readResultsFile(path) });
  return out;
}
async function readBaseDirectory(root) {
  const found = [];
  const walk = async (dir, depth) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((e) => {
      if (depth === 0) throw new UserInputError(root, "--base-dir", `cannot be read (${e.code}): pass a directory of downloaded results artefacts`);
      return [];
    });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isFile() && e.name === "results.json") found.push(join(dir, e.name));
      else if (e.isDirectory() && depth < 2) await walk(join(dir, e.name), depth + 1);
    }
  };
  if (!(await lstat(root).catch(() => null))?.isDirectory())
    throw new UserInputError(root, "--base-dir", "is not a directory: pass a directory of downloaded results artefacts");
  await walk(root, 0);
  if (found.length === 0) await refuseMisplaced(root);
  const candidates = [];
  const notes = [];
  const unavailable = [];
  for (const path of found) {
    const label = relative(root, path) || "results.json";
    try {
      candidates.push({ label, dir: dirname(path), file: path, results: await readResultsFile(path) });
    } catch (error) {
      const why = error instanceof UserInputError ? `${error.field || "(top level)"}: ${error.expected}` : "it could not be read";
      notes.push(`Baseline ${label} not used: ${why}.`);
      unavailable.push(`${label}: ${why}`);
    }
  }
  return { candidates, notes, unavailable };
}
var short = (sha) => sha ? sha.slice(0, 7) : "unknown";
async function refuseMisplaced(root) {
  const top = (await readdir(root, { withFileTypes: true })).filter((e) => !e.name.startsWith("."));
  if (top.length === 0) return;
  const deeper = [];
  const zips = [];
  const look = async (dir, depth) => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, e.name);
      if (e.isFile() && e.name === "results.json") deeper.push(relative(root, path));
      else if (e.isFile() && e.name.endsWith(".zip")) zips.push(relative(root, path));
      else if (e.isDirectory() && depth < 5) await look(path, depth + 1);
    }
  };
  await look(root, 0);
  const held = top.slice(0, 5).map((e) => `${e.name}${e.isDirectory() ? "/" : ""}`).join(", ") + (top.length > 5 ? `, ${top.length - 5} more` : "");
  const why = deeper.length ? `its results.json ${deeper.length === 1 ? "lies" : "files lie"} too deep (${deeper.slice(0, 3).join(", ")}): results.json is read in the directory or one or two levels down (<dir>/<artefact>/results.json); point --base-dir nearer` : zips.length ? `it holds zipped artefacts (${zips.slice(0, 3).join(", ")}): unzip each into a directory of its own first` : "none of it is a results artefact (a directory holding results.json)";
  throw new UserInputError(root, "--base-dir", `holds ${held} but no results.json where the gate reads it: ${why}`);
}

// src/cli/gate-ports.ts
async function localPorts(v, flags, io, configPath, set) {
  const read = v["base-dir"] ? await readBaseDirectory(resolve(io.cwd, v["base-dir"])) : {
    candidates: await readBaseFiles(
      (v.base ?? []).map((p) => resultsFileAt(resolve(io.cwd, p))),
      (p) => displayPath(p, io.cwd)
    ),
    notes: [],
    unavailable: []
  };
  const base = withoutCommitted(read);
  const runAt = (config) => trialRunner({
    configPath: config,
    ...flags.run,
    onProgress: progressReporter(io.stderr, io.isTTY && io.redraw ? io.redraw : false),
    onStart: ({ isolation, trials }) => io.stderr(`${trials} trial${trials === 1 ? "" : "s"}; ${isolationLine(isolation)}`)
  });
  const checkout = v["base-checkout"] ? resolve(io.cwd, v["base-checkout"]) : null;
  const paired = checkout ? await usableBaseConfig(await baseCheckoutConfig(checkout, configPath), set, checkout, io) : null;
  const baseConfig = paired && "config" in paired ? paired.config : null;
  return {
    run: runAt(configPath),
    ...baseConfig ? { runBase: runAt(baseConfig) } : {},
    baseRuns: async () => {
      const chosen = chooseBaseRuns(base.candidates, {
        trialSet: set.config.name,
        maxRuns: flags.maxRuns,
        ...v["base-sha"] ? { baseSha: v["base-sha"] } : {}
      });
      return {
        ...chosen,
        notes: [...chosen.notes, ...base.notes, ...paired && "off" in paired ? [pairedOffNote(paired.off)] : []],
        ...base.unavailable.length ? { unavailable: base.unavailable } : {},
        where: v["base-dir"] ?? null
      };
    },
    approval: async () => v["approved-by"] ? `${v["approved-by"]} (--approved-by)` : null,
    say: (line) => io.stderr(`${line}
`),
    warn: (line) => io.stderr(`warning: ${line}
`)
  };
}
function withoutCommitted(read) {
  const committed = read.candidates.filter((c) => tracked(c.file ?? join2(c.dir, "results.json")));
  if (!committed.length) return read;
  const why = "git tracks it in the checkout under test, so the change under test wrote it; a base run comes from the base branch\u2019s own runs (download them into a fresh directory)";
  return {
    candidates: read.candidates.filter((c) => !committed.includes(c)),
    notes: [...read.notes, ...committed.map((c) => `Baseline ${c.label} not used: ${why}.`)],
    unavailable: [...read.unavailable, ...committed.map((c) => `${c.label}: ${why}`)]
  };
}
function tracked(file) {
  if (!existsSync(file)) return false;
  return spawnSync("git", [...WITHOUT_CONFIGURED_PROGRAMS, "ls-files", "--error-unmatch", "--", basename(file)], { cwd: dirname2(file), stdio: "ignore" }).status === 0;
}
async function baseCheckoutConfig(checkout, configPath) {
  const path = await repositoryPath(repositoryRoot(dirname2(configPath)), configPath);
  if (path === null)
    throw new UserInputError("command line", "--base-checkout", `a trial set inside its git repository without following a link; ${configPath} is not`);
  const base = join2(checkout, path);
  if (!await unlessMissing(
    stat(base).then((st) => st.isFile()),
    false
  ))
    throw new UserInputError(
      "command line",
      "--base-checkout",
      `a checkout of the base commit holding the trial set at ${relative2(checkout, base)}; ${checkout} has none (git worktree add ${checkout} BASE-SHA, or leave the flag out)`
    );
  return base;
}
async function usableBaseConfig(config, head, checkout, io) {
  const problem = await baseCheckoutProblem(config, head, checkout, "the --base-checkout", " (make it there too, as the job does beside the head)");
  if (problem === null) return { config };
  io.stderr(`warning: no paired rounds on the base commit: ${problem}
`);
  return { off: problem };
}
async function changedScope(paths, set, isolation, gateFiles = []) {
  const real = { ...set, file: await realpath(set.file), dir: await realpath(set.dir) };
  return changeScope(paths, withGateFiles(await trialSetDependencies(real, repositoryRoot(real.dir), await agentsIsolated(isolation)), gateFiles));
}
function repositoryRoot(dir) {
  const top = spawnSync("git", [...WITHOUT_CONFIGURED_PROGRAMS, "rev-parse", "--show-toplevel"], { cwd: dir, encoding: "utf8" });
  return top.status === 0 ? top.stdout.trim() : dir;
}

// src/cli/gate-publish.ts
import { join as join3 } from "node:path";
async function publishLocally(outcome, run, scrubber, io) {
  const { runDir, commentFile, printed } = run;
  const gate = outcome.gate;
  const view = await presentRun({
    head: outcome.head.run,
    trials: outcome.head.trials,
    comparison: outcome.comparison,
    notes: outcome.notes,
    runDir,
    bases: outcome.bases,
    baselineRequired: run.baselineRequired,
    ...run.changed ? { changed: run.changed } : {},
    checkFails: gate.failure !== null,
    config: run.config
  });
  for (const failure of await writeReports(view, scrubber)) io.stderr(`${failureLine(failure)}
`);
  const markdown = scrubber.text(await renderText(REPORTERS.markdown, view));
  if (commentFile) await writeNamedFile(commentFile, markdown);
  if (printed === "markdown") io.stdout(markdown);
  if (printed === "json") io.stdout(scrubber.text(await renderText(REPORTERS.json, view)));
  const shown = (file) => displayPath(join3(runDir, file), io.cwd);
  io.stderr(`
results: ${shown("results.json")} \xB7 comment: ${shown("report.md")} \xB7 evidence: ${shown("report.html")}
`);
  const oneLine = (text) => terminalText(scrubber.text(text), true);
  for (const line of regressionLog(view, displayPath(runDir, io.cwd))) io.stderr(`${oneLine(line)}
`);
  io.stderr(`trialgate gate: ${oneLine(gate.failure ? failureAnnotation(view, gate.failure) : passedLine(view, gate.verdict))}
`);
}
function passedLine(view, verdict) {
  const c = view.comparison;
  const compared = c.task_counts.compared + c.holdout.tasks.compared;
  const notRerun = c.task_counts.not_rerun + c.holdout.tasks.not_rerun;
  const tasks = `${plural(compared, "task")} compared${notRerun ? `, ${notRerun} not rerun` : ""}`;
  if (verdict === "pass") return `pass: no regressions; ${tasks}`;
  if (verdict === "regression") return `reported only (fail-on: never): ${failureAnnotation(view, "")}`;
  if (verdict === "undecided") return `undecided, reported only (fail-on: never); ${tasks}`;
  if (verdict === "no-baseline") return "no baseline: head results only, nothing compared";
  return verdict;
}

// src/cli/gate.ts
async function runGateCli(argv, io) {
  const parsed = parseCommand(GATE, argv, io);
  if (typeof parsed === "number") return parsed;
  const v = parsed.values;
  const flags = gateFlags(v);
  const configPath = resolve2(io.cwd, v.config ?? "trialgate.yml");
  const set = await loadTrialSet(configPath);
  const changed = v.changed ? await changedPaths(resolve2(io.cwd, v.changed)) : null;
  const ciConfig = v["ci-config"] ?? [];
  const gateFiles = ciConfig.length ? await ciConfigFiles(repositoryRoot(set.dir), ciConfig) : [];
  const scope = changed ? await changedScope(changed, set, flags.run.isolation ?? set.config.agent.isolation, gateFiles) : null;
  const skipped = scope ? skipReason(scope) : null;
  if (skipped) {
    io.stderr(`trialgate gate: skipped: ${skipped}
`);
    return 0;
  }
  const runDir = resolve2(io.cwd, v.out ?? join4(set.dir, ".trialgate", `gate-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`));
  const { scrubber } = secretsOf(trialSetSources(set));
  const outcome = await gatePullRequest(await localPorts(v, flags, io, configPath, set), {
    set,
    runDir,
    scope,
    changedFiles: changed,
    gateFiles,
    ...flags.run.isolation ? { isolation: flags.run.isolation } : {},
    ...flags.run.trials ? { trials: flags.run.trials } : {},
    settings: flags.settings,
    scrubber
  });
  const config = relative3(repositoryRoot(set.dir), await realpath2(configPath));
  const commentFile = v.comment ? resolve2(io.cwd, v.comment) : null;
  const printed = v.format ?? (commentFile || io.stdoutIsTTY ? null : "markdown");
  await publishLocally(outcome, { runDir, commentFile, printed, baselineRequired: flags.settings.failWithoutBaseline, changed: scope, config }, scrubber, io);
  return outcome.gate.exit;
}
export {
  runGateCli
};
