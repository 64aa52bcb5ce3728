import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  OneRuler
} from "./chunk-KOH6P4RQ.js";
import {
  BaseFold,
  REPORTERS,
  compareFolded,
  present,
  renderText,
  wholeRun
} from "./chunk-7SUBNYKI.js";
import {
  readComparedResults,
  readResultsFile,
  resultsFileAt
} from "./chunk-THJ3K27E.js";
import {
  secretsOf
} from "./chunk-BAEF6OTL.js";
import {
  COMPARE,
  EXIT,
  parseCommand,
  usageLine
} from "./chunk-GPT4AU5Q.js";
import {
  writeNamedFile
} from "./chunk-KKIMH4NN.js";
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";

// src/cli/compare.ts
import { dirname, resolve } from "node:path";
async function runCompareCli(argv, io) {
  const parsed = parseCommand(COMPARE, argv, io);
  if (typeof parsed === "number") return parsed;
  const args = compareArgs(parsed);
  if ("problem" in args) {
    io.stderr(`trialgate compare: ${args.problem}
${usageLine(COMPARE)}
`);
    return EXIT.usage;
  }
  const cwd = io.cwd ?? process.cwd();
  let basePaths;
  let headPath;
  try {
    basePaths = args.bases.map((p) => resultsFileAt(resolve(cwd, p)));
    headPath = resultsFileAt(resolve(cwd, args.head));
  } catch (e) {
    if (!(e instanceof UserInputError)) throw e;
    io.stderr(`trialgate compare: ${e.message}
`);
    return EXIT.usage;
  }
  const { scrubber } = secretsOf({});
  try {
    const head = await readComparedResults(headPath);
    const fold = new BaseFold(head);
    const ruler = new OneRuler();
    const folded = [];
    for (const path of basePaths) {
      const pooled = ruler.admit(await readComparedResults(path));
      if (!pooled) continue;
      fold.add(pooled, path);
      folded.push(path);
    }
    const comparison = compareFolded(fold, head, {
      headFile: headPath,
      ...args.policy ? { policy: args.policy } : {},
      ...args.alpha === void 0 ? {} : { alpha: args.alpha },
      ...args.confirmTrials === void 0 ? {} : { confirmTrials: args.confirmTrials }
    });
    const text = scrubber.text(await renderText(REPORTERS[args.format], present({ head, comparison, notes: ruler.notes })));
    if (args.out) await writeOutput(resolve(cwd, args.out), text);
    else io.stdout(text);
    if (args.html) {
      const bases = [];
      for (const path of basePaths) bases.push({ dir: dirname(path), results: await readResultsFile(path) });
      const view = present({ ...wholeRun(await readResultsFile(headPath)), comparison, runDir: dirname(headPath), bases, notes: ruler.notes });
      const page = await renderText(REPORTERS.html, view, { redact: (text2) => scrubber.text(text2) });
      await writeOutput(resolve(cwd, args.html), page, "--html");
    }
    if (comparison.incomparable) {
      const i = comparison.incomparable;
      io.stderr(
        `trialgate compare: ${folded[i.base_index]}: ${i.field}: is ${JSON.stringify(i.base)} but the head ${headPath} is ${JSON.stringify(i.head)}: compare runs of the same trial set
`
      );
      return EXIT.usage;
    }
    return comparison.verdict === "fail" ? EXIT.failed : comparison.verdict === "undecided" ? EXIT.undecided : EXIT.ok;
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
function compareArgs(parsed) {
  const values = parsed.values;
  if (!values.base?.length) return { problem: "--base is required: the base branch results.json (repeat it to pool several runs)" };
  if (!values.head) return { problem: "--head is required: the results.json of the run under test" };
  const alpha = values.alpha === void 0 ? void 0 : Number(values.alpha);
  if (alpha !== void 0 && !(alpha > 0 && alpha < 1)) return { problem: `--alpha must be a number between 0 and 1, not "${values.alpha}"` };
  if (alpha !== void 0 && values.policy === "strict") return { problem: "--alpha applies to the familywise policy; strict has none" };
  const confirm = values["confirm-trials"];
  const confirmTrials = confirm === void 0 ? void 0 : /^\d{1,4}$/.test(confirm) ? Number(confirm) : NaN;
  if (confirmTrials !== void 0 && !(confirmTrials >= 0))
    return { problem: `--confirm-trials must be the whole number of extra trials the head's confirmation could add per task, not "${confirm}"` };
  return {
    bases: values.base,
    head: values.head,
    format: values.format ?? "markdown",
    ...values.policy ? { policy: values.policy } : {},
    ...alpha === void 0 ? {} : { alpha },
    ...confirmTrials === void 0 ? {} : { confirmTrials },
    ...values.out ? { out: values.out } : {},
    ...values.html ? { html: values.html } : {}
  };
}
async function writeOutput(path, text, flag = "--out") {
  try {
    await writeNamedFile(path, text);
  } catch (e) {
    throw new UserInputError(path, flag, `cannot write (${e.code}): check that the directory exists and is writable`);
  }
}

export {
  runCompareCli,
  writeOutput
};
