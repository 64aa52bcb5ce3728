// `trialgate gate`: the gate of the required check, from the command line, on any CI system or a laptop
// (docs/other-ci.md). It runs the head trials, the confirmation rounds the plan asks for and the pairwise
// judge, compares with the base runs given as files or as a directory of downloaded artefacts (chosen by
// the action's rules), writes the run directory with the comment as report.md, prints the comment, and
// exits with the verdict: 0 pass (or no baseline), 1 regression, 2 cannot run or compare, 3 undecided.
import { spawnSync } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { runGate } from '../gate/gate.ts';
import { SETUP_RULE } from '../kinds/setup.ts';
import { ACCEPTOR_BROKEN_RULE } from '../trial/run-trials.ts';
import { changeScope, unaffectedTasks, type ChangeScope } from '../gate/scope.ts';
import { judgeBaseAgainstHead, roundLine, runConfirmationRound } from '../gate/trials.ts';
import { resultsFileAt } from '../compare/read-results.ts';
import { chooseBaseRuns, readBaseDirectory, readBaseFiles } from '../gate/local-bases.ts';
import type { IsolationSetting } from '../isolation/open.ts';
import { failureLine, renderText, REPORTERS, writeReports } from '../report/reporters.ts';
import { presentRun } from '../report/explain.ts';
import { failureAnnotation, regressionLog } from '../report/log.ts';
import { wholeRun } from '../report/view.ts';
import { writeResults } from '../results/write.ts';
import type { Policy } from '../schemas/comparison.ts';
import type { Results } from '../schemas/results.ts';
import { progressReporter } from '../trial/progress.ts';
import { runTrialSet, type RunOptions } from '../trial/run-set.ts';
import { trialSetDependencies } from '../trial/dependencies.ts';
import { readTrialSetFile } from '../trial/trialset-file.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { UserInputError } from '../util/errors.ts';
import { secretsOf, trialSetSources } from '../secrets.ts';
import { readTextFile } from '../util/files.ts';
import { parseCommand } from './args.ts';
import { GATE } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { writeNamedFile } from '../util/safe-write.ts';
import { displayPath } from './paths.ts';
import { positiveInt } from './run.ts';
import { isolationLine } from './validate.ts';

