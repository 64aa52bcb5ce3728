// How much the base runs differ from one another beyond what chance within a run explains, and what that
// does to the evidence of one head run (docs/comparison.md#between-runs). Pure.
//
// Pooling base runs treats every trial as exchangeable. Real agents behind real providers have days: a
// task (or the whole suite) succeeds less often on one run than on another. Then k trials of one run are
// worth less than k independent trials, and a head run that is merely a bad day looks like a regression.
// The base history shows this spread, in two ways used for two things:
// - whether the runs vary more than chance: per task, each executed trial's score (how many of its checks
//   succeeded) summed per run; given the task's trials, exchangeable runs are a random split of them, so
//   Pearson's statistic of the run sums has an exact mean and about R − 1 degrees of freedom, and the
//   checks of a trial, which rise and fall together, are counted as what they are: one trial. A χ² test at 1 %.
// - how much: Pearson's dispersion φ of each gated check's run counts, pooled over the suite, estimates the
//   design effect of a run of k trials, 1 + (k − 1)ρ (ρ: the correlation of two trials of one run), taken at
//   the upper end of its 95 % range.
// When the runs vary more than chance, every count is deflated by its design effect before Fisher's test
// (Rao & Scott's correction for clustered samples): base runs by 1 + (k − 1)ρ, the head run's n trials by
// 1 + (n − 1)ρ, so one head run never counts for more than about 1/ρ independent trials. With one base run,
// or a base whose checks never vary, the spread cannot be seen: trials are pooled as exchangeable and the
// comment says so.
import type { Count } from '../schemas/comparison.ts';

/**
 * The test level of "the base runs vary more than chance": strict, because a base that only looks spread by
 * chance costs the gate its power (a head run then counts for few trials); and the one-sided level of the
 * upper bound of ρ taken when it does.
 */
export const SPREAD_LEVEL = 0.01;
const BOUND_LEVEL = 0.05;

export interface Spread {
  /** Base runs the estimate could use (the most any check was measured in). */
  runs: number;
  /** Checks measured in two or more base runs that neither always nor never succeeded: the ones that can show a spread. */
  checks: number;
  /** Pearson's dispersion over those checks: 1 when runs vary as chance does; null when no check can show it. */
  phi: number | null;
  /** One-sided p of "the runs vary no more than chance" (the trial-score test, χ², Wilson–Hilferty); null when phi is. */
  p: number | null;
  /** The within-run correlation the comparison deflates by: 0 unless the runs varied more than chance. */
  rho: number;
  /** One sentence for the comment: what the base history shows and what was done with it. */
  note: string;
}

/** Per gated check of a compared task: its success counts in each base run that measured it. */
export type RunCounts = readonly Count[];

/** A task's executed base trials scored by how many of their checks succeeded: per run the count and the sum, and the sum of squares of all. */
export interface RunScores {
  perRun: readonly { n: number; sum: number }[];
  squares: number;
}

export interface TaskSpread {
  checks: readonly RunCounts[];
  scores: RunScores;
}

/** Pearson's statistic of counts split across runs, and its exact mean when the split is random (given the totals). */
function pearson(perRun: readonly { n: number; sum: number }[], variance: (mean: number) => number): { x: number; expected: number; df: number } | null {
  const measured = perRun.filter((c) => c.n > 0);
  if (measured.length < 2) return null;
  const n = measured.reduce((s, c) => s + c.n, 0);
  const mean = measured.reduce((s, c) => s + c.sum, 0) / n;
  const v = variance(mean);
  if (!(v > 1e-12)) return null;
  let x = 0;
  let expected = 0;
  for (const c of measured) {
    x += (c.sum - c.n * mean) ** 2 / (c.n * v);
    // A random split of N values into runs: Var(run sum) = nᵣ σ² (N − nᵣ)/(N − 1), σ² the values' own variance.
    expected += (n - c.n) / (n - 1);
  }
  return { x, expected, df: measured.length - 1 };
}

