// The three gate policies (shared/DESIGN.md §9). Each decides every check of a comparison at once,
// because `statistical` corrects across all of them, and each says in words the figures it decided by.
import type { CheckStatus, Count, Policy } from '../schemas/comparison.ts';
import { benjaminiHochberg, binomialLower, binomialUpper, fisherLower, fisherUpper, priorRate } from './stats.ts';

export const DEFAULT_ALPHA = { statistical: 0.1, history: 0.01 } as const;

/**
 * `history` needs a base rate, which one run of k trials cannot give; `strict` is the only policy that
 * still catches a partial drop at k = 5 from a single base run (see bench/results/policy-simulation.md).
 */
export function defaultPolicy(baseRuns: number): Policy {
  return baseRuns >= 2 ? 'history' : 'strict';
}

export interface PolicySettings {
  name: Policy;
  /** Ignored by `strict`. */
  alpha: number;
}

export interface Decision {
  status: CheckStatus;
  p: number | null;
  q: number | null;
  rule: string;
}

interface Tails {
  lower: number;
  upper: number;
}

export function decideChecks(policy: PolicySettings, checks: readonly { base: Count; head: Count }[]): Decision[] {
  if (policy.name === 'strict') return checks.map(({ base, head }) => decideStrict(base, head));
  const tails = checks.map(({ base, head }) => (policy.name === 'history' ? historyTails(base, head) : fisherTails(base, head)));
  if (policy.name === 'history') return checks.map(({ base, head }, i) => decideByTails(policy, base, head, tails[i]!, null));
  const lowerQ = benjaminiHochberg(tails.map((t) => t.lower));
  const upperQ = benjaminiHochberg(tails.map((t) => t.upper));
  return checks.map(({ base, head }, i) => decideByTails(policy, base, head, tails[i]!, { lower: lowerQ[i]!, upper: upperQ[i]!, m: checks.length }));
}

type Direction = 'below' | 'above' | 'level';

function direction(base: Count, head: Count): Direction {
  const headScaled = head.successes * base.n;
  const baseScaled = base.successes * head.n;
  return headScaled < baseScaled ? 'below' : headScaled > baseScaled ? 'above' : 'level';
}

/** Every trial on both sides had the same outcome. */
function allAgree(base: Count, head: Count): boolean {
  const allSucceeded = base.successes === base.n && head.successes === head.n;
  const allFailed = base.successes === 0 && head.successes === 0;
  return allSucceeded || allFailed;
}

function missingSide(base: Count, head: Count): Decision | null {
  if (head.n === 0) return { status: 'suspect', p: null, q: null, rule: 'no executed head trial measured this check' };
  if (base.n === 0) return { status: 'suspect', p: null, q: null, rule: 'no executed base trial measured this check' };
  return null;
}

function notSignificant(base: Count, head: Count): CheckStatus {
  return allAgree(base, head) ? 'unchanged' : 'flaky';
}

function decideStrict(base: Count, head: Count): Decision {
  const missing = missingSide(base, head);
  if (missing) return missing;
  const decided = (status: CheckStatus, rule: string): Decision => ({ status, p: null, q: null, rule });
  const headFailed = head.n - head.successes;
  const baseFailed = base.n - base.successes;
  if (base.successes === base.n && headFailed > 0) {
    return decided('regressed', `strict: base succeeded on all ${base.n}, head failed ${headFailed} of ${head.n}`);
  }
  if (head.successes === head.n && baseFailed > 0) {
    return decided('improved', `strict: head succeeded on all ${head.n}, base failed ${baseFailed} of ${base.n}`);
  }
  if (direction(base, head) === 'below') {
    return decided('suspect', `strict gates only a drop from all-succeeded; base failed ${baseFailed} of ${base.n}`);
  }
  const status = notSignificant(base, head);
  return decided(status, status === 'unchanged' ? 'strict: same outcome on every trial' : 'strict: no drop from all-succeeded');
}

function fisherTails(base: Count, head: Count): Tails {
  return { lower: fisherLower(base, head), upper: fisherUpper(base, head) };
}

function historyTails(base: Count, head: Count): Tails {
  const rate = priorRate(base);
  return { lower: binomialLower(head.successes, head.n, rate), upper: binomialUpper(head.successes, head.n, rate) };
}

function decideByTails(
  policy: PolicySettings,
  base: Count,
  head: Count,
  tails: Tails,
  adjusted: { lower: number; upper: number; m: number } | null,
): Decision {
  const missing = missingSide(base, head);
  if (missing) return missing;
  const dir = direction(base, head);
  const side = dir === 'above' ? 'upper' : 'lower';
  const p = tails[side];
  const q = adjusted ? adjusted[side] : null;
  const significant = (q ?? p) <= policy.alpha;
  const figures = describe(policy, base, head, side, p, adjusted ? { q: q!, m: adjusted.m } : null, significant);
  let status: CheckStatus;
  if (dir === 'below') status = significant ? 'regressed' : 'suspect';
  else if (dir === 'above' && significant) status = 'improved';
  else status = notSignificant(base, head);
  return { status, p, q, rule: figures };
}

function describe(
  policy: PolicySettings,
  base: Count,
  head: Count,
  side: 'lower' | 'upper',
  p: number,
  adjusted: { q: number; m: number } | null,
  significant: boolean,
): string {
  const against = `${significant ? '≤' : '>'} α = ${policy.alpha}`;
  if (adjusted) {
    const tail = side === 'lower' ? 'head lower' : 'head higher';
    return `Fisher one-sided (${tail}) p = ${formatP(p)}, BH q = ${formatP(adjusted.q)} ${against} (m = ${adjusted.m})`;
  }
  const op = side === 'lower' ? '≤' : '≥';
  const rate = `(${base.successes}+1)/(${base.n}+2) = ${priorRate(base).toFixed(3)}`;
  return `binomial P(X ${op} ${head.successes} | n = ${head.n}, p̂ = ${rate}) = ${formatP(p)} ${against}`;
}

/** Two significant digits; tiny values in exponent form so they stay short and exact enough to check. */
export function formatP(p: number): string {
  if (p === 0) return '0';
  if (p < 0.001) return p.toExponential(1);
  return String(Number(p.toPrecision(2)));
}