export async function runGateCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(GATE, argv, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values as Record<string, string | undefined> & { base?: string[]; 'fail-without-baseline'?: boolean };
  const problem = (flag: string, expected: string) => new UserInputError('command line', flag, expected);
  const alpha = v.alpha === undefined ? undefined : Number(v.alpha);
  if (alpha !== undefined && !(alpha > 0 && alpha < 1)) throw problem('--alpha', `a number between 0 and 1, got ${JSON.stringify(v.alpha)}`);
  if (v.base?.length && v['base-dir']) throw problem('--base-dir', 'either --base files or one --base-dir, not both');
  if (!v.base?.length && !v['base-dir'])
    throw problem(
      '--base',
      'the base runs: --base BASE.json (repeat it) or --base-dir DIR of downloaded results artefacts (an empty directory: no baseline yet)',
    );
  const cwd = io.cwd;
  const configPath = resolve(cwd, v.config ?? 'trialgate.yml');
  const set = await loadTrialSet(configPath);
  const scope = v.changed ? await changedScope(resolve(cwd, v.changed), configPath) : null;
  if (scope && !scope.tasks.some((t) => t.rerun)) {
    io.stderr(`trialgate gate: skipped: ${scope.tasks[0]?.why ?? 'no task'} (nothing to rerun)\n`);
    return EXIT.ok;
  }
  const unaffected = scope ? unaffectedTasks(scope) : new Map<string, string>();
  if (unaffected.size) io.stderr(`not rerun (unaffected by the change): ${[...unaffected.keys()].join(', ')}\n`);
  const runDir = resolve(cwd, v.out ?? join(set.dir, '.trialgate', `gate-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  const confirmTrials = v['confirm-trials'] === undefined ? null : positiveInt('--confirm-trials', v['confirm-trials'], 0);
  const maxRuns = v['baseline-runs'] === undefined ? 6 : positiveInt('--baseline-runs', v['baseline-runs']);
  const { scrubber } = secretsOf(trialSetSources(set));
  const run = async (options: Partial<RunOptions>): Promise<Results> => {
    const output = await runTrialSet({
      configPath,
      ...(v.trials ? { trials: positiveInt('--trials', v.trials) } : {}),
      ...(v.concurrency ? { concurrency: positiveInt('--concurrency', v.concurrency) } : {}),
      ...(v.acceptance ? { acceptanceConcurrency: positiveInt('--acceptance', v.acceptance) } : {}),
      ...(v.seed ? { seed: positiveInt('--seed', v.seed, 0) } : {}),
      ...(v.isolation ? { isolation: v.isolation as IsolationSetting } : {}),
      onProgress: progressReporter(io.stderr, io.isTTY && io.redraw ? io.redraw : false),
      ...options,
    });
    return output.results;
  };

  // The base runs are read before any trial runs: a base that cannot be read is named before the head costs anything.
  const choice = { trialSet: set.config.name, maxRuns, ...(v['base-sha'] ? { baseSha: v['base-sha'] } : {}) };
  const base = v['base-dir']
    ? await readBaseDirectory(resolve(cwd, v['base-dir']))
    : {
        candidates: await readBaseFiles(
          (v.base ?? []).map((p) => resultsFileAt(resolve(cwd, p))),
          (p) => displayPath(p, cwd),
        ),
        notes: [],
      };
  const outcome = await runGate(
    {
      firstRound: () =>
        run({
          outDir: runDir,
          ...(unaffected.size ? { unaffected } : {}),
          onStart: ({ isolation, trials }) => io.stderr(`${trials} trial${trials === 1 ? '' : 's'}; ${isolationLine(isolation)}`),
        }),
      baseRuns: async () => {
        const chosen = chooseBaseRuns(base.candidates, choice);
        return {
          ...chosen,
          notes: [
            ...chosen.notes,
            ...base.notes,
            ...noBaseline(chosen.bases.length || chosen.otherNamed?.length ? 1 : 0, v['base-dir'] ?? null, Boolean(v['fail-without-baseline'])),
          ],
        };
      },
      confirmationRound: (round, head) => {
        io.stderr(`${roundLine(round)}\n`);
        return runConfirmationRound((options) => run({ ...options, runInfo: { git_sha: head.run.git_sha, ref: head.run.ref } }), runDir, head, round);
      },
      saveHead: async (head) => void (await writeResults(runDir, head, scrubber)),
      pairwise: (head, bases) => judgeBaseAgainstHead(configPath, runDir, head, bases, scrubber),
    },
    {
      ...(v.policy ? { policy: v.policy as Policy } : {}),
      ...(alpha === undefined ? {} : { alpha }),
      confirmTrials,
      failOn: (v['fail-on'] as 'regression' | 'never' | undefined) ?? 'regression',
      failWithoutBaseline: Boolean(v['fail-without-baseline']),
    },
  );

  // The run's files are written once, now that the comparison is known; the comment is its report.md.
  const view = await presentRun({
    ...wholeRun(outcome.head),
    comparison: outcome.comparison,
    notes: outcome.notes,
    runDir,
    bases: outcome.bases,
    baselineRequired: Boolean(v['fail-without-baseline']),
    changed: scope,
    checkFails: outcome.gate.failure !== null,
    // As the action names it: relative to the repository's top level, where the command is typed.
    config: relative(repositoryRoot(set.dir), await realpath(configPath)),
  });
  for (const failure of await writeReports(view, scrubber)) io.stderr(`${failureLine(failure)}\n`);
  const markdown = scrubber.text(await renderText(REPORTERS.markdown, view));
  if (v.comment) await writeNamedFile(resolve(cwd, v.comment), markdown);
  else io.stdout(markdown);
  io.stderr(`\nresults: ${displayPath(join(runDir, 'results.json'), cwd)} · comment: ${displayPath(join(runDir, 'report.md'), cwd)}\n`);
  // Another CI may have no job summary and the comment may go to a file: the log says what regressed.
  for (const line of regressionLog(view, displayPath(runDir, cwd))) io.stderr(`${line}\n`);
  io.stderr(`trialgate gate: ${outcome.gate.verdict}${outcome.gate.failure ? `: ${failureAnnotation(view, outcome.gate.failure)}` : ''}\n`);
  // Every head trial a setup mistake (a variable unset, a program missing, an acceptor that cannot run): as `run`
  // says, exit 2, for a rerun would not fix it (3 asks for one).
  const trials = outcome.head.tasks.flatMap((t) => t.trials);
  const setup = new Set([SETUP_RULE, ACCEPTOR_BROKEN_RULE]);
  if (trials.length > 0 && trials.every((t) => t.outcome === 'env_error' && setup.has(t.env_error ?? ''))) {
    io.stderr('trialgate gate: no trial could execute: every one is a setup mistake (see the first trial above); fix it, for a rerun will not\n');
    return EXIT.usage;
  }
  const failed = outcome.gate.failure !== null;
  if (outcome.gate.verdict === 'regression') return failed ? EXIT.failed : EXIT.ok;
  if (outcome.gate.verdict === 'undecided') return failed ? EXIT.undecided : EXIT.ok;
  return failed ? EXIT.usage : EXIT.ok;
}

/**
 * Which tasks the change listed in `file` reruns: its paths are relative to the repository root (the git
 * top level of the trial set's directory, else that directory), as `git diff --name-only` prints them.
 */
async function changedScope(file: string, configPath: string): Promise<ChangeScope> {
  const text = await readTextFile(file, 'no such file: pass the changed paths, one a line (git diff --name-only --no-renames BASE...HEAD > changed.txt)');
  const paths = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const read = await readTrialSetFile(configPath);
  // git names the top level after following links: so is the trial set's place in it.
  const set = { ...read, file: await realpath(read.file), dir: await realpath(read.dir) };
  return changeScope(paths, await trialSetDependencies(set, repositoryRoot(set.dir)));
}

/** The git top level of `dir` (after git follows links), else `dir` itself. */
function repositoryRoot(dir: string): string {
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
  return top.status === 0 ? top.stdout.trim() : dir;
}

function noBaseline(found: number, dir: string | null, required: boolean): string[] {
  if (found) return [];
  return [
    `No baseline results found${dir ? ` in ${dir}` : ''}; ${required ? 'this check fails until one exists' : 'regressions cannot fail this check until one exists'}.`,
  ];
}
