// The `familywise` policy: the chance that a pull request which changed nothing fails the gate is at
// most α, over every gated check of the suite together (docs/comparison.md).
//
// Two looks at the head, each with its share of α fixed before any trial runs:
// - the first round (k trials): Fisher's exact test per check, and Tarone's method across checks: a
//   check counts in the family only if its margins let it reach the p-value being judged, so checks that
//   could never be significant (a 30/30 → 5/5 check, a 0/30 one) do not dilute the others. Checks of one
//   task whose outcomes agreed on every trial are one hypothesis: under the null the trials of a task are
//   exchangeable, and such checks rise and fall together in every rearrangement of them.
// - the final confirmation look (k + confirm-trials trials, for the tasks the sequential rounds kept):
//   Fisher's exact test at α_confirm / m, m the number of gated checks. Which tasks get there is free to
//   depend on the data: each look's test is valid at its fixed size, and the looks share α by Bonferroni.
import type { CheckStatus, Count } from '../schemas/comparison.ts';
import { fisherLower, fisherLowerReach, fisherUpper, fisherUpperReach, totalLossP } from './stats.ts';

/** One gated check of the family. */
export interface Member {
  base: Count;
  /** Head trials of the first round (trial numbers 1..k). */
  first: Count;
  /** Head trials up to the final look, when the task's confirmation reached it. */
  final: Count | null;
  /** Every head trial: what the direction and the tables use. */
  head: Count;
  /** Same group = same task and the same outcome on every trial compared: one hypothesis. */
  group: string;
}

export interface Budget {
  alpha: number;
  /** α of the first round; all of α when no task was confirmed. */
  first: number;
  /** α of the final confirmation look. */
  confirm: number;
  /** Gated checks compared: the Bonferroni family of the final look. */
  family: number;
}

export interface Verdict {
  status: CheckStatus;
  p: number | null;
  /** What `p` had to be at most: α₁ over the checks that could reach it, or α_confirm / family. */
  threshold: number | null;
  look: 'first' | 'final' | null;
  rule: string;
}

/**
 * The split of α. Unconfirmed, the first round has it all. Confirmed, the first round keeps what flags a
 * total loss (every base trial succeeded, every head trial failed) of any check for certain, family ×
 * its p-value, and the final look gets the rest. Both depend only on sizes known before the head ran.
 *
 * Splitting only when some task was confirmed is sound: a task is confirmed unless every check whose
 * first-round p is at most 0.15 was already flagged at the split α₁, so with no confirmation the full α
 * flags exactly what α₁ would have.
 */
export function familyBudget(alpha: number, family: number, baseRuns: number, k: number, confirmed: boolean): Budget {
  // The margin keeps a total loss at exactly family × its p from failing on rounding.
  const first = confirmed ? Math.min(alpha, family * totalLossP(baseRuns * k, k) * (1 + 1e-9)) : alpha;
  return { alpha, first, confirm: alpha - first, family };
}

export function finalThreshold(budget: Budget): number {
  return budget.family > 0 ? budget.confirm / budget.family : 0;
}

/** Tarone's count: how many hypotheses (groups) could reach a p-value as small as `p`. */
class Reach {
  private readonly sorted: number[];
  constructor(reaches: Iterable<number>) {
    this.sorted = [...reaches].sort((a, b) => a - b);
  }
  count(p: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! <= p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function groupReach(members: readonly Member[], reach: (m: Member) => number): Reach {
  const byGroup = new Map<string, number>();
  for (const m of members) if (!byGroup.has(m.group)) byGroup.set(m.group, reach(m));
  return new Reach(byGroup.values());
}

export function decideFamily(members: readonly Member[], budget: Budget): Verdict[] {
  const lower = groupReach(members, (m) => fisherLowerReach(m.base, m.first));
  const upper = groupReach(members, (m) => fisherUpperReach(m.base, m.first));
  const cut = finalThreshold(budget);
  return members.map((m) => {
    if (m.head.n === 0) return { status: 'suspect', p: null, threshold: null, look: null, rule: 'no executed head trial measured this check' };
    if (m.base.n === 0) return { status: 'suspect', p: null, threshold: null, look: null, rule: 'no executed base trial measured this check' };
    const first = firstLook(m, fisherLower(m.base, m.first), lower, budget.first, '');
    if (first.flagged) return { status: 'regressed', ...first.verdict };
    const final = m.final ? finalLook(m.final, fisherLower(m.base, m.final), cut, budget, '') : null;
    if (final?.flagged) return { status: 'regressed', ...final.verdict };
    const up = firstLook(m, fisherUpper(m.base, m.first), upper, budget.first, ' (head higher)');
    const finalUp = m.final ? finalLook(m.final, fisherUpper(m.base, m.final), cut, budget, ' (head higher)') : null;
    if (up.flagged || finalUp?.flagged) return { status: 'improved', ...(up.flagged ? up.verdict : finalUp!.verdict) };
    if (below(m.base, m.head)) return { status: 'suspect', ...(final ?? first).verdict };
    return { status: allAgree(m.base, m.head) ? 'unchanged' : 'flaky', ...(finalUp ?? up).verdict };
  });
}

function firstLook(m: Member, p: number, reach: Reach, alpha: number, side: string) {
  const family = Math.max(1, reach.count(p));
  const flagged = p * family <= alpha;
  const adjusted = p * family > 1 ? '> 1' : `= ${formatP(p * family)}`;
  const rule = `first ${m.first.n} trials: Fisher p${side} = ${formatP(p)}; ${family} check${family === 1 ? '' : 's'} could reach it: ${family} × p ${adjusted} ${flagged ? '≤' : '>'} α₁ = ${formatP(alpha)}`;
  return { flagged, verdict: { p, threshold: alpha / family, look: 'first' as const, rule } };
}

function finalLook(final: Count, p: number, cut: number, budget: Budget, side: string) {
  const flagged = p <= cut;
  const rule = `${final.n} trials after confirmation: Fisher p${side} = ${formatP(p)} ${flagged ? '≤' : '>'} ${formatP(budget.confirm)} / ${budget.family} checks = ${formatP(cut)}`;
  return { flagged, verdict: { p, threshold: cut, look: 'final' as const, rule } };
}

function below(base: Count, head: Count): boolean {
  return head.successes * base.n < base.successes * head.n;
}

/** Every trial on both sides had the same outcome. */
export function allAgree(base: Count, head: Count): boolean {
  const allSucceeded = base.successes === base.n && head.successes === head.n;
  const allFailed = base.successes === 0 && head.successes === 0;
  return allSucceeded || allFailed;
}

/** Two significant digits; tiny values in exponent form so they stay short and exact enough to check. */
export function formatP(p: number): string {
  if (p === 0) return '0';
  if (p < 0.001) return p.toExponential(1);
  return String(Number(p.toPrecision(2)));
}
