// The `familywise` policy, one check at a time: the chance that a pull request which changed nothing
// fails the gate is at most α over every gated check of the suite together (docs/comparison.md).
//
// A check is decided by its own counts and the plan alone (plan.ts): one-sided Fisher's exact test of the
// head trials up to each testing look against the pooled base, each count deflated by the between-run
// spread (spread.ts), against that look's fixed share of α / m. Nothing another check did moves its
// threshold, and fewer head successes can only lower its p-values: a further loss never removes a flag.
import type { CheckStatus, Count } from '../schemas/comparison.ts';
import type { Plan } from './plan.ts';
import { deflate, designEffect } from './spread.ts';
import { fisherLower, fisherUpper } from './stats.ts';
import { plural } from '../util/counted.ts';

/** One gated check as the plan sees it. */
export interface Member {
  base: Count;
  /** Base trials per base run (the design effect of a base run); 1 when unknown. */
  baseRunTrials: number;
  /** Head counts up to each look of the plan, first round first, up to the look the task reached. */
  looks: Count[];
  /** Every head trial: what the direction and the tables use. */
  head: Count;
}

export interface Verdict {
  status: CheckStatus;
  p: number | null;
  /** What `p` had to be at most at that look: its share of α / family. */
  threshold: number | null;
  look: 'first' | 'final' | null;
  /** Head trials at the look that decided (executed ones). */
  trials?: number;
  rule: string;
}

export interface Decision {
  verdict: Verdict;
  /** The look that flagged it (index into the plan), or null. */
  flaggedAt: number | null;
  /** Per look reached: not flagged by then and p within that look's screening bound, so its task goes on. */
  ambiguous: boolean[];
  /** The lower-tail p at each look reached. */
  p: number[];
}

/** The deflated one-sided p that the head succeeds less often than the base, with n head trials of one run. */
export function lowerP(base: Count, baseRunTrials: number, head: Count, rho: number): number {
  if (head.n === 0 || base.n === 0) return 1;
  const b = deflate(base, designEffect(baseRunTrials, rho), 'more');
  const h = deflate(head, designEffect(head.n, rho), 'fewer');
  return h.n === 0 || b.n === 0 ? 1 : fisherLower(b, h);
}

/** The mirror: the head succeeds more often (its successes rounded down, the base's up). */
function upperP(base: Count, baseRunTrials: number, head: Count, rho: number): number {
  if (head.n === 0 || base.n === 0) return 1;
  const mirror = (c: Count): Count => ({ successes: c.n - c.successes, n: c.n });
  const b = mirror(deflate(mirror(base), designEffect(baseRunTrials, rho), 'more'));
  const h = mirror(deflate(mirror(head), designEffect(head.n, rho), 'fewer'));
  return h.n === 0 || b.n === 0 ? 1 : fisherUpper(b, h);
}

export function decideMember(m: Member, plan: Plan): Decision {
  const none = (rule: string): Decision => ({
    verdict: { status: 'suspect', p: null, threshold: null, look: null, rule },
    flaggedAt: null,
    ambiguous: [],
    p: [],
  });
  if (m.head.n === 0) return none('no executed head trial measured this check');
  if (m.base.n === 0) return none('no executed base trial measured this check');
  const ps = m.looks.map((c) => lowerP(m.base, m.baseRunTrials, c, plan.rho));
  let flaggedAt: number | null = null;
  const ambiguous: boolean[] = [];
  ps.forEach((p, i) => {
    const look = plan.looks[i]!;
    if (flaggedAt === null && look.cut > 0 && p <= look.cut) flaggedAt = i;
    ambiguous.push(flaggedAt === null && p <= look.screen);
  });
  if (flaggedAt !== null) return { verdict: { status: 'regressed', ...tested(m, plan, flaggedAt, ps[flaggedAt]!, '') }, flaggedAt, ambiguous, p: ps };
  const tests = ps.map((_, i) => i).filter((i) => plan.looks[i]!.cut > 0);
  const ups = tests.map((i) => ({ i, p: upperP(m.base, m.baseRunTrials, m.looks[i]!, plan.rho) }));
  const up = ups.find((u) => u.p <= plan.looks[u.i]!.cut);
  if (up) return { verdict: { status: 'improved', ...tested(m, plan, up.i, up.p, ' (head higher)') }, flaggedAt, ambiguous, p: ps };
  // The figures of the last test the check had, in the direction the head moved.
  const last = tests.length ? tests[tests.length - 1]! : null;
  const down = below(m.base, m.head);
  const shown =
    last === null ? screened(m, plan, ps) : down ? tested(m, plan, last, ps[last]!, '') : tested(m, plan, last, ups[ups.length - 1]!.p, ' (head higher)');
  if (down) return { verdict: { status: 'suspect', ...shown }, flaggedAt, ambiguous, p: ps };
  return { verdict: { status: allAgree(m.base, m.head) ? 'unchanged' : 'flaky', ...shown }, flaggedAt, ambiguous, p: ps };
}

/** The rule of a testing look: its p against its share, in words. */
function tested(m: Member, plan: Plan, i: number, p: number, side: string): Omit<Verdict, 'status'> {
  const look = plan.looks[i]!;
  const n = m.looks[i]!.n;
  const flagged = p <= look.cut;
  const share = look.cut === plan.perCheck ? `α / ${plan.family} = ${formatP(look.cut)}` : `its share ${formatP(look.cut)} of α / ${plan.family}`;
  const where = i === 0 ? `first ${plural(n, 'trial')}` : `${plural(n, 'trial')} after confirmation`;
  return {
    p,
    threshold: look.cut,
    look: i === 0 ? 'first' : 'final',
    trials: n,
    rule: `${where}: Fisher p${side} = ${formatP(p)} ${flagged ? '≤' : '>'} ${share}`,
  };
}

/** A check never tested (its task left after the first round): what the first round's screen saw. */
function screened(m: Member, plan: Plan, ps: number[]): Omit<Verdict, 'status'> {
  const p = ps[0]!;
  const bound = plan.looks[0]!.screen;
  return {
    p,
    threshold: null,
    look: null,
    trials: m.looks[0]!.n,
    rule: `first ${plural(m.looks[0]!.n, 'trial')} screen only: Fisher p = ${formatP(p)} ${p <= bound ? '≤' : '>'} ${formatP(bound)}${p <= bound ? ', confirmation needed' : ', not ambiguous'}`,
  };
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
