// The gate's verdict, whether the check fails, and the exit status `trialgate gate` ends with, from a
// comparison and the head's trials. Pure, and the one place both front ends take them from: the action sets
// the verdict as its output and fails the step when `failure` is set; the CLI exits with `exit`
// (docs/comparison.md#the-verdict).
//
// Undecided fails the check too, as "rerun" or "a maintainer decides", never as a regression: an outage must
// not let a pull request through green, and a pull request whose evidence the environment ate has not been
// shown to be worse.
import type { Comparison } from '../schemas/comparison.ts';
import type { RunDigest } from '../schemas/results.ts';
import { envErrorWords } from '../results/reasons.ts';
import { isSetupMistake } from '../results/setup-rules.ts';
import { plural } from '../util/counted.ts';

export type GateVerdict = 'pass' | 'regression' | 'undecided' | 'no-baseline' | 'skipped' | 'error';

export interface Gate {
  verdict: GateVerdict;
  regressions: number;
  /** Why the check fails, in one line, or null when it passes. */
  failure: string | null;
  /** `trialgate gate`'s exit status: 0 passes, 1 regression, 2 cannot run or compare (a setup mistake), 3 undecided. */
  exit: 0 | 1 | 2 | 3;
}

export interface GatePolicy {
  /** `never`: report only, the check never fails. */
  failOn: 'regression' | 'never';
  /** Fail when there is nothing to compare with. */
  failWithoutBaseline: boolean;
}

/** A run that is not gated (a baseline push, another event): it passes by recording its results. */
export const UNGATED: Gate = { verdict: 'pass', regressions: 0, failure: null, exit: 0 };

/** A pull request's gate from its comparison (null or no_baseline: nothing to compare with) and its head. */
export function decideGate(comparison: Comparison | null, head: Pick<RunDigest, 'tasks'>, policy: GatePolicy): Gate {
  const enforce = (exit: 1 | 2 | 3, why: string): Pick<Gate, 'failure' | 'exit'> =>
    policy.failOn === 'regression' ? { failure: why, exit } : { failure: null, exit: 0 };
  // Every head trial a setup mistake: a rerun would fail the same way, so it is not "undecided, rerun".
  const trials = head.tasks.flatMap((t) => t.trials);
  if (trials.length > 0 && trials.every((t) => t.outcome === 'env_error' && isSetupMistake(t.env_error))) {
    return {
      verdict: 'error',
      regressions: 0,
      failure: `no trial could execute: every one is a setup mistake: ${setupWords(trials[0]!)}; fix it, for a rerun will not`,
      exit: 2,
    };
  }
  // Base runs of another trial set: the pull request renamed it (or points at another's baselines). Passing it as
  // "no baseline" would let a rename carry any regression through; a maintainer decides instead.
  if (comparison?.verdict === 'incomparable' && comparison.incomparable) {
    const i = comparison.incomparable;
    return {
      verdict: 'undecided',
      regressions: 0,
      ...enforce(
        3,
        `undecided, not a regression: the base runs hold ${i.field} ${JSON.stringify(i.base)}, this pull request ${JSON.stringify(i.head)}; renamed here? Its baselines are recorded under the new name only after the merge: a maintainer decides`,
      ),
    };
  }
  if (!comparison || comparison.verdict === 'no_baseline' || comparison.verdict === 'incomparable') {
    const required = policy.failWithoutBaseline;
    return {
      verdict: 'no-baseline',
      regressions: 0,
      failure: required ? NO_BASELINE_REQUIRED : null,
      exit: required ? 2 : 0,
    };
  }
  const regressions = comparison.regressions;
  if (comparison.verdict === 'fail')
    return {
      verdict: 'regression',
      regressions,
      ...enforce(1, `${plural(regressions, 'regression')} against the base branch: ${regressionsNamed(comparison)}`),
    };
  if (comparison.verdict === 'undecided')
    return { verdict: 'undecided', regressions, ...enforce(3, `undecided, not a regression: ${undecidedSummary(comparison)}`) };
  return { verdict: 'pass', regressions, failure: null, exit: 0 };
}

/** What the comment and the log say when no base run exists yet, worded once for both front ends. */
export function noBaselineNote(where: string | null, required: boolean): string {
  return `No baseline results found${where ? ` in ${where}` : ''}; ${required ? 'this check fails until one exists (fail-without-baseline)' : 'regressions cannot fail this check until one exists'}.`;
}

const NO_BASELINE_REQUIRED = 'no baseline results to compare with (fail-without-baseline is true)';

/** The regressed checks by task, a few, in one line: what an annotation and a log line name. */
export function regressionsNamed(comparison: Comparison, shown = 3): string {
  const named = comparison.tasks.flatMap((t) => t.checks.filter((c) => c.gated && c.status === 'regressed').map((c) => `${t.id}: ${c.label}`));
  const holdout = comparison.holdout.checks.regressed;
  const more = named.length - Math.min(named.length, shown) + holdout;
  const parts = named.slice(0, shown);
  if (holdout && parts.length === 0) return `${plural(holdout, 'check')} of holdout tasks`;
  return `${parts.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** One line: why the comparison is undecided (the first reason), or how many tasks could not be decided (holdout tasks only counted). */
export function undecidedSummary(comparison: Comparison): string {
  const u = comparison.undecided;
  if (!u) return 'the comparison could not be decided';
  if (u.reasons.length) return u.reasons[0]!;
  const first = comparison.tasks.find((t) => t.undecided);
  const n = u.tasks + u.holdout_tasks;
  const counted = `${plural(n, 'task')} could not be decided${u.holdout_tasks ? ` (${u.holdout_tasks} holdout)` : ''}`;
  return first ? `${counted}; ${first.id}: ${first.undecided}` : counted;
}

/** What a setup mistake's trial said was wrong (the program or variable it names), else its rule. */
function setupWords(trial: RunDigest['tasks'][number]['trials'][number]): string {
  return envErrorWords(trial) ?? trial.env_error ?? 'the trial set';
}
