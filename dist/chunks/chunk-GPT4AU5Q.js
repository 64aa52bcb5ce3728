import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  nearest,
  terminalText
} from "./chunk-JUOIWDMS.js";

// src/cli/io.ts
var closed = { stdout: false, stderr: false };
for (const name of ["stdout", "stderr"]) {
  process[name].on("error", (e) => {
    if (e.code !== "EPIPE") throw e;
    closed[name] = true;
  });
}
var processIo = {
  stdout: (text) => void (closed.stdout || process.stdout.write(text)),
  stderr: (text) => void (closed.stderr || process.stderr.write(text)),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
  ...process.stderr.isTTY ? { redraw: (line) => void process.stderr.write(`\r\x1B[2K${line}`) } : {}
};
function inertIo(io) {
  return {
    ...io,
    stdout: (text) => io.stdout(terminalText(text)),
    stderr: (text) => io.stderr(terminalText(text)),
    ...io.redraw ? { redraw: (line) => io.redraw(terminalText(line, true)) } : {}
  };
}
var SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
var EXIT = { ok: 0, failed: 1, usage: 2, undecided: 3 };

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
      Object.entries(spec.options).map(([name, o]) => [
        name,
        { type: o.type, ...o.multiple ? { multiple: true } : {}, ...o.short ? { short: o.short } : {} }
      ])
    );
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (e) {
    io.stderr(`trialgate ${spec.name}: ${explain(e, spec)}
${usageLine(spec)}
`);
    return EXIT.usage;
  }
  const refused = refusedValue(spec, parsed.values);
  if (refused) {
    io.stderr(`trialgate ${spec.name}: ${refused}
${usageLine(spec)}
`);
    return EXIT.usage;
  }
  const n = parsed.positionals.length;
  if (n < spec.positionals.min || n > spec.positionals.max) {
    const want = spec.positionals.max === 0 ? "no arguments" : spec.positionals.min === spec.positionals.max ? `${spec.positionals.name}` : `${spec.positionals.name}`;
    io.stderr(
      `trialgate ${spec.name}: expected ${want}, got ${n === 0 ? "none" : parsed.positionals.map((p) => JSON.stringify(p)).join(" ")}
${usageLine(spec)}
`
    );
    return EXIT.usage;
  }
  return parsed;
}
function refusedValue(spec, values) {
  for (const [name, option] of Object.entries(spec.options)) {
    const given = values[name];
    if (!option.choices || typeof given === "boolean" || given === void 0) continue;
    for (const value of Array.isArray(given) ? given : [given]) {
      const replacement = option.former && Object.hasOwn(option.former, value) ? option.former[value] : void 0;
      if (replacement) return `--${name} ${value} was replaced by ${replacement}`;
      if (!option.choices.includes(value)) return `--${name} must be ${oneOf(option.choices)}, not ${JSON.stringify(value)}`;
    }
  }
  return void 0;
}
function oneOf(choices) {
  return choices.length <= 2 ? choices.join(" or ") : `one of ${choices.join(", ")}`;
}
function explain(error, spec) {
  const unknown = /Unknown option '(-{1,2})([^']+)'/.exec(error.message);
  if (unknown) {
    const guess = nearest(unknown[2], Object.keys(spec.options));
    return `unknown option ${unknown[1]}${unknown[2]}${guess ? ` (did you mean --${guess}?)` : ""}; see trialgate ${spec.name} --help`;
  }
  return error.message.replace(/\. To specify a positional argument.*$/, "");
}
function usageLine(spec) {
  return `usage: ${spec.usage}`;
}
function commandHelp(spec) {
  const width = Math.max(0, ...Object.entries(spec.options).map(([name, o]) => optionLabel(name, o).length));
  return [
    `${spec.summary}`,
    "",
    usageLine(spec),
    "",
    ...Object.keys(spec.options).length ? [
      "options:",
      ...Object.entries(spec.options).map(([name, o]) => `  ${optionLabel(name, o).padEnd(width)}  ${o.help}`),
      `  ${"-h, --help".padEnd(width)}  this help`,
      ""
    ] : [],
    `exit: ${spec.exits}`,
    ""
  ].join("\n");
}
function optionLabel(name, option) {
  const value = option.value ?? option.choices?.join("|");
  return `${option.short ? `-${option.short}, ` : ""}--${name}${value ? ` ${value}` : ""}${option.multiple ? " \u2026" : ""}`;
}

