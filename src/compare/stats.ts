// Fisher's exact test, the one test behind the `familywise` policy. Exact sums in log space: the counts
// are small (k trials, a few pooled runs), so no approximation is needed and none is made.

/** The tolerance every comparison of a p-value with its cut uses: the plan sizes its looks with it, so the tests must too (an exact tie is a hit). */
export const TOLERANCE = 1 + 1e-9;

const logFactorials: number[] = [0];

function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  return logFactorials[n]!;
}

function logChoose(n: number, r: number): number {
  return logFactorial(n) - logFactorial(r) - logFactorial(n - r);
}

/** A success count out of n trials. */
export interface Tally {
  successes: number;
  n: number;
}

/** The head counts that the margins allow: given both sides' sizes and the successes of both together. */
function headRange(base: Tally, head: Tally): { lo: number; hi: number; successes: number; total: number } {
  const total = base.n + head.n;
  const successes = base.successes + head.successes;
  return { lo: Math.max(0, head.n - (total - successes)), hi: Math.min(successes, head.n), successes, total };
}

function tail(base: Tally, head: Tally, from: number, to: number): number {
  const { successes, total } = headRange(base, head);
  const denominator = logChoose(total, head.n);
  let sum = 0;
  for (let x = from; x <= to; x++) sum += Math.exp(logChoose(successes, x) + logChoose(total - successes, head.n - x) - denominator);
  return Math.min(1, sum);
}

/**
 * One-sided Fisher exact test that the head succeeds less often than the base: the hypergeometric
 * probability, given both margins, of a head count at or below the one observed.
 */
export function fisherLower(base: Tally, head: Tally): number {
  return tail(base, head, headRange(base, head).lo, head.successes);
}

/** The mirror of fisherLower: the head succeeds more often than the base. */
export function fisherUpper(base: Tally, head: Tally): number {
  return tail(base, head, head.successes, headRange(base, head).hi);
}

/**
 * The smallest p-value fisherLower can reach with these margins (the head taking every failure it can).
 * A check whose smallest reachable p is above a threshold cannot pass it, whatever the split.
 */
export function fisherLowerReach(base: Tally, head: Tally): number {
  const { lo } = headRange(base, head);
  return tail(base, head, lo, lo);
}

/** The smallest p-value fisherUpper can reach with these margins. */
export function fisherUpperReach(base: Tally, head: Tally): number {
  const { hi } = headRange(base, head);
  return tail(base, head, hi, hi);
}

/**
 * The p-value of a total loss: every one of `baseN` recorded and `freshN` fresh base trials succeeded, every
 * one of `headN` head trials failed (fisherLowerSelected at those counts).
 */
export function totalLossP(baseN: number, headN: number, freshN = 0): number {
  if (freshN > 0) return fisherLowerSelected({ successes: baseN, n: baseN }, { successes: freshN, n: freshN }, { successes: 0, n: headN });
  return Math.min(1, Math.exp(-logChoose(baseN + headN, headN)) / baseSucceeded({ successes: baseN, n: baseN }, { successes: 0, n: headN }));
}

/**
 * The probability, given both margins, that the base succeeded at least once. A check is tested, and its
 * task takes a share of α, only when its base succeeded: among flaky checks those are the ones whose base
 * got lucky, so every p-value is conditioned on it (divided by this). Without it, 30 tasks at a pass rate
 * of 0.1, k = 2 against one base run, failed 5.5 % of unchanged pull requests at α = 5 %.
 */
function baseSucceeded(base: Tally, head: Tally): number {
  const { successes, total } = headRange(base, head);
  if (successes > head.n) return 1;
  return 1 - Math.exp(logChoose(head.n, successes) - logChoose(total, successes));
}

/** fisherLower for a check that is tested: conditioned on its base having succeeded (see baseSucceeded). */
export function fisherLowerTested(base: Tally, head: Tally): number {
  if (base.successes === 0) return 1;
  return Math.min(1, fisherLower(base, head) / baseSucceeded(base, head));
}

/**
 * fisherLower of the recorded and fresh base trials together against the head, for a check that is tested
 * because its RECORDED base succeeded (the fresh trials, run beside the head in its confirmation rounds, are
 * never part of that selection): the exact conditional p, given the margins and the selection,
 * P(H ≤ h and R ≥ 1 | margins) / P(R ≥ 1 | margins), R being the recorded part's successes. Under no change
 * every trial of the three parts is exchangeable, so given the margins the recorded part is a random n_r of
 * the N trials (multivariate hypergeometric) and the p is valid conditionally on the selection. With no
 * fresh trial it is fisherLowerTested: a head count below the successes already implies R ≥ 1.
 */
export function fisherLowerSelected(recorded: Tally, fresh: Tally, head: Tally): number {
  if (recorded.successes === 0) return 1;
  if (fresh.n === 0) return fisherLowerTested(recorded, head);
  const base = recorded.n + fresh.n;
  const total = base + head.n;
  const successes = recorded.successes + fresh.successes + head.successes;
  const all = logChoose(total, successes);
  // P(R = 0 | margins): every success among the fresh and head trials.
  const selected = 1 - (total - successes >= recorded.n ? Math.exp(logChoose(total - successes, recorded.n) - logChoose(total, recorded.n)) : 0);
  let joint = 0;
  for (let x = Math.max(0, successes - base); x <= head.successes; x++) {
    const rest = successes - x;
    // The base's share of the rest, less the arrangements in which the recorded part holds none of it.
    const anywhere = Math.exp(logChoose(head.n, x) + logChoose(base, rest) - all);
    const freshOnly = rest <= fresh.n ? Math.exp(logChoose(head.n, x) + logChoose(fresh.n, rest) - all) : 0;
    joint += anywhere - freshOnly;
  }
  return Math.min(1, Math.max(0, joint) / selected);
}
