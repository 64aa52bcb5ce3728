// A task's plan under the familywise policy: at how many executed head trials it is looked at, which part
// of each check's share of α each look tests, and how ambiguous a check must be there to send the task on
// (docs/comparison.md). Pure, and fixed before the head's outcomes are known: it depends only on k, the
// task's executed base trials, the share of its first check (family.ts), α, the budget and the spread.
//
// Every look tests at a size fixed here, with a part of each check's share fixed here: the first testing
// look is the fewest head trials at which a total loss of the first check (every base trial succeeded,
// every head trial failed) reaches three quarters of its share, so such a loss is flagged there for
// certain — in the first round itself when its k trials already reach it; the last look, k + budget, tests
// the last quarter, for partial losses. Screening looks between them (and, in a small suite, before the
// first test too) let a task that stopped being ambiguous leave early. Which tasks reach a look may depend on the data freely: each look's test is valid
// at its own fixed size, and a check's parts add up to its share (Bonferroni over the looks).
//
// Paired (a base runner beside the head): every look after the first round also fixes how many fresh base
// trials it tests (the base commit's, run in the confirmation rounds beside the head's). The first testing
// look is the fewest added trials, head and base together, at which a total loss reaches three quarters of
// the share; later looks run as many fresh base trials as head trials beyond k, up to the head's budget. The experiment is defined
// as always topping the base up at a look, so each look's test is still valid at its own fixed size.
import { taskFamily, type FamilyMember, type TaskFamily } from './family.ts';
import { deflate, designEffect } from './spread.ts';
import { TOLERANCE, totalLossP } from './stats.ts';
import { lowerTested } from './unconditional.ts';

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

/**
 * How ambiguous a check must be at a look to send its task on: the first round's bound, then each later
 * look's (the last repeated). Screens decide only what more trials cost, never an error (each look's test is
 * valid at its own size), so they are chosen for what a task that goes on can still find, by the task's
 * share of α (bench/results/paired-base.md, bench/results/policy-simulation.md):
 *
 * - A large share (a small suite: at least NARROW_SCREEN_SHARE) flags a large drop in its first round or an
 *   early look, and every flaky task a screen sends on costs trials when nothing changed: narrow screens, and a
 *   look one trial after the first round (most flaky tasks sent on leave there; a look at 3k first made every
 *   one of them run 2k more). Unchanged Terminal-Bench-like suites of 1–5 tasks then cost at most 1.09× a
 *   fixed k with a base runner (before: up to 1.36×). The price, a decision (docs/comparison.md): a partial
 *   drop of a lone task is found less often (1 → 0.4 against six base runs at k = 3: 47 % instead of 91 %).
 * - A small share (many tasks share α) flags a partial drop only after more trials, so only the tasks the
 *   screens send on can be found; with a base runner wider still, since its fresh base trials are what find a
 *   partial drop (against 3/3 a head at 0.4 is flagged only with more base trials). Tuned on the
 *   Terminal-Bench-like model: at k = 3 its drops ≥ 0.6 are flagged 83 % of the time against one base run and
 *   96 % against six (0.25 / 0.15 / 0.05: 94 %), its unchanged suite costing 1.08×.
 *
 * A total loss always goes on: no screen is below its p at its look.
 */
export interface Screens {
  first: number;
  later: readonly number[];
  /** Screening looks before the first test as after it, 2k among them (a small suite). */
  early: boolean;
}
export const HEAD_ONLY_SCREENS: Screens = { first: 0.15, later: [0.05, 0.01], early: false };
export const PAIRED_SCREENS: Screens = { first: 0.25, later: [0.25, 0.05], early: false };
export const NARROW_SCREENS: Screens = { first: 0.05, later: [0.01], early: true };
/** The share of α from which a plan screens narrow: a task of a suite of five at α = 0.01 (25 at α = 0.05). */
export const NARROW_SCREEN_SHARE = 0.002;

export function screensFor(share: number, paired: boolean): Screens {
  if (share * TOLERANCE >= NARROW_SCREEN_SHARE) return NARROW_SCREENS;
  return paired ? PAIRED_SCREENS : HEAD_ONLY_SCREENS;
}
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
  /** The task's share of α (its checks' weights add up to it): what picks the screens; absent, `share`. */
  taskShare?: number;
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
  if (head.n === 0 || base.n === 0) return 1;
  return more > 0 ? totalLossP(base.n, head.n, more) : lowerTested(base, { successes: 0, n: head.n });
}

type Sized = Required<Omit<PlanInput, 'budget' | 'paired' | 'taskShare'>>;

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

/**
 * The screening looks after `from` executed head trials and before `to`: one trial after the first round,
 * which lets most of the flaky tasks a screen sent on leave for one more trial (a look at 3k first made
 * every one of them run 2k more, head and base), 3k, and midway from 3k to `to`. A small suite's plans
 * look at 2k too, and before their first test as after it: what sends an unchanged task on there is a check
 * that looks like a total loss, and it mostly stops looking like one within a few trials; without those looks
 * it ran to the first test (k = 3 against one base run, 5 inventory-like tasks at 0.45: from 4 trials to 16,
 * 1.11× a fixed k; with them 1.04×). A total loss runs the same trials, in more rounds.
 */
function screeningLooks(from: number, to: number, k: number, small = false): number[] {
  const looks = small ? [k + 1, 2 * k, 3 * k, Math.round((3 * k + to) / 2)] : [k + 1, 3 * k, Math.round((3 * k + to) / 2)];
  return looks.filter((n, i, all) => n > from && n < to && all.indexOf(n) === i);
}

