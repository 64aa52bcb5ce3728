import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  writeOutput
} from "./chunk-DK2Y3MD6.js";
import {
  readComparedResults
} from "./chunk-55RWQ2CI.js";
import {
  REPORTERS,
  present,
  renderText
} from "./chunk-L75NUEM6.js";
import "./chunk-U57AUHNM.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-PE644PI2.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-4W3VKHJE.js";
import {
  EXIT,
  REPORT,
  parseCommand
} from "./chunk-XBUM7SOG.js";
import "./chunk-52BIIBHA.js";
import "./chunk-NYMU3U3S.js";
import "./chunk-7AHWRLRO.js";
import {
  UserInputError
} from "./chunk-ILF6MLZN.js";
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
