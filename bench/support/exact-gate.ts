// The gate on one task, exactly: every outcome of its base and head trials enumerated and weighted by its
// probability, decided by the engine's own family (src/compare/family.ts), plan (plan.ts), p-values and
// reachability (familywise.ts) and tolerance (stats.ts); then suites of independent tasks, whose share of α
// depends on how many of them can regress (which the base decides). For bench/policy-simulation.ts.
//
// A check's decision at a look is a threshold on its head successes there (its p never falls as the head
// gains a success, and neither does its reachability: the lemma in policy-simulation.ts checks both), so a
// task's rule is computed once per base outcome and share: per check and look, the most head successes at
// which it is flagged and at which it keeps its task going. A task that went on was flagged at no earlier
// look, so the flag at a look depends only on the counts there, and the head's outcomes can be carried as
// counts from look to look. crossCheck() replays random paths through decideTask itself.
//
// No environment errors and exchangeable base runs (ρ = 0): the spread test (spread.ts) and the env-error
// views are measured through the real gate (test/support/gate-sim.ts), not here.
import { decideTask, reachWeight, type DraftCheck } from '../../src/compare/decide.ts';
import type { TaskFamily } from '../../src/compare/family.ts';
import { lowerP, stillReachable, type Member } from '../../src/compare/familywise.ts';
import type { TaskHead } from '../../src/compare/head-looks.ts';
import { makePlan, planTask, type Plan } from '../../src/compare/plan.ts';
import { defaultAlpha, defaultPolicy } from '../../src/compare/policies.ts';
import { TOLERANCE } from '../../src/compare/stats.ts';
import type { Count } from '../../src/schemas/comparison.ts';

/** Probabilities below this are dropped from the enumeration; the mass dropped is reported (and bounded in every figure). */
export const PRUNE = 1e-15;

export function binomial(n: number, p: number): number[] {
  const out: number[] = [];
  for (let i = 0; i <= n; i++) out.push(Math.exp(logChoose(n, i)) * p ** i * (1 - p) ** (n - i));
  return out;
}

const cdfs = new Map<string, number[]>();

/** P(X ≤ x) for X ~ Binomial(n, p), x = 0 … n (cached). */
export function binomialCdf(n: number, p: number): number[] {
  const id = `${n}|${p}`;
  let cdf = cdfs.get(id);
  if (!cdf) {
    let acc = 0;
    cdfs.set(id, (cdf = binomial(n, p).map((x) => (acc += x))));
  }
  return cdf;
}

function logChoose(n: number, r: number): number {
  let s = 0;
  for (let i = 1; i <= r; i++) s += Math.log((n - r + i) / i);
  return s;
}

/** One trial of a task: the checks whose outcome varies, each outcome over them with its probability; `constant` checks always succeed. */
export interface TrialModel {
  varying: readonly string[];
  constant: readonly string[];
  outcomes: readonly { ok: readonly boolean[]; p: number }[];
  /** Indices of varying checks that are exchangeable in this model (same rate, same role): a head decided with their rules permuted comes out the same. */
  exchangeable?: readonly number[];
}

const passOnlyModels = new Map<number, TrialModel>();

/** A trial set task of one gated check, the trial pass, succeeding with probability p (Terminal-Bench-like); one model per p, so caches hit. */
export function passOnly(p: number): TrialModel {
  let model = passOnlyModels.get(p);
  if (!model) passOnlyModels.set(p, (model = passOnlyModel(p)));
  return model;
}

function passOnlyModel(p: number): TrialModel {
  return {
    varying: ['pass'],
    constant: [],
    outcomes: [
      { ok: [true], p },
      { ok: [false], p: 1 - p },
    ].filter((o) => o.p > 0),
  };
}

/** Counts of the varying checks as one number, in radix `radix` (one more than the most trials), so distributions are flat lists. */
const decode = (key: number, dims: number, radix: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i < dims; i++) {
    out.push(key % radix);
    key = Math.floor(key / radix);
  }
  return out;
};

/** A distribution of the varying checks' success counts. */
export interface Dist {
  radix: number;
  keys: number[];
  w: number[];
}

/** Sums weights by key: a dense array when the box is small enough, else a Map. */
class Accumulator {
  private static dense = new Float64Array(1 << 23);
  private readonly touched: number[] = [];
  private readonly map: Map<number, number> | null;
  constructor(size: number) {
    this.map = size <= Accumulator.dense.length ? null : new Map();
  }
  add(key: number, w: number): void {
    if (this.map) {
      this.map.set(key, (this.map.get(key) ?? 0) + w);
      return;
    }
    const d = Accumulator.dense;
    if (d[key] === 0) this.touched.push(key);
    d[key]! += w;
  }
  /** The sums, dropping those below PRUNE into `dropped`, and the accumulator emptied. */
  drain(radix: number, dropped: { mass: number }): Dist {
    const out: Dist = { radix, keys: [], w: [] };
    const keep = (key: number, w: number) => {
      if (w < PRUNE) dropped.mass += w;
      else {
        out.keys.push(key);
        out.w.push(w);
      }
    };
    if (this.map) for (const [key, w] of this.map) keep(key, w);
    else
      for (const key of this.touched) {
        keep(key, Accumulator.dense[key]!);
        Accumulator.dense[key] = 0;
      }
    return out;
  }
}

const point = (radix: number): Dist => ({ radix, keys: [0], w: [1] });

const increments = new WeakMap<TrialModel, Map<string, Dist>>();

