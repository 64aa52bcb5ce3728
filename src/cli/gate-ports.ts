// `trialgate gate`'s implementation of the gate's ports (src/gate/gate.ts): trials run on this machine (and
// the base commit's, from the checkout --base-checkout names); base runs come from the files or the directory
// of downloaded artefacts given; a maintainer's approval is --approved-by. And where the command finds the
// repository: which tasks the changed paths rerun, the base commit's trial set.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { resultsFileAt } from '../results/read.ts';
import type { GatePorts } from '../gate/gate.ts';
import { baseCheckoutProblem, pairedOffNote } from '../gate/made-beside.ts';
import { chooseBaseRuns, readBaseDirectory, readBaseFiles, type LocalCandidate } from '../gate/local-bases.ts';
import { changeScope, withGateFiles, type ChangeScope } from '../gate/scope.ts';
import { trialRunner, type TrialRunner } from '../gate/trials.ts';
import { agentsIsolated, type IsolationSetting } from '../isolation/open.ts';
import { trialSetDependencies } from '../trial/dependencies.ts';
import { progressReporter } from '../trial/progress.ts';
import type { TrialSet } from '../trial/trialset.ts';
import { UserInputError } from '../util/errors.ts';
import { unlessMissing } from '../util/files.ts';
import { WITHOUT_CONFIGURED_PROGRAMS } from '../util/git-programs.ts';
import { repositoryPath } from '../util/repository-path.ts';
import type { Flags, GateFlags } from './gate-flags.ts';
import type { Io } from './io.ts';
import { displayPath } from './paths.ts';
import { isolationLine } from './validate.ts';

/** Where this gate's trials run (here) and its base runs come from (the files or the directory given). */
export async function localPorts(v: Flags, flags: GateFlags, io: Io, configPath: string, set: TrialSet): Promise<GatePorts> {
  // The base runs are read before any trial runs: a base that cannot be read is named before the head costs anything.
  const read = v['base-dir']
    ? await readBaseDirectory(resolve(io.cwd, v['base-dir']))
    : {
        candidates: await readBaseFiles(
          (v.base ?? []).map((p) => resultsFileAt(resolve(io.cwd, p))),
          (p) => displayPath(p, io.cwd),
        ),
        notes: [],
        unavailable: [],
      };
  const base = withoutCommitted(read);
  const runAt = (config: string): TrialRunner =>
    trialRunner({
      configPath: config,
      ...flags.run,
      onProgress: progressReporter(io.stderr, io.isTTY && io.redraw ? io.redraw : false),
      onStart: ({ isolation, trials }) => io.stderr(`${trials} trial${trials === 1 ? '' : 's'}; ${isolationLine(isolation)}`),
    });
  const checkout = v['base-checkout'] ? resolve(io.cwd, v['base-checkout']) : null;
  const paired = checkout ? await usableBaseConfig(await baseCheckoutConfig(checkout, configPath), set, checkout, io) : null;
  const baseConfig = paired && 'config' in paired ? paired.config : null;
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
        notes: [...chosen.notes, ...base.notes, ...(paired && 'off' in paired ? [pairedOffNote(paired.off)] : [])],
        ...(base.unavailable.length ? { unavailable: base.unavailable } : {}),
        where: v['base-dir'] ?? null,
      };
    },
    approval: async () => (v['approved-by'] ? `${v['approved-by']} (--approved-by)` : null),
    say: (line) => io.stderr(`${line}\n`),
    warn: (line) => io.stderr(`warning: ${line}\n`),
  };
}

/**
 * The base runs without those a git checkout tracks: a job downloads its baselines into a directory of the
 * checkout under test (docs/other-ci.md), where the change itself may have committed a results.json of its
 * author's making, newer than any and at the base commit. Such a run is named and cannot be had: alone, it
 * leaves the gate undecided, never "no baseline".
 */
function withoutCommitted(read: { candidates: LocalCandidate[]; notes: string[]; unavailable: string[] }): typeof read {
  const committed = read.candidates.filter((c) => tracked(c.file ?? join(c.dir, 'results.json')));
  if (!committed.length) return read;
  const why =
    'git tracks it in the checkout under test, so the change under test wrote it; a base run comes from the base branch’s own runs (download them into a fresh directory)';
  return {
    candidates: read.candidates.filter((c) => !committed.includes(c)),
    notes: [...read.notes, ...committed.map((c) => `Baseline ${c.label} not used: ${why}.`)],
    unavailable: [...read.unavailable, ...committed.map((c) => `${c.label}: ${why}`)],
  };
}

/** Whether the git repository around `file` (a submodule's included) tracks it. */
function tracked(file: string): boolean {
  // A file that is not there (a base named wrong, said so on its own) is tracked by nothing.
  if (!existsSync(file)) return false;
  return (
    spawnSync('git', [...WITHOUT_CONFIGURED_PROGRAMS, 'ls-files', '--error-unmatch', '--', basename(file)], { cwd: dirname(file), stdio: 'ignore' }).status ===
    0
  );
}

/**
 * The base commit's trial set in its checkout: the same path from the repository's top level as the head's.
 * A checkout without it (the pull request adds the trial set) leaves the paired rounds off, saying so.
 */
async function baseCheckoutConfig(checkout: string, configPath: string): Promise<string> {
  // The trial set's path as written: a link the change puts there never names which of the base's files runs.
  const path = await repositoryPath(repositoryRoot(dirname(configPath)), configPath);
  if (path === null)
    throw new UserInputError('command line', '--base-checkout', `a trial set inside its git repository without following a link; ${configPath} is not`);
  const base = join(checkout, path);
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

/** The base commit's trial set in the --base-checkout, unless the checkout cannot run the paired rounds' base trials (baseCheckoutProblem): then off, said. */
async function usableBaseConfig(config: string, head: TrialSet, checkout: string, io: Io): Promise<{ config: string } | { off: string }> {
  const problem = await baseCheckoutProblem(config, head, checkout, 'the --base-checkout', ' (make it there too, as the job does beside the head)');
  if (problem === null) return { config };
  io.stderr(`warning: no paired rounds on the base commit: ${problem}\n`);
  return { off: problem };
}

/** Which tasks the changed paths rerun: they are relative to the repository root (the git top level of the trial set's directory, else that directory). */
export async function changedScope(
  paths: readonly string[],
  set: TrialSet,
  isolation: IsolationSetting,
  gateFiles: readonly string[] = [],
): Promise<ChangeScope> {
  // git names the top level after following links: so is the trial set's place in it.
  const real = { ...set, file: await realpath(set.file), dir: await realpath(set.dir) };
  return changeScope(paths, withGateFiles(await trialSetDependencies(real, repositoryRoot(real.dir), await agentsIsolated(isolation)), gateFiles));
}

/** The git top level of `dir` (after git follows links), else `dir` itself. */
export function repositoryRoot(dir: string): string {
  const top = spawnSync('git', [...WITHOUT_CONFIGURED_PROGRAMS, 'rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
  return top.status === 0 ? top.stdout.trim() : dir;
}
