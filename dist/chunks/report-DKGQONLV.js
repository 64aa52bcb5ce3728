import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  writeOutput
} from "./chunk-XZPM7NA4.js";
import {
  readComparedResults
} from "./chunk-4DIDHIL6.js";
import {
  REPORTERS,
  present,
  renderText
} from "./chunk-FA4FYTY3.js";
import "./chunk-DFSPTJV3.js";
import "./chunk-CWIRDSU4.js";
import "./chunk-6XMZHWHS.js";
import "./chunk-EJWZYWU2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ZUKFLNHZ.js";
import {
  EXIT,
  REPORT,
  parseCommand
} from "./chunk-BKRAZZQH.js";
import "./chunk-RQ5IYXXX.js";
import "./chunk-QBLAHHS7.js";
import "./chunk-7AHWRLRO.js";
import {
  UserInputError
} from "./chunk-5BIHGVSQ.js";
import "./chunk-HZGLYA5U.js";

// src/cli/report.ts
import { resolve } from "node:path";
async function runReportCli(argv, io) {
  const parsed = parseCommand(REPORT, argv, io);
  if (typeof parsed === "number") return parsed;
  const [path] = parsed.positionals;
  const out = parsed.values.out;
  const cwd = io.cwd ?? process.cwd();
  try {
    const text = await renderText(REPORTERS.markdown, present({ head: await readComparedResults(resolve(cwd, path)) }));
    if (out) await writeOutput(resolve(cwd, out), text);
    else io.stdout(text);
    return EXIT.ok;
  } catch (e) {
    if (!(e instanceof UserInputError)) throw e;
    io.stderr(`trialgate report: ${e.message}
`);
    return EXIT.usage;
  }
}
export {
  runReportCli
};
