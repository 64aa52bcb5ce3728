// `trialgate compare --base B… --head H`: the comparison as markdown or JSON (and, with --html, the
// report.html of the head run with the base's candidates beside it), and the gate as the exit code:
// 0 no regression, 1 regression, 2 cannot compare (bad arguments, unreadable or mismatched files).
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareResults } from '../compare/compare.ts';
import { defaultPolicy } from '../compare/policies.ts';
import { readResultsFile } from '../compare/read-results.ts';
import { Comparison, Policy } from '../schemas/comparison.ts';
import { buildHtmlReport } from '../report/html/write.ts';
import { renderComparisonMarkdown } from '../report/markdown.ts';
import { UserInputError } from '../util/errors.ts';
import { EXIT, type Io } from './io.ts';

/** The part of Io these commands use; `cwd` defaults to the process's working directory. */
export type CliIo = Pick<Io, 'stdout' | 'stderr'> & Partial<Pick<Io, 'cwd'>>;

const USAGE =
  'usage: trialgate compare --base BASE.json [--base BASE2.json …] --head HEAD.json [--policy strict|statistical|history] [--alpha A] [--format markdown|json] [--out FILE] [--html FILE]';

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
    const bases = [];
    for (const path of basePaths) bases.push(await readResultsFile(path));
    const head = await readResultsFile(headPath);
    const comparison = compareResults(bases, head, { ...(args.policy ? { policy: args.policy } : {}), ...(args.alpha === undefined ? {} : { alpha: args.alpha }) });
    const text = args.format === 'json' ? `${JSON.stringify(Comparison.parse(comparison), null, 2)}\n` : renderComparisonMarkdown(comparison);
    if (args.out) await writeOutput(resolve(cwd, args.out), text);
    else io.stdout(text);
    if (args.html) {
      // Trial directories sit beside each results.json, as `run` writes them and the artefact holds them.
      const baseRuns = bases.map((results, i) => ({ dir: dirname(basePaths[i]!), results }));
      await writeOutput(resolve(cwd, args.html), await buildHtmlReport(head, comparison, { runDir: dirname(headPath), bases: baseRuns }), '--html');
    }
    if (comparison.incomparable) {
      const i = comparison.incomparable;
      io.stderr(`trialgate compare: ${basePaths[i.base_index]}: ${i.field}: is "${i.base}" but the head ${headPath} is "${i.head}": compare runs of the same trial set\n`);
      return EXIT.usage;
    }
    return comparison.verdict === 'fail' ? EXIT.failed : EXIT.ok;
  } catch (e) {
    if (!(e instanceof UserInputError)) throw e;
    io.stderr(`trialgate compare: ${e.message}\n`);
    return EXIT.usage;
  }
}

type CompareArgs = { bases: string[]; head: string; policy?: Policy; alpha?: number; format: 'markdown' | 'json'; out?: string; html?: string };

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
  if (values.policy !== undefined && !policy.success) return { problem: `--policy must be strict, statistical or history, not "${values.policy}"` };
  const alpha = values.alpha === undefined ? undefined : Number(values.alpha);
  if (alpha !== undefined && !(alpha > 0 && alpha < 1)) return { problem: `--alpha must be a number between 0 and 1, not "${values.alpha}"` };
  if (alpha !== undefined && (policy.success ? policy.data : defaultPolicy(values.base.length)) === 'strict') {
    return { problem: '--alpha applies to the statistical and history policies; strict (the default with one --base) has none' };
  }
  if (values.format !== 'markdown' && values.format !== 'json') return { problem: `--format must be markdown or json, not "${values.format}"` };
  return {
    bases: values.base,
    head: values.head,
    format: values.format,
    ...(policy.success ? { policy: policy.data } : {}),
    ...(alpha === undefined ? {} : { alpha }),
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
