// `trialgate compare --base B… --head H`: the comparison as markdown or JSON (and, with --html, the
// report.html of the head run with the base's candidates beside it), and the gate as the exit code:
// 0 no regression, 1 regression, 2 cannot compare (bad arguments, unreadable or mismatched files, or an
// internal error: 1 means a regression and nothing else).
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareFolded } from '../compare/compare.ts';
import { BaseFold } from '../compare/fold.ts';
import { readComparedResults, readResultsFile } from '../compare/read-results.ts';
import { Comparison, Policy } from '../schemas/comparison.ts';
import { buildHtmlReport } from '../report/html/write.ts';
import { renderComparisonMarkdown } from '../report/markdown.ts';
import { UserInputError } from '../util/errors.ts';
import { EXIT, type Io } from './io.ts';

/** The part of Io these commands use; `cwd` defaults to the process's working directory. */
export type CliIo = Pick<Io, 'stdout' | 'stderr'> & Partial<Pick<Io, 'cwd'>>;

const USAGE =
  'usage: trialgate compare --base BASE.json [--base BASE2.json …] --head HEAD.json [--policy familywise|strict] [--alpha A] [--confirm-trials N] [--format markdown|json] [--out FILE] [--html FILE]';

export async function runCompareCli(argv: string[], io: CliIo): Promise<number> {
  const args = parseCompareArgs(argv);
  if ('problem' in args) {
    io.stderr(`trialgate compare: ${args.problem}\n${USAGE}\n`);
    return EXIT.usage;
  }
  const cwd = io.cwd ?? process.cwd();
  const basePaths = args.bases.map((p) => resolve(cwd, p));
  const headPath = resolve(cwd, args.head);
  try {
    // One base file at a time: read, fold, drop, so memory does not grow with the number of base runs.
    const head = await readComparedResults(headPath);
    const fold = new BaseFold(head);
    for (const path of basePaths) fold.add(await readComparedResults(path), path);
    const comparison = compareFolded(fold, head, {
      headFile: headPath,
      ...(args.policy ? { policy: args.policy } : {}),
      ...(args.alpha === undefined ? {} : { alpha: args.alpha }),
      ...(args.confirmTrials === undefined ? {} : { confirmTrials: args.confirmTrials }),
    });
    const text = args.format === 'json' ? `${JSON.stringify(Comparison.parse(comparison), null, 2)}\n` : renderComparisonMarkdown(comparison);
    if (args.out) await writeOutput(resolve(cwd, args.out), text);
    else io.stdout(text);
    if (args.html) {
      // The page shows the evidence: whole results files, and the trial directories beside each of them.
      const bases = [];
      for (const path of basePaths) bases.push({ dir: dirname(path), results: await readResultsFile(path) });
      const page = await buildHtmlReport(await readResultsFile(headPath), comparison, { runDir: dirname(headPath), bases });
      await writeOutput(resolve(cwd, args.html), page, '--html');
    }
    if (comparison.incomparable) {
      const i = comparison.incomparable;
      io.stderr(`trialgate compare: ${basePaths[i.base_index]}: ${i.field}: is ${JSON.stringify(i.base)} but the head ${headPath} is ${JSON.stringify(i.head)}: compare runs of the same trial set\n`);
      return EXIT.usage;
    }
    return comparison.verdict === 'fail' ? EXIT.failed : EXIT.ok;
  } catch (e) {
    io.stderr(`trialgate compare: ${e instanceof UserInputError ? e.message : `internal error, please report it: ${oneLine(e)}`}\n`);
    return EXIT.usage;
  }
}

function oneLine(e: unknown): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

type CompareArgs = { bases: string[]; head: string; policy?: Policy; alpha?: number; confirmTrials?: number; format: 'markdown' | 'json'; out?: string; html?: string };

function parseCompareArgs(argv: string[]): CompareArgs | { problem: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: 'string', multiple: true },
        head: { type: 'string' },
        policy: { type: 'string' },
        alpha: { type: 'string' },
        'confirm-trials': { type: 'string' },
        format: { type: 'string', default: 'markdown' },
        out: { type: 'string' },
        html: { type: 'string' },
      },
    }));
  } catch (e) {
    return { problem: (e as Error).message };
  }
  if (!values.base?.length) return { problem: '--base is required: the base branch results.json (repeat it to pool several runs)' };
  if (!values.head) return { problem: '--head is required: the results.json of the run under test' };
  const policy = Policy.safeParse(values.policy);
  if (values.policy === 'statistical' || values.policy === 'history') {
    return { problem: `--policy ${values.policy} was replaced by familywise, which bounds false alarms over the whole suite (docs/comparison.md)` };
  }
  if (values.policy !== undefined && !policy.success) return { problem: `--policy must be familywise or strict, not "${values.policy}"` };
  const alpha = values.alpha === undefined ? undefined : Number(values.alpha);
  if (alpha !== undefined && !(alpha > 0 && alpha < 1)) return { problem: `--alpha must be a number between 0 and 1, not "${values.alpha}"` };
  if (alpha !== undefined && policy.success && policy.data === 'strict') return { problem: '--alpha applies to the familywise policy; strict has none' };
  const confirm = values['confirm-trials'];
  const confirmTrials = confirm === undefined ? undefined : /^\d{1,4}$/.test(confirm) ? Number(confirm) : NaN;
  if (confirmTrials !== undefined && !(confirmTrials >= 0)) return { problem: `--confirm-trials must be the whole number of extra trials the head's confirmation could add per task, not "${confirm}"` };
  if (values.format !== 'markdown' && values.format !== 'json') return { problem: `--format must be markdown or json, not "${values.format}"` };
  return {
    bases: values.base,
    head: values.head,
    format: values.format,
    ...(policy.success ? { policy: policy.data } : {}),
    ...(alpha === undefined ? {} : { alpha }),
    ...(confirmTrials ? { confirmTrials } : {}),
    ...(values.out ? { out: values.out } : {}),
    ...(values.html ? { html: values.html } : {}),
  };
}

/** Write the output file; a path that cannot be written is the user's to fix, not a crash. */
export async function writeOutput(path: string, text: string, flag = '--out'): Promise<void> {
  try {
    await writeFile(path, text);
  } catch (e) {
    throw new UserInputError(path, flag, `cannot write (${(e as NodeJS.ErrnoException).code}): check that the directory exists and is writable`);
  }
}