// src/cli/languages.ts
var STARTER_LANGUAGES = ["node", "python", "java", "go"];
var LANGUAGE_MARKERS = [
  { language: "java", files: ["pom.xml", "build.gradle", "build.gradle.kts"] },
  { language: "go", files: ["go.mod"] },
  { language: "python", files: ["pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile"] },
  { language: "node", files: ["package.json"] }
];

// src/cli/commands.ts
var ISOLATION_SETTINGS = ["auto", "required", "none"];
var ISOLATION = { type: "string", choices: ISOLATION_SETTINGS, help: "isolate services and acceptors (default auto: where the OS allows)" };
var ISOLATION_OVERRIDE = { type: "string", choices: ISOLATION_SETTINGS, help: "override agent.isolation" };
var FAMILYWISE_REPLACED = "familywise, which bounds false alarms over the whole suite (docs/comparison.md)";
var POLICY = (help) => ({
  type: "string",
  choices: ["familywise", "strict"],
  former: { statistical: FAMILYWISE_REPLACED, history: FAMILYWISE_REPLACED },
  help
});
var INIT = {
  name: "init",
  summary: "write a working starter in the repository's language: trialgate.yml, a fixture (a tiny service with one defect, the language's usual test framework as its acceptor, a reference answer), a stand-in agent and the two workflows",
  usage: "trialgate init [DIR] [--lang node|python|java|go] [--code] [--force]",
  positionals: { min: 0, max: 1, name: "[DIR]" },
  options: {
    lang: {
      type: "string",
      choices: STARTER_LANGUAGES,
      help: `the language of the service and its tests (node:test, pytest, JUnit 5, go test); default: read from the repository (${LANGUAGE_MARKERS.flatMap((m) => m.files).join(", ")}), else node`
    },
    code: {
      type: "boolean",
      help: "a code task instead, in node or python (pytest): the agent fixes a bug in a repository and hidden tests judge its code (docs/code-tasks.md)"
    },
    force: { type: "boolean", help: "overwrite files that already exist" }
  },
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
  summary: "prove a fixture\u2019s acceptor: its reference answers (or --candidate DIR) against the correct service and every defect; for a code task, the hidden tests on the reference fix, the unchanged repository and each wrong solution",
  usage: "trialgate validate <fixture-dir> [--candidate DIR] [--out DIR] [--isolation auto|required|none]",
  positionals: { min: 1, max: 1, name: "<fixture-dir>" },
  options: {
    candidate: {
      type: "string",
      value: "DIR",
      help: "validate this candidate instead of the fixture\u2019s reference answers (a code task: a whole repository, such as a trial\u2019s candidate/)"
    },
    out: { type: "string", value: "DIR", help: "where reports go (default .trialgate/validate-<time>)" },
    isolation: ISOLATION
  },
  exits: "0 the acceptor tells right from wrong, 1 it does not, 2 bad input or environment"
};
var RUN = {
  name: "run",
  summary: "run the trial set: every task k times from a clean copy, each accepted by task evidence",
  usage: "trialgate run [--config trialgate.yml] [--out DIR] [--trials K] [--task ID \u2026] [--concurrency N] [--acceptance N] [--seed S] [--isolation auto|required|none]",
  positionals: { min: 0, max: 0, name: "" },
  options: {
    config: { type: "string", value: "FILE", help: "the trial set (default trialgate.yml)" },
    out: { type: "string", value: "DIR", help: "the run directory, new or empty (default .trialgate/run-<time> beside the config)" },
    trials: { type: "string", value: "K", help: "trials per task (default: the trial set\u2019s)" },
    task: { type: "string", value: "ID", multiple: true, help: "only this task (repeat for more)" },
    concurrency: { type: "string", value: "N", help: "agents at once (default: the trial set\u2019s, else 4 \xD7 the cores)" },
    acceptance: { type: "string", value: "N", help: "trials prepared and accepted at once (default: the trial set\u2019s, else the cores)" },
    seed: { type: "string", value: "S", help: "the run seed (default: the trial set\u2019s)" },
    isolation: ISOLATION_OVERRIDE
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
    policy: POLICY("the regression policy (docs/comparison.md); default familywise (where it cannot flag even a total loss, a drop is undecided)"),
    alpha: { type: "string", value: "A", help: "the suite-wide false-alarm budget of familywise (default 0.05 with one base run, 0.01 with more)" },
    "confirm-trials": {
      type: "string",
      value: "N",
      help: "the confirmation budget the head ran under (default: the gate\u2019s default; 0: none, the first k trials are tested alone)"
    },
    format: { type: "string", choices: ["markdown", "json"], help: "output format (default markdown)" },
    out: { type: "string", value: "FILE", help: "write there instead of stdout" },
    html: {
      type: "string",
      value: "FILE",
      help: "also write report.html: the head run\u2019s evidence with the comparison, base candidates diffed (docs/report-html.md)"
    }
  },
  exits: "0 no regression, 1 regression, 2 cannot compare, 3 undecided (the head lacks confirmation trials the plan needs, or the environment ate its evidence)"
};
var GATE = {
  name: "gate",
  summary: "the gate of the required check on any CI system: run the head trials and the confirmation rounds, compare with the base runs, print the comment; the exit code is the verdict",
  usage: "trialgate gate (--base BASE.json \u2026 | --base-dir DIR) [--base-sha SHA] [--baseline-runs N] [--base-checkout DIR] [--changed FILE] [--ci-config FILE \u2026] [--approved-by WHO] [--config trialgate.yml] [--out DIR] [--trials K] [--concurrency N] [--acceptance N] [--seed S] [--isolation auto|required|none] [--policy familywise|strict] [--alpha A] [--confirm-trials N] [--max-trials N] [--fail-on regression|never] [--fail-without-baseline] [--comment FILE] [--format markdown|json]",
  positionals: { min: 0, max: 0, name: "" },
  options: {
    base: { type: "string", value: "FILE", multiple: true, help: "a base results.json (repeat for several base runs)" },
    "base-dir": { type: "string", value: "DIR", help: "a directory of downloaded results artefacts (results.json up to two levels down)" },
    "base-sha": { type: "string", value: "SHA", help: "the base commit: its run is pooled first when it is there" },
    "baseline-runs": { type: "string", value: "N", help: "most base runs pooled, newest first (default 6)" },
    "base-checkout": {
      type: "string",
      value: "DIR",
      help: "a checkout of the base commit (git worktree add DIR BASE): a task the base runs cannot decide is rerun on the base beside the head (paired rounds)"
    },
    changed: {
      type: "string",
      value: "FILE",
      help: "the paths the change touches, one a line, relative to the repository root (git diff --name-only --no-renames BASE...HEAD): only the tasks they affect rerun"
    },
    "ci-config": {
      type: "string",
      value: "FILE",
      multiple: true,
      help: "a CI file that runs this gate, relative to the repository (.gitlab-ci.yml; repeat it; the local files a GitLab file includes count too): a change that touches one changes the gate itself, so it is undecided until approved"
    },
    "approved-by": {
      type: "string",
      value: "WHO",
      help: "a maintainer approved this change to the measurement (a task removed or changed, isolation, the CI file): pass it only from where the change\u2019s author cannot (a protected variable, a manual job)"
    },
    config: { type: "string", value: "FILE", help: "the trial set (default trialgate.yml)" },
    out: { type: "string", value: "DIR", help: "the run directory, new or empty (default .trialgate/gate-<time> beside the config)" },
    trials: { type: "string", value: "K", help: "trials per task (default: the trial set\u2019s)" },
    concurrency: { type: "string", value: "N", help: "agents at once (default: the trial set\u2019s, else 4 \xD7 the cores)" },
    acceptance: { type: "string", value: "N", help: "trials prepared and accepted at once (default: the trial set\u2019s, else the cores)" },
    seed: { type: "string", value: "S", help: "the run seed (default: the trial set\u2019s)" },
    isolation: ISOLATION_OVERRIDE,
    policy: POLICY("the regression policy (default familywise; where it cannot flag even a total loss, a drop is undecided)"),
    alpha: { type: "string", value: "A", help: "the suite-wide false-alarm budget of familywise (default 0.05 with one base run, 0.01 with more)" },
    "confirm-trials": {
      type: "string",
      value: "N",
      help: "most extra trials per task of the confirmation (default 8 \xD7 k, or what a total loss needs); 0 turns it off"
    },
    "max-trials": {
      type: "string",
      value: "N",
      help: "most agent trials the change may run in all, its confirmation included; a task that needs more is undecided, never passed"
    },
    "fail-on": {
      type: "string",
      choices: ["regression", "never"],
      help: "never: report only, exit 0 (default regression: a regression or an undecided comparison fails)"
    },
    "fail-without-baseline": { type: "boolean", help: "fail (exit 2) when no base run can be compared with" },
    comment: { type: "string", value: "FILE", help: "write the comment there instead of stdout (it is also the run directory\u2019s report.md)" },
    format: {
      type: "string",
      choices: ["markdown", "json"],
      help: "what stdout gets: the comment (markdown) or the comparison as JSON; default: the comment where stdout is a pipe or a file, nothing at a terminal, where the verdict, what decided it and the comment\u2019s path are printed"
    }
  },
  exits: "0 no regression (or no baseline, or --changed touches no task: skipped), 1 regression, 2 bad input, environment or integrity error (or no baseline with --fail-without-baseline), 3 undecided: rerun"
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
  options: {
    fixture: {
      type: "string",
      value: "DIR",
      help: "the fixture whose faults and branches the reports are judged against (needed unless every report names a built-in inventory fault)"
    }
  },
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
  usage: "trialgate failures [RUN \u2026] | failures label SIG CAUSE [--force] | failures promote SIG [--set dev|holdout] [--runs N] [--config F] [--archive FILE]",
  positionals: { min: 0, max: Infinity, name: "RUN \u2026 | label SIG CAUSE | promote SIG" },
  options: {
    archive: { type: "string", value: "FILE", help: "the archive (default trialgate.failures.json in the working directory)" },
    set: { type: "string", choices: ["dev", "holdout"], help: "promote: the set the regression case joins (default dev)" },
    runs: { type: "string", value: "N", help: "promote: re-runs of the task that must all fail the same way (default 3)" },
    config: { type: "string", value: "FILE", help: "promote: the trial set to re-run the task from (default trialgate.yml)" },
    force: { type: "boolean", help: "label: overwrite a cause the program proved" }
  },
  exits: "0 done, 1 a promotion refused, 2 bad input"
};
var REPAIR = {
  name: "repair",
  summary: "repair one trial\u2019s candidate by hand, kept apart: start (an editable copy), --done (patch, minutes, acceptance re-run) or --abort",
  usage: "trialgate repair <run-dir>/<task>/trial-NNN [--done [--minutes M] [--confirming-minutes M] [--note TEXT] [--save] | --abort] [--config F] [--isolation auto|required|none]",
  positionals: { min: 1, max: 1, name: "<run-dir>/<task>/trial-NNN" },
  options: {
    done: { type: "boolean", help: "finish: store repair/patch.diff and the minutes, and accept the repaired candidate" },
    abort: { type: "boolean", help: "discard the repair under way" },
    minutes: { type: "string", value: "M", help: "minutes spent (default: measured since the repair started)" },
    "confirming-minutes": { type: "string", value: "M", help: "of them, minutes spent confirming business rules" },
    note: { type: "string", value: "TEXT", help: "what was fixed and why" },
    save: { type: "boolean", help: "also commit the patch to the trial set\u2019s repairs directory, so CI re-applies it to the same candidate" },
    config: { type: "string", value: "FILE", help: "the trial set the run came from (default trialgate.yml)" },
    isolation: { type: "string", choices: ISOLATION_SETTINGS, help: "isolate the acceptance of the repaired candidate (default auto)" }
  },
  exits: "0 done (the repaired candidate passed, or the repair was started or discarded), 1 it still fails, 2 bad input"
};
var HOLDOUT = {
  name: "holdout",
  summary: "for the holdout\u2019s maintainers: open the sealed holdout detail of a run (open RUN), or make an age key pair to seal it to (keygen) (docs/holdout.md)",
  usage: "trialgate holdout open <run-dir | holdout.tar.gz.age | artefact.zip> --identity KEY.txt [--out DIR] | holdout keygen --out KEY.txt",
  positionals: { min: 1, max: 2, name: "open RUN | keygen" },
  options: {
    identity: { type: "string", value: "FILE", help: "open: the age identity file (the private key the holdout is sealed to)" },
    out: {
      type: "string",
      value: "DIR|FILE",
      help: "open: where the detail goes (default <run>-holdout); keygen: the identity file to write (never overwritten)"
    }
  },
  exits: "0 done, 2 bad input (nothing sealed there, another key, a file that exists)"
};

export {
  processIo,
  inertIo,
  SIGNAL_EXIT,
  EXIT,
  parseCommand,
  usageLine,
  commandHelp,
  STARTER_LANGUAGES,
  LANGUAGE_MARKERS,
  INIT,
  DEMO,
  VALIDATE,
  RUN,
  COMPARE,
  GATE,
  REPORT,
  JUDGE,
  CALIBRATE,
  FAILURES,
  REPAIR,
  HOLDOUT
};
