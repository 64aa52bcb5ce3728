// `trialgate compare --base B… --head H`: the comparison as markdown or JSON (and, with --html, the
// report.html of the head run with the base's candidates beside it), and the gate as the exit code:
// 0 no regression, 1 regression, 2 cannot compare (bad arguments, unreadable or mismatched files, or an
// internal error: 1 means a regression and nothing else), 3 undecided (a head without the confirmation
// trials the plan needs: `trialgate gate` runs them; or the environment ate the evidence).
import { dirname, resolve } from 'node:path';
import { compareFolded } from '../compare/compare.ts';
import { BaseFold } from '../compare/fold.ts';
import { OneRuler } from '../gate/base-ruler.ts';
import { readComparedResults, readResultsFile, resultsFileAt } from '../results/read.ts';
import type { Policy } from '../schemas/comparison.ts';
import { renderText, REPORTERS } from '../report/reporters.ts';
import { present, wholeRun } from '../report/view.ts';
import { secretsOf } from '../secrets.ts';
import { UserInputError } from '../util/errors.ts';
import { writeNamedFile } from '../util/safe-write.ts';
import { parseCommand, usageLine, type Parsed } from './args.ts';
import { COMPARE } from './commands.ts';
import { EXIT, type Io } from './io.ts';

/** The part of Io these commands use; `cwd` defaults to the process's working directory. */
export type CliIo = Pick<Io, 'stdout' | 'stderr'> & Partial<Pick<Io, 'cwd'>>;

export async function runCompareCli(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(COMPARE, argv, io);
  if (typeof parsed === 'number') return parsed;
  const args = compareArgs(parsed);
  if ('problem' in args) {
    io.stderr(`trialgate compare: ${args.problem}\n${usageLine(COMPARE)}\n`);
    return EXIT.usage;
  }
  const cwd = io.cwd ?? process.cwd();
  let basePaths: string[];
  let headPath: string;
  try {
    basePaths = args.bases.map((p) => resultsFileAt(resolve(cwd, p)));
    headPath = resultsFileAt(resolve(cwd, args.head));
  } catch (e) {
    if (!(e instanceof UserInputError)) throw e;
    io.stderr(`trialgate compare: ${e.message}\n`);
    return EXIT.usage;
  }
  // No trial set is read here: the secrets known are the tokens the runner holds.
  const { scrubber } = secretsOf({});
  try {
    // One base file at a time: read, fold, drop, so memory does not grow with the number of base runs. The
    // first --base is the ruler, as the newest base run is the gate's: what another measured is not pooled.
    const head = await readComparedResults(headPath);
    const fold = new BaseFold(head);
    const ruler = new OneRuler();
    /** The files folded, in the fold's order (its indices). */
    const folded: string[] = [];
    for (const path of basePaths) {
      const pooled = ruler.admit(await readComparedResults(path));
      if (!pooled) continue;
      fold.add(pooled, path);
      folded.push(path);
    }
    const comparison = compareFolded(fold, head, {
      headFile: headPath,
      ...(args.policy ? { policy: args.policy } : {}),
      ...(args.alpha === undefined ? {} : { alpha: args.alpha }),
      ...(args.confirmTrials === undefined ? {} : { confirmTrials: args.confirmTrials }),
    });
    const text = scrubber.text(await renderText(REPORTERS[args.format], present({ head, comparison, notes: ruler.notes })));
    if (args.out) await writeOutput(resolve(cwd, args.out), text);
    else io.stdout(text);
    if (args.html) {
      // The page shows the evidence: whole results files, and the trial directories beside each of them.
      const bases = [];
      for (const path of basePaths) bases.push({ dir: dirname(path), results: await readResultsFile(path) });
      const view = present({ ...wholeRun(await readResultsFile(headPath)), comparison, runDir: dirname(headPath), bases, notes: ruler.notes });
      const page = await renderText(REPORTERS.html, view, { redact: (text) => scrubber.text(text) });
      await writeOutput(resolve(cwd, args.html), page, '--html');
    }
    if (comparison.incomparable) {
      const i = comparison.incomparable;
      io.stderr(
        `trialgate compare: ${folded[i.base_index]}: ${i.field}: is ${JSON.stringify(i.base)} but the head ${headPath} is ${JSON.stringify(i.head)}: compare runs of the same trial set\n`,
      );
      return EXIT.usage;
    }
    return comparison.verdict === 'fail' ? EXIT.failed : comparison.verdict === 'undecided' ? EXIT.undecided : EXIT.ok;
  } catch (e) {
    io.stderr(`trialgate compare: ${e instanceof UserInputError ? e.message : `internal error, please report it: ${oneLine(e)}`}\n`);
    return EXIT.usage;
  }
}

function oneLine(e: unknown): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

type CompareArgs = {
  bases: string[];
  head: string;
  policy?: Policy;
  alpha?: number;
  confirmTrials?: number;
  format: 'markdown' | 'json';
  out?: string;
  html?: string;
};

/** What COMPARE's description cannot say by itself: which options are required, and how they combine. */
function compareArgs(parsed: Parsed): CompareArgs | { problem: string } {
  const values = parsed.values as {
    base?: string[];
    head?: string;
    policy?: Policy;
    alpha?: string;
    'confirm-trials'?: string;
    format?: 'markdown' | 'json';
    out?: string;
    html?: string;
  };
  if (!values.base?.length) return { problem: '--base is required: the base branch results.json (repeat it to pool several runs)' };
  if (!values.head) return { problem: '--head is required: the results.json of the run under test' };
  const alpha = values.alpha === undefined ? undefined : Number(values.alpha);
  if (alpha !== undefined && !(alpha > 0 && alpha < 1)) return { problem: `--alpha must be a number between 0 and 1, not "${values.alpha}"` };
  if (alpha !== undefined && values.policy === 'strict') return { problem: '--alpha applies to the familywise policy; strict has none' };
  const confirm = values['confirm-trials'];
  const confirmTrials = confirm === undefined ? undefined : /^\d{1,4}$/.test(confirm) ? Number(confirm) : NaN;
  if (confirmTrials !== undefined && !(confirmTrials >= 0))
    return { problem: `--confirm-trials must be the whole number of extra trials the head's confirmation could add per task, not "${confirm}"` };
  return {
    bases: values.base,
    head: values.head,
    format: values.format ?? 'markdown',
    ...(values.policy ? { policy: values.policy } : {}),
    ...(alpha === undefined ? {} : { alpha }),
    ...(confirmTrials === undefined ? {} : { confirmTrials }),
    ...(values.out ? { out: values.out } : {}),
    ...(values.html ? { html: values.html } : {}),
  };
}

/** Write the output file (never through a link in its place); a path that cannot be written is the user's to fix, not a crash. */
export async function writeOutput(path: string, text: string, flag = '--out'): Promise<void> {
  try {
    await writeNamedFile(path, text);
  } catch (e) {
    throw new UserInputError(path, flag, `cannot write (${(e as NodeJS.ErrnoException).code}): check that the directory exists and is writable`);
  }
}