/** The distribution of what `trials` more trials add to each count (cached per model, trials and radix). */
function incrementOf(model: TrialModel, trials: number, radix: number, dropped: { mass: number }): Dist {
  let cache = increments.get(model);
  if (!cache) increments.set(model, (cache = new Map()));
  const id = `${trials}/${radix}`;
  let inc = cache.get(id);
  if (inc) return inc;
  const dims = model.varying.length;
  const steps = model.outcomes.map((o) => ({ delta: o.ok.reduce((s, ok, i) => s + (ok ? radix ** i : 0), 0), p: o.p }));
  inc = point(radix);
  for (let t = 0; t < trials; t++) {
    const acc = new Accumulator(radix ** dims);
    inc.keys.forEach((key, i) => {
      for (const s of steps) acc.add(key + s.delta, inc!.w[i]! * s.p);
    });
    inc = acc.drain(radix, dropped);
  }
  cache.set(id, inc);
  return inc;
}

/** The distribution after `trials` more trials. */
export function advance(from: Dist, model: TrialModel, trials: number, dropped = { mass: 0 }): Dist {
  if (trials === 0) return from;
  const inc = incrementOf(model, trials, from.radix, dropped);
  const acc = new Accumulator(from.radix ** model.varying.length);
  from.keys.forEach((key, i) => {
    const w = from.w[i]!;
    for (let j = 0; j < inc.keys.length; j++) acc.add(key + inc.keys[j]!, w * inc.w[j]!);
  });
  return acc.drain(from.radix, dropped);
}

/** What decides a task, fixed by its base alone: its family, plan and each check's thresholds at each look. */
export interface TaskRule {
  family: TaskFamily;
  plan: Plan;
  /** Per varying check, its pooled base successes, and the pooled base trials (a drop below it is undecided where the plan is blind). */
  base: number[];
  nb: number;
  /** Per varying check, per look: the most head successes at which the task is flagged by it (−1: never). */
  flagAt: number[][];
  /** Per varying check, per look: the most head successes at which it keeps its task going (−1: never). */
  goAt: number[][];
  /**
   * Per varying check: it held on every base trial and even its total loss could not reach its weight of
   * the share at any testing look (a judge item beside the pass), so a head below its base is undecided
   * (decide.ts blindChecks).
   */
  blindCheck: boolean[];
  /** A constant check (every head trial succeeded) flags or keeps the task going at this look. */
  constantFlags: boolean[];
  constantGoes: boolean[];
}

