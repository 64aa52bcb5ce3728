import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  writeOutput
} from "./chunk-XLQO77HH.js";
import {
  readComparedResults
} from "./chunk-5TZI6NO5.js";
import {
  REPORTERS,
  present,
  renderText
} from "./chunk-FWLZEUNY.js";
import "./chunk-BQ7DSFBM.js";
import "./chunk-HT5LNYZD.js";
import "./chunk-LFIJESWW.js";
import "./chunk-CI4ZJUK3.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ZUKFLNHZ.js";
import {
  EXIT,
  REPORT,
  parseCommand
} from "./chunk-QTYGV3OB.js";
import "./chunk-6HX7CX5N.js";
import "./chunk-5GPLSX4I.js";
import "./chunk-7AHWRLRO.js";
import {
  UserInputError
} from "./chunk-R67YGLQI.js";
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
