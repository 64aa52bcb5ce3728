// The familywise plan: at which numbers of head trials a task is looked at, how much of each check's
// share of α each look tests, and how ambiguous a check must stay to send its task on (docs/comparison.md).
// Pure, and fixed before the head's outcomes are known: it depends only on k, the number of base trials,
// the number of gated checks, α, the budget and the between-run spread of the base.
//
// Every gated check gets the same share of α, t = α / m (Bonferroni over the m gated checks of the
// suite), whatever the other checks did: turning a further check into a loss never moves another check's
// threshold. The first k trials only screen: they choose the tasks to confirm and spend no α. A check is
// tested only at the confirmation looks, each with a share of t fixed here, on the head trials up to that
// look; which tasks reach a look may depend on the data freely, because each look's test is valid at its
// own fixed size and the looks share t by Bonferroni: P(a check is flagged) ≤ Σ shares = t.
//
// The first confirmation look is the smallest number of head trials at which a total loss (every base
// trial succeeded, every head trial failed) reaches its share, so a check that went from always to never
// is flagged for certain; the last look, k + budget trials, gets the other half for partial losses.
// Without confirmation (budget 0) the first round tests with all of t.
import type { Count } from '../schemas/comparison.ts';
import { deflate, designEffect } from './spread.ts';
import { totalLossP } from './stats.ts';

export interface PlanLook {
  /** Head trials per task at this look (trial numbers 1 … trials). */
  trials: number;
  /** The part of a check's share of α tested here; 0: the look only screens. */
  cut: number;
  /** A check not flagged here whose p is at most this is ambiguous: its task goes on to the next look. */
  screen: number;
}

export interface Plan {
  looks: PlanLook[];
  alpha: number;
  /** Gated checks of the suite: the Bonferroni family. */
  family: number;
  /** α / family: each check's whole share. */
  perCheck: number;
  /** Most extra head trials per task. */
  budget: number;
  /** Executed base trials per task the plan was sized for (the fewest of any compared task). */
  baseTrials: number;
  /** Within-run correlation the counts are deflated by (spread.ts); 0 = exchangeable. */
  rho: number;
  /** The look at which a total loss is flagged for certain, and its p there; null when no look reaches. */
  totalLoss: { look: number; trials: number; p: number } | null;
}

/** The screening bound of the first round: 0.15 lets a check that failed once against a perfect six-run base (p = 5/35) be confirmed. */
export const FIRST_SCREEN = 0.15;
const LATER_SCREENS = [0.05, 0.01];
/** The default budget is 8 × k, or what a total loss needs when that is more, up to this many times k. */
const DEFAULT_BUDGET_K = 8;
const MAX_DEFAULT_BUDGET_K = 16;

export interface PlanInput {
  k: number;
  baseTrials: number;
  family: number;
  alpha: number;
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

/** The fewest head trials in (k, max] at which a total loss reaches p ≤ cut; null if none does. */
function trialsReaching(cut: number, max: number, input: Required<Omit<PlanInput, 'budget'>>): number | null {
  for (let n = input.k + 1; n <= max; n++) if (totalLossAt(n, input.baseTrials, input.k, input.rho) <= cut * (1 + 1e-9)) return n;
  return null;
}

/** 8 × k extra trials, or what a total loss needs to reach a check's whole share when that is more (up to 16 × k). */
export function defaultBudget(input: Omit<PlanInput, 'budget'>): number {
  const full = { rho: 0, ...input };
  const needed = trialsReaching(input.alpha / Math.max(1, input.family), input.k * (1 + MAX_DEFAULT_BUDGET_K), full);
  return Math.max(DEFAULT_BUDGET_K * input.k, needed === null ? 0 : needed - input.k);
}

export function makePlan(input: PlanInput): Plan {
  const full = { rho: 0, ...input, family: Math.max(1, input.family) };
  const { k, alpha, family, rho } = full;
  const perCheck = alpha / family;
  const budget = input.budget ?? defaultBudget(input);
  const end = k + budget;
  const first = Math.min(1, Math.max(FIRST_SCREEN, totalLossAt(k, full.baseTrials, k, rho) * (1 + 1e-9)));
  const plan = (looks: PlanLook[]): Plan => {
    const at = looks.findIndex((l) => l.cut > 0 && totalLossAt(l.trials, full.baseTrials, k, rho) <= l.cut * (1 + 1e-9));
    const totalLoss = at === -1 ? null : { look: at, trials: looks[at]!.trials, p: totalLossAt(looks[at]!.trials, full.baseTrials, k, rho) };
    return { looks, alpha, family, perCheck, budget, baseTrials: full.baseTrials, rho, totalLoss };
  };
  if (budget === 0) return plan([{ trials: k, cut: perCheck, screen: 0 }]);
  const half = trialsReaching(perCheck / 2, end - 1, full);
  if (half !== null) {
    // Screening looks between the two tests let a task that stopped being ambiguous leave early.
    const between = [3 * k, Math.round((3 * k + end) / 2)].filter((n, i, all) => n > half && n < end && all.indexOf(n) === i);
    const looks = [half, ...between, end].map((trials, i, all) => ({
      trials,
      cut: i === 0 || i === all.length - 1 ? perCheck / 2 : 0,
      screen: i === all.length - 1 ? 0 : LATER_SCREENS[Math.min(i, LATER_SCREENS.length - 1)]!,
    }));
    return plan([{ trials: k, cut: 0, screen: first }, ...looks]);
  }
  // Too few trials for two tests: one, with all of the share, as soon as a total loss reaches it (or at the end).
  const once = trialsReaching(perCheck, end, full) ?? end;
  return plan([
    { trials: k, cut: 0, screen: first },
    { trials: once, cut: perCheck, screen: 0 },
  ]);
}

/**
 * How many trials a first round mostly lost to environment errors is retried with: k, and never up to past
 * the first confirmation look. The retry belongs to the first round, which only screens; the testing looks
 * keep the sizes the plan fixed (a task reaches a look only when it holds all of that look's trials).
 */
export function retryTrials(plan: Plan): number {
  const [first, next] = plan.looks;
  return next ? Math.min(first!.trials, next.trials - first!.trials) : 0;
}

/** Whether a confirmation plan exists at all (some look after the first round). */
export function confirms(plan: Plan): boolean {
  return plan.looks.length > 1;
}

/** Head counts at each look of the plan from per-look increments: what a check shows at look i. */
export function cumulative(increments: readonly Count[]): Count[] {
  const out: Count[] = [];
  let s = 0;
  let n = 0;
  for (const c of increments) {
    s += c.successes;
    n += c.n;
    out.push({ successes: s, n });
  }
  return out;
}
