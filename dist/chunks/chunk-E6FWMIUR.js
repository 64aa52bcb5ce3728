import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  EXIT
} from "./chunk-XNNNYSL3.js";
import {
  nearest
} from "./chunk-XFC4BBCX.js";

// src/cli/args.ts
import { parseArgs } from "node:util";
function parseCommand(spec, argv, io) {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout(commandHelp(spec));
    return EXIT.ok;
  }
  let parsed;
  try {
    const options = Object.fromEntries(
      Object.entries(spec.options).map(([name, o]) => [name, { type: o.type, ...o.multiple ? { multiple: true } : {}, ...o.short ? { short: o.short } : {} }])
    );
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (e) {
    io.stderr(`trialgate ${spec.name}: ${explain(e, spec)}
${spec.usage}
`);
    return EXIT.usage;
  }
  const n = parsed.positionals.length;
  if (n < spec.positionals.min || n > spec.positionals.max) {
    const want = spec.positionals.max === 0 ? "no arguments" : spec.positionals.min === spec.positionals.max ? `${spec.positionals.name}` : `${spec.positionals.name}`;
    io.stderr(`trialgate ${spec.name}: expected ${want}, got ${n === 0 ? "none" : parsed.positionals.map((p) => JSON.stringify(p)).join(" ")}
${spec.usage}
`);
    return EXIT.usage;
  }
  return parsed;
}
function explain(error, spec) {
  const unknown = /Unknown option '(-{1,2})([^']+)'/.exec(error.message);
  if (unknown) {
    const guess = nearest(unknown[2], Object.keys(spec.options));
    return `unknown option ${unknown[1]}${unknown[2]}${guess ? ` (did you mean --${guess}?)` : ""}; see trialgate ${spec.name} --help`;
  }
  return error.message.replace(/\. To specify a positional argument.*$/, "");
}
function commandHelp(spec) {
  const width = Math.max(0, ...Object.entries(spec.options).map(([name, o]) => optionLabel(name, o).length));
  return [
    `${spec.summary}`,
    "",
    `usage: ${spec.usage.replace(/^usage: /, "")}`,
    "",
    ...Object.keys(spec.options).length ? ["options:", ...Object.entries(spec.options).map(([name, o]) => `  ${optionLabel(name, o).padEnd(width)}  ${o.help}`), `  ${"-h, --help".padEnd(width)}  this help`, ""] : [],
    `exit: ${spec.exits}`,
    ""
  ].join("\n");
}
function optionLabel(name, option) {
  return `${option.short ? `-${option.short}, ` : ""}--${name}${option.value ? ` ${option.value}` : ""}${option.multiple ? " \u2026" : ""}`;
}

