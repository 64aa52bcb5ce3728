import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  writeOutput
} from "./chunk-VW3NC2OA.js";
import {
  REPORTERS,
  present,
  renderText
} from "./chunk-SLRTT2YR.js";
import {
  readComparedResults
} from "./chunk-5MF3LTZ4.js";
import "./chunk-FMWH56VQ.js";
import "./chunk-PE644PI2.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-ZPCT75I2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-7WOU4S3C.js";
import {
  EXIT,
  REPORT,
  parseCommand
} from "./chunk-SECE33G7.js";
import "./chunk-KKIMH4NN.js";
import "./chunk-EYKO5LXT.js";
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";
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
