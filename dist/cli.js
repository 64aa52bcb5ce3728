#!/usr/bin/env -S node --max-semi-space-size=1 --single-threaded --heap-growing-percent=20
import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  TOOL_VERSION
} from "./chunks/chunk-6E6MCQHD.js";
import {
  IsolationUnavailable
} from "./chunks/chunk-6VL3ZTP4.js";
import {
  CALIBRATE,
  COMPARE,
  DEMO,
  FAILURES,
  INIT,
  JUDGE,
  REPAIR,
  REPORT,
  RUN,
  VALIDATE,
  commandHelp
} from "./chunks/chunk-E6FWMIUR.js";
import {
  EXIT,
  processIo
} from "./chunks/chunk-XNNNYSL3.js";
import "./chunks/chunk-XFC4BBCX.js";
import {
  EnvironmentError,
  UserInputError
} from "./chunks/chunk-EMQXSGHT.js";
import "./chunks/chunk-HZGLYA5U.js";

// src/cli/main.ts
var COMMANDS = [
  { spec: INIT, load: async () => (await import("./chunks/init-RDEQWBFA.js")).runInitCli },
  { spec: DEMO, load: async () => (await import("./chunks/validate-B2T7UZR2.js")).runDemoCli },
  { spec: VALIDATE, load: async () => (await import("./chunks/validate-B2T7UZR2.js")).runValidateCli },
  { spec: RUN, load: async () => (await import("./chunks/run-VTFP6AGX.js")).runRunCli },
  { spec: COMPARE, load: async () => (await import("./chunks/compare-WB6JPCYY.js")).runCompareCli },
  { spec: REPORT, load: async () => (await import("./chunks/report-ITAHRAJX.js")).runReportCli },
  { spec: JUDGE, load: async () => (await import("./chunks/judge-WBYREBYN.js")).runJudgeCli },
  { spec: CALIBRATE, load: async () => (await import("./chunks/calibrate-ZRMMMNM6.js")).runCalibrateCli },
  { spec: FAILURES, load: async () => (await import("./chunks/failures-IE6VFXPZ.js")).runFailuresCli },
  { spec: REPAIR, load: async () => (await import("./chunks/repair-5WSBLNEZ.js")).runRepairCli }
];
async function main(argv, io = processIo) {
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
    io.stderr(`trialgate: unknown command ${JSON.stringify(name)}

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
  lines.push("", "  trialgate <command> --help   the options of one command", "  trialgate --version", "", "docs: docs/README.md (in the repository and the package)", "");
  return lines.join("\n");
}

// src/cli/bin.ts
process.exitCode = await main(process.argv.slice(2));
