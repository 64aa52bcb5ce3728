// `trialgate gate`: the gate of the required check from the command line, on any CI system or a laptop
// (docs/other-ci.md). A thin front end over gatePullRequest (src/gate/gate.ts): it reads the flags, the
// changed paths and the base runs given as files or as a directory of downloaded artefacts, then writes the
// run directory with the comment as report.md, prints the comment and the regressions, and exits with the
// verdict's status (0 pass or no baseline, 1 regression, 2 cannot run or compare, 3 undecided).
import { spawnSync } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { resultsFileAt } from '../compare/read-results.ts';
import { gatePullRequest, type GatePorts } from '../gate/gate.ts';
import type { TrialRunner } from '../gate/trials.ts';
import type { Gate } from '../gate/verdict.ts';
import { chooseBaseRuns, readBaseDirectory, readBaseFiles } from '../gate/local-bases.ts';
import { changeScope, skipReason, type ChangeScope } from '../gate/scope.ts';
import { agentsIsolated, type IsolationSetting } from '../isolation/open.ts';
import { presentRun } from '../report/explain.ts';
import { failureAnnotation, regressionLog } from '../report/log.ts';
import { failureLine, renderText, REPORTERS, writeReports } from '../report/reporters.ts';
import { wholeRun, type RunView } from '../report/view.ts';
import type { Scrubber } from '../util/scrub.ts';
import { writeResults } from '../results/write.ts';
import type { Policy } from '../schemas/comparison.ts';
import { secretsOf, trialSetSources } from '../secrets.ts';
import { trialSetDependencies } from '../trial/dependencies.ts';
import { progressReporter } from '../trial/progress.ts';
import { runTrialSet, type RunOptions } from '../trial/run-set.ts';
import { loadTrialSet, type TrialSet } from '../trial/trialset.ts';
import { UserInputError } from '../util/errors.ts';
import { readTextFile, unlessMissing } from '../util/files.ts';
import { writeNamedFile } from '../util/safe-write.ts';
import { parseCommand } from './args.ts';
import { GATE } from './commands.ts';
import { type Io } from './io.ts';
import { displayPath } from './paths.ts';
import { positiveInt } from './run.ts';
import { isolationLine } from './validate.ts';

