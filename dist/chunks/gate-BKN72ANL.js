import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt
} from "./chunk-63QPAHXV.js";
import {
  trialSetDependencies
} from "./chunk-QQCMQIX3.js";
import {
  judgeBaseAgainstHead,
  roundLine,
  runConfirmationRound,
  runGate
} from "./chunk-7CIQPRT3.js";
import {
  progressReporter
} from "./chunk-HDOU54DQ.js";
import "./chunk-RWVSWGGR.js";
import {
  ACCEPTOR_BROKEN_RULE,
  runTrialSet
} from "./chunk-SE2WCH6I.js";
import "./chunk-J3NAFVK3.js";
import {
  readResultsFile,
  resultsFileAt
} from "./chunk-5TZI6NO5.js";
import "./chunk-LPX66CZU.js";
import {
  REPORTERS,
  baseRunRefusal,
  holdsOtherTrialSet,
  present,
  renderText,
  wholeRun,
  writeReports
} from "./chunk-FWLZEUNY.js";
import {
  writeResults
} from "./chunk-SDYPDQL6.js";
import "./chunk-BQ7DSFBM.js";
import {
  loadTrialSet
} from "./chunk-H77Q3T52.js";
import {
  changeScope,
  unaffectedTasks
} from "./chunk-YL7RJPUO.js";
import {
  readTrialSetFile
} from "./chunk-VMB323UN.js";
import "./chunk-HT5LNYZD.js";
import "./chunk-XS6DO6R7.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import {
  isolationLine
} from "./chunk-7DZYB42E.js";
import "./chunk-PISEK6A3.js";
import {
  SETUP_RULE
} from "./chunk-WS3JFCMG.js";
import "./chunk-LFIJESWW.js";
import "./chunk-CDB44WQR.js";
import "./chunk-CI4ZJUK3.js";
import "./chunk-4YLUH5ZQ.js";
import {
  secretsOf,
  trialSetSources
} from "./chunk-BAEF6OTL.js";
import "./chunk-ECU7LFR2.js";
import "./chunk-ZUKFLNHZ.js";
import "./chunk-6VL3ZTP4.js";
import "./chunk-2XNPRFH2.js";
import {
  displayPath
} from "./chunk-BILKXZIS.js";
import {
  EXIT,
  GATE,
  parseCommand
} from "./chunk-QTYGV3OB.js";
import "./chunk-OMHBE2A7.js";
import {
  writeNamedFile
} from "./chunk-6HX7CX5N.js";
import {
  readTextFile
} from "./chunk-5GPLSX4I.js";
import "./chunk-7AHWRLRO.js";
import {
  UserInputError
} from "./chunk-R67YGLQI.js";
import "./chunk-HZGLYA5U.js";

// src/cli/gate.ts
import { spawnSync } from "node:child_process";
import { realpath } from "node:fs/promises";
import { join as join2, resolve } from "node:path";

