// The `familywise` policy's evidence for one check (docs/comparison.md): one-sided Fisher's exact test of
// the head trials up to each look of its task's plan against the pooled base, each count deflated by the
// between-run spread (spread.ts). A look tests a part of the check's share (plan.ts), so the check's
// evidence over its looks is one p-value, q = the least p / part over the testing looks it reached: under
// no change P(q ≤ x) ≤ Σ part × x = x. The task's weights (family.ts) then decide whether the task is
// flagged and which checks it names (decide.ts). Fewer head successes can only lower a p-value, so a further loss never removes a flag.
import type { CheckStatus, Count } from '../schemas/comparison.ts';
import type { Plan } from './plan.ts';
import { deflate, designEffect } from './spread.ts';
import { fisherLowerSelected, fisherUpper, TOLERANCE } from './stats.ts';
import { lowerTested, unconditionalApplies } from './unconditional.ts';
import { plural } from '../util/counted.ts';

/** One check of a task as the plan sees it. */
export interface Member {
  base: Count;
  /** Base trials per base run (the design effect of a base run); 1 when unknown. */
  baseRunTrials: number;
  /** Head counts at each look of the plan the task reached, first round first. */
  looks: Count[];
  /** Every head trial: what the direction and the tables use. */
  head: Count;
  /** Paired: the fresh base trials' counts at each look reached (absent, or n = 0: none); never part of the selection. */
  fresh?: Count[];
}

export interface Evidence {
  /** The lower-tail p at each look reached. */
  p: number[];
  /** The least p / part over the testing looks reached: the check's p-value (1 when no testing look was reached). */
  q: number;
  /** The same in the other direction (the head succeeds more often): what `improved` is tested with. */
  qUp: number;
}

export interface Verdict {
  status: CheckStatus;
  p: number | null;
  /** What `p` had to be at most at that look: the look's part of the check's share. */
  threshold: number | null;
  look: 'first' | 'final' | null;
  /** Executed head trials at the look that decided. */
  trials?: number;
  rule: string;
}

/**
 * The deflated one-sided p that the head succeeds less often than the base, with n head trials of one run;
 * `fresh`, the paired base trials of this job, one more run (spread.ts), tested with the recorded base but
 * never part of the selection (stats.ts fisherLowerSelected).
 */
export function lowerP(base: Count, baseRunTrials: number, head: Count, rho: number, fresh?: Count): number {
  if (head.n === 0 || base.n === 0) return 1;
  const { b, h } = deflatedLower(base, baseRunTrials, head, rho);
  if (h.n === 0 || b.n === 0) return 1;
  if (!fresh || fresh.n === 0) return lowerTested(b, h);
  return fisherLowerSelected(b, deflate(fresh, designEffect(fresh.n, rho), 'more'), h);
}

/** The mirror: the head succeeds more often (its successes rounded down, the base's up); the fresh base trials pooled with the recorded ones. */
function upperP(base: Count, baseRunTrials: number, head: Count, rho: number, fresh?: Count): number {
  if (head.n === 0 || base.n === 0) return 1;
  const mirror = (c: Count): Count => ({ successes: c.n - c.successes, n: c.n });
  const b = mirror(deflate(mirror(base), designEffect(baseRunTrials, rho), 'more'));
  const f = fresh && fresh.n > 0 ? mirror(deflate(mirror(fresh), designEffect(fresh.n, rho), 'more')) : { successes: 0, n: 0 };
  const h = mirror(deflate(mirror(head), designEffect(head.n, rho), 'fewer'));
  return h.n === 0 || b.n === 0 ? 1 : fisherUpper({ successes: b.successes + f.successes, n: b.n + f.n }, h);
}

/** The base and the head as the lower-tail tests read them: deflated by the spread, the base's failures rounded up, the head's down. */
function deflatedLower(base: Count, baseRunTrials: number, head: Count, rho: number): { b: Count; h: Count } {
  return { b: deflate(base, designEffect(baseRunTrials, rho), 'more'), h: deflate(head, designEffect(head.n, rho), 'fewer') };
}

