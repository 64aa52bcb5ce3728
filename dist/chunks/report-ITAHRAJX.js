import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  writeOutput
} from "./chunk-JYRABTBS.js";
import {
  readComparedResults
} from "./chunk-WNSKODN3.js";
import {
  renderRunMarkdown
} from "./chunk-BZNMFCXS.js";
import "./chunk-AXCA5P2G.js";
import "./chunk-GQ3N5QTO.js";
import "./chunk-ZC67RRID.js";
import "./chunk-BUWQH57W.js";
import "./chunk-J6G6AL52.js";
import "./chunk-LGZPU5OA.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-OVH43LBJ.js";
import {
  EXIT
} from "./chunk-XNNNYSL3.js";
import "./chunk-SVMKXPE7.js";
import {
  UserInputError
} from "./chunk-EMQXSGHT.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";

// src/cli/report.ts
import { resolve } from "node:path";
import { parseArgs } from "node:util";
var USAGE = "usage: trialgate report RESULTS.json [--out FILE]";
async function runReportCli(argv, io) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: "string" } } });
  } catch (e) {
    io.stderr(`trialgate report: ${e.message}
${USAGE}
`);
    return EXIT.usage;
  }
  const [path, ...extra] = parsed.positionals;
  if (!path || extra.length > 0) {
    io.stderr(`trialgate report: ${path ? `one results file, not ${parsed.positionals.length}` : "RESULTS.json is required"}
${USAGE}
`);
    return EXIT.usage;
  }
  const cwd = io.cwd ?? process.cwd();
  try {
    const text = renderRunMarkdown(await readComparedResults(resolve(cwd, path)));
    if (parsed.values.out) await writeOutput(resolve(cwd, parsed.values.out), text);
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