export async function runGateCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(GATE, argv, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values as Flags;
  const flags = gateFlags(v);
  const configPath = resolve(io.cwd, v.config ?? 'trialgate.yml');
  const set = await loadTrialSet(configPath);
  const changed = v.changed ? await changedPaths(resolve(io.cwd, v.changed)) : null;
  const scope = changed ? await changedScope(changed, set, flags.run.isolation ?? set.config.agent.isolation) : null;
  const skipped = scope ? skipReason(scope) : null;
  if (skipped) {
    io.stderr(`trialgate gate: skipped: ${skipped}\n`);
    return 0;
  }
  const runDir = resolve(io.cwd, v.out ?? join(set.dir, '.trialgate', `gate-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  const { scrubber } = secretsOf(trialSetSources(set));
  const outcome = await gatePullRequest(await localPorts(v, flags, io, configPath, runDir, set, scrubber), {
    set,
    runDir,
    scope,
    changedFiles: changed,
    gateFile: v['ci-config'] ?? null,
    ...(flags.run.isolation ? { isolation: flags.run.isolation } : {}),
    ...(flags.run.trials ? { trials: flags.run.trials } : {}),
    settings: flags.settings,
    scrubber,
  });
  // The run's files are written once, now that the comparison is known; the comment is its report.md.
  const view = await presentRun({
    ...wholeRun(outcome.head),
    comparison: outcome.comparison,
    notes: outcome.notes,
    runDir,
    bases: outcome.bases,
    baselineRequired: flags.settings.failWithoutBaseline,
    ...(scope ? { changed: scope } : {}),
    checkFails: outcome.gate.failure !== null,
    // As the action names it: relative to the repository's top level, where the command is typed.
    config: relative(repositoryRoot(set.dir), await realpath(configPath)),
  });
  await publishLocally(view, outcome.gate, v.comment ? resolve(io.cwd, v.comment) : null, runDir, scrubber, io);
  return outcome.gate.exit;
}

type Flags = Record<string, string | undefined> & { base?: string[]; 'fail-without-baseline'?: boolean };

/** Where this gate's trials run (here) and its base runs come from (the files or the directory given). */
async function localPorts(
  v: Flags,
  flags: ReturnType<typeof gateFlags>,
  io: Io,
  configPath: string,
  runDir: string,
  set: TrialSet,
  scrubber: Scrubber,
): Promise<GatePorts> {
  // The base runs are read before any trial runs: a base that cannot be read is named before the head costs anything.
  const base = v['base-dir']
    ? await readBaseDirectory(resolve(io.cwd, v['base-dir']))
    : {
        candidates: await readBaseFiles(
          (v.base ?? []).map((p) => resultsFileAt(resolve(io.cwd, p))),
          (p) => displayPath(p, io.cwd),
        ),
        notes: [],
        unavailable: [],
      };
  const runAt =
    (config: string): TrialRunner =>
    async (options) =>
      (
        await runTrialSet({
          configPath: config,
          ...flags.run,
          onProgress: progressReporter(io.stderr, io.isTTY && io.redraw ? io.redraw : false),
          onStart: ({ isolation, trials }) => io.stderr(`${trials} trial${trials === 1 ? '' : 's'}; ${isolationLine(isolation)}`),
          ...options,
        })
      ).results;
  const baseConfig = v['base-checkout'] ? await baseCheckoutConfig(resolve(io.cwd, v['base-checkout']), configPath) : null;
  return {
    run: runAt(configPath),
    ...(baseConfig ? { runBase: runAt(baseConfig) } : {}),
    baseRuns: async () => {
      const chosen = chooseBaseRuns(base.candidates, {
        trialSet: set.config.name,
        maxRuns: flags.maxRuns,
        ...(v['base-sha'] ? { baseSha: v['base-sha'] } : {}),
      });
      return {
        ...chosen,
        notes: [...chosen.notes, ...base.notes],
        ...(base.unavailable.length ? { unavailable: base.unavailable } : {}),
        where: v['base-dir'] ?? null,
      };
    },
    approval: async () => (v['approved-by'] ? `${v['approved-by']} (--approved-by)` : null),
    saveHead: async (head) => void (await writeResults(runDir, head, scrubber)),
    say: (line) => io.stderr(`${line}\n`),
    warn: (line) => io.stderr(`warning: ${line}\n`),
  };
}

/**
 * The base commit's trial set in its checkout: the same path from the repository's top level as the head's.
 * A checkout without it (the pull request adds the trial set) leaves the paired rounds off, saying so.
 */
async function baseCheckoutConfig(checkout: string, configPath: string): Promise<string> {
  const head = await realpath(configPath);
  const base = join(checkout, relative(repositoryRoot(dirname(head)), head));
  if (
    !(await unlessMissing(
      stat(base).then((st) => st.isFile()),
      false,
    ))
  )
    throw new UserInputError(
      'command line',
      '--base-checkout',
      `a checkout of the base commit holding the trial set at ${relative(checkout, base)}; ${checkout} has none (git worktree add ${checkout} BASE-SHA, or leave the flag out)`,
    );
  return base;
}

/** The run's reports, the comment (to stdout or a file) and, in the log, what regressed and the verdict: another CI may have no job summary. */
async function publishLocally(view: RunView, gate: Gate, commentFile: string | null, runDir: string, scrubber: Scrubber, io: Io): Promise<void> {
  for (const failure of await writeReports(view, scrubber)) io.stderr(`${failureLine(failure)}\n`);
  const markdown = scrubber.text(await renderText(REPORTERS.markdown, view));
  if (commentFile) await writeNamedFile(commentFile, markdown);
  else io.stdout(markdown);
  io.stderr(`\nresults: ${displayPath(join(runDir, 'results.json'), io.cwd)} · comment: ${displayPath(join(runDir, 'report.md'), io.cwd)}\n`);
  for (const line of regressionLog(view, displayPath(runDir, io.cwd))) io.stderr(`${scrubber.text(line)}\n`);
  io.stderr(`trialgate gate: ${gate.failure ? scrubber.text(failureAnnotation(view, gate.failure)) : gate.verdict}\n`);
}

/** The flags of `trialgate gate`, checked: what the run, the base runs and the gate's settings take from them. */
function gateFlags(v: Flags) {
  const problem = (flag: string, expected: string) => new UserInputError('command line', flag, expected);
  const alpha = v.alpha === undefined ? undefined : Number(v.alpha);
  if (alpha !== undefined && !(alpha > 0 && alpha < 1)) throw problem('--alpha', `a number between 0 and 1, got ${JSON.stringify(v.alpha)}`);
  if (v.base?.length && v['base-dir']) throw problem('--base-dir', 'either --base files or one --base-dir, not both');
  if (!v.base?.length && !v['base-dir'])
    throw problem(
      '--base',
      'the base runs: --base BASE.json (repeat it) or --base-dir DIR of downloaded results artefacts (an empty directory: no baseline yet)',
    );
  const run: Partial<RunOptions> = {
    ...(v.trials ? { trials: positiveInt('--trials', v.trials) } : {}),
    ...(v.concurrency ? { concurrency: positiveInt('--concurrency', v.concurrency) } : {}),
    ...(v.acceptance ? { acceptanceConcurrency: positiveInt('--acceptance', v.acceptance) } : {}),
    ...(v.seed ? { seed: positiveInt('--seed', v.seed, 0) } : {}),
    ...(v.isolation ? { isolation: v.isolation as IsolationSetting } : {}),
  };
  return {
    run,
    maxRuns: v['baseline-runs'] === undefined ? 6 : positiveInt('--baseline-runs', v['baseline-runs']),
    settings: {
      ...(v.policy ? { policy: v.policy as Policy } : {}),
      ...(alpha === undefined ? {} : { alpha }),
      confirmTrials: v['confirm-trials'] === undefined ? null : positiveInt('--confirm-trials', v['confirm-trials'], 0),
      maxTrials: v['max-trials'] === undefined ? null : positiveInt('--max-trials', v['max-trials']),
      failOn: (v['fail-on'] as 'regression' | 'never' | undefined) ?? 'regression',
      failWithoutBaseline: Boolean(v['fail-without-baseline']),
    },
  };
}

/** The changed paths listed in `file`, one a line, as `git diff --name-only` prints them. */
async function changedPaths(file: string): Promise<string[]> {
  const text = await readTextFile(file, 'no such file: pass the changed paths, one a line (git diff --name-only --no-renames BASE...HEAD > changed.txt)');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Which tasks the changed paths rerun: they are relative to the repository root (the git top level of the trial set's directory, else that directory). */
async function changedScope(paths: readonly string[], set: TrialSet, isolation: IsolationSetting): Promise<ChangeScope> {
  // git names the top level after following links: so is the trial set's place in it.
  const real = { ...set, file: await realpath(set.file), dir: await realpath(set.dir) };
  return changeScope(paths, await trialSetDependencies(real, repositoryRoot(real.dir), await agentsIsolated(isolation)));
}

/** The git top level of `dir` (after git follows links), else `dir` itself. */
function repositoryRoot(dir: string): string {
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
  return top.status === 0 ? top.stdout.trim() : dir;
}
