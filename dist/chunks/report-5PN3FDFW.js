import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  writeOutput
} from "./chunk-I4XERX4F.js";
import "./chunk-KOH6P4RQ.js";
import {
  REPORTERS,
  present,
  renderText
} from "./chunk-7SUBNYKI.js";
import {
  readComparedResults
} from "./chunk-THJ3K27E.js";
import "./chunk-LHVQ7BFE.js";
import "./chunk-LCBCOSNX.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-NAP725RQ.js";
import "./chunk-6FEWE2YT.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import {
  EXIT,
  REPORT,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
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
