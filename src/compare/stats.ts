// The tests behind the `statistical` and `history` policies. Exact sums in log space: the counts are
// small (k trials, a few pooled runs), so no approximation is needed and none is made.

const logFactorials: number[] = [0];

function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  return logFactorials[n]!;
}

function logChoose(n: number, r: number): number {
  return logFactorial(n) - logFactorial(r) - logFactorial(n - r);
}

function sumExp(logTerms: number[]): number {
  return Math.min(1, logTerms.reduce((sum, t) => sum + Math.exp(t), 0));
}

/** A success count out of n trials. */
export interface Tally {
  successes: number;
  n: number;
}

/**
 * One-sided Fisher exact test that the head succeeds less often than the base: the hypergeometric
 * probability, given both margins, of a head count at or below the one observed.
 */
export function fisherLower(base: Tally, head: Tally): number {
  return fisherTail(base, head, 'lower');
}

/** The mirror of fisherLower: the head succeeds more often than the base. */
export function fisherUpper(base: Tally, head: Tally): number {
  return fisherTail(base, head, 'upper');
}

function fisherTail(base: Tally, head: Tally, side: 'lower' | 'upper'): number {
  const total = base.n + head.n;
  const successes = base.successes + head.successes;
  const lo = Math.max(0, head.n - (total - successes));
  const hi = Math.min(successes, head.n);
  const [from, to] = side === 'lower' ? [lo, head.successes] : [head.successes, hi];
  const denominator = logChoose(total, head.n);
  const terms: number[] = [];
  for (let x = from; x <= to; x++) terms.push(logChoose(successes, x) + logChoose(total - successes, head.n - x) - denominator);
  return sumExp(terms);
}

/** P(X ≤ x) for X ~ Binomial(n, p). */
export function binomialLower(x: number, n: number, p: number): number {
  return binomialSum(0, x, n, p);
}

/** P(X ≥ x) for X ~ Binomial(n, p). */
export function binomialUpper(x: number, n: number, p: number): number {
  return binomialSum(x, n, n, p);
}

function binomialSum(from: number, to: number, n: number, p: number): number {
  if (p <= 0) return from === 0 ? 1 : 0;
  if (p >= 1) return to === n ? 1 : 0;
  const terms: number[] = [];
  for (let i = from; i <= to; i++) terms.push(logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log1p(-p));
  return sumExp(terms);
}

/**
 * The base rate the `history` policy tests against: successes + 1 over n + 2 (a uniform prior), so a
 * base that always succeeded still allows for a rare failure and an unseen check is not certain.
 */
export function priorRate(base: Tally): number {
  return (base.successes + 1) / (base.n + 2);
}

/** Benjamini–Hochberg adjusted p-values (step-up), in the order given. */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const { p, i } = order[rank - 1]!;
    running = Math.min(running, (p * m) / rank);
    adjusted[i] = running;
  }
  return adjusted;
}