export function estimateSpread(tasks: Iterable<TaskSpread>, baseRuns: number): Spread {
  let x = 0;
  let expected = 0;
  let informative = 0;
  let trials = 0;
  let clusters = 0;
  let runs = 0;
  let checkDf = 0;
  let test = { x: 0, expected: 0, df: 0 };
  for (const task of tasks) {
    for (const perRun of task.checks) {
      const measured = perRun.filter((c) => c.n > 0);
      runs = Math.max(runs, measured.length);
      const shown = pearson(
        measured.map((c) => ({ n: c.n, sum: c.successes })),
        (p) => p * (1 - p),
      );
      if (!shown) continue;
      informative += 1;
      x += shown.x;
      expected += shown.expected;
      checkDf += shown.df;
      trials += measured.reduce((s, c) => s + c.n, 0);
      clusters += measured.length;
    }
    const n = task.scores.perRun.reduce((s, c) => s + c.n, 0);
    const scored = n > 0 ? pearson(task.scores.perRun, (mean) => task.scores.squares / n - mean * mean) : null;
    if (scored) test = { x: test.x + scored.x, expected: test.expected + scored.expected, df: test.df + scored.df };
  }
  const base = { runs: Math.max(runs, Math.min(baseRuns, 1)), checks: informative };
  if (baseRuns < 2 || runs < 2)
    return {
      ...base,
      phi: null,
      p: null,
      rho: 0,
      note: 'one base run cannot show whether runs differ from day to day: trials are pooled as exchangeable, and the bound on false alarms assumes they do not (more baseline-runs let it be checked)',
    };
  if (informative === 0)
    return { ...base, phi: null, p: null, rho: 0, note: `no check varied within the ${baseRuns} base runs: trials are pooled as exchangeable` };
  const phi = x / expected;
  // The test: the tasks' trial scores, scaled so their mean under exchangeable runs is the χ² degrees of freedom.
  const p = test.df > 0 ? chiSquareUpper((test.x * test.df) / test.expected, test.df) : 1;
  const size = trials / clusters;
  const shown = `φ = ${phi.toFixed(2)} over ${informative} check${informative === 1 ? '' : 's'} of ${baseRuns} base runs`;
  if (p > SPREAD_LEVEL)
    return { ...base, phi, p, rho: 0, note: `the base runs vary no more than chance (${shown}, p = ${p.toFixed(2)}): trials are pooled as exchangeable` };
  if (size <= 1)
    return {
      ...base,
      phi,
      p,
      rho: 0,
      note: `the base runs vary more than chance (${shown}), but with one trial per run the spread cannot be told from chance within a run: pooled as exchangeable, which may not bound false alarms`,
    };
  const upper = (phi * checkDf) / chiSquareQuantile(BOUND_LEVEL, checkDf);
  const rho = Math.min(1, Math.max(0, (upper - 1) / (size - 1)));
  return {
    ...base,
    phi,
    p,
    rho,
    note: `the base runs vary more than chance (${shown}, p = ${formatSmall(p)}): counts are deflated by the design effect of a correlation ρ = ${rho.toFixed(3)} between trials of one run (its upper 95 % bound), so a head run counts for at most ${Math.floor(1 / rho) === 1 ? 'one independent trial' : `${Math.floor(1 / rho)} independent trials`}; a change between runs beyond what the base runs show is not bounded`,
  };
}

/** The design effect of n trials of one run: how many times fewer independent trials they are worth. */
export function designEffect(n: number, rho: number): number {
  return 1 + Math.max(0, n - 1) * rho;
}

/**
 * A count deflated by a design effect, rounded so Fisher's test can only get less significant: fewer
 * trials, and the side's failures rounded towards what makes the drop look smaller (`fewer` failures on
 * the head, `more` on the base). With no design effect the count is unchanged.
 */
export function deflate(c: Count, effect: number, failures: 'fewer' | 'more'): Count {
  if (effect <= 1) return c;
  const n = Math.floor(c.n / effect + 1e-9);
  const f = (c.n - c.successes) / effect;
  const failed = Math.min(n, failures === 'fewer' ? Math.floor(f + 1e-9) : Math.ceil(f - 1e-9));
  return { successes: n - failed, n };
}

/** P(χ²_df ≥ x), Wilson–Hilferty's cube-root normal approximation (good to a few per cent at df ≥ 1). */
export function chiSquareUpper(x: number, df: number): number {
  if (x <= 0) return 1;
  const v = 2 / (9 * df);
  return 1 - normalCdf((Math.cbrt(x / df) - (1 - v)) / Math.sqrt(v));
}

/** The q-quantile of χ²_df, by the same approximation. */
export function chiSquareQuantile(q: number, df: number): number {
  const v = 2 / (9 * df);
  return df * Math.max(1e-6, 1 - v + normalQuantile(q) * Math.sqrt(v)) ** 3;
}

function normalCdf(z: number): number {
  // Abramowitz & Stegun 7.1.26 through erf; |error| < 1.5e-7.
  const t = 1 / (1 + (0.3275911 * Math.abs(z)) / Math.SQRT2);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

function normalQuantile(q: number): number {
  // Bisection on the CDF: called a few times per comparison, exactness of the inverse is what matters.
  let lo = -10;
  let hi = 10;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function formatSmall(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}
