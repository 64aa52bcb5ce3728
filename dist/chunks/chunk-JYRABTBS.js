import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  readComparedResults,
  readResultsFile
} from "./chunk-WNSKODN3.js";
import {
  BaseFold,
  Comparison,
  Policy,
  compareFolded,
  renderComparisonMarkdown
} from "./chunk-BZNMFCXS.js";
import {
  buildHtmlReport
} from "./chunk-ZC67RRID.js";
import {
  EXIT
} from "./chunk-XNNNYSL3.js";
import {
  UserInputError
} from "./chunk-EMQXSGHT.js";

// src/cli/compare.ts
import { writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
var USAGE = "usage: trialgate compare --base BASE.json [--base BASE2.json \u2026] --head HEAD.json [--policy familywise|strict] [--alpha A] [--confirm-trials N] [--format markdown|json] [--out FILE] [--html FILE]";
async function runCompareCli(argv, io) {
  const args = parseCompareArgs(argv);
  if ("problem" in args) {
    io.stderr(`trialgate compare: ${args.problem}
${USAGE}
`);
    return EXIT.usage;
  }
  const cwd = io.cwd ?? process.cwd();
  const basePaths = args.bases.map((p) => resolve(cwd, p));
  const headPath = resolve(cwd, args.head);
  try {
    const head = await readComparedResults(headPath);
    const fold = new BaseFold(head);
    for (const path of basePaths) fold.add(await readComparedResults(path), path);
    const comparison = compareFolded(fold, head, {
      headFile: headPath,
      ...args.policy ? { policy: args.policy } : {},
      ...args.alpha === void 0 ? {} : { alpha: args.alpha },
      ...args.confirmTrials === void 0 ? {} : { confirmTrials: args.confirmTrials }
    });
    const text = args.format === "json" ? `${JSON.stringify(Comparison.parse(comparison), null, 2)}
` : renderComparisonMarkdown(comparison);
    if (args.out) await writeOutput(resolve(cwd, args.out), text);
    else io.stdout(text);
    if (args.html) {
      const bases = [];
      for (const path of basePaths) bases.push({ dir: dirname(path), results: await readResultsFile(path) });
      const page = await buildHtmlReport(await readResultsFile(headPath), comparison, { runDir: dirname(headPath), bases });
      await writeOutput(resolve(cwd, args.html), page, "--html");
    }
    if (comparison.incomparable) {
      const i = comparison.incomparable;
      io.stderr(`trialgate compare: ${basePaths[i.base_index]}: ${i.field}: is ${JSON.stringify(i.base)} but the head ${headPath} is ${JSON.stringify(i.head)}: compare runs of the same trial set
`);
      return EXIT.usage;
    }
    return comparison.verdict === "fail" ? EXIT.failed : EXIT.ok;
  } catch (e) {
    io.stderr(`trialgate compare: ${e instanceof UserInputError ? e.message : `internal error, please report it: ${oneLine(e)}`}
`);
    return EXIT.usage;
  }
}
function oneLine(e) {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.replace(/\s+/g, " ").slice(0, 300);
}
function parseCompareArgs(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: "string", multiple: true },
        head: { type: "string" },
        policy: { type: "string" },
        alpha: { type: "string" },
        "confirm-trials": { type: "string" },
        format: { type: "string", default: "markdown" },
        out: { type: "string" },
        html: { type: "string" }
      }
    }));
  } catch (e) {
    return { problem: e.message };
  }
  if (!values.base?.length) return { problem: "--base is required: the base branch results.json (repeat it to pool several runs)" };
  if (!values.head) return { problem: "--head is required: the results.json of the run under test" };
  const policy = Policy.safeParse(values.policy);
  if (values.policy === "statistical" || values.policy === "history") {
    return { problem: `--policy ${values.policy} was replaced by familywise, which bounds false alarms over the whole suite (docs/comparison.md)` };
  }
  if (values.policy !== void 0 && !policy.success) return { problem: `--policy must be familywise or strict, not "${values.policy}"` };
  const alpha = values.alpha === void 0 ? void 0 : Number(values.alpha);
  if (alpha !== void 0 && !(alpha > 0 && alpha < 1)) return { problem: `--alpha must be a number between 0 and 1, not "${values.alpha}"` };
  if (alpha !== void 0 && policy.success && policy.data === "strict") return { problem: "--alpha applies to the familywise policy; strict has none" };
  const confirm = values["confirm-trials"];
  const confirmTrials = confirm === void 0 ? void 0 : /^\d{1,4}$/.test(confirm) ? Number(confirm) : NaN;
  if (confirmTrials !== void 0 && !(confirmTrials >= 0)) return { problem: `--confirm-trials must be the whole number of extra trials the head's confirmation could add per task, not "${confirm}"` };
  if (values.format !== "markdown" && values.format !== "json") return { problem: `--format must be markdown or json, not "${values.format}"` };
  return {
    bases: values.base,
    head: values.head,
    format: values.format,
    ...policy.success ? { policy: policy.data } : {},
    ...alpha === void 0 ? {} : { alpha },
    ...confirmTrials ? { confirmTrials } : {},
    ...values.out ? { out: values.out } : {},
    ...values.html ? { html: values.html } : {}
  };
}
async function writeOutput(path, text, flag = "--out") {
  try {
    await writeFile(path, text);
  } catch (e) {
    throw new UserInputError(path, flag, `cannot write (${e.code}): check that the directory exists and is writable`);
  }
}

export {
  runCompareCli,
  writeOutput
};
