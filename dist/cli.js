#!/usr/bin/env -S node --max-semi-space-size=1 --single-threaded --heap-growing-percent=20
import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  TOOL_VERSION
} from "./chunks/chunk-XS6DO6R7.js";
import {
  IsolationUnavailable
} from "./chunks/chunk-6VL3ZTP4.js";
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
  VALIDATE,
  commandHelp,
  inertIo,
  processIo
} from "./chunks/chunk-QTYGV3OB.js";
import "./chunks/chunk-7AHWRLRO.js";
import {
  EnvironmentError,
  UserInputError
} from "./chunks/chunk-R67YGLQI.js";
import "./chunks/chunk-HZGLYA5U.js";

// src/cli/main.ts
var COMMANDS = [
  { spec: INIT, load: async () => (await import("./chunks/init-3DQCLHXL.js")).runInitCli },
  { spec: DEMO, load: async () => (await import("./chunks/validate-A47U4J7Q.js")).runDemoCli },
  { spec: VALIDATE, load: async () => (await import("./chunks/validate-A47U4J7Q.js")).runValidateCli },
  { spec: RUN, load: async () => (await import("./chunks/run-E7VMHLO3.js")).runRunCli },
  { spec: COMPARE, load: async () => (await import("./chunks/compare-3XAORFU2.js")).runCompareCli },
  { spec: GATE, load: async () => (await import("./chunks/gate-BKN72ANL.js")).runGateCli },
  { spec: REPORT, load: async () => (await import("./chunks/report-F2GMFLUS.js")).runReportCli },
  { spec: JUDGE, load: async () => (await import("./chunks/judge-YKWMIDQT.js")).runJudgeCli },
  { spec: CALIBRATE, load: async () => (await import("./chunks/calibrate-TAPMYAYU.js")).runCalibrateCli },
  { spec: FAILURES, load: async () => (await import("./chunks/failures-G6QKFLTC.js")).runFailuresCli },
  { spec: REPAIR, load: async () => (await import("./chunks/repair-ZEWREGPS.js")).runRepairCli },
  { spec: HOLDOUT, load: async () => (await import("./chunks/holdout-DTLXKWBU.js")).runHoldoutCli }
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
process.exitCode = await main(process.argv.slice(2));
