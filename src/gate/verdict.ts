// The gate's verdict and whether the check fails, from a comparison. Pure; the action sets it as its
// `verdict` output and fails the step, the CLI turns it into its exit status (docs/comparison.md).
//
// Undecided fails the check too, as "rerun", never as a regression: an outage must not let a pull request
// through green, and a pull request whose evidence the environment ate has not been shown to be worse.
import type { Comparison } from '../schemas/comparison.ts';

export type GateVerdict = 'pass' | 'regression' | 'undecided' | 'no-baseline' | 'skipped' | 'error';

export interface Gate {
  verdict: GateVerdict;
  regressions: number;
  /** Why the check fails, or null when it passes. */
  failure: string | null;
}

export interface GatePolicy {
  /** `never`: report only, the check never fails. */
  failOn: 'regression' | 'never';
  /** Fail when there is nothing to compare with. */
  failWithoutBaseline: boolean;
}

/** A run that is not gated (a baseline push, another event): it passes by recording its results. */
export const UNGATED: Gate = { verdict: 'pass', regressions: 0, failure: null };

/** A pull request's gate from its comparison (null or no_baseline: nothing to compare with). */
export function decideGate(comparison: Comparison | null, policy: GatePolicy): Gate {
  const fails = (why: string) => (policy.failOn === 'regression' ? why : null);
  // Base runs of another trial set: the pull request renamed it (or points at another's baselines). Passing it as
  // "no baseline" would let a rename carry any regression through; a maintainer decides instead.
  if (comparison?.verdict === 'incomparable' && comparison.incomparable) {
    const i = comparison.incomparable;
    return {
      verdict: 'undecided',
      regressions: 0,
      failure: fails(
        `undecided, not a regression: the base runs hold ${i.field} ${JSON.stringify(i.base)}, this pull request ${JSON.stringify(i.head)}; renamed here? Its baselines are recorded under the new name only after the merge: a maintainer decides`,
      ),
    };
  }
  if (!comparison || comparison.verdict === 'no_baseline' || comparison.verdict === 'incomparable') {
    return {
      verdict: 'no-baseline',
      regressions: 0,
      failure: policy.failWithoutBaseline ? 'no baseline results to compare with (fail-without-baseline is true)' : null,
    };
  }
  const regressions = comparison.regressions;
  if (comparison.verdict === 'fail')
    return {
      verdict: 'regression',
      regressions,
      failure: fails(`${regressions} regression${regressions === 1 ? '' : 's'} against the base branch (see the comment or job summary)`),
    };
  if (comparison.verdict === 'undecided')
    return { verdict: 'undecided', regressions, failure: fails(`undecided, not a regression (rerun): ${undecidedSummary(comparison)}`) };
  return { verdict: 'pass', regressions, failure: null };
}

/** One line: how many tasks could not be decided and the first reason (holdout tasks only counted). */
export function undecidedSummary(comparison: Comparison): string {
  const u = comparison.undecided;
  if (!u) return 'the comparison could not be decided';
  if (u.reasons.length) return u.reasons[0]!;
  const first = comparison.tasks.find((t) => t.undecided);
  const n = u.tasks + u.holdout_tasks;
  const counted = `${n} task${n === 1 ? '' : 's'} could not be decided${u.holdout_tasks ? ` (${u.holdout_tasks} holdout)` : ''}`;
  return first ? `${counted}; ${first.id}: ${first.undecided}` : counted;
}