export function makePlan(input: PlanInput): Plan {
  const full = { rho: 0, ...input };
  const { k, share, rho, baseTrials } = full;
  const paired = input.paired === true;
  const screens = screensFor(input.taskShare ?? share, paired);
  const budget = input.budget ?? defaultBudget(input);
  const end = k + budget;
  const firstScreen = Math.min(1, Math.max(screens.first, totalLossAt(k, baseTrials, k, rho) * TOLERANCE));
  const plan = (looks: PlanLook[]): Plan => {
    const lossAt = (l: PlanLook) => totalLossAt(l.trials, baseTrials, k, rho, l.base);
    const at = looks.findIndex((l) => l.part > 0 && lossAt(l) <= l.part * share * TOLERANCE);
    const totalLoss = at === -1 ? null : { look: at, trials: looks[at]!.trials, base: looks[at]!.base, p: lossAt(looks[at]!) };
    // The budget the plan can use: its last look's trials beyond k.
    return { looks, share, budget: looks[looks.length - 1]!.trials - k, baseTrials, rho, totalLoss, paired };
  };
  // A total loss goes on at every look, as at the first: a screen is never below its p there (a check the
  // pass speaks for is tested only through the pass, whose p fresh base failures can raise above its own).
  const laterScreen = (screen: number, trials: number, base: number) =>
    Math.min(1, Math.max(screen, totalLossAt(trials, baseTrials, k, rho, base) * TOLERANCE));
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
  // The last look's part is spent only if something can reach it there: no check of the task can show more than a
  // total loss against a perfect base (what totalLossAt measures) with this share (the largest weight), so when
  // that cannot reach the rest at the end, no check can and a two-test plan would hold a quarter of the share back
  // for nothing. Head only, 200 tasks at α = 0.05, k = 3 against one base run of 3: a total loss reaches ¾ of its
  // share at 32 trials, the end, and the whole share at 27 (test/compare-policies.unit.test.ts).
  const restReaches = totalLossAt(end, baseTrials, k, rho, baseAt(end, 0)) <= share * (1 - FIRST_PART) * TOLERANCE;
  if (first === null || first.trials === end || !restReaches) {
    // Too few trials for two tests: one, with all of the share, as soon as a total loss reaches it (or at the end).
    const once = reaching(share) ?? { trials: end, base: baseAt(end, 0) };
    if (once.trials === k) return plan([{ trials: k, base: 0, part: 1, screen: 0 }]);
    // Screening looks before it too (a small suite's): a flaky task the first screen sent on mostly leaves at the next trial.
    const screening = (screens.early ? screeningLooks(k, once.trials, k, true) : []).map((trials, i): PlanLook => {
      const base = Math.min(once.base, baseAt(trials, 0));
      return { trials, base, part: 0, screen: laterScreen(screens.later[Math.min(i, screens.later.length - 1)]!, trials, base) };
    });
    return plan([{ trials: k, base: 0, part: 0, screen: firstScreen }, ...screening, { ...once, part: 1, screen: 0 }]);
  }
  // Screening looks between the two tests (and before the first, in a small suite) let a task that stopped being ambiguous leave early.
  const before = screens.early ? screeningLooks(k, first.trials, k, true) : [];
  const between = screeningLooks(Math.max(first.trials, k), end, k, screens.early);
  const tests = first.trials === k ? [] : [first.trials];
  let floor = 0;
  const looks = [k, ...before, ...tests, ...between, end].map((trials, i, all): PlanLook => {
    const base = i === 0 ? 0 : trials === first.trials ? first.base : trials < first.trials ? Math.min(first.base, baseAt(trials, 0)) : baseAt(trials, floor);
    floor = base;
    return {
      trials,
      base,
      part: trials === first.trials ? FIRST_PART : i === all.length - 1 ? 1 - FIRST_PART : 0,
      screen: i === all.length - 1 ? 0 : i === 0 ? firstScreen : laterScreen(screens.later[Math.min(i - 1, screens.later.length - 1)]!, trials, base),
    };
  });
  return plan(looks);
}

/**
 * A task's family (family.ts) and the plan sized for its first check. The checks that held on every base
 * trial are held together only where their total loss is then flagged in the first round: held together, a
 * chance miss of any one of them looks like that loss, and where it is flagged only later it sends an
 * unchanged task on where apart it could not have been flagged at all (k = 2 against one base run: three
 * inventory-like tasks at 0.6 would cost 1.14× a fixed k instead of 1.07×, though undecided 35 % of the time
 * instead of 63 %, exactly by bench/support/exact-gate.ts taskFigures). Decided from the base and the design alone.
 */
export function planTask(
  checks: readonly FamilyMember[],
  input: Omit<PlanInput, 'share' | 'taskShare' | 'baseTrials'> & { taskShare: number; baseTrials?: number },
  plan: (input: PlanInput) => Plan = makePlan,
): { family: TaskFamily; plan: Plan } {
  const sized = (family: TaskFamily) => {
    const primary = checks.find((c) => c.check === family.primary);
    const weight = family.primary ? family.weights[family.nodes.indexOf(family.primary)]! : 1;
    return plan({ ...input, baseTrials: primary?.base.n ?? input.baseTrials ?? input.k, share: weight * input.taskShare });
  };
  const together = taskFamily(checks);
  const held = sized(together);
  if (together.together.length === 0 || held.looks[0]!.part > 0) return { family: together, plan: held };
  const apart = taskFamily(checks, false);
  return { family: apart, plan: sized(apart) };
}
