// The action's verdict and whether the step fails. Pure.
import { gateFails } from '../compare/compare.ts';
import type { Comparison } from '../schemas/comparison.ts';
import type { ActionInputs } from './inputs.ts';

export type ActionVerdict = 'pass' | 'regression' | 'no-baseline' | 'skipped' | 'error';

export interface Gate {
  verdict: ActionVerdict;
  regressions: number;
  /** Why the step fails, or null when it passes. */
  failure: string | null;
}

/** A run that is not gated (a baseline push, another event): it passes by recording its results. */
export const UNGATED: Gate = { verdict: 'pass', regressions: 0, failure: null };

/** A pull request's gate from its comparison (null or no_baseline: nothing to compare with). */
export function decideGate(comparison: Comparison | null, inputs: Pick<ActionInputs, 'failOn' | 'failWithoutBaseline'>): Gate {
  if (!comparison || comparison.verdict === 'no_baseline' || comparison.verdict === 'incomparable') {
    return {
      verdict: 'no-baseline',
      regressions: 0,
      failure: inputs.failWithoutBaseline ? 'no baseline results to compare with (fail-without-baseline is true)' : null,
    };
  }
  const regressions = comparison.regressions;
  if (!gateFails(comparison)) return { verdict: 'pass', regressions, failure: null };
  return {
    verdict: 'regression',
    regressions,
    failure: inputs.failOn === 'regression' ? `${regressions} regression${regressions === 1 ? '' : 's'} against the base branch (see the comment or job summary)` : null,
  };
}