// src/gate/local-bases.ts
import { lstat, readdir } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
function chooseBaseRuns(candidates, choice) {
  const notes = [];
  const usable = [];
  const otherNamed = [];
  for (const c of candidates) {
    const refused = baseRunRefusal(c.results, choice.trialSet);
    if (refused) notes.push(`Baseline ${c.label} not used: ${refused}.`);
    else usable.push(c);
    if (holdsOtherTrialSet(c.results, choice.trialSet)) otherNamed.push({ dir: c.dir, results: c.results });
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
  return { bases: used.map((c) => ({ dir: c.dir, results: c.results })), notes, ...otherNamed.length ? { otherNamed } : {} };
}
async function readBaseFiles(paths, label) {
  const out = [];
  for (const path of paths) out.push({ label: label(path), dir: dirname(path), results: await readResultsFile(path) });
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
  for (const path of found) {
    const label = relative(root, path) || "results.json";
    try {
      candidates.push({ label, dir: dirname(path), results: await readResultsFile(path) });
    } catch (error) {
      const why = error instanceof UserInputError ? `${error.field || "(top level)"}: ${error.expected}` : "it could not be read";
      notes.push(`Baseline ${label} not used: ${why}.`);
    }
  }
  return { candidates, notes };
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

// src/cli/gate.ts
async function runGateCli(argv, io) {
  const parsed = parseCommand(GATE, argv, io);
  if (typeof parsed === "number") return parsed;
  const v = parsed.values;
  const problem = (flag, expected) => new UserInputError("command line", flag, expected);
  const alpha = v.alpha === void 0 ? void 0 : Number(v.alpha);
  if (alpha !== void 0 && !(alpha > 0 && alpha < 1)) throw problem("--alpha", `a number between 0 and 1, got ${JSON.stringify(v.alpha)}`);
  if (v.base?.length && v["base-dir"]) throw problem("--base-dir", "either --base files or one --base-dir, not both");
  if (!v.base?.length && !v["base-dir"])
    throw problem(
      "--base",
      "the base runs: --base BASE.json (repeat it) or --base-dir DIR of downloaded results artefacts (an empty directory: no baseline yet)"
    );
  const cwd = io.cwd;
  const configPath = resolve(cwd, v.config ?? "trialgate.yml");
  const set = await loadTrialSet(configPath);
  const scope = v.changed ? await changedScope(resolve(cwd, v.changed), configPath) : null;
  if (scope && !scope.tasks.some((t) => t.rerun)) {
    io.stderr(`trialgate gate: skipped: ${scope.tasks[0]?.why ?? "no task"} (nothing to rerun)
`);
    return EXIT.ok;
  }
  const unaffected = scope ? unaffectedTasks(scope) : /* @__PURE__ */ new Map();
  if (unaffected.size) io.stderr(`not rerun (unaffected by the change): ${[...unaffected.keys()].join(", ")}
`);
  const runDir = resolve(cwd, v.out ?? join2(set.dir, ".trialgate", `gate-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`));
  const confirmTrials = v["confirm-trials"] === void 0 ? null : positiveInt("--confirm-trials", v["confirm-trials"], 0);
  const maxRuns = v["baseline-runs"] === void 0 ? 6 : positiveInt("--baseline-runs", v["baseline-runs"]);
  const { scrubber } = secretsOf(trialSetSources(set));
  const run = async (options) => {
    const output = await runTrialSet({
      configPath,
      ...v.trials ? { trials: positiveInt("--trials", v.trials) } : {},
      ...v.concurrency ? { concurrency: positiveInt("--concurrency", v.concurrency) } : {},
      ...v.acceptance ? { acceptanceConcurrency: positiveInt("--acceptance", v.acceptance) } : {},
      ...v.seed ? { seed: positiveInt("--seed", v.seed, 0) } : {},
      ...v.isolation ? { isolation: v.isolation } : {},
      onProgress: progressReporter(io.stderr, io.isTTY && io.redraw ? io.redraw : false),
      ...options
    });
    return output.results;
  };
  const choice = { trialSet: set.config.name, maxRuns, ...v["base-sha"] ? { baseSha: v["base-sha"] } : {} };
  const base = v["base-dir"] ? await readBaseDirectory(resolve(cwd, v["base-dir"])) : {
    candidates: await readBaseFiles(
      (v.base ?? []).map((p) => resultsFileAt(resolve(cwd, p))),
      (p) => displayPath(p, cwd)
    ),
    notes: []
  };
  const outcome = await runGate(
    {
      firstRound: () => run({
        outDir: runDir,
        ...unaffected.size ? { unaffected } : {},
        onStart: ({ isolation, trials: trials2 }) => io.stderr(`${trials2} trial${trials2 === 1 ? "" : "s"}; ${isolationLine(isolation)}`)
      }),
      baseRuns: async () => {
        const chosen = chooseBaseRuns(base.candidates, choice);
        return {
          ...chosen,
          notes: [
            ...chosen.notes,
            ...base.notes,
            ...noBaseline(chosen.bases.length || chosen.otherNamed?.length ? 1 : 0, v["base-dir"] ?? null, Boolean(v["fail-without-baseline"]))
          ]
        };
      },
      confirmationRound: (round, head) => {
        io.stderr(`${roundLine(round)}
`);
        return runConfirmationRound((options) => run({ ...options, runInfo: { git_sha: head.run.git_sha, ref: head.run.ref } }), runDir, head, round);
      },
      saveHead: async (head) => void await writeResults(runDir, head, scrubber),
      pairwise: (head, bases) => judgeBaseAgainstHead(configPath, runDir, head, bases, scrubber)
    },
    {
      ...v.policy ? { policy: v.policy } : {},
      ...alpha === void 0 ? {} : { alpha },
      confirmTrials,
      failOn: v["fail-on"] ?? "regression",
      failWithoutBaseline: Boolean(v["fail-without-baseline"])
    }
  );
  const view = present({
    ...wholeRun(outcome.head),
    comparison: outcome.comparison,
    notes: outcome.notes,
    runDir,
    bases: outcome.bases,
    baselineRequired: Boolean(v["fail-without-baseline"])
  });
  await writeReports(view, scrubber);
  const markdown = scrubber.text(await renderText(REPORTERS.markdown, view));
  if (v.comment) await writeNamedFile(resolve(cwd, v.comment), markdown);
  else io.stdout(markdown);
  io.stderr(`
results: ${displayPath(join2(runDir, "results.json"), cwd)} \xB7 comment: ${displayPath(join2(runDir, "report.md"), cwd)}
`);
  io.stderr(`trialgate gate: ${outcome.gate.verdict}${outcome.gate.failure ? `: ${outcome.gate.failure}` : ""}
`);
  const trials = outcome.head.tasks.flatMap((t) => t.trials);
  const setup = /* @__PURE__ */ new Set([SETUP_RULE, ACCEPTOR_BROKEN_RULE]);
  if (trials.length > 0 && trials.every((t) => t.outcome === "env_error" && setup.has(t.env_error ?? ""))) {
    io.stderr("trialgate gate: no trial could execute: every one is a setup mistake (see the first trial above); fix it, for a rerun will not\n");
    return EXIT.usage;
  }
  const failed = outcome.gate.failure !== null;
  if (outcome.gate.verdict === "regression") return failed ? EXIT.failed : EXIT.ok;
  if (outcome.gate.verdict === "undecided") return failed ? EXIT.undecided : EXIT.ok;
  return failed ? EXIT.usage : EXIT.ok;
}
async function changedScope(file, configPath) {
  const text = await readTextFile(file, "no such file: pass the changed paths, one a line (git diff --name-only --no-renames BASE...HEAD > changed.txt)");
  const paths = text.split("\n").map((line) => line.trim()).filter(Boolean);
  const read = await readTrialSetFile(configPath);
  const set = { ...read, file: await realpath(read.file), dir: await realpath(read.dir) };
  const top = spawnSync("git", ["rev-parse", "--show-toplevel"], { cwd: set.dir, encoding: "utf8" });
  const repo = top.status === 0 ? top.stdout.trim() : set.dir;
  return changeScope(paths, await trialSetDependencies(set, repo));
}
function noBaseline(found, dir, required) {
  if (found) return [];
  return [
    `No baseline results found${dir ? ` in ${dir}` : ""}; ${required ? "this check fails until one exists" : "regressions cannot fail this check until one exists"}.`
  ];
}
export {
  runGateCli
};
