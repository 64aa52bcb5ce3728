// The flags of `trialgate gate`, checked once (what the run, the base runs and the gate's settings take from
// them), and the changed paths file --changed names.
import type { IsolationSetting } from '../isolation/open.ts';
import type { RunOptions } from '../trial/run-set.ts';
import type { Policy } from '../schemas/comparison.ts';
import { UserInputError } from '../util/errors.ts';
import { readTextFile } from '../util/files.ts';
import { positiveInt } from './run.ts';

export type Flags = Record<string, string | undefined> & { base?: string[]; 'ci-config'?: string[]; 'fail-without-baseline'?: boolean };
export type GateFlags = ReturnType<typeof gateFlags>;

/** The flags of `trialgate gate`, checked: what the run, the base runs and the gate's settings take from them. */
export function gateFlags(v: Flags) {
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
export async function changedPaths(file: string): Promise<string[]> {
  const text = await readTextFile(file, 'no such file: pass the changed paths, one a line (git diff --name-only --no-renames BASE...HEAD > changed.txt)');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
