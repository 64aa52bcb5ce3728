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
import { deflate, designEffect } from './spread.ts';
import { TOLERANCE, totalLossP } from './stats.ts';

export interface PlanLook {
  /** Executed head trials at this look (the first look is the first round: trials 1 … k, whatever of them executed). */
  trials: number;
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
  totalLoss: { look: number; trials: number; p: number } | null;
}

/** The screening bound of the first round: 0.15 lets a check that failed once against a perfect six-run base (p = 5/35) be confirmed. */
export const FIRST_SCREEN = 0.15;
const LATER_SCREENS = [0.05, 0.01];
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
}

/** The p-value of a total loss with n head trials against `baseTrials` perfect base trials, after deflation by the spread. */
export function totalLossAt(n: number, baseTrials: number, k: number, rho: number): number {
  const base = deflate({ successes: baseTrials, n: baseTrials }, designEffect(k, rho), 'more');
  const head = deflate({ successes: 0, n }, designEffect(n, rho), 'fewer');
  return head.n === 0 || base.n === 0 ? 1 : totalLossP(base.n, head.n);
}

/** The fewest head trials in [from, to] at which a total loss reaches p ≤ cut; null if none does. */
function trialsReaching(cut: number, from: number, to: number, input: Required<Omit<PlanInput, 'budget'>>): number | null {
  for (let n = from; n <= to; n++) if (totalLossAt(n, input.baseTrials, input.k, input.rho) <= cut * TOLERANCE) return n;
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
  const budget = input.budget ?? defaultBudget(input);
  const end = k + budget;
  const firstScreen = Math.min(1, Math.max(FIRST_SCREEN, totalLossAt(k, baseTrials, k, rho) * TOLERANCE));
  const plan = (looks: PlanLook[]): Plan => {
    const at = looks.findIndex((l) => l.part > 0 && totalLossAt(l.trials, baseTrials, k, rho) <= l.part * share * TOLERANCE);
    const totalLoss = at === -1 ? null : { look: at, trials: looks[at]!.trials, p: totalLossAt(looks[at]!.trials, baseTrials, k, rho) };
    // The budget the plan can use: its last look's trials beyond k.
    return { looks, share, budget: looks[looks.length - 1]!.trials - k, baseTrials, rho, totalLoss };
  };
  if (budget === 0) return plan([{ trials: k, part: 1, screen: 0 }]);
  const first = trialsReaching(share * FIRST_PART, k, end, full);
  if (first === null || first === end) {
    // Too few trials for two tests: one, with all of the share, as soon as a total loss reaches it (or at the end).
    const once = trialsReaching(share, k, end, full) ?? end;
    return plan(
      once === k
        ? [{ trials: k, part: 1, screen: 0 }]
        : [
            { trials: k, part: 0, screen: firstScreen },
            { trials: once, part: 1, screen: 0 },
          ],
    );
  }
  // Screening looks between the two tests let a task that stopped being ambiguous leave early.
  const between = [3 * k, Math.round((3 * k + end) / 2)].filter((n, i, all) => n > Math.max(first, k) && n < end && all.indexOf(n) === i);
  const tests = first === k ? [] : [first];
  const looks = [k, ...tests, ...between, end].map((trials, i, all): PlanLook => ({
    trials,
    part: trials === first ? FIRST_PART : i === all.length - 1 ? 1 - FIRST_PART : 0,
    screen: i === all.length - 1 ? 0 : i === 0 ? firstScreen : LATER_SCREENS[Math.min(i - 1, LATER_SCREENS.length - 1)]!,
  }));
  return plan(looks);
}
