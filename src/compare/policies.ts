// The two gate policies, their defaults, and what each can reach at a given k (docs/comparison.md).
import type { CheckStatus, Count, Policy } from '../schemas/comparison.ts';
import { allAgree, formatP, type Verdict } from './familywise.ts';
import { totalLossP } from './stats.ts';

/**
 * The familywise α: 1 % of pull requests that changed nothing may fail on a pooled base; with one base run
 * a total loss of a k = 5 check reaches only p = 1/252, so flagging it in a suite of hundreds of checks
 * needs 5 % (bench/results/policy-simulation.md).
 */
export function defaultAlpha(baseRuns: number): number {
  return baseRuns <= 1 ? 0.05 : 0.01;
}

export interface PolicyReach {
  policy: Policy;
  reachable: boolean;
  /** The p-value of a total loss (every base trial succeeded, every head trial failed); null for strict. */
  totalLossP: number | null;
  /** What a reader of trialgate.yml or the comment needs to know, in one sentence. */
  note: string;
}

/**
 * Whether `policy` can flag a regression at all with k head trials against `baseRuns` runs of k: pure,
 * so the trial set's loader can warn before any trial runs. A familywise check can reach at best the
 * p-value of a total loss; above α nothing can be flagged, whatever happens.
 */
export function policyReach(policy: Policy, k: number, baseRuns: number, alpha = defaultAlpha(baseRuns)): PolicyReach {
  if (policy === 'strict') {
    return { policy, reachable: true, totalLossP: null, note: 'strict flags any failed head trial of a check whose base trials all succeeded; it does not bound false alarms' };
  }
  const p = totalLossP(baseRuns * k, k);
  const runs = `${baseRuns} base run${baseRuns === 1 ? '' : 's'}`;
  if (p > alpha) {
    return {
      policy,
      reachable: false,
      totalLossP: p,
      note: `with k = ${k} and ${runs}, even a total loss (${baseRuns * k}/${baseRuns * k} → 0/${k}) reaches only p = ${formatP(p)} > α = ${alpha}: familywise cannot flag anything; raise trials or baseline-runs`,
    };
  }
  const family = Math.floor(alpha / p);
  return {
    policy,
    reachable: true,
    totalLossP: p,
    note: `a total loss (${baseRuns * k}/${baseRuns * k} → 0/${k}) reaches p = ${formatP(p)}; it is flagged for certain while at most ${String(family).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} checks of the suite could reach as far`,
  };
}

/** familywise when it can flag a total loss at all, else strict (and the comment says why). */
export function defaultPolicy(baseRuns: number, k: number, alpha = defaultAlpha(baseRuns)): Policy {
  return policyReach('familywise', k, baseRuns, alpha).reachable ? 'familywise' : 'strict';
}

export function decideStrict(base: Count, head: Count): Verdict {
  const decided = (status: CheckStatus, rule: string): Verdict => ({ status, p: null, threshold: null, look: null, rule });
  if (head.n === 0) return decided('suspect', 'no executed head trial measured this check');
  if (base.n === 0) return decided('suspect', 'no executed base trial measured this check');
  const headFailed = head.n - head.successes;
  const baseFailed = base.n - base.successes;
  if (base.successes === base.n && headFailed > 0) return decided('regressed', `strict: base succeeded on all ${base.n}, head failed ${headFailed} of ${head.n}`);
  if (head.successes === head.n && baseFailed > 0) return decided('improved', `strict: head succeeded on all ${head.n}, base failed ${baseFailed} of ${base.n}`);
  if (head.successes * base.n < base.successes * head.n) return decided('suspect', `strict gates only a drop from all-succeeded; base failed ${baseFailed} of ${base.n}`);
  const agree = allAgree(base, head);
  return decided(agree ? 'unchanged' : 'flaky', agree ? 'strict: same outcome on every trial' : 'strict: no drop from all-succeeded');
}