/** The name of the lower-tail test at look i, for the rules: the unconditional one against a small base, head only (lowerP). */
function lowerName(m: Member, plan: Plan, i: number): string {
  const { b, h } = deflatedLower(m.base, m.baseRunTrials, m.looks[i] ?? m.head, plan.rho);
  return unconditionalApplies(b, h.n, freshAt(m, i)?.n ?? 0) ? 'unconditional p' : 'Fisher p';
}

/** The fresh base counts at look i (none without a base runner). */
const freshAt = (m: Member, i: number): Count | undefined => m.fresh?.[i];

export function evidenceOf(m: Member, plan: Plan): Evidence {
  const p = m.looks.map((c, i) => lowerP(m.base, m.baseRunTrials, c, plan.rho, freshAt(m, i)));
  const over = (values: number[]) => Math.min(1, ...values.flatMap((v, i) => (plan.looks[i]!.part > 0 ? [v / plan.looks[i]!.part] : [])));
  return { p, q: over(p), qUp: over(m.looks.map((c, i) => upperP(m.base, m.baseRunTrials, c, plan.rho, freshAt(m, i)))) };
}

/** Whether `p` at `look` reaches that look's part of `share` (a look that only screens reaches nothing). */
function reachesAt(p: number, plan: Plan, look: number, share: number): boolean {
  return plan.looks[look]!.part > 0 && p <= plan.looks[look]!.part * share * TOLERANCE;
}

/** The first testing look at which `p` reaches its part of `share`. */
export function flaggingLook(e: Evidence, plan: Plan, share: number): number | null {
  const i = e.p.findIndex((p, look) => reachesAt(p, plan, look, share));
  return i === -1 ? null : i;
}

/**
 * Could the check still be flagged at a later look if every further head trial failed, with all of the
 * task's share? When not, more trials cannot change its verdict: it sends its task no further.
 */
export function stillReachable(m: Member, plan: Plan, reached: number, taskShare: number): boolean {
  const now = m.looks[reached];
  if (!now || m.base.n === 0) return false;
  // The fresh base trials still to come could all succeed: the most a later look could show.
  const fresh = freshAt(m, reached) ?? { successes: 0, n: 0 };
  return plan.looks.some((look, i) => {
    if (i <= reached || look.part === 0) return false;
    const more = Math.max(0, look.base - fresh.n);
    const then = { successes: fresh.successes + more, n: fresh.n + more };
    return lowerP(m.base, m.baseRunTrials, { successes: now.successes, n: look.trials }, plan.rho, then) <= look.part * taskShare * TOLERANCE;
  });
}

/** The status and rule of a check, flagged or not; `share` what it was tested at (0: nothing of its own). */
export function verdictOf(m: Member, e: Evidence, plan: Plan, share: number, rejected: boolean): Verdict {
  if (m.head.n === 0) return blank('suspect', 'no executed head trial measured this check');
  if (m.base.n === 0) return blank('suspect', 'no executed base trial measured this check');
  const tests = e.p.map((_, i) => i).filter((i) => plan.looks[i]!.part > 0);
  if (rejected) {
    // The look the task was flagged at (its last: a flagged task stops) when the check reaches the share there: a
    // check lighter than the share can reach it at a look that flagged nothing and sent the task on (a judge item
    // 3/3 → 0/3 at 1/12 of the share: "first 3 trials: p = 0.018 ≤ 0.038" while its task ran 27 and was flagged there).
    const reached = e.p.length - 1;
    const at = reachesAt(e.p[reached]!, plan, reached, share) ? reached : (flaggingLook(e, plan, share) ?? tests[tests.length - 1] ?? 0);
    return { status: 'regressed', ...tested(m, plan, at, e.p[at]!, share, '') };
  }
  const upShare = share > 0 ? share : null;
  if (upShare !== null && e.qUp <= upShare * TOLERANCE) {
    const up = (i: number) => upperP(m.base, m.baseRunTrials, m.looks[i]!, plan.rho, freshAt(m, i));
    const at = tests.find((i) => up(i) <= plan.looks[i]!.part * upShare * TOLERANCE) ?? 0;
    return { status: 'improved', ...tested(m, plan, at, up(at), upShare, ' (head higher)') };
  }
  const down = below(withFresh(m), m.head);
  const last = tests.length ? tests[tests.length - 1]! : null;
  const shown =
    share === 0
      ? untested(m, e, plan)
      : last === null
        ? screened(m, plan, e.p)
        : tested(
            m,
            plan,
            last,
            down ? e.p[last]! : upperP(m.base, m.baseRunTrials, m.looks[last]!, plan.rho, freshAt(m, last)),
            share,
            down ? '' : ' (head higher)',
          );
  if (down) return { status: 'suspect', ...shown };
  return { status: allAgree(m.base, m.head) ? 'unchanged' : 'flaky', ...shown };
}

