#!/usr/bin/env -S node --max-semi-space-size=1 --single-threaded --heap-growing-percent=20
import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  TOOL_VERSION
} from "./chunks/chunk-VBXPJHBB.js";
import {
  IsolationUnavailable,
  endTracked
} from "./chunks/chunk-2XP4HRAI.js";
import {
  CALIBRATE,
  COMPARE,
  DEMO,
  EXIT,
  FAILURES,
  GATE,
  HOLDOUT,
  INIT,
  JUDGE,
  REPAIR,
  REPORT,
  RUN,
  SIGNAL_EXIT,
  VALIDATE,
  commandHelp,
  inertIo,
  processIo
} from "./chunks/chunk-GPT4AU5Q.js";
import {
  EnvironmentError,
  UserInputError,
  nearest
} from "./chunks/chunk-JUOIWDMS.js";
import "./chunks/chunk-HZGLYA5U.js";

// src/cli/interrupt.ts
var ending = false;
async function endInterrupted(signal, command = "trialgate") {
  const code = SIGNAL_EXIT[signal];
  if (ending) process.exit(code);
  ending = true;
  const name = command.startsWith("-") ? "trialgate" : `trialgate ${command}`;
  process.stderr.write(`
${name}: interrupted (${signal}): ending its trials' processes\u2026
`);
  const ended = await endTracked();
  process.stderr.write(
    `${name}: interrupted: ${ended ? `${ended} running process${ended === 1 ? "" : "es"} ended` : "nothing was running"}; the trials that had not finished have no verdict and no results.json was written for them
`
  );
  process.exit(code);
}

// src/cli/main.ts
var COMMANDS = [
  { spec: INIT, load: async () => (await import("./chunks/init-PABCYDBB.js")).runInitCli },
  { spec: DEMO, load: async () => (await import("./chunks/validate-OKKJIJUI.js")).runDemoCli },
  { spec: VALIDATE, load: async () => (await import("./chunks/validate-OKKJIJUI.js")).runValidateCli },
  { spec: RUN, load: async () => (await import("./chunks/run-DV4DH554.js")).runRunCli },
  { spec: COMPARE, load: async () => (await import("./chunks/compare-6VWNPVK2.js")).runCompareCli },
  { spec: GATE, load: async () => (await import("./chunks/gate-JAEMMFBK.js")).runGateCli },
  { spec: REPORT, load: async () => (await import("./chunks/report-5PN3FDFW.js")).runReportCli },
  { spec: JUDGE, load: async () => (await import("./chunks/judge-XNR6HZGC.js")).runJudgeCli },
  { spec: CALIBRATE, load: async () => (await import("./chunks/calibrate-7PKTRR6Y.js")).runCalibrateCli },
  { spec: FAILURES, load: async () => (await import("./chunks/failures-S53SUMRS.js")).runFailuresCli },
  { spec: REPAIR, load: async () => (await import("./chunks/repair-NPW5OIFR.js")).runRepairCli },
  { spec: HOLDOUT, load: async () => (await import("./chunks/holdout-P4PBQUHC.js")).runHoldoutCli }
];
async function main(argv, raw = processIo) {
  const io = inertIo(raw);
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-v" || name === "version") {
    io.stdout(`trialgate ${TOOL_VERSION}
`);
    return EXIT.ok;
  }
  if (name === void 0 || name === "--help" || name === "-h" || name === "help") {
    const topic = name === "help" ? COMMANDS.find((c) => c.spec.name === rest[0]) : void 0;
    io.stdout(topic ? commandHelp(topic.spec) : usage());
    return name === void 0 ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.spec.name === name);
  if (!command) {
    const meant = nearest(
      name,
      COMMANDS.map((c) => c.spec.name)
    );
    io.stderr(`trialgate: unknown command ${JSON.stringify(name)}${meant ? ` (did you mean ${meant}?)` : ""}

${usage()}`);
    return EXIT.usage;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout(commandHelp(command.spec));
    return EXIT.ok;
  }
  try {
    return await (await command.load())(rest, io);
  } catch (e) {
    if (e instanceof UserInputError || e.code?.startsWith("ERR_PARSE_ARGS")) {
      io.stderr(`trialgate ${name}: ${e.message}
`);
      return EXIT.usage;
    }
    if (e instanceof EnvironmentError || e instanceof IsolationUnavailable) {
      io.stderr(`trialgate ${name}: environment error: ${e.message}
${e instanceof EnvironmentError ? `  (${e.rule})
` : ""}`);
      return EXIT.usage;
    }
    io.stderr(`trialgate ${name}: internal error: ${e.message ?? String(e)} (please report it)
`);
    return EXIT.usage;
  }
}
function usage() {
  const lines = [`trialgate ${TOOL_VERSION}: a pull-request gate for LLM agents, decided by task evidence`, "", "usage: trialgate <command> [options]", ""];
  for (const { spec } of COMMANDS) {
    lines.push(`  ${spec.usage.replace(/^trialgate /, "")}`, `      ${spec.summary}`);
  }
  lines.push(
    "",
    "  trialgate <command> --help   the options of one command",
    "  trialgate --version",
    "",
    "docs: docs/README.md (in the repository and the package)",
    ""
  );
  return lines.join("\n");
}

// src/cli/bin.ts
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void endInterrupted(signal, process.argv[2]));
process.exitCode = await main(process.argv.slice(2));
