import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  displayPath
} from "./chunk-BILKXZIS.js";
import {
  EXIT,
  INIT,
  parseCommand
} from "./chunk-QTYGV3OB.js";
import {
  packageRoot
} from "./chunk-OMHBE2A7.js";
import {
  writeInside
} from "./chunk-6HX7CX5N.js";
import {
  linkTarget,
  listFiles,
  readInside
} from "./chunk-5GPLSX4I.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-R67YGLQI.js";
import "./chunk-HZGLYA5U.js";

// src/cli/init.ts
import { lstat, mkdir, readFile, realpath } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
var STARTERS = {
  tests: {
    dir: "starter",
    shared: [],
    reporter: "fixtures/tally/acceptance/trialgate-reporter.mjs",
    guide: "first-task.md",
    next: [
      "npx trialgate validate fixtures/tally   # the acceptor tells the correct service from its defect",
      "npx trialgate run --out .trialgate/base  # the trial set: the stand-in agent, 3 trials, isolated",
      "(isolation: required needs bubblewrap, as the workflows install it; without it add --isolation auto)",
      "then edit agent/prompt.md and `npx trialgate gate --base .trialgate/base/results.json`: the head trials, confirmed where ambiguous, compared as the required check does"
    ]
  },
  codeFix: {
    dir: "code-starter",
    // The workflows are the test starter's: the gate does not depend on the kind of task.
    shared: [".github"],
    reporter: "fixtures/pages/hidden/trialgate-reporter.mjs",
    guide: "code-tasks.md",
    next: [
      "npx trialgate validate fixtures/pages   # the hidden tests accept the reference fix and reject the wrong ones",
      "npx trialgate run --out .trialgate/base  # the trial set: the stand-in agent fixes the bug, 3 trials, isolated",
      "(isolation: required needs bubblewrap, as the workflows install it; without it add --isolation auto)",
      'then delete "## Fix the cause" from agent/prompt.md and `npx trialgate gate --base .trialgate/base/results.json`: the head trials, confirmed where ambiguous, compared as the required check does'
    ]
  }
};
async function runInitCli(argv, io) {
  const parsed = parseCommand(INIT, argv, io);
  if (typeof parsed === "number") return parsed;
  const target = resolve(io.cwd, parsed.positionals[0] ?? ".");
  const starter = STARTERS[parsed.values.code ? "codeFix" : "tests"];
  const templates = join(packageRoot(), "templates");
  const shared = await Promise.all(
    starter.shared.map(
      async (dir) => (await listFiles(join(templates, "starter", dir))).map((f) => ({ from: join(templates, "starter", dir, f), to: `${dir}/${f}` }))
    )
  );
  const files = [
    ...shared.flat(),
    ...(await listFiles(join(templates, starter.dir))).map((f) => ({ from: join(templates, starter.dir, f), to: f })),
    { from: join(packageRoot(), "reporters", "node-test.mjs"), to: starter.reporter }
  ];
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
  for (const { from, to } of files) await writeInside(root, to, await readFile(from));
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
      ...files.map(({ to }) => `  ${to}`),
      ignored.length ? `  .gitignore (ignores ${ignored.join(" and ")})` : "  (.gitignore already ignores .trialgate/ and node_modules/)",
      "",
      "next:",
      ...starter.next.map((line) => `  ${line.startsWith("npx") ? cd : ""}${line}`),
      // The docs ship in the package: the path a user can open now, not a repository to look for.
      `  docs: ${displayPath(join(packageRoot(), "docs", starter.guide), io.cwd)}; commit, push, and the workflows gate your pull requests`,
      ""
    ].join("\n")
  );
  return EXIT.ok;
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