function blank(status: CheckStatus, rule: string): Verdict {
  return { status, p: null, threshold: null, look: null, rule };
}

/** The rule of a testing look: its p against its part of the share, in words. */
function tested(m: Member, plan: Plan, i: number, p: number, share: number, side: string): Omit<Verdict, 'status'> {
  const look = plan.looks[i]!;
  const n = m.looks[i]!.n;
  const cut = look.part * share;
  const flagged = p <= cut * TOLERANCE;
  const fresh = freshAt(m, i)?.n ?? 0;
  const where = i === 0 ? `first ${plural(n, 'trial')}` : `${plural(n, 'trial')} after confirmation${fresh ? ` (the base with ${fresh} fresh)` : ''}`;
  return {
    p,
    threshold: cut,
    look: i === 0 ? 'first' : 'final',
    trials: n,
    rule: `${where}: ${side ? 'Fisher p' : lowerName(m, plan, i)}${side} = ${formatP(p)} ${flagged ? '≤' : '>'} ${formatP(cut)}`,
  };
}

/**
 * A check never tested (its task left before a testing look): what the screen of the last look it reached saw,
 * the first round's or, in a small suite, a screening look's before the first test (plan.ts), where its task
 * stopped: the first round's figures there were stale ("first 2 trials … confirmation needed" of a task that ran 3).
 */
function screened(m: Member, plan: Plan, ps: number[]): Omit<Verdict, 'status'> {
  const r = ps.length - 1;
  const p = ps[r]!;
  const bound = plan.looks[r]!.screen;
  const n = m.looks[r]!.n;
  const fresh = freshAt(m, r)?.n ?? 0;
  const where = r === 0 ? `first ${plural(n, 'trial')}` : `${plural(n, 'trial')} after confirmation${fresh ? ` (the base with ${fresh} fresh)` : ''}`;
  const then = p > bound ? ', not ambiguous' : r === 0 ? ', confirmation needed' : ', still ambiguous';
  return {
    p,
    threshold: null,
    look: null,
    trials: n,
    rule: `${where} screen only: ${lowerName(m, plan, r)} = ${formatP(p)} ${p <= bound ? '≤' : '>'} ${formatP(bound)}${then}`,
  };
}

/** A check that takes no share of its own (it never succeeded on the base, or the trial pass speaks for it). */
function untested(m: Member, e: Evidence, plan: Plan): Omit<Verdict, 'status'> {
  const last = m.looks.length - 1;
  return {
    p: e.p[last] ?? null,
    threshold: null,
    look: null,
    trials: m.looks[last]?.n ?? m.head.n,
    rule:
      m.base.successes === 0
        ? 'never succeeded on the base: it cannot drop, so it takes no share of α'
        : `not tested on its own: ${lowerName(m, plan, last)} = ${formatP(e.p[last] ?? 1)}`,
  };
}

/** The recorded base with the fresh trials of the last look reached: what the direction is read against. */
function withFresh(m: Member): Count {
  const fresh = m.fresh?.[m.looks.length - 1];
  return fresh ? { successes: m.base.successes + fresh.successes, n: m.base.n + fresh.n } : m.base;
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