/** The largest c in [0, n] with pred(c), for a predicate true on a prefix of [0, n]; −1 when none. */
function lastTrue(n: number, pred: (c: number) => boolean): number {
  if (!pred(0)) return -1;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (pred(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface TaskSetting {
  k: number;
  runs: number;
  /** The task's share of α (α ÷ the tasks that can regress). */
  share: number;
  /** Most extra trials per task; null: the default. */
  budget?: number | null;
  /** What-if, not the engine: a check takes a share only when it succeeded on at least this many base trials (the engine: 1). */
  minBase?: number;
  /** A base runner beside the head: the plans' confirmation rounds run fresh base trials (Terminal-Bench-like tasks only, pairedFigures). */
  paired?: boolean;
}

const variantId = (s: TaskSetting) => `${s.minBase ?? 1}${s.paired ? '|paired' : ''}`;

const plans = new Map<string, Plan>();
const planOf = (k: number, nb: number, share: number, taskShare: number, budget: number | null): Plan => {
  const id = `${k}|${nb}|${share}|${taskShare}|${budget}`;
  let plan = plans.get(id);
  if (!plan) plans.set(id, (plan = makePlan({ k, baseTrials: nb, share, taskShare, budget, rho: 0 })));
  return plan;
};

/** A check's thresholds at each look of its task's plan. */
export type Thresholds = { flag: number; go: number }[];
const checkRules = new Map<string, Thresholds>();

/**
 * One check's thresholds: they depend on its base count, its weight, its task's plan and share only, so
 * they are cached across base outcomes. `every`: the head succeeds on every trial (a constant check), so
 * only that count is decided (1: it flags or goes, −1: not).
 */
export function thresholds(rule: Pick<TaskRule, 'family' | 'plan'>, setting: TaskSetting, check: string, base: Count, every = false): Thresholds {
  const { k, share } = setting;
  const { family, plan } = rule;
  const at = family.nodes.indexOf(check);
  const w = at === -1 ? 0 : family.weights[at]!;
  const id = `${k}|${plan.baseTrials}|${plan.share}|${plan.budget}|${share}|${w}|${at === -1}|${base.successes}/${base.n}|${every}|${variantId(setting)}`;
  let found = checkRules.get(id);
  if (found) return found;
  const L = plan.looks.length;
  const p = (c: number, r: number) => {
    const head = { successes: c, n: plan.looks[r]!.trials };
    return lowerP(base, k, head, 0);
  };
  const member = (c: number, r: number): Member => ({
    base,
    baseRunTrials: k,
    looks: plan.looks.slice(0, r + 1).map((l, i) => ({ successes: i === r ? c : l.trials, n: l.trials })),
    head: { successes: c, n: plan.looks[r]!.trials },
  });
  // As decide.ts: q = p / part at a testing look, flagged when q ≤ weight × share (within the tolerance).
  const flags = (c: number, r: number) => w > 0 && plan.looks[r]!.part > 0 && Math.min(1, p(c, r) / plan.looks[r]!.part) <= w * share * TOLERANCE;
  const goes = (c: number, r: number) =>
    at !== -1 && r < L - 1 && p(c, r) <= plan.looks[r]!.screen && stillReachable(member(c, r), plan, r, reachWeight(family, check) * share);
  found = plan.looks.map((l, r) =>
    every
      ? { flag: flags(l.trials, r) ? 1 : -1, go: goes(l.trials, r) ? 1 : -1 }
      : { flag: lastTrue(l.trials, (c) => flags(c, r)), go: lastTrue(l.trials, (c) => goes(c, r)) },
  );
  checkRules.set(id, found);
  return found;
}

/** The engine's rule for a task whose pooled base (`runs` × k executed trials) is `base`; null when no check can regress (it takes no share). */
export function taskRule(model: TrialModel, base: readonly number[], setting: TaskSetting): TaskRule | null {
  const { k, runs, share } = setting;
  const nb = k * runs;
  const counts = new Map<string, Count>([
    ...model.varying.map((c, i): [string, Count] => [c, { successes: base[i]!, n: nb }]),
    ...model.constant.map((c): [string, Count] => [c, { successes: nb, n: nb }]),
  ]);
  const order = [...model.varying, ...model.constant];
  const minBase = setting.minBase ?? 1;
  const members = order.map((check) => ({ check, base: counts.get(check)!, gated: counts.get(check)!.successes >= minBase }));
  const { family, plan } = planTask(members, { k, taskShare: share, budget: setting.budget ?? null, rho: 0 }, (p) =>
    planOf(k, p.baseTrials, p.share, share, setting.budget ?? null),
  );
  if (!family.primary) return null;
  const varying = model.varying.map((c) => thresholds({ family, plan }, setting, c, counts.get(c)!));
  const constant = model.constant.map((c) => thresholds({ family, plan }, setting, c, counts.get(c)!, true));
  // As decide.ts blindChecks: the best q a total loss from a perfect base could reach, against the check's weight of the share.
  const blindCheck = model.varying.map((c) => {
    const j = family.nodes.indexOf(c);
    const w = j === -1 ? 0 : family.weights[j]!;
    if (w <= 0) return false;
    const perfect = { successes: nb, n: nb };
    const best = Math.min(1, ...plan.looks.flatMap((l) => (l.part > 0 ? [lowerP(perfect, k, { successes: 0, n: l.trials }, plan.rho) / l.part] : [])));
    return best > w * share * TOLERANCE;
  });
  return {
    family,
    plan,
    base: model.varying.map((_, i) => base[i]!),
    nb,
    flagAt: varying.map((v) => v.map((x) => x.flag)),
    goAt: varying.map((v) => v.map((x) => x.go)),
    blindCheck,
    constantFlags: plan.looks.map((_, r) => constant.some((c) => c[r]!.flag === 1)),
    constantGoes: plan.looks.map((_, r) => constant.some((c) => c[r]!.go === 1)),
  };
}

/** One task's head decided look by look: P(flagged), E[head trials], and the distribution of the trials it ran. */
export interface HeadFigures {
  flagged: number;
  /** P(not flagged, and undecided: the plan cannot flag even a total loss of its first check and some check ended below its base; decide.ts). */
  undecided: number;
  trials: number;
  /** P(the task stopped at each look), flagged or not. */
  stopped: number[];
}

export function decideHead(rule: TaskRule, head: TrialModel, dropped = { mass: 0 }): HeadFigures {
  const dims = head.varying.length;
  const looks = rule.plan.looks;
  const L = looks.length;
  const radix = looks[L - 1]!.trials + 1;
  let live = point(radix);
  let at = 0;
  let flagged = 0;
  let undecided = 0;
  let trials = 0;
  const stopped = looks.map(() => 0);
  // Where the plan cannot flag even a total loss, a check that ends below its base makes the task undecided.
  const blind = !rule.plan.totalLoss;
  for (let r = 0; r < L && live.keys.length > 0; r++) {
    const look = looks[r]!;
    if (r === L - 1 && r > 0 && !rule.constantFlags[r] && !blind && !rule.blindCheck.some(Boolean)) {
      // The last look only flags: P(some check ends at or below its cut) from the increment's joint tail, state by state.
      const tail = jointTail(head, look.trials - at, radix, dropped);
      let reaching = 0;
      live.keys.forEach((key, i) => {
        const c = decode(key, dims, radix);
        flagged += live.w[i]! * (1 - tail(c.map((x, j) => rule.flagAt[j]![r]! - x)));
        reaching += live.w[i]!;
      });
      stopped[r] = reaching;
      trials += reaching * look.trials;
      break;
    }
    live = advance(live, head, look.trials - at, dropped);
    at = look.trials;
    const next: Dist = { radix, keys: [], w: [] };
    live.keys.forEach((key, i) => {
      const w = live.w[i]!;
      const c = decode(key, dims, radix);
      const flag = rule.constantFlags[r] || c.some((x, j) => x <= rule.flagAt[j]![r]!);
      const goes = !flag && (rule.constantGoes[r] || c.some((x, j) => x <= rule.goAt[j]![r]!));
      if (goes) {
        next.keys.push(key);
        next.w.push(w);
      } else {
        stopped[r]! += w;
        trials += w * look.trials;
        if (flag) flagged += w;
        else if (c.some((x, j) => (blind || rule.blindCheck[j]) && x * rule.nb < rule.base[j]! * look.trials)) undecided += w;
      }
    });
    live = next;
  }
  return { flagged, undecided, trials, stopped };
}

const heads = new WeakMap<TrialModel, Map<string, HeadFigures>>();

/** decideHead, cached by what it depends on: the looks and the thresholds (many base outcomes share them), exchangeable checks' rules sorted. */
export function cachedHead(rule: TaskRule, head: TrialModel, dropped = { mass: 0 }): HeadFigures {
  let cache = heads.get(head);
  if (!cache) heads.set(head, (cache = new Map()));
  // Where the plan is blind, a check's base count decides whether its drop is undecided: it is part of its row.
  const blind = !rule.plan.totalLoss;
  const rowOf = (j: number) =>
    `${rule.flagAt[j]!.join(',')}/${rule.goAt[j]!.join(',')}${blind || rule.blindCheck[j] ? `@${rule.base[j]}` : ''}${rule.blindCheck[j] ? '!' : ''}`;
  const rows = rule.flagAt.map((_, j) => rowOf(j));
  const swap = head.exchangeable ?? [];
  const order = swap.map((j) => ({ j, row: rows[j]! })).sort((x, y) => (x.row < y.row ? -1 : x.row > y.row ? 1 : 0));
  swap.forEach((j, i) => (rows[j] = order[i]!.row));
  const id = `${rule.plan.looks.map((l) => l.trials).join(',')}|${rule.constantFlags.join(',')}|${rule.constantGoes.join(',')}|${rule.nb}|${rows.join(';')}`;
  let found = cache.get(id);
  if (!found) {
    const permuted: TaskRule = { ...rule, flagAt: [...rule.flagAt], goAt: [...rule.goAt], base: [...rule.base], blindCheck: [...rule.blindCheck] };
    swap.forEach((j, i) => {
      permuted.blindCheck[j] = rule.blindCheck[order[i]!.j]!;
      permuted.flagAt[j] = rule.flagAt[order[i]!.j]!;
      permuted.goAt[j] = rule.goAt[order[i]!.j]!;
      permuted.base[j] = rule.base[order[i]!.j]!;
    });
    cache.set(id, (found = decideHead(permuted, head, dropped)));
  }
  return found;
}

const tails = new WeakMap<TrialModel, Map<number, (gap: number[]) => number>>();

/**
 * P(every check's increment over `trials` trials exceeds its gap): the joint upper tail of the increment,
 * as a table of suffix sums over the box [0, trials + 1] per check (a gap below 0 always holds, one at
 * `trials` or more never does).
 */
function jointTail(model: TrialModel, trials: number, radix: number, dropped: { mass: number }): (gap: number[]) => number {
  let cache = tails.get(model);
  if (!cache) tails.set(model, (cache = new Map()));
  const found = cache.get(trials);
  if (found) return found;
  const dims = model.varying.length;
  const side = trials + 2;
  const table = new Float64Array(side ** dims);
  const inc = incrementOf(model, trials, radix, dropped);
  inc.keys.forEach((key, i) => {
    const d = decode(key, dims, radix);
    table[d.reduce((s, x, j) => s + x * side ** j, 0)]! += inc.w[i]!;
  });
  // Suffix sums along each check in turn: table[b] = P(Δ ≥ b componentwise).
  for (let j = 0; j < dims; j++) {
    const stride = side ** j;
    for (let idx = table.length - 1; idx >= 0; idx--) if (Math.floor(idx / stride) % side < side - 1) table[idx]! += table[idx + stride]!;
  }
  const tail = (gap: number[]) => {
    let idx = 0;
    for (let j = 0; j < dims; j++) {
      const need = Math.max(0, gap[j]! + 1);
      if (need > trials) return 0;
      idx += need * side ** j;
    }
    return table[idx]!;
  };
  cache.set(trials, tail);
  return tail;
}

/** A task's figures at one share of α, over every base outcome: joint with whether it took a share. */
export interface TaskFigures {
  /** P(the task can regress: some check succeeded on the base), so it takes a share. */
  shares: number;
  /** P(it takes a share and is flagged). */
  flagged: number;
  /** P(it takes a share, is not flagged, and is undecided: its plan is blind and a check ended below its base). */
  undecided: number;
  /** E[head trials], every base outcome (a task that takes no share runs k). */
  trials: number;
  /** P(it takes a share but its plan cannot flag even a total loss of its first check). */
  blind: number;
  /** Probability mass the enumeration dropped (each figure is exact to within it). */
  dropped: number;
}

export interface TaskSpec {
  base: TrialModel;
  head: TrialModel;
}

const baseCache = new WeakMap<TrialModel, Map<number, { dist: Dist; dropped: number }>>();

/** The distribution of a task's pooled base counts over nb trials (radix nb + 1; cached per model). */
export function baseOutcomes(model: TrialModel, nb: number, dropped = { mass: 0 }): Dist {
  let byN = baseCache.get(model);
  if (!byN) baseCache.set(model, (byN = new Map()));
  let d = byN.get(nb);
  if (!d) {
    const own = { mass: 0 };
    byN.set(nb, (d = { dist: advance(point(nb + 1), model, nb, own), dropped: own.mass }));
  }
  dropped.mass += d.dropped;
  return d.dist;
}

/**
 * The base outcomes of a task with the counts of checks exchangeable on both sides sorted and their
 * probabilities added: a permuted base gives the permuted rule, and the head cannot tell them apart.
 */
export function distinctBases(spec: TaskSpec, nb: number, dropped = { mass: 0 }): Dist {
  const dist = baseOutcomes(spec.base, nb, dropped);
  const swap = spec.base.exchangeable ?? [];
  if (swap.length < 2 || swap.join() !== (spec.head.exchangeable ?? []).join()) return dist;
  const dims = spec.base.varying.length;
  const radix = nb + 1;
  const merged = new Map<number, number>();
  dist.keys.forEach((key, i) => {
    const c = decode(key, dims, radix);
    const sorted = swap.map((j) => c[j]!).sort((a, b) => a - b);
    swap.forEach((j, x) => (c[j] = sorted[x]!));
    const canonical = c.reduce((s, x, j) => s + x * radix ** j, 0);
    merged.set(canonical, (merged.get(canonical) ?? 0) + dist.w[i]!);
  });
  return { radix, keys: [...merged.keys()], w: [...merged.values()] };
}

const ruleCache = new Map<string, TaskRule | null>();

/** The rule of a base outcome (its key in radix nb + 1), cached: a rule depends on the base, not on the head. */
export function cachedRule(model: TrialModel, key: number, setting: TaskSetting): TaskRule | null {
  const nb = setting.k * setting.runs;
  const id = `${model.varying.join(',')}|${model.constant.join(',')}|${key}|${setting.k}|${setting.runs}|${setting.share}|${setting.budget ?? 'default'}|${variantId(setting)}`;
  if (!ruleCache.has(id)) ruleCache.set(id, taskRule(model, decode(key, model.varying.length, nb + 1), setting));
  return ruleCache.get(id)!;
}

const figureCache = new WeakMap<TrialModel, WeakMap<TrialModel, Map<string, TaskFigures>>>();

export function taskFigures(spec: TaskSpec, setting: TaskSetting): TaskFigures {
  let byHead = figureCache.get(spec.base);
  if (!byHead) figureCache.set(spec.base, (byHead = new WeakMap()));
  let bySetting = byHead.get(spec.head);
  if (!bySetting) byHead.set(spec.head, (bySetting = new Map()));
  const id = `${setting.k}|${setting.runs}|${setting.share}|${setting.budget ?? 'default'}|${variantId(setting)}`;
  let found = bySetting.get(id);
  if (!found) bySetting.set(id, (found = setting.paired ? pairedFigures(spec, setting) : figuresOf(spec, setting)));
  return found;
}

/** The rate of a Terminal-Bench-like model (passOnly); an error for any other: the paired model covers those alone. */
function passRate(model: TrialModel): number {
  if (model.varying.length !== 1 || model.varying[0] !== 'pass' || model.constant.length > 0)
    throw new Error('the paired exact model covers Terminal-Bench-like tasks (the trial pass alone) only');
  return model.outcomes.find((o) => o.ok[0])?.p ?? 0;
}

/**
 * A Terminal-Bench-like task with a base runner beside the head, exactly: every outcome of its recorded
 * base, its head and its fresh base trials (the base commit's, at the base's rate) enumerated look by look,
 * each state decided by the engine's own lowerP (recorded + fresh against the head, conditioned on the
 * recorded part), stillReachable, screens and tolerance. `trials`: head and fresh base trials together
 * (HeadFigures.trials of the head-only model counts the head alone); `headTrials` the head's.
 */
export function pairedFigures(spec: TaskSpec, setting: TaskSetting): TaskFigures & { headTrials: number } {
  const { k, runs, share } = setting;
  const nb = k * runs;
  const [pb, q] = [passRate(spec.base), passRate(spec.head)];
  const out = { shares: 0, flagged: 0, undecided: 0, trials: 0, headTrials: 0, blind: 0, dropped: 0 };
  const plan = makePlan({ k, baseTrials: nb, share, budget: setting.budget ?? null, rho: 0, paired: true });
  const looks = plan.looks;
  const recorded = binomial(nb, pb);
  out.trials += recorded[0]! * k;
  out.headTrials += recorded[0]! * k;
  for (let B = 1; B <= nb; B++) {
    const wB = recorded[B]!;
    if (wB < PRUNE) {
      out.dropped += wB;
      continue;
    }
    out.shares += wB;
    if (!plan.totalLoss) out.blind += wB;
    const base = { successes: B, n: nb };
    // States (head successes, fresh successes) with their probabilities, at the look reached.
    let live = new Map<number, number>();
    binomial(k, q).forEach((w, h) => w > 0 && live.set(h * 1000, w));
    for (let r = 0; r < looks.length && live.size > 0; r++) {
      const look = looks[r]!;
      if (r > 0) {
        const dh = binomial(look.trials - looks[r - 1]!.trials, q);
        const df = binomial(look.base - looks[r - 1]!.base, pb);
        const next = new Map<number, number>();
        for (const [key, w] of live)
          dh.forEach((a, x) =>
            df.forEach((b, y) => {
              const v = w * a * b;
              if (v < PRUNE) out.dropped += wB * v;
              else next.set(key + x * 1000 + y, (next.get(key + x * 1000 + y) ?? 0) + v);
            }),
          );
        live = next;
      }
      const going = new Map<number, number>();
      for (const [key, w] of live) {
        const h = Math.floor(key / 1000);
        const f = key % 1000;
        const head = { successes: h, n: look.trials };
        const fresh = { successes: f, n: look.base };
        const p = lowerP(base, k, head, 0, fresh);
        const flag = look.part > 0 && Math.min(1, p / look.part) <= share * TOLERANCE;
        const member: Member = {
          base,
          baseRunTrials: k,
          looks: looks.slice(0, r + 1).map((l, i) => (i === r ? head : { successes: l.trials, n: l.trials })),
          head,
          fresh: looks.slice(0, r + 1).map((l, i) => (i === r ? fresh : { successes: l.base, n: l.base })),
        };
        const goes = !flag && r < looks.length - 1 && p <= look.screen && stillReachable(member, plan, r, share);
        if (goes) {
          going.set(key, w);
          continue;
        }
        out.trials += wB * w * (look.trials + look.base);
        out.headTrials += wB * w * look.trials;
        if (flag) out.flagged += wB * w;
        else if (!plan.totalLoss && h * nb < B * look.trials) out.undecided += wB * w;
      }
      live = going;
    }
  }
  return out;
}

function figuresOf(spec: TaskSpec, setting: TaskSetting): TaskFigures {
  const { k, runs } = setting;
  const dropped = { mass: 0 };
  const bases = distinctBases(spec, k * runs, dropped);
  const out: TaskFigures = { shares: 0, flagged: 0, undecided: 0, trials: 0, blind: 0, dropped: 0 };
  for (let i = 0; i < bases.keys.length; i++) {
    const key = bases.keys[i]!;
    const w = bases.w[i]!;
    const rule = cachedRule(spec.base, key, setting);
    if (!rule) {
      out.trials += w * k;
      continue;
    }
    out.shares += w;
    if (!rule.plan.totalLoss) out.blind += w;
    const head = cachedHead(rule, spec.head, dropped);
    out.flagged += w * head.flagged;
    out.undecided += w * head.undecided;
    out.trials += w * head.trials;
  }
  out.dropped = dropped.mass;
  return out;
}

/** Judge items beside a task's other checks: independent of them and of one another, each succeeding at `rate`. */
export interface Judges {
  items: number;
  rate: number;
}

/**
 * Every base outcome of a task with its judge items: the other checks' outcomes (`spec.base`) and how many
 * judge items succeeded at least once on the base (the items that can regress). Judge items weigh alike
 * whatever their base counts (family.ts), so the family and the plan depend on that number only, and each
 * item's base count given it is Binomial(nb, rate) conditioned on a success.
 */
function withJudges(
  spec: TaskSpec,
  setting: TaskSetting,
  judges: Judges | undefined,
  dropped: { mass: number },
  each: (w: number, rule: TaskRule, key: number, judgeBase: { b: number; p: number }[]) => void,
): void {
  const nb = setting.k * setting.runs;
  const bases = distinctBases(spec, nb, dropped);
  const items = judges?.items ?? 0;
  const perItem = binomial(nb, judges?.rate ?? 0);
  const succeeded = 1 - perItem[0]!;
  const judgeBase = perItem.flatMap((p, b) => (b > 0 && p > 0 ? [{ b, p: p / succeeded }] : []));
  const nodes = binomial(items, succeeded);
  const dims = spec.base.varying.length;
  bases.keys.forEach((key, i) => {
    for (let J = 0; J <= items; J++) {
      if (nodes[J]! === 0) continue;
      const model: TrialModel = J ? { ...spec.base, varying: [...spec.base.varying, ...JUDGE_ITEMS.slice(0, J)] } : spec.base;
      const counts = [...decode(key, dims, nb + 1), ...Array.from({ length: J }, () => 1)];
      const rule = J ? taskRule(model, counts, setting) : cachedRule(spec.base, key, setting);
      if (rule) each(bases.w[i]! * nodes[J]!, rule, key, J ? judgeBase : []);
    }
  });
}

/**
 * An exact upper bound on P(flagged) of an unchanged task (Bonferroni over its checks and their testing
 * looks, every look counted whether or not the task reaches it): the bound the design's guarantee rests
 * on, computed with the weights and plan each base outcome gives. `headRate` is each varying check's
 * success rate on the head (the base's, unchanged); the checks need not be independent of one another.
 */
export function flagBound(
  spec: TaskSpec,
  setting: TaskSetting,
  headRate: readonly number[],
  judges?: Judges,
): { shares: number; bound: number; dropped: number } {
  const dropped = { mass: 0 };
  let shares = 0;
  let bound = 0;
  withJudges(spec, setting, judges, dropped, (w, rule, _key, judgeBase) => {
    shares += w;
    const looks = rule.plan.looks;
    let sum = 0;
    looks.forEach((look, r) => {
      spec.base.varying.forEach((_, j) => {
        const cut = rule.flagAt[j]![r]!;
        if (cut >= 0) sum += binomialCdf(look.trials, headRate[j]!)[cut]!;
      });
    });
    // Each judge item that can regress: its base count given it succeeded once, its thresholds by that count.
    const J = rule.flagAt.length - spec.base.varying.length;
    if (J > 0) {
      let item = 0;
      for (const { b, p } of judgeBase) {
        const t = thresholds(rule, setting, JUDGE_ITEMS[0]!, { successes: b, n: setting.k * setting.runs });
        looks.forEach((look, r) => {
          if (t[r]!.flag >= 0) item += p * binomialCdf(look.trials, judges!.rate)[t[r]!.flag]!;
        });
      }
      sum += J * item;
    }
    bound += w * Math.min(1, sum);
  });
  return { shares, bound: bound + dropped.mass, dropped: dropped.mass };
}

/**
 * A loss that is certain on the head (`lost` checks fail every head trial): the look at which the first
 * of them is flagged, per base outcome, if the task gets there (one of them keeps it going at every look
 * before). Exact for P(flagged); the head trials are exact but for the chance that another check flags
 * first, which only makes the task stop earlier (so they are an upper bound).
 */
export function certainLoss(
  spec: TaskSpec,
  setting: TaskSetting,
  lost: readonly string[],
  judges?: Judges,
): { flagged: number; undecided: number; trials: number; dropped: number } {
  const dropped = { mass: 0 };
  let flagged = 0;
  let undecided = 0;
  let trials = 0;
  const at = lost.map((c) => spec.base.varying.indexOf(c));
  withJudges(spec, setting, judges, dropped, (w, rule) => {
    const looks = rule.plan.looks;
    for (let r = 0; r < looks.length; r++) {
      if (at.some((j) => rule.flagAt[j]![r]! >= 0)) {
        flagged += w;
        trials += w * looks[r]!.trials;
        return;
      }
      if (!at.some((j) => rule.goAt[j]![r]! >= 0)) break;
    }
    // Not flagged by the loss: undecided when the plan cannot flag even a total loss (decide.ts), else passed;
    // it stops where nothing lost keeps it going (the other checks could only add looks).
    if (!rule.plan.totalLoss || at.some((j) => rule.blindCheck[j] && rule.base[j]! > 0)) undecided += w;
    const stop = looks.findIndex((_, r) => !at.some((j) => rule.goAt[j]![r]! >= 0));
    trials += w * looks[stop === -1 ? looks.length - 1 : stop]!.trials;
  });
  return { flagged, undecided, trials, dropped: dropped.mass };
}

/** The default policy's α and a task's share when `sharing` tasks take one (policies.ts). The default is always familywise: the exact model covers it alone. */
export function policyAt(k: number, runs: number, sharing: number): { alpha: number; share: number } {
  const alpha = defaultAlpha(runs);
  const policy = defaultPolicy({ k, baseRuns: runs, alpha, budget: null, tasks: Math.max(1, sharing), baseTrials: k * runs });
  if (policy !== 'familywise')
    throw new Error(`the default policy is ${policy} at k = ${k}, ${runs} base runs, ${sharing} tasks: the exact model covers familywise only`);
  return { alpha, share: alpha / Math.max(1, sharing) };
}

/**
 * Replays random head paths of random base outcomes through decideTask and checks that the rule decides
 * them alike (flagged, goes on) at every look reached. Returns the number of (path, look) decisions compared.
 */
export function crossCheck(spec: TaskSpec, setting: TaskSetting, paths: number, random: (i: number, j: number) => number): number {
  const { k, runs, share } = setting;
  const nb = k * runs;
  const dist = baseOutcomes(spec.base, nb);
  const bases = dist.keys.map((key, i): [number, number] => [key, dist.w[i]!]);
  const checks = [...spec.base.varying, ...spec.base.constant];
  const pick = <T>(items: readonly { p: number; v: T }[], u: number): T => {
    let acc = 0;
    for (const it of items) if ((acc += it.p) >= u) return it.v;
    return items[items.length - 1]!.v;
  };
  const total = bases.reduce((s, [, w]) => s + w, 0);
  let compared = 0;
  for (let i = 0; i < paths; i++) {
    const key = pick(
      bases.map(([v, p]) => ({ v, p: p / total })),
      random(i, 0),
    );
    const rule = cachedRule(spec.base, key, setting);
    if (!rule) continue;
    const b = decode(key, spec.base.varying.length, nb + 1);
    const L = rule.plan.looks.length;
    // Head trials one by one, the counts of every check (constant ones succeed) at every look.
    const cum = checks.map(() => 0);
    const looksOf = checks.map((): Count[] => []);
    let t = 0;
    for (let r = 0; r < L; r++) {
      const look = rule.plan.looks[r]!;
      for (; t < look.trials; t++) {
        const o = pick(
          spec.head.outcomes.map((x) => ({ v: x.ok, p: x.p })),
          random(i, t + 1),
        );
        checks.forEach((_, j) => (cum[j]! += j < o.length ? (o[j] ? 1 : 0) : 1));
      }
      checks.forEach((_, j) => looksOf[j]!.push({ successes: cum[j]!, n: look.trials }));
      const drafts: DraftCheck[] = checks.map((check, j) => {
        const base = { successes: j < b.length ? b[j]! : nb, n: nb };
        return { check, base, head: looksOf[j]![r]!, baseRunTrials: k, gated: true, worstBase: base };
      });
      const looks = new Map(checks.map((c, j) => [c, looksOf[j]!.slice()]));
      const head: TaskHead = {
        reached: r,
        started: look.trials,
        executed: look.trials,
        held: look.trials,
        looks,
        worst: looks,
        rounds: rule.plan.looks.slice(0, r + 1).map((l, x) => ({ started: l.trials - (x ? rule.plan.looks[x - 1]!.trials : 0), env: 0 })),
        declared: 0,
      };
      const engine = decideTask({ checks: drafts, head, familywise: { family: rule.family, plan: rule.plan, share } });
      const c = cum.slice(0, b.length);
      const flag = rule.constantFlags[r] || c.some((x, j) => x <= rule.flagAt[j]![r]!);
      const goes = !flag && (rule.constantGoes[r] || c.some((x, j) => x <= rule.goAt[j]![r]!));
      // Stopped unflagged: undecided where the plan is blind and a check ended below its base, or a blind check (decide.ts) fell.
      const undecided = !flag && !goes && c.some((x, j) => (!rule.plan.totalLoss || rule.blindCheck[j]) && x * nb < b[j]! * look.trials);
      if (engine.regressed !== flag || engine.goesOn !== goes || (!goes && (engine.undecided !== null) !== undecided))
        throw new Error(
          `the exact rule and decideTask disagree: k=${k} runs=${runs} share=${share} base=${b.join('/')} look ${r} head=${c.join('/')}: rule ${flag}/${goes}/${undecided}, engine ${engine.regressed}/${engine.goesOn}/${engine.undecided}`,
        );
      compared++;
      if (!goes) break;
    }
  }
  return compared;
}

/** The inventory task's checks besides the trial pass and its detections: they succeed on every trial. */
export const INVENTORY_CONSTANT = [
  'format',
  'baseline',
  'constraint:protected-files',
  'constraint:writes-confined',
  'constraint:evidence-untouched',
  'constraint:no-links',
  'constraint:claims-backed',
];
export const INVENTORY_DETECTIONS = ['detect:reject-writes', 'detect:double-reserve', 'detect:missing-record'];
export const JUDGE_ITEMS = ['judge:cites-evidence', 'judge:names-the-fault', 'judge:plain-words'];

/**
 * An inventory-like task: the trial pass (every detection held, as a trial passes only when every check
 * but the judge's items did), three detections succeeding independently at `detections[i]`, seven checks
 * that always succeed, and optionally three judge items at `judges[i]` beside the pass.
 */
export function inventoryLike(detections: readonly number[], judges: readonly number[] = []): TrialModel {
  const outcomes: { ok: boolean[]; p: number }[] = [];
  const patterns = (rates: readonly number[]) =>
    Array.from({ length: 2 ** rates.length }, (_, m) => {
      const ok = rates.map((_, i) => ((m >> i) & 1) === 1);
      return { ok, p: ok.reduce((s, x, i) => s * (x ? rates[i]! : 1 - rates[i]!), 1) };
    }).filter((o) => o.p > 0);
  for (const d of patterns(detections)) for (const j of patterns(judges)) outcomes.push({ ok: [d.ok.every(Boolean), ...d.ok, ...j.ok], p: d.p * j.p });
  const same = (rates: readonly number[], from: number) => (rates.every((r) => r === rates[0]) ? rates.map((_, i) => from + i) : []);
  return {
    varying: ['pass', ...INVENTORY_DETECTIONS, ...JUDGE_ITEMS.slice(0, judges.length)],
    constant: INVENTORY_CONSTANT,
    outcomes,
    exchangeable: same(detections, 1),
  };
}

/** Tasks of one kind in a suite: how many, and what their base and head trials are. */
export interface SuiteKind {
  spec: TaskSpec;
  count: number;
}

export interface SuiteFigures {
  /** P(the gate fails the pull request: some task flagged). */
  fail: number;
  /** P(no task flagged and some task undecided: the gate says undecided, neither pass nor fail). */
  undecided: number;
  /** E[head trials] over those of a fixed k. */
  cost: number;
  /** Per kind: P(a given task of that kind is flagged), P(it is undecided), and its E[head trials] over k. */
  flagged: number[];
  undecidedEach: number[];
  trials: number[];
  /** P(some task takes a share but its plan cannot flag even a total loss of its first check). */
  blind: number;
  /** Probability mass the enumeration dropped, over every figure it used. */
  dropped: number;
}

/** The distribution of how many of `chances` independent events happen (Poisson-binomial). */
function countOf(chances: readonly number[]): number[] {
  let pmf = [1];
  for (const c of chances) pmf = [...pmf, 0].map((x, m) => x * (1 - c) + (m ? pmf[m - 1]! * c : 0));
  return pmf;
}

/**
 * A suite of independent tasks through the gate, exactly: how many of them take a share of α is random
 * (it depends on their bases), and with it each task's share and plan. Given that count, tasks are
 * independent, so the suite is enumerated over it. `variant`: a what-if rule (minBase), not the engine's.
 */
export function suiteFigures(k: number, runs: number, kinds: readonly SuiteKind[], variant: Pick<TaskSetting, 'minBase' | 'paired'> = {}): SuiteFigures {
  const nb = k * runs;
  const N = kinds.reduce((s, c) => s + c.count, 0);
  const dropped = { mass: 0 };
  const pi = kinds.map((c) => {
    const d = distinctBases(c.spec, nb, dropped);
    return d.keys.reduce((s, key, i) => s + (cachedRule(c.spec.base, key, { k, runs, share: 1, ...variant }) ? d.w[i]! : 0), 0);
  });
  const all = countOf(kinds.flatMap((c, i) => Array.from({ length: c.count }, () => pi[i]!)));
  const without = kinds.map((_, x) => countOf(kinds.flatMap((c, i) => Array.from({ length: c.count - (i === x ? 1 : 0) }, () => pi[i]!))));
  const figures = new Map<string, TaskFigures>();
  const at = (x: number, m: number): { flag: number; undecided: number; trials: number; blind: number } => {
    const id = `${x}|${m}`;
    let f = figures.get(id);
    if (!f) {
      figures.set(id, (f = taskFigures(kinds[x]!.spec, { k, runs, share: policyAt(k, runs, m).share, ...variant })));
      dropped.mass += f.dropped;
    }
    return { flag: f.flagged, undecided: f.undecided, trials: f.trials - (1 - pi[x]!) * k, blind: f.blind };
  };
  const likely = (pmf: number[], m: number) => (pmf[m] ?? 0) > 1e-14;
  // P(no task flagged) and P(no task flagged or undecided), each summed over m, the tasks that share.
  let noFlag = all[0]!;
  let pass = all[0]!;
  let blind = 0;
  for (let m = 1; m <= N; m++) {
    if (!likely(all, m)) {
      noFlag += all[m]!;
      pass += all[m]!;
      continue;
    }
    // P(m share and none of them is flagged) = [z^m] Π (1 − π + z (π − P(share and flagged))); likewise without undecided.
    let poly = [1];
    let clean = [1];
    let seeing = [1];
    kinds.forEach((c, x) => {
      const f = at(x, m);
      for (let i = 0; i < c.count; i++) {
        poly = [...poly, 0].map((v, j) => v * (1 - pi[x]!) + (j ? poly[j - 1]! * (pi[x]! - f.flag) : 0));
        clean = [...clean, 0].map((v, j) => v * (1 - pi[x]!) + (j ? clean[j - 1]! * (pi[x]! - f.flag - f.undecided) : 0));
        seeing = [...seeing, 0].map((v, j) => v * (1 - pi[x]!) + (j ? seeing[j - 1]! * (pi[x]! - f.blind) : 0));
      }
    });
    noFlag += poly[m]!;
    pass += clean[m]!;
    blind += all[m]! - seeing[m]!;
  }
  const flagged = kinds.map((_, x) => without[x]!.reduce((s, w, m1) => (w > 1e-14 ? s + w * at(x, m1 + 1).flag : s), 0));
  const undecidedEach = kinds.map((_, x) => without[x]!.reduce((s, w, m1) => (w > 1e-14 ? s + w * at(x, m1 + 1).undecided : s), 0));
  const trials = kinds.map((_, x) => (without[x]!.reduce((s, w, m1) => (w > 1e-14 ? s + w * at(x, m1 + 1).trials : s), 0) + (1 - pi[x]!) * k) / k);
  const cost = kinds.reduce((s, c, x) => s + c.count * trials[x]!, 0) / N;
  return { fail: 1 - noFlag, undecided: noFlag - pass, cost, flagged, undecidedEach, trials, blind, dropped: dropped.mass };
}

/**
 * A Terminal-Bench-like suite, a model of mine (the public per-trial data is not in this repository): 74
 * tasks whose base pass rates are on the grid five trials can show, 34 of them never passing (the public
 * runs: 34 to 67 of 74), the others towards the ends as real suites are (a task an agent can do, it mostly
 * does; about the shares of the public runs' per-task rates). Swapping the model for a weaker one lowers
 * 13 tasks by 0.6 or more, in about the mix of such drops between the public runs: most to 0, most from 1.
 */
export const TB_BASE: { rate: number; tasks: number }[] = [
  { rate: 0, tasks: 34 },
  { rate: 0.2, tasks: 6 },
  { rate: 0.4, tasks: 4 },
  { rate: 0.6, tasks: 4 },
  { rate: 0.8, tasks: 7 },
  { rate: 1, tasks: 19 },
];
export const TB_DROPS: { from: number; to: number; tasks: number }[] = [
  { from: 1, to: 0, tasks: 5 },
  { from: 1, to: 0.2, tasks: 2 },
  { from: 1, to: 0.4, tasks: 2 },
  { from: 0.8, to: 0, tasks: 2 },
  { from: 0.8, to: 0.2, tasks: 1 },
  { from: 0.6, to: 0, tasks: 1 },
];
