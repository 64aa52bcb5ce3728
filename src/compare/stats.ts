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

/** The p-value of a total loss: every one of `baseN` base trials succeeded, every one of `headN` head trials failed. */
export function totalLossP(baseN: number, headN: number): number {
  return Math.exp(-logChoose(baseN + headN, headN));
}
