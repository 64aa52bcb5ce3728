// A task's plan under the familywise policy: at how many executed head trials it is looked at, which part
// of each check's share of α each look tests, and how ambiguous a check must be there to send the task on
// (docs/comparison.md). Pure, and fixed before the head's outcomes are known: it depends only on k, the
// task's executed base trials, the share of its first check (family.ts), α, the budget and the spread.
//
// Every look tests at a size fixed here, with a part of each check's share fixed here: the first testing
// look is the fewest head trials at which a total loss of the first check (every base trial succeeded,
// every head trial failed) reaches three quarters of its share, so such a loss is flagged there for
// certain — in the first round itself when its k trials already reach it; the last look, k + budget, tests
// the last quarter, for partial losses. Screening looks between them let a task that stopped being
// ambiguous leave early. Which tasks reach a look may depend on the data freely: each look's test is valid
// at its own fixed size, and a check's parts add up to its share (Bonferroni over the looks).
//
// Paired (a base runner beside the head): every look after the first round also fixes how many fresh base
// trials it tests (the base commit's, run in the confirmation rounds beside the head's). The first testing
// look is the fewest added trials, head and base together, at which a total loss reaches three quarters of
// the share; later looks run as many fresh base trials as head trials beyond k, up to the head's budget. The experiment is defined
// as always topping the base up at a look, so each look's test is still valid at its own fixed size.
import { deflate, designEffect } from './spread.ts';
import { TOLERANCE, totalLossP } from './stats.ts';

export interface PlanLook {
  /** Executed head trials at this look (the first look is the first round: trials 1 … k, whatever of them executed). */
  trials: number;
  /** Executed fresh base trials at this look (paired; 0 at the first round and without a base runner). */
  base: number;
  /** The part of each check's share of α tested here; 0: the look only screens. */
  part: number;
  /** A check not flagged here whose p is at most this is ambiguous: its task goes on to the next look. */
  screen: number;
}

export interface Plan {
  looks: PlanLook[];
  /** The share of α the plan was sized for: the first check's (its weight × the task's share). */
  share: number;
  /** Most extra head trials the task may launch beyond k. */
  budget: number;
  /** Executed base trials the plan was sized for. */
  baseTrials: number;
  /** Within-run correlation the counts are deflated by (spread.ts); 0 = exchangeable. */
  rho: number;
  /** The look at which a total loss of the first check is flagged for certain, and its p there; null when no look reaches. */
  totalLoss: { look: number; trials: number; base: number; p: number } | null;
  /** Its later looks run fresh base trials beside the head's. */
  paired: boolean;
}

/** The screening bound of the first round: 0.15 lets a check that failed once against a perfect six-run base (p = 5/35) be confirmed. */
export const FIRST_SCREEN = 0.15;
const LATER_SCREENS = [0.05, 0.01];
/**
 * Paired, with a small share (many tasks share α), a round finds partial drops the head alone cannot
 * (against 3/3 a head at 0.4 is flagged only with more base trials), but only for the tasks the screens send
 * on: wider screens there. Tuned on the Terminal-Bench-like model (bench/results/paired-base.md): 0.15 / 0.05
 * / 0.01 flagged 59 % of its drops ≥ 0.6 at k = 3 against one base run, these 83 %, its unchanged suite
 * costing 1.07×. A large share (a small suite) keeps the narrow screens: there the wide ones cost unchanged
 * suites up to 1.8× a fixed k.
 */
export const PAIRED_FIRST_SCREEN = 0.25;
const PAIRED_LATER_SCREENS = [0.15, 0.05];
/** The shares below which a paired plan screens wide. */
export const WIDE_SCREEN_SHARE = 0.002;
/** The part of a check's share the first testing look gets; the last look gets the rest. */
export const FIRST_PART = 3 / 4;
/** The default budget is 8 × k, or what a total loss needs when that is more, up to this many times k. */
const DEFAULT_BUDGET_K = 8;
const MAX_DEFAULT_BUDGET_K = 16;

export interface PlanInput {
  k: number;
  baseTrials: number;
  /** The share of α of the check the plan is sized for. */
  share: number;
  /** Most extra trials per task; null: the default (defaultBudget). */
  budget: number | null;
  rho?: number;
  /** A base runner is available: the confirmation rounds may run fresh base trials beside the head's. */
  paired?: boolean;
}

/**
 * The p-value of a total loss with n head trials against `baseTrials` perfect recorded base trials and
 * `fresh` perfect fresh ones (one more run), after deflation by the spread.
 */
export function totalLossAt(n: number, baseTrials: number, k: number, rho: number, fresh = 0): number {
  const base = deflate({ successes: baseTrials, n: baseTrials }, designEffect(k, rho), 'more');
  const head = deflate({ successes: 0, n }, designEffect(n, rho), 'fewer');
  const more = fresh > 0 ? deflate({ successes: fresh, n: fresh }, designEffect(fresh, rho), 'more').n : 0;
  return head.n === 0 || base.n === 0 ? 1 : totalLossP(base.n, head.n, more);
}

