import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  displayPath
} from "./chunk-BILKXZIS.js";
import {
  EXIT,
  INIT,
  LANGUAGE_MARKERS,
  STARTER_LANGUAGES,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import {
  packageRoot
} from "./chunk-OMHBE2A7.js";
import {
  writeInside
} from "./chunk-KKIMH4NN.js";
import {
  linkTarget,
  listFiles,
  readInside
} from "./chunk-EYKO5LXT.js";
import "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";

// src/cli/init.ts
import { existsSync } from "node:fs";
import { lstat, mkdir, readFile, realpath } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
var TESTS = {
  node: { framework: "node:test" },
  python: { framework: "pytest", install: "sudo apt-get install -y python3-pytest" },
  java: { framework: "JUnit 5, read as JUnit XML", install: "sudo apt-get install -y junit5" },
  go: {
    framework: "go test -json",
    install: "sudo apt-get install -y golang-go",
    // The sandbox reads a build cache and never writes one: warmed outside, or every run compiles from nothing.
    prepare: 'GOCACHE="$PWD/.trialgate/go-build" go build -o /dev/null fixtures/tally/service/tally.go && GOCACHE="$PWD/.trialgate/go-build" go test -c -o /dev/null fixtures/tally/reference/tally_test.go   # warms the build cache the sandbox reads (again after changing either file)'
  }
};
var ISOLATION_NOTE = "(isolation: required needs bubblewrap, as the workflows install it; without it add --isolation auto)";
var CODE_STARTER = {
  reporter: "fixtures/pages/hidden/trialgate-reporter.mjs",
  /** What must happen once before `validate`, per language (its workflows do it too). */
  prepare: {
    go: 'GOCACHE="$PWD/.trialgate/go-build" go test -c -o /dev/null fixtures/pages/hidden/pages_test.go   # warms the build cache the hidden tests read (again after changing them)'
  },
  next: (language) => [
    ...TESTS[language].install ? [`(the hidden tests run ${TESTS[language].framework}, installed system-wide where the sandbox sees it; Debian/Ubuntu: ${TESTS[language].install})`] : [],
    ...CODE_STARTER.prepare[language] ? [CODE_STARTER.prepare[language]] : [],
    "npx trialgate validate fixtures/pages   # the hidden tests accept the reference fix and reject the wrong ones",
    "npx trialgate run --out .trialgate/base  # the trial set: the stand-in agent fixes the bug, 3 trials, isolated",
    ISOLATION_NOTE,
    'then delete "## Fix the cause" from agent/prompt.md and `npx trialgate gate --base .trialgate/base/results.json`: the head trials, confirmed where ambiguous, compared as the required check does'
  ]
};
async function runInitCli(argv, io) {
  const parsed = parseCommand(INIT, argv, io);
  if (typeof parsed === "number") return parsed;
  const target = resolve(io.cwd, parsed.positionals[0] ?? ".");
  const named = parsed.values.lang;
  const detected = named ? void 0 : await detectLanguage(target);
  const language = named ?? detected?.language ?? "node";
  const templates = join(packageRoot(), "templates");
  const files = parsed.values.code ? await codeStarterFiles(templates, language) : await testStarterFiles(templates, language);
  const manifest = language === "node" ? await readManifest(target) : void 0;
  const runner = !parsed.values.code && manifest ? nodeTestRunner(manifest) : void 0;
  const suite = manifest ? await ownSuiteNote(target, manifest) : void 0;
  const next = [
    ...suite ? [suite] : [],
    ...parsed.values.code ? CODE_STARTER.next(language) : [...runner ? [ownRunnerNote(runner)] : [], ...testStarterNext(language)]
  ];
  const guide = parsed.values.code ? "code-tasks.md" : "first-task.md";
  const existing = [];
  for (const { to } of files) if (await lstat(join(target, to)).catch(() => null)) existing.push(to);
  if (existing.length && !parsed.values.force) {
    io.stderr(
      `trialgate init: these files exist in ${displayPath(target, io.cwd) || "."} and would be overwritten:
${existing.map((f) => `  ${f}`).join("\n")}
run with --force to overwrite them, or init into another directory
`
    );
    return EXIT.usage;
  }
  await mkdir(target, { recursive: true });
  const root = await realpath(target);
  for (const file of files) await writeInside(root, file.to, "text" in file ? file.text : await readFile(file.from));
  const ignored = await ignoreUntracked(root, io);
  const where = relative(io.cwd, target) || ".";
  const cd = where === "." ? "" : `cd ${where} && `;
  const repo = await repositoryAbove(root);
  if (repo) {
    const sub = relative(repo, root);
    io.stderr(
      `trialgate init: ${where} is inside the git repository ${repo}, and GitHub runs workflows only from its top level: move ${where}/.github/workflows/*.yml to ${repo}/.github/workflows/ and give the trialgate step \`config: ${sub}/trialgate.yml\` (with \`working-directory: ${sub}\` on run steps)
`
    );
  }
  io.stdout(
    [
      `trialgate init: wrote a starter into ${where}:`,
      `  (${language}: ${languageReason(named, detected)})`,
      ...files.map(({ to }) => `  ${to}`),
      ignored.length ? `  .gitignore (ignores ${ignored.join(" and ")})` : "  (.gitignore already ignores .trialgate/ and node_modules/)",
      "",
      "next:",
      ...next.map((line) => `  ${/^(npx|GOCACHE)/.test(line) ? cd : ""}${line}`),
      // The docs ship in the package: the path a user can open now, not a repository to look for.
      `  docs: ${displayPath(join(packageRoot(), "docs", guide), io.cwd)}; commit, push, and the workflows gate your pull requests`,
      ""
    ].join("\n")
  );
  return EXIT.ok;
}
async function detectLanguage(dir) {
  const found = [];
  for (const { language, files } of LANGUAGE_MARKERS)
    for (const file of files) if (await lstat(join(dir, file)).catch(() => null)) found.push({ language, file });
  return found.length ? { language: found[0].language, found: found.map((f) => f.file) } : void 0;
}
function languageReason(named, detected) {
  if (named) return `--lang ${named}`;
  const other = `--lang ${STARTER_LANGUAGES.join("|")} to choose another`;
  if (!detected) return `no ${LANGUAGE_MARKERS.flatMap((m) => m.files.slice(0, 1)).join(", ")} or the like here; ${other}`;
  return `from ${detected.found.join(", ")}; ${other}`;
}
async function testStarterFiles(templates, language) {
  const own = join(templates, "starter", language);
  const files = [...await workflowFiles(templates, own)];
  const common = join(templates, "starter", "common");
  for (const f of await listFiles(common)) if (!f.startsWith(".github/")) files.push({ from: join(common, f), to: f });
  for (const f of await listFiles(own)) if (f !== WORKFLOW_STEPS) files.push({ from: join(own, f), to: f });
  return files.sort((a, b) => a.to.localeCompare(b.to));
}
var WORKFLOW_STEPS = "workflow-steps.yml";
async function workflowFiles(templates, stepsDir) {
  const common = join(templates, "starter", "common");
  const steps = await readFile(join(stepsDir, WORKFLOW_STEPS), "utf8");
  const files = [];
  for (const f of await listFiles(common))
    if (f.startsWith(".github/")) files.push({ to: f, text: (await readFile(join(common, f), "utf8")).replace(/^ *# @runner\n/m, steps) });
  return files;
}
async function codeStarterFiles(templates, language) {
  const dir = join(templates, language === "node" ? "code-starter" : `code-starter-${language}`);
  const ownSteps = await lstat(join(dir, WORKFLOW_STEPS)).catch(() => null) !== null;
  return [
    ...await workflowFiles(templates, ownSteps ? dir : join(templates, "starter", language)),
    ...(await listFiles(dir)).filter((f) => f !== WORKFLOW_STEPS).map((f) => ({ from: join(dir, f), to: f })),
    ...language === "node" ? [{ from: join(packageRoot(), "reporters", "node-test.mjs"), to: CODE_STARTER.reporter }] : []
  ];
}
function testStarterNext(language) {
  const { framework, install, prepare } = TESTS[language];
  return [
    ...install ? [`(the acceptor runs ${framework}, installed system-wide where the sandbox sees it; Debian/Ubuntu: ${install})`] : [],
    ...prepare ? [prepare] : [],
    `npx trialgate validate fixtures/tally   # the acceptor (${framework}) tells the correct service from its defect`,
    "npx trialgate run --out .trialgate/base  # the trial set: the stand-in agent, 3 trials, isolated",
    ISOLATION_NOTE,
    "then edit agent/prompt.md and `npx trialgate gate --base .trialgate/base/results.json`: the head trials, confirmed where ambiguous, compared as the required check does"
  ];
}
async function readManifest(dir) {
  try {
    return JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
  } catch {
    return void 0;
  }
}
function nodeTestRunner(manifest) {
  const uses = (name) => [manifest.dependencies, manifest.devDependencies].some((deps) => deps && name in deps) || Object.values(manifest.scripts ?? {}).some((script) => typeof script === "string" && new RegExp(`\\b${name}\\b`).test(script));
  return uses("jest") ? "Jest" : uses("vitest") ? "Vitest" : void 0;
}
var OWN_SUITE_SCOPE = {
  node: (dir) => `name your own tests' directory: "test": "node --test ${dir}"`,
  Jest: () => 'add testPathIgnorePatterns: ["/node_modules/", "<rootDir>/fixtures/", "<rootDir>/agent/", "<rootDir>/.trialgate/"] to its config',
  Vitest: () => 'add exclude: [...configDefaults.exclude, "fixtures/**", "agent/**", ".trialgate/**"] to the test section of its config'
};
async function ownSuiteNote(dir, manifest) {
  const script = manifest.scripts?.test;
  if (typeof script !== "string") return void 0;
  const said = (how) => `(package.json: \`npm test\` would also run the tests in fixtures/, agent/ and .trialgate/, which run only under trialgate: ${how})`;
  for (const part of script.split(/&&|\|\||;/).map((p) => p.trim().split(/\s+/))) {
    const words = part[0] === "npx" ? part.slice(1) : part;
    if (words[0] === "node" && words.includes("--test") && !words.slice(1).some((w) => !w.startsWith("-"))) {
      const own = ["test", "tests"].find((d) => existsSync(join(dir, d)));
      return said(OWN_SUITE_SCOPE.node(own ? `${own}/` : "<your tests\u2019 directory>/"));
    }
    const runner = words[0] === "jest" ? "Jest" : words[0] === "vitest" ? "Vitest" : void 0;
    if (runner && !await configLeavesOut(dir, runner, manifest.jest)) return said(OWN_SUITE_SCOPE[runner]());
  }
  return void 0;
}
async function configLeavesOut(dir, runner, inManifest) {
  const names = runner === "Jest" ? ["jest.config"] : ["vitest.config", "vite.config"];
  const texts = [JSON.stringify(inManifest ?? "")];
  for (const name of names)
    for (const ext of ["js", "mjs", "cjs", "ts", "mts", "cts", "json"]) texts.push(await readFile(join(dir, `${name}.${ext}`), "utf8").catch(() => ""));
  return texts.some((text) => /fixtures/.test(text));
}
function ownRunnerNote(runner) {
  const where = runner === "Jest" ? 'docs/report-format.md#jest (and "The Jest acceptor" in docs/first-task.md)' : "docs/report-format.md#vitest-3-or-later";
  return `(package.json uses ${runner}; the starter's acceptor is node:test. To make your ${runner} suite the acceptor: ${where})`;
}
async function repositoryAbove(dir) {
  if (await lstat(join(dir, ".git")).catch(() => null)) return null;
  for (let up = dirname(dir); up !== dirname(up); up = dirname(up)) if (await lstat(join(up, ".git")).catch(() => null)) return up;
  return null;
}
var IGNORED = [
  { pattern: ".trialgate/", why: "trialgate: local run directories" },
  { pattern: "node_modules/", why: "installed packages" }
];
async function ignoreUntracked(target, io) {
  const path = join(target, ".gitignore");
  let text = "";
  try {
    text = readInside(target, ".gitignore", 16 * 1024 * 1024)?.toString("utf8") ?? "";
  } catch (e) {
    const code = e.code;
    if (code === "ELOOP") {
      io.stderr(
        `trialgate init: ${path} is a symbolic link (to ${linkTarget(path)}): not changed; add ${IGNORED.map((i) => i.pattern).join(" and ")} to it yourself
`
      );
      return [];
    }
    if (code !== "ENOENT") throw e;
  }
  const added = [];
  let next = text;
  for (const { pattern, why } of IGNORED) {
    const bare = pattern.replace(/\/$/, "").replace(/[.]/g, "\\.");
    if (new RegExp(`^/?${bare}/?$`, "m").test(next)) continue;
    next += `${next && !next.endsWith("\n") ? "\n" : ""}# ${why}
${pattern}
`;
    added.push(pattern);
  }
  if (added.length) await writeInside(target, ".gitignore", next);
  return added;
}
export {
  runInitCli
};
