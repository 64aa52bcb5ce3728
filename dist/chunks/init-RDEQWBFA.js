import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  displayPath,
  packageRoot
} from "./chunk-EV262Y4R.js";
import {
  INIT,
  parseCommand
} from "./chunk-E6FWMIUR.js";
import {
  EXIT
} from "./chunk-XNNNYSL3.js";
import {
  listFiles
} from "./chunk-SVMKXPE7.js";
import "./chunk-XFC4BBCX.js";
import "./chunk-EMQXSGHT.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";

// src/cli/init.ts
import { appendFile, cp, mkdir, readFile, stat } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
var REPORTER_TARGET = "fixtures/tally/acceptance/trialgate-reporter.mjs";
async function runInitCli(argv, io) {
  const parsed = parseCommand(INIT, argv, io);
  if (typeof parsed === "number") return parsed;
  const target = resolve(io.cwd, parsed.positionals[0] ?? ".");
  const starter = join(packageRoot(), "templates", "starter");
  const files = [...(await listFiles(starter)).map((f) => ({ from: join(starter, f), to: f })), { from: join(packageRoot(), "reporters", "node-test.mjs"), to: REPORTER_TARGET }];
  const existing = [];
  for (const { to } of files) if (await stat(join(target, to)).catch(() => null)) existing.push(to);
  if (existing.length && !parsed.values.force) {
    io.stderr(`trialgate init: these files exist in ${displayPath(target, io.cwd) || "."} and would be overwritten:
${existing.map((f) => `  ${f}`).join("\n")}
run with --force to overwrite them, or init into another directory
`);
    return EXIT.usage;
  }
  for (const { from, to } of files) {
    await mkdir(dirname(join(target, to)), { recursive: true });
    await cp(from, join(target, to));
  }
  const ignored = await ignoreRunDirectories(target);
  const where = relative(io.cwd, target) || ".";
  const cd = where === "." ? "" : `cd ${where} && `;
  io.stdout(
    [
      `trialgate init: wrote a starter into ${where}:`,
      ...files.map(({ to }) => `  ${to}`),
      ignored ? "  .gitignore (ignores .trialgate/, where runs go)" : "  (.gitignore already ignores .trialgate/)",
      "",
      "next:",
      `  ${cd}npx trialgate validate fixtures/tally   # the acceptor tells the correct service from its defect`,
      `  ${cd}npx trialgate run                       # the trial set: the stand-in agent, 3 trials`,
      "  then edit agent/prompt.md, run again, and `npx trialgate compare --base OLD/results.json --head NEW/results.json`",
      "  docs: docs/first-task.md in the trialgate repository; commit, push, and the workflows gate your pull requests",
      ""
    ].join("\n")
  );
  return EXIT.ok;
}
async function ignoreRunDirectories(target) {
  const path = join(target, ".gitignore");
  const text = await readFile(path, "utf8").catch(() => "");
  if (/^\/?\.trialgate\/?$/m.test(text)) return false;
  await appendFile(path, `${text && !text.endsWith("\n") ? "\n" : ""}# trialgate: local run directories
.trialgate/
`);
  return true;
}
export {
  runInitCli
};