// src/cli/commands.ts
var ISOLATION = { type: "string", value: "auto|required|none", help: "isolate services and acceptors (default auto: where the OS allows)" };
var INIT = {
  name: "init",
  summary: "write a working starter: trialgate.yml, a fixture (a tiny service with one defect, a node:test acceptor, a reference answer), a stand-in agent and the two workflows",
  usage: "trialgate init [DIR] [--force]",
  positionals: { min: 0, max: 1, name: "[DIR]" },
  options: { force: { type: "boolean", help: "overwrite files that already exist" } },
  exits: "0 written, 2 a file would be overwritten (see --force)"
};
var DEMO = {
  name: "demo",
  summary: "validate the built-in inventory acceptor against its three defects",
  usage: "trialgate demo [--out DIR] [--isolation auto|required|none]",
  positionals: { min: 0, max: 0, name: "" },
  options: { out: { type: "string", value: "DIR", help: "where reports go (default .trialgate/demo-<time>)" }, isolation: ISOLATION },
  exits: "0 the acceptor is trusted, 1 it is not"
};
var VALIDATE = {
  name: "validate",
  summary: "run a fixture\u2019s reference answers (or --candidate DIR) against the correct service and every defect",
  usage: "trialgate validate <fixture-dir> [--candidate DIR] [--out DIR] [--isolation auto|required|none]",
  positionals: { min: 1, max: 1, name: "<fixture-dir>" },
  options: {
    candidate: { type: "string", value: "DIR", help: "validate this candidate instead of the fixture\u2019s reference answers" },
    out: { type: "string", value: "DIR", help: "where reports go (default .trialgate/validate-<time>)" },
    isolation: ISOLATION
  },
  exits: "0 the acceptor tells right from wrong, 1 it does not, 2 bad input or environment"
};
var RUN = {
  name: "run",
  summary: "run the trial set: every task k times from a clean copy, each accepted by task evidence",
  usage: "trialgate run [--config trialgate.yml] [--out DIR] [--trials K] [--task ID \u2026] [--concurrency N] [--seed S] [--isolation auto|required|none]",
  positionals: { min: 0, max: 0, name: "" },
  options: {
    config: { type: "string", value: "FILE", help: "the trial set (default trialgate.yml)" },
    out: { type: "string", value: "DIR", help: "the run directory, new or empty (default .trialgate/run-<time> beside the config)" },
    trials: { type: "string", value: "K", help: "trials per task (default: the trial set\u2019s)" },
    task: { type: "string", value: "ID", multiple: true, help: "only this task (repeat for more)" },
    concurrency: { type: "string", value: "N", help: "trials at once (default: the trial set\u2019s)" },
    seed: { type: "string", value: "S", help: "the run seed (default: the trial set\u2019s)" },
    isolation: { type: "string", value: "auto|required|none", help: "override agent.isolation" }
  },
  exits: "0 every trial ran (passes and fails are in results.json), 2 bad configuration, no trial could execute, or the run\u2019s integrity failed"
};
var COMPARE = {
  name: "compare",
  summary: "compare head results with base results per task and check; the exit code is the gate",
  usage: "trialgate compare --base BASE.json [--base BASE2.json \u2026] --head HEAD.json [--policy familywise|strict] [--alpha A] [--confirm-trials N] [--format markdown|json] [--out FILE] [--html FILE]",
  positionals: { min: 0, max: 0, name: "" },
  options: {
    base: { type: "string", value: "FILE", multiple: true, help: "a base results.json (repeat to pool recent base runs)" },
    head: { type: "string", value: "FILE", help: "the head results.json" },
    policy: { type: "string", value: "familywise|strict", help: "the regression policy (docs/comparison.md); default familywise, strict where familywise cannot flag even a total loss" },
    alpha: { type: "string", value: "A", help: "the suite-wide false-alarm budget of familywise (default 0.05 with one base run, 0.01 with more)" },
    "confirm-trials": { type: "string", value: "N", help: "the confirmation plan a head extended by the action ran under" },
    format: { type: "string", value: "markdown|json", help: "output format (default markdown)" },
    out: { type: "string", value: "FILE", help: "write there instead of stdout" },
    html: { type: "string", value: "FILE", help: "also write report.html: the head run\u2019s evidence with the comparison, base candidates diffed (docs/report-html.md)" }
  },
  exits: "0 no regression, 1 regression, 2 cannot compare"
};
var REPORT = {
  name: "report",
  summary: "the markdown report of one run (report.md)",
  usage: "trialgate report RESULTS.json [--out FILE]",
  positionals: { min: 1, max: 1, name: "RESULTS.json" },
  options: { out: { type: "string", value: "FILE", help: "write there instead of stdout" } },
  exits: "0 written, 2 unreadable results"
};
var JUDGE = {
  name: "judge",
  summary: "print `fault verdict` for each report, by the rules of docs/report-format.md",
  usage: "trialgate judge REPORT.json \u2026 [--fixture DIR]",
  positionals: { min: 1, max: Infinity, name: "REPORT.json \u2026" },
  options: { fixture: { type: "string", value: "DIR", help: "the fixture whose faults and branches the reports are judged against (needed unless every report names a built-in inventory fault)" } },
  exits: "0 every report is baseline_pass or defect_detected, 1 otherwise, 2 bad input"
};
var CALIBRATE = {
  name: "calibrate",
  summary: "run the model judge over the labelled samples; agreement per item (accuracy, Cohen\u2019s \u03BA); an item gates only when it meets judge.gate",
  usage: "trialgate calibrate [--config trialgate.yml] [--task ID \u2026] [--item ID \u2026] [--disagreements FILE]",
  positionals: { min: 0, max: 0, name: "" },
  options: {
    config: { type: "string", value: "FILE", help: "the trial set (default trialgate.yml)" },
    task: { type: "string", value: "ID", multiple: true, help: "only this task (repeat for more)" },
    item: { type: "string", value: "ID", multiple: true, help: "only this judge item (repeat for more)" },
    disagreements: { type: "string", value: "FILE", help: "where the disagreements go (default beside judge.calibration, \u2026-disagreements.md)" }
  },
  exits: "0 every item calibrated meets judge.gate, 1 some item does not (it is shown, never gated), 2 bad configuration or the judge could not be reached"
};
var FAILURES = {
  name: "failures",
  summary: "the failure archive: fold runs into it (RUN \u2026), label a cause (label SIG CAUSE), promote a failure to a regression case (promote SIG)",
  usage: "trialgate failures [RUN \u2026] | failures label SIG CAUSE [--force] | failures promote SIG [--set dev|holdout] [--runs N] [--config F]   [--archive FILE]",
  positionals: { min: 0, max: Infinity, name: "RUN \u2026 | label SIG CAUSE | promote SIG" },
  options: {
    archive: { type: "string", value: "FILE", help: "the archive (default trialgate.failures.json in the working directory)" },
    set: { type: "string", value: "dev|holdout", help: "promote: the set the regression case joins (default dev)" },
    runs: { type: "string", value: "N", help: "promote: re-runs of the task that must all fail the same way (default 3)" },
    config: { type: "string", value: "FILE", help: "promote: the trial set to re-run the task from (default trialgate.yml)" },
    force: { type: "boolean", help: "label: overwrite a cause the program proved" }
  },
  exits: "0 done, 1 a promotion refused, 2 bad input"
};
var REPAIR = {
  name: "repair",
  summary: "repair one trial\u2019s candidate by hand, kept apart: start (an editable copy), --done (patch, minutes, acceptance re-run) or --abort",
  usage: "trialgate repair <run-dir>/<task>/trial-NNN [--done [--minutes M] [--confirming-minutes M] [--note TEXT] [--save] | --abort] [--config F]",
  positionals: { min: 1, max: 1, name: "<run-dir>/<task>/trial-NNN" },
  options: {
    done: { type: "boolean", help: "finish: store repair/patch.diff and the minutes, and accept the repaired candidate" },
    abort: { type: "boolean", help: "discard the repair under way" },
    minutes: { type: "string", value: "M", help: "minutes spent (default: measured since the repair started)" },
    "confirming-minutes": { type: "string", value: "M", help: "of them, minutes spent confirming business rules" },
    note: { type: "string", value: "TEXT", help: "what was fixed and why" },
    save: { type: "boolean", help: "also commit the patch to the trial set\u2019s repairs directory, so CI re-applies it to the same candidate" },
    config: { type: "string", value: "FILE", help: "the trial set the run came from (default trialgate.yml)" },
    isolation: { type: "string", value: "auto|required|none", help: "isolate the acceptance of the repaired candidate (default auto)" }
  },
  exits: "0 done (the repaired candidate passed, or the repair was started or discarded), 1 it still fails, 2 bad input"
};

export {
  parseCommand,
  commandHelp,
  INIT,
  DEMO,
  VALIDATE,
  RUN,
  COMPARE,
  REPORT,
  JUDGE,
  CALIBRATE,
  FAILURES,
  REPAIR
};