type Sized = Required<Omit<PlanInput, 'budget' | 'paired'>>;

/** The fewest head trials in [from, to] at which a total loss reaches p ≤ cut; null if none does. */
function trialsReaching(cut: number, from: number, to: number, input: Sized): number | null {
  for (let n = from; n <= to; n++) if (totalLossAt(n, input.baseTrials, input.k, input.rho) <= cut * TOLERANCE) return n;
  return null;
}

/**
 * Paired: the fewest added trials (head beyond k and fresh base together) at which a total loss reaches
 * p ≤ cut, with at least one head trial added, the head within `end` and the fresh base within `baseCap`;
 * among as many, the fewest fresh base trials. Null if none does.
 */
function pairReaching(cut: number, end: number, baseCap: number, input: Sized): { trials: number; base: number } | null {
  const { k } = input;
  for (let added = 1; added <= end - k + baseCap; added++)
    for (let base = Math.max(0, added - (end - k)); base <= Math.min(baseCap, added - 1); base++)
      if (totalLossAt(k + added - base, input.baseTrials, k, input.rho, base) <= cut * TOLERANCE) return { trials: k + added - base, base };
  return null;
}

/** 8 × k extra trials, or what a total loss needs to reach the first testing look's part when that is more (up to 16 × k). */
export function defaultBudget(input: Omit<PlanInput, 'budget'>): number {
  const full = { rho: 0, ...input };
  const needed = trialsReaching(input.share * FIRST_PART, input.k, input.k * (1 + MAX_DEFAULT_BUDGET_K), full);
  return Math.max(DEFAULT_BUDGET_K * input.k, needed === null ? 0 : needed - input.k);
}

export function makePlan(input: PlanInput): Plan {
  const full = { rho: 0, ...input };
  const { k, share, rho, baseTrials } = full;
  const paired = input.paired === true;
  const wide = paired && share < WIDE_SCREEN_SHARE;
  const budget = input.budget ?? defaultBudget(input);
  const end = k + budget;
  const firstScreen = Math.min(1, Math.max(wide ? PAIRED_FIRST_SCREEN : FIRST_SCREEN, totalLossAt(k, baseTrials, k, rho) * TOLERANCE));
  const plan = (looks: PlanLook[]): Plan => {
    const lossAt = (l: PlanLook) => totalLossAt(l.trials, baseTrials, k, rho, l.base);
    const at = looks.findIndex((l) => l.part > 0 && lossAt(l) <= l.part * share * TOLERANCE);
    const totalLoss = at === -1 ? null : { look: at, trials: looks[at]!.trials, base: looks[at]!.base, p: lossAt(looks[at]!) };
    // The budget the plan can use: its last look's trials beyond k.
    return { looks, share, budget: looks[looks.length - 1]!.trials - k, baseTrials, rho, totalLoss, paired };
  };
  // Paired: the fresh base grows with the head's rounds (as many base trials as head trials beyond k), never fewer than an earlier look's, within the budget.
  const baseAt = (trials: number, floor: number) => (paired ? Math.min(budget, Math.max(floor, trials - k)) : 0);
  const reaching = (cut: number): { trials: number; base: number } | null => {
    if (totalLossAt(k, baseTrials, k, rho) <= cut * TOLERANCE) return { trials: k, base: 0 };
    if (paired) return pairReaching(cut, end, budget, full);
    const n = trialsReaching(cut, k, end, full);
    return n === null ? null : { trials: n, base: 0 };
  };
  if (budget === 0) return plan([{ trials: k, base: 0, part: 1, screen: 0 }]);
  const first = reaching(share * FIRST_PART);
  if (first === null || first.trials === end) {
    // Too few trials for two tests: one, with all of the share, as soon as a total loss reaches it (or at the end).
    const once = reaching(share) ?? { trials: end, base: baseAt(end, 0) };
    return plan(
      once.trials === k
        ? [{ trials: k, base: 0, part: 1, screen: 0 }]
        : [
            { trials: k, base: 0, part: 0, screen: firstScreen },
            { ...once, part: 1, screen: 0 },
          ],
    );
  }
  // Screening looks between the two tests let a task that stopped being ambiguous leave early.
  const between = [3 * k, Math.round((3 * k + end) / 2)].filter((n, i, all) => n > Math.max(first.trials, k) && n < end && all.indexOf(n) === i);
  const tests = first.trials === k ? [] : [first.trials];
  let floor = 0;
  const looks = [k, ...tests, ...between, end].map((trials, i, all): PlanLook => {
    const base = i === 0 ? 0 : trials === first.trials ? first.base : baseAt(trials, floor);
    floor = base;
    return {
      trials,
      base,
      part: trials === first.trials ? FIRST_PART : i === all.length - 1 ? 1 - FIRST_PART : 0,
      screen: i === all.length - 1 ? 0 : i === 0 ? firstScreen : (wide ? PAIRED_LATER_SCREENS : LATER_SCREENS)[Math.min(i - 1, LATER_SCREENS.length - 1)]!,
    };
  });
  return plan(looks);
}
