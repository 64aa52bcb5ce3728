// What the gate's statistics do, exactly where they can be computed and through the real gate where they
// cannot (issues 35 and 31; docs/comparison.md; written to bench/results/policy-simulation.md).
//
// Exact figures enumerate every outcome of every base and head trial, weight it by its binomial
// probability and decide it by the engine's own family, plan, p-values, reachability and tolerance
// (bench/support/exact-gate.ts), for suites of independent tasks: how many of them take a share of α is
// random (a task whose checks never succeeded on the base takes none), and so are each task's share and
// its plan (the default policy is always familywise; where it cannot flag even a total loss a drop is
// undecided, which is counted apart from a failure); given that number, tasks
// are independent, so suites are enumerated over it. The exact model's decisions are replayed through
// decideTask on random paths, and suites are run through runGate (test/support/gate-sim.ts: the plan, the
// spread test, the rounds, the verdict) to cross-check the figures.
//
// 1. Unchanged pull requests (the complete null): P(the gate fails), exact, over a grid of per-task
//    success rates, k, base runs and suite sizes; for Terminal-Bench-like tasks (one gated check, the
//    trial pass) exactly, for inventory-like tasks (the pass = every detection, detections, checks that
//    always succeed, judge items) as an exact Bonferroni bound.
// 2. What unchanged pull requests cost (head trials ÷ a fixed k), exactly.
// 3. Losses: P(flagged) and cost.
// 4. The targets of issue 35 item 3, exact and through runGate.
// 5. Power on Terminal-Bench-like suites (issue 35 item 2).
// 6. Monotone in losses: the lemma for every supported size, and suites through runGate.
// 7. Cross-checks.
//
// Run: node --import tsx bench/policy-simulation.ts [--quick] [--tb-rates FILE]
// --quick: a coarser grid and fewer suites through the gate (a few minutes instead of tens).
// --tb-rates FILE: also replay real per-task pass rates: {"<agent and model>": {"<task>": [passes, trials]}},
// e.g. derived from the public Terminal-Bench leaderboard's results.json files (not kept in this repository).
import { readFileSync } from 'node:fs';
import { decideTask, type DraftCheck } from '../src/compare/decide.ts';
import { taskFamily } from '../src/compare/family.ts';
import { lowerP } from '../src/compare/familywise.ts';
import type { TaskHead } from '../src/compare/head-looks.ts';
import { defaultBudget, makePlan, totalLossAt } from '../src/compare/plan.ts';
import { defaultAlpha } from '../src/compare/policies.ts';
import { simulate, uniform, type Suite } from '../test/support/gate-sim.ts';
import {
  certainLoss,
  crossCheck,
  flagBound,
  INVENTORY_CONSTANT,
  INVENTORY_DETECTIONS,
  inventoryLike,
  JUDGE_ITEMS,
  passOnly,
  TB_BASE,
  TB_DROPS,
  policyAt,
  suiteFigures,
  taskFigures,
  thresholds,
  taskRule,
  type Judges,
  type TaskSpec,
  type TrialModel,
} from './support/exact-gate.ts';
import { writeResult } from './support.ts';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const ratesFile = args.includes('--tb-rates') ? args[args.indexOf('--tb-rates') + 1] : undefined;
/** Suites per Monte Carlo row through runGate. */
const MC = QUICK ? 100 : 400;
const PS = Array.from({ length: 20 }, (_, i) => Number((0.05 * (i + 1)).toFixed(2)));
const INVENTORY_PS = QUICK ? [0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 1] : PS;
const KS = [2, 3, 5];
const RUNS = [1, 2, 6];
const SIZES = [1, 3, 5, 20, 50, 200];
const CONFIGS = KS.flatMap((k) => RUNS.map((runs) => ({ k, runs })));
const started = performance.now();

const pct = (x: number) =>
  x <= 0 ? '0 %' : x >= 1 - 1e-12 ? '100 %' : x < 0.0001 ? '< 0.01 %' : x > 0.9999 ? '> 99.99 %' : `${(x * 100).toFixed(x < 0.01 ? 3 : 2)} %`;
const times = (x: number) => `${x.toFixed(2)}×`;
const runsOf = (runs: number) => `${runs} base run${runs === 1 ? '' : 's'}`;
const se = (x: number, n: number) => Math.sqrt(Math.max(x * (1 - x), 1 / n) / n);
function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '-').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
function progress(what: string): void {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${what}\n`);
}

const unchanged = (p: number): TaskSpec => ({ base: passOnly(p), head: passOnly(p) });
const inventoryModels = new Map<string, TrialModel>();
/** One model object per rates, so the exact module's caches hit. */
function inventory(detections: readonly number[], judges: readonly number[] = []): TrialModel {
  const id = `${detections.join(',')}|${judges.join(',')}`;
  let m = inventoryModels.get(id);
  if (!m) inventoryModels.set(id, (m = inventoryLike(detections, judges)));
  return m;
}
const inventoryNull = (p: number): TaskSpec => ({ base: inventory([p, p, p]), head: inventory([p, p, p]) });
/** The seed's loss: double-reserve always held on the base and never on the head (the pass with it); the other detections at p. */
const seedLoss = (p: number): TaskSpec => ({ base: inventory([p, 1, p]), head: inventory([p, 0, p]) });
const SEED_LOST = ['pass', 'detect:double-reserve'];

// ---------------------------------------------------------------------------------------------------
// 1. Unchanged pull requests: P(the gate fails) ≤ α?

interface NullCell {
  fail: number;
  p: number;
  undecided: number;
  undecidedP: number;
  cost: number;
  costP: number;
}

type Variant = { minBase?: number };

/** Terminal-Bench-like suites of N tasks at rate p, exact: the worst p for failing, for undecided and for cost. */
function tbNull(
  k: number,
  runs: number,
  N: number,
  ps: readonly number[],
  variant: Variant = {},
): NullCell & { byP: Map<number, { fail: number; undecided: number; cost: number }> } {
  const cell = { fail: 0, p: 0, undecided: 0, undecidedP: 0, cost: 0, costP: 0, byP: new Map<number, { fail: number; undecided: number; cost: number }>() };
  for (const p of ps) {
    const s = suiteFigures(k, runs, [{ spec: unchanged(p), count: N }], variant);
    cell.byP.set(p, { fail: s.fail, undecided: s.undecided, cost: s.cost });
    if (s.fail > cell.fail) Object.assign(cell, { fail: s.fail, p });
    if (s.undecided > cell.undecided) Object.assign(cell, { undecided: s.undecided, undecidedP: p });
    if (s.cost > cell.cost) Object.assign(cell, { cost: s.cost, costP: p });
  }
  return cell;
}

/** max over p and m of P(flagged | the task takes a share) ÷ its share: ≤ 1 proves every suite of such tasks (any mix of rates) ≤ α. */
function tbRatio(k: number, runs: number, ps: readonly number[], upTo: number, variant: Variant = {}): { ratio: number; p: number; m: number } {
  let worst = { ratio: 0, p: 0, m: 0 };
  for (const p of ps)
    for (let m = 1; m <= upTo; m++) {
      const { share } = policyAt(k, runs, m);
      const f = taskFigures(unchanged(p), { k, runs, share, ...variant });
      const ratio = f.shares > 0 ? f.flagged / f.shares / share : 0;
      if (ratio > worst.ratio) worst = { ratio, p, m };
    }
  return worst;
}

const bold = (text: string, on: boolean) => (on ? `**${text}**` : text);

function sectionNull(out: string[]): { violations: string[]; worstRatio: number } {
  const violations: string[] = [];
  let worstRatio = 0;
  out.push('## 1. Unchanged pull requests: how often the gate fails them, and how often it cannot decide', '');
  out.push(
    `The guarantee is for pull requests that change nothing (the complete null): P(the gate fails) ≤ α, α = ${defaultAlpha(1)} with one base run and ${defaultAlpha(2)} with two or more. The default policy is always familywise: where its plan cannot flag even a total loss (too many tasks share α for the base trials and the budget), a drop is **undecided** ("add baseline runs"), never a failure; P(undecided) is shown apart from P(fail). Exact: every base and head outcome enumerated (bench/support/exact-gate.ts), no spread between runs (ρ = 0: the spread test is in §7 through the gate) and no environment errors.`,
    '',
  );
  out.push('### Terminal-Bench-like tasks: one gated check (the trial pass) at rate p on base and head', '');
  out.push(
    `Each cell: the worst over p ∈ {${PS[0]}, ${PS[1]}, …, 1} of P(the gate fails) for a suite of N such tasks all at that p, then the worst P(the gate says undecided), each with its p. "ratio": the worst over p and over m = 1 … 200 tasks sharing α of P(a task is flagged | it takes a share) ÷ its share α/m. A ratio ≤ 1 proves P(fail) ≤ α for **every** suite of such tasks, whatever mix of rates on the grid (Σ over tasks of P(task shares) × E[α / (1 + the others sharing)] = α × P(some task shares)); above 1 it is not proven for mixtures: a task takes a share only when its base succeeded, so the tasks that share are those whose base was lucky, and the share is worth more than the test pays for.`,
    '',
  );
  const rows: string[][] = [];
  const detail: string[][] = [];
  for (const { k, runs } of CONFIGS) {
    progress(`null, Terminal-Bench-like, k = ${k}, ${runsOf(runs)}`);
    const alpha = defaultAlpha(runs);
    const ratio = tbRatio(k, runs, PS, 200);
    worstRatio = Math.max(worstRatio, ratio.ratio);
    const cells = SIZES.map((N) => tbNull(k, runs, N, PS));
    const over = (c: NullCell) => c.fail > alpha;
    rows.push([
      `k = ${k}, ${runsOf(runs)} (α = ${alpha})`,
      `${bold(ratio.ratio.toFixed(3), ratio.ratio > 1)} (p = ${ratio.p}, m = ${ratio.m})`,
      ...cells.map((c) => `${bold(pct(c.fail), over(c))} (p = ${c.p}) · ${pct(c.undecided)}${c.undecided > 0 ? ` (p = ${c.undecidedP})` : ''}`),
    ]);
    cells.forEach((c, i) => {
      if (over(c)) violations.push(`Terminal-Bench-like, k = ${k}, ${runsOf(runs)}, ${SIZES[i]} tasks at p = ${c.p}: P(fail) = ${pct(c.fail)} > α = ${alpha}`);
    });
    if (cells.some(over) || ratio.ratio > 1)
      for (const p of PS.filter((x) => x <= 0.5 || x === 0.7 || x === 0.9))
        detail.push([
          `k = ${k}, ${runsOf(runs)}, p = ${p}`,
          ...cells.map((c) => `${bold(pct(c.byP.get(p)!.fail), c.byP.get(p)!.fail > alpha)} · ${pct(c.byP.get(p)!.undecided)}`),
        ]);
  }
  out.push(table(['design', 'ratio (worst p, m)', ...SIZES.map((N) => `N = ${N}: fail · undecided`)], rows), '');
  if (detail.length) {
    out.push('Where the ratio exceeds 1, by rate (exact; P(fail) · P(undecided), bold above α):', '');
    out.push(table(['design', ...SIZES.map((N) => `N = ${N}`)], detail), '');
  }
  return { violations, worstRatio };
}

/** A lone task's total loss (the engine's p, conditioned on its base having succeeded): the fewest head trials (k … k + the default budget) at which it reaches all of α, the floor of any look; null: never. */
function floorTotalLoss(k: number, runs: number): number | null {
  const nb = k * runs;
  const { alpha } = policyAt(k, runs, 1);
  const end = k + defaultBudget({ k, baseTrials: nb, share: alpha });
  for (let n = k; n <= end; n++) {
    const p = totalLossAt(n, nb, k, 0);
    if (p <= alpha * (1 + 1e-9)) return n;
  }
  return null;
}

/**
 * The engine (each p-value conditioned on its check's base having succeeded: stats.ts fisherLowerTested) at
 * one base run, where selection by the base bites hardest: the ratio, the worst actual suite, and what it
 * costs a lone total loss. (exact-gate.ts keeps minBase for what-if rules; the engine's conditioning is on one success.)
 */
function sectionWhatIf(out: string[]): string[] {
  const lines: string[] = [];
  out.push('### Selection by the base at one base run: what the conditioned p costs (same exact model)', '');
  out.push(
    'The engine’s every Fisher p-value is conditioned on the check’s base having succeeded (the event that makes it take a share): p ÷ P(some base success | both margins), free of the rate, so P(p ≤ x | the check shares) ≤ x exactly (before, at k = 2 against one base run, the ratio reached 2.665 and suites of 50–200 tasks at p ≤ 0.1 failed up to 9.57 % of unchanged pull requests at α = 5 %). Columns: the ratio as above; the worst P(fail) of an actual suite on the grid (N ∈ {1, 3, 5, 20, 50, 200}, every task at one p); a lone task’s total loss (1 → 0 of the pass): P(flagged) and head trials ÷ k with the engine’s plan, and the fewest head trials at which the engine’s total-loss p reaches all of α (no look of this test can flag it earlier).',
    '',
  );
  const rows: string[][] = [];
  const variants: [string, Variant][] = [['the engine (a share from 1 base success, p conditioned on it)', {}]];
  for (const k of [2, 3]) {
    const runs = 1;
    const alpha = defaultAlpha(runs);
    for (const [name, variant] of variants) {
      progress(`what-if ${name}, k = ${k}`);
      const ratio = tbRatio(k, runs, PS, 200, variant);
      let worst = { fail: 0, N: 0, p: 0, undecided: 0 };
      for (const N of SIZES) {
        const c = tbNull(k, runs, N, PS, variant);
        if (c.fail > worst.fail) worst = { fail: c.fail, N, p: c.p, undecided: c.byP.get(c.p)!.undecided };
      }
      const loss = suiteFigures(k, runs, [{ spec: { base: passOnly(1), head: passOnly(0) }, count: 1 }], variant);
      const resized = floorTotalLoss(k, runs);
      rows.push([
        `k = ${k}, one base run: ${name}`,
        `${bold(ratio.ratio.toFixed(3), ratio.ratio > 1)} (p = ${ratio.p}, m = ${ratio.m})`,
        `${bold(pct(worst.fail), worst.fail > alpha)} (N = ${worst.N}, p = ${worst.p})`,
        `${pct(loss.flagged[0]!)} flagged · ${times(loss.trials[0]!)}`,
        resized === null ? 'never' : `${resized} trials: ${times(resized / k)}`,
      ]);
      lines.push(
        `k = ${k}, one base run, ${name}: ratio ${ratio.ratio.toFixed(3)} (p = ${ratio.p}, m = ${ratio.m}); worst suite P(fail) ${pct(worst.fail)} (N = ${worst.N}, p = ${worst.p}); a lone total loss ${pct(loss.flagged[0]!)} flagged at ${times(loss.trials[0]!)} with the engine's plans, first flaggable at ${resized === null ? 'never' : times(resized / k)}`,
      );
    }
  }
  out.push(
    table(
      [
        'rule',
        'ratio (worst p, m)',
        'worst actual suite: P(fail)',
        'lone total loss, the engine’s plan: flagged · head trials ÷ k',
        'the fewest head trials any look could flag a total loss at (all of α)',
      ],
      rows,
    ),
    '',
  );
  return lines;
}

const BLIND_PS = [0.5, 0.7, 0.9, 0.95, 0.99];

/** Inventory-like tasks: an exact Bonferroni bound per task (M = N: the checks that always succeed make every task share). */
function sectionInventoryNull(out: string[]): void {
  out.push('### Inventory-like tasks: the pass (every detection held), three detections at rate p, seven checks that always succeed', '');
  out.push(
    'Every task takes a share (its always-succeeding checks can regress), so the share is α/N. Per task, an exact upper bound on P(flagged): the sum over its checks and their testing looks of P(p ≤ the look’s part × the check’s weight × share), every look counted whether or not the task reaches it (checks held together, family.ts, each counted at their one weight: more than their conjunction can reach), with the weights and plan each base outcome gives (the weights depend on the base: the bound is what the design’s guarantee rests on, computed with them). Shown: the worst over p of bound ÷ share (≤ 1: the suite fails at most α, since P(fail) ≤ N × bound), without and with three judge items at rate p beside the pass (—: with six base runs the judge items are computed only without --quick).',
    '',
  );
  const rows: string[][] = [];
  for (const { k, runs } of CONFIGS) {
    progress(`null, inventory-like, k = ${k}, ${runsOf(runs)}`);
    const cells = SIZES.map((N) => {
      const policy = policyAt(k, runs, N);
      // Where even a perfect base's plan cannot flag a total loss, nothing is ever flagged: show how often it is undecided.
      if (!makePlan({ k, baseTrials: k * runs, share: policy.share, budget: null, rho: 0 }).totalLoss) {
        let worstU = { u: 0, p: 0 };
        for (const p of BLIND_PS) {
          const s = suiteFigures(k, runs, [{ spec: inventoryNull(p), count: N }]);
          if (s.fail > 0) throw new Error(`a blind design flagged: k = ${k}, ${runs} runs, N = ${N}, p = ${p}`);
          if (s.undecided > worstU.u) worstU = { u: s.undecided, p };
        }
        return `blind: fail 0 · undecided ${pct(worstU.u)} (p = ${worstU.p})`;
      }
      let worst = { ratio: 0, p: 0 };
      let worstJ = { ratio: Number.NaN, p: 0 };
      for (const p of INVENTORY_PS) {
        const setting = { k, runs, share: policy.share };
        const rates = [p ** 3, p, p, p];
        const b = flagBound(inventoryNull(p), setting, rates).bound / policy.share;
        if (b > worst.ratio) worst = { ratio: b, p };
        if (runs < 6 || !QUICK) {
          const bj = flagBound(inventoryNull(p), setting, rates, { items: 3, rate: p }).bound / policy.share;
          if (!(bj <= worstJ.ratio)) worstJ = { ratio: bj, p };
        }
      }
      return `${worst.ratio.toFixed(3)} (p = ${worst.p}) · ${Number.isNaN(worstJ.ratio) ? '—' : `${worstJ.ratio.toFixed(3)} (p = ${worstJ.p})`}`;
    });
    rows.push([`k = ${k}, ${runsOf(runs)}`, ...cells]);
  }
  out.push(table(['design: bound ÷ share, without · with judge items (worst p)', ...SIZES.map((N) => `N = ${N}`)], rows), '');
  out.push(
    `"blind": with that many tasks sharing α even a total loss from a perfect base cannot reach a share within the budget, so nothing is flagged; the cell shows the exact P(the gate says undecided), the worst over p ∈ {${BLIND_PS.join(', ')}} (a drop of the pass or a detection below its base is undecided, "add baseline runs"). Before the default stopped falling back to strict, these suites failed almost surely.`,
    '',
  );
}

// ---------------------------------------------------------------------------------------------------
// 2. What unchanged pull requests cost.

/** Inventory-like cost cells computed exactly: k = 5 only at p ≥ 0.9 (below, its head of up to 45 trials of four checks takes minutes per cell). */
const INVENTORY_COST_PS = [0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1];
const inventoryCostComputed = (k: number, p: number) => k < 5 || p >= 0.9;

function sectionCost(out: string[]): { cost: number; where: string } {
  out.push('## 2. What unchanged pull requests cost: head trials ÷ those of a fixed k', '');
  out.push('### Terminal-Bench-like suites, exact (the worst over p ∈ 0.05 … 1, at that p)', '');
  const rows: string[][] = [];
  for (const { k, runs } of CONFIGS) {
    const cells = SIZES.map((N) => tbNull(k, runs, N, PS));
    rows.push([`k = ${k}, ${runsOf(runs)}`, ...cells.map((c) => `${times(c.cost)} (p = ${c.costP})`)]);
  }
  out.push(table(['design', ...SIZES.map((N) => `N = ${N}`)], rows), '');
  out.push('### Inventory-like tasks, exact (one base run; every task of a suite of N alike, share α/N; k = 5 below p = 0.9 is in §7, through the gate)', '');
  const invRows: string[][] = [];
  let worst = { cost: 0, where: '' };
  for (const k of KS)
    for (const N of [1, 3, 5]) {
      progress(`cost, inventory-like, k = ${k}, N = ${N}`);
      const share = policyAt(k, 1, N).share;
      invRows.push([
        `k = ${k}, 1 base run, N = ${N}`,
        ...INVENTORY_COST_PS.map((p) => {
          if (!inventoryCostComputed(k, p)) return '—';
          const cost = taskFigures(inventoryNull(p), { k, runs: 1, share }).trials / k;
          if (cost > worst.cost) worst = { cost, where: `k = ${k}, one base run, N = ${N}, p = ${p}` };
          return times(cost);
        }),
      ]);
    }
  out.push(table(['design (detections at p, the pass at p³)', ...INVENTORY_COST_PS.map((p) => `p = ${p}`)], invRows), '');
  return worst;
}

// ---------------------------------------------------------------------------------------------------
// 3. Losses.

function sectionLosses(out: string[]): void {
  out.push('## 3. Losses: how often they are flagged, and what they cost', '');
  out.push('### Terminal-Bench-like: one task’s rate drops, the other N − 1 tasks unchanged at 0.9, exact', '');
  out.push(
    'Flagged: P(the changed task is flagged) (and, when above 0.01 %, P(it is undecided): its plan cannot flag even a total loss with that many tasks sharing α, and its head ended below its base). Its trials: its own head trials ÷ k. Suite: every head trial ÷ those of a fixed k.',
    '',
  );
  const drops = [
    [1, 0],
    [1, 0.4],
    [0.8, 0.2],
    [1, 0.5],
    [0.9, 0.6],
  ] as const;
  const rows: string[][] = [];
  for (const { k, runs } of CONFIGS)
    for (const N of [1, 5, 50]) {
      const cells = drops.map(([pb, ph]) => {
        const s = suiteFigures(k, runs, [
          { spec: { base: passOnly(pb), head: passOnly(ph) }, count: 1 },
          ...(N > 1 ? [{ spec: unchanged(0.9), count: N - 1 }] : []),
        ]);
        return `${pct(s.flagged[0]!)}${s.undecidedEach[0]! > 0.0001 ? ` (undecided ${pct(s.undecidedEach[0]!)})` : ''} · ${times(s.trials[0]!)} · ${times(s.cost)}`;
      });
      rows.push([`k = ${k}, ${runsOf(runs)}, N = ${N}`, ...cells]);
    }
  out.push(table(['design', ...drops.map(([pb, ph]) => `${pb} → ${ph}: flagged · its trials · suite`)], rows), '');

  out.push('### Inventory-like: the seed’s loss (double-reserve 1 → 0, the trial pass with it), the other detections at p', '');
  out.push(
    'Exact: P(flagged) (and, when not flagged, undecided: the plan cannot flag even a total loss of its first check; otherwise it would pass) and the lost task’s head trials ÷ k, the task alone (N = 1) and among N tasks (share α/N); "+ judges": three judge items at p beside the pass. The loss is certain, so each base outcome fixes the look that flags it; another check flagging first could only stop the task earlier, so its trials are an upper bound (exact to within the chance of a false alarm; where checked by full enumeration, identical to two decimals).',
    '',
  );
  const ps = [1, 0.99, 0.95, 0.9, 0.8, 0.5];
  const invRows: string[][] = [];
  for (const { k, runs } of CONFIGS)
    for (const N of [1, 5, 20]) {
      const policy = policyAt(k, runs, N);
      const setting = { k, runs, share: policy.share };
      invRows.push([
        `k = ${k}, ${runsOf(runs)}, N = ${N}`,
        ...ps.map((p) => {
          const plain = certainLoss(seedLoss(p), setting, SEED_LOST);
          const judged = certainLoss(seedLoss(p), setting, SEED_LOST, { items: 3, rate: p });
          const shown = (x: typeof plain) => `${pct(x.flagged)}${x.undecided > 1e-9 ? ` (${pct(x.undecided)} undecided)` : ''} · ${times(x.trials / k)}`;
          return `${shown(plain)}; + judges ${shown(judged)}`;
        }),
      ]);
    }
  out.push(table(['design', ...ps.map((p) => `p = ${p}`)], invRows), '');
}

// ---------------------------------------------------------------------------------------------------
// 4. The targets of issue 35 item 3.

async function gateCost(suite: (seed: number) => Suite, n: number, settings: { maxTrials?: number } = {}) {
  let cost = 0;
  let fail = 0;
  let undecided = 0;
  let rounds = 0;
  let adjusted = 0;
  for (let s = 0; s < n; s++) {
    const r = await simulate(suite(s), settings);
    cost += r.cost;
    if ((r.outcome.comparison.policy.spread?.rho ?? 0) > 0) adjusted++;
    rounds += r.outcome.rounds.length;
    if (r.outcome.gate.verdict === 'regression') fail++;
    if (r.outcome.gate.verdict === 'undecided') undecided++;
  }
  return { cost: cost / n, fail: fail / n, undecided: undecided / n, rounds: rounds / n, adjusted: adjusted / n };
}

const INVENTORY_CHECKS = ['pass', ...INVENTORY_DETECTIONS, ...INVENTORY_CONSTANT];

/** The inventory-like task through the gate: detections at p (double-reserve lost on the head when `lost`), judge items at p when asked. */
function inventorySuite(tasks: number, k: number, runs: number, p: number, lost: boolean, judges: boolean, seed: number): Suite {
  const checks = [...INVENTORY_CHECKS, ...(judges ? JUDGE_ITEMS : [])];
  return {
    tasks,
    checks,
    k,
    baseRuns: runs,
    outcome: (task, check, run, trial) => {
      const name = checks[check]!;
      if (name === 'detect:double-reserve' && lost && task === 0) return run < runs;
      if (name.startsWith('detect:') || name.startsWith('judge:')) return uniform(11, seed, task, check, run, trial) < p;
      return true;
    },
  };
}

async function sectionTargets(out: string[], violations: string[], worstInv: { cost: number; where: string }, worstRatio: number): Promise<string[]> {
  out.push('## 4. The targets of issue 35 item 3', '');
  out.push(
    `Exact figures as above; "through the gate": the same suites run through runGate (the plan, the spread test, the rounds, the verdict; ${MC} seeded suites where outcomes are random, one where they are not).`,
    '',
  );
  const rows: string[][] = [];
  const misses: string[] = [];
  const target = (name: string, goal: string, exact: string, gate: string, met: boolean, why = '') => {
    rows.push([name, goal, exact, gate, met ? 'met' : `**missed**${why ? `: ${why}` : ''}`]);
    if (!met) misses.push(`${name}: ${exact} (target ${goal})${why ? `; ${why}` : ''}`);
  };
  const lone = (k: number, runs: number, p: number, judges?: Judges) =>
    certainLoss(seedLoss(p), { k, runs, share: policyAt(k, runs, 1).share }, SEED_LOST, judges).trials / k;
  for (const [k, runs, goal, label] of [
    [3, 1, 2, 'the seed’s loss, a lone inventory-like task, k = 3, one base run'],
    [3, 6, 1.3, 'the same with six base runs'],
    [2, 1, 3, 'k = 2, one base run (no judge items)'],
  ] as const) {
    progress(`targets: ${label}`);
    const seedTask = lone(k, runs, 1);
    const g = await gateCost((s) => inventorySuite(1, k, runs, 1, true, false, s), 1);
    target(
      `${label}: the seed as it is (every other check always held)`,
      `≤ ${goal}×`,
      times(seedTask),
      `${times(g.cost)}, ${pct(g.fail)} failed`,
      seedTask <= goal + 1e-9,
    );
    for (const p of [0.95, 0.9]) {
      const flaky = lone(k, runs, p);
      const gf = await gateCost((s) => inventorySuite(1, k, runs, p, true, false, s), MC);
      target(
        `${label}: the other two detections flaky at ${p}`,
        `≤ ${goal}×`,
        times(flaky),
        `${times(gf.cost)}, ${pct(gf.fail)} failed`,
        flaky <= goal + 1e-9,
        'when the base’s trial pass failed once, it shares the task’s share equally with every check that differs from it; the checks that always held are held together at one of those shares only where that flags their total loss in the first round, else each gets about 1/11 of it and a total loss needs far more trials',
      );
    }
    if (k === 3 && runs === 1) {
      const judged = lone(k, runs, 1, { items: 3, rate: 1 });
      const gj = await gateCost((s) => inventorySuite(1, k, runs, 1, true, true, s), 1);
      target(
        `${label}, with three judge items beside the pass`,
        `≤ ${goal}×`,
        times(judged),
        `${times(gj.cost)}, ${pct(gj.fail)} failed`,
        judged <= goal + 1e-9,
      );
    }
  }
  // Unchanged small suites with flaky checks.
  progress('targets: unchanged small suites');
  let worstTb = { cost: 0, where: '' };
  for (const { k, runs } of CONFIGS)
    for (const N of [1, 3, 5]) {
      const c = tbNull(k, runs, N, PS);
      if (c.cost > worstTb.cost) worstTb = { cost: c.cost, where: `k = ${k}, ${runsOf(runs)}, N = ${N}, p = ${c.costP}` };
    }
  const tbGate = await gateCost((s) => ({ tasks: 1, checks: ['pass'], k: 5, baseRuns: 6, outcome: (t, _c, r, i) => uniform(61, s, t, r, i) < 0.8 }), MC);
  const tb56 = tbNull(5, 6, 1, [0.8]);
  target(
    'unchanged small suites (1–5 tasks), Terminal-Bench-like, worst over k, base runs and p',
    '≤ 1.1×',
    `${times(worstTb.cost)} (${worstTb.where})`,
    `k = 5, six base runs, N = 1, p = 0.8: exact ${times(tb56.cost)}, through the gate ${times(tbGate.cost)}`,
    worstTb.cost <= 1.1,
    worstTb.where.startsWith('k = 2, 1 base run')
      ? 'head only, k = 2 against one base run of 2: a head of 0/2 against 2/2 is at p = 1/5 (conditioned on the base having succeeded), a total loss’s own p there, so it must go on (2 → 0 is what a total loss looks like), and a total loss is flagged only at 10 head trials; at 0.5 that happens by chance to 1/16 of tasks. With a base runner the same suites cost at most 1.09× (bench/results/paired-base.md)'
      : 'the first round’s screen (p ≤ 0.15) sends a task whose head merely had a bad round to its next look; against a long base history that is often',
  );
  const inv3 = taskFigures(inventoryNull(0.9), { k: 3, runs: 1, share: policyAt(3, 1, 3).share }).trials / 3;
  const invGate = await gateCost((s) => inventorySuite(3, 3, 1, 0.9, false, false, s), MC);
  const inv6 = await gateCost((s) => inventorySuite(3, 3, 6, 0.9, false, false, s), MC);
  target(
    'unchanged small suites (1–5 tasks), inventory-like, one base run, worst over k and p (§2)',
    '≤ 1.1×',
    `${times(worstInv.cost)} (${worstInv.where})`,
    `k = 3, N = 3, p = 0.9: exact ${times(inv3)}, through the gate ${times(invGate.cost)}; six base runs (through the gate only): ${times(inv6.cost)}`,
    worstInv.cost <= 1.1,
    'k = 2 against one base run of 2: a detection that held twice on the base and failed twice on the head is at p = 1/5 (conditioned on its base having succeeded), a total loss’s own p, so it goes on (a total loss always does); with three flaky detections that happens to a lone task by chance often',
  );
  // An outage.
  progress('targets: outages');
  const outage = (when: 'all' | 'after the first round') => (): Suite => ({
    tasks: 2,
    checks: ['pass', 'detect:a'],
    k: 3,
    baseRuns: 1,
    outcome: (task, c, run) => !(run === 1 && task === 0 && c === 1),
    env: (_t, run, trial) => run === 1 && (when === 'all' || trial > 3),
  });
  const all = await gateCost(outage('all'), 1);
  const later = await gateCost(outage('after the first round'), 1);
  target(
    'an outage (every head trial an environment error) never starts a round',
    '0 rounds',
    '—',
    `${all.rounds} rounds, ${pct(all.undecided)} undecided; an outage that starts after the first round (which showed a loss): ${later.rounds} rounds (the round it needed and one top-up), then undecided`,
    all.rounds === 0 && all.undecided === 1,
  );
  target(
    'false alarms ≤ α',
    '≤ α',
    `${violations.length ? violations.slice(0, 2).join('; ') : 'every suite of §1 (every task at one rate) within α'}; for mixtures of rates not proven where the ratio of §1 exceeds 1 (worst ${worstRatio.toFixed(3)})`,
    'see §7',
    violations.length === 0 && worstRatio <= 1,
    `a task takes a share only when its base succeeded, and with one base run of k = 2 that selects tasks whose base was lucky: P(flagged | it takes a share) reaches ${worstRatio.toFixed(2)} × its share (§1)`,
  );
  out.push(table(['target', 'goal', 'exact', 'through the gate', ''], rows), '');
  return misses;
}

// ---------------------------------------------------------------------------------------------------
// 5. Power on Terminal-Bench-like suites.

function tbSuite(drops: typeof TB_DROPS): { spec: TaskSpec; count: number; dropped: boolean }[] {
  const kinds = TB_BASE.map((b) => ({
    spec: unchanged(b.rate),
    count: b.tasks - drops.filter((d) => d.from === b.rate).reduce((s, d) => s + d.tasks, 0),
    dropped: false,
  }));
  return [
    ...drops.map((d) => ({ spec: { base: passOnly(d.from), head: passOnly(d.to) }, count: d.tasks, dropped: true })),
    ...kinds.filter((x) => x.count > 0),
  ];
}

const POWER_DESIGNS = [
  { k: 3, runs: 1, goal: 0.6 },
  { k: 3, runs: 2, goal: null },
  { k: 3, runs: 6, goal: 0.95 },
  { k: 5, runs: 1, goal: null },
  { k: 5, runs: 6, goal: null },
] as const;

function sectionPower(out: string[]): string[] {
  const findings: string[] = [];
  out.push('## 5. Power on Terminal-Bench-like suites (issue 35 item 2)', '');
  out.push(
    `A model of mine, not the public data: 74 tasks with base pass rates ${TB_BASE.map((b) => `${b.tasks} at ${b.rate}`).join(', ')} (so 34 never pass on the base; the public runs: 34 to 67 of 74). Swapping the model for a weaker sibling lowers ${TB_DROPS.reduce((s, d) => s + d.tasks, 0)} tasks by 0.6 or more: ${TB_DROPS.map((d) => `${d.tasks} × ${d.from} → ${d.to}`).join(', ')} (about the mix of such drops between the public runs). Exact: each task’s P(flagged) over every base and head outcome of the whole suite (how many tasks share α included). Columns per drop: P(that task is flagged).`,
    '',
  );
  const pairs = [...new Set(TB_DROPS.map((d) => `${d.from}→${d.to}`))];
  const rows: string[][] = [];
  for (const d of POWER_DESIGNS) {
    progress(`power, k = ${d.k}, ${runsOf(d.runs)}`);
    const kinds = tbSuite(TB_DROPS);
    const s = suiteFigures(d.k, d.runs, kinds);
    const lost = kinds.map((x, i) => ({ x, i })).filter(({ x }) => x.dropped);
    const power = lost.reduce((a, { x, i }) => a + x.count * s.flagged[i]!, 0) / lost.reduce((a, { x }) => a + x.count, 0);
    const none = suiteFigures(
      d.k,
      d.runs,
      TB_BASE.map((b) => ({ spec: unchanged(b.rate), count: b.tasks })),
    );
    const met =
      d.goal === null
        ? ''
        : power >= d.goal
          ? ` (target ≥ ${pct(d.goal)}: met)`
          : ` (target ≥ ${pct(d.goal)}: **missed** by ${((d.goal - power) * 100).toFixed(1)} points)`;
    if (d.goal !== null && power < d.goal) findings.push(`power at k = ${d.k}, ${runsOf(d.runs)}: ${pct(power)} < ${pct(d.goal)}`);
    rows.push([
      `k = ${d.k}, ${runsOf(d.runs)}`,
      ...pairs.map((pair) => pct(s.flagged[lost.find(({ x }) => pairOf(x.spec) === pair)!.i]!)),
      `${pct(power)}${met}`,
      `${pct(s.fail)} · ${pct(s.undecided)} · ${times(s.cost)}`,
      `${pct(none.fail)} · ${pct(none.undecided)} · ${times(none.cost)}`,
    ]);
  }
  out.push(
    table(
      [
        'design',
        ...pairs.map((p) => `${p} flagged`),
        'the drops ≥ 0.6 flagged',
        'the swap: gate fails · undecided · cost',
        'unchanged: gate fails · undecided · cost',
      ],
      rows,
    ),
    '',
  );
  const floor = lowerP({ successes: 3, n: 3 }, 3, { successes: 400, n: 1000 }, 0);
  out.push(
    `Why one base run cannot reach it: against 3/3 on the base, a head at 0.4 gives at best p = ${floor.toFixed(3)} (400 of 1,000 head trials), above any task’s share of α, so 1 → 0.4 is never flagged however many head trials run; 0.8 → 0.2 needs the base to have passed all three (0.8³ = 51 %). What meets it is more base trials of the same commit: six base runs (above), or the base commit’s trials rerun in the same job beside the head’s (a paired design, which also removes the day-to-day spread).`,
    '',
  );
  if (ratesFile) findings.push(...replayRates(out, ratesFile));
  return findings;
}

const pairOf = (spec: TaskSpec) => `${rateOf(spec.base)}→${rateOf(spec.head)}`;
const rateOf = (m: TrialModel) => m.outcomes.find((o) => o.ok[0])?.p ?? 0;

/** Real per-task rates (derived by the user from public results): every ordered pair of entries as base and head, 80 tasks each. */
function replayRates(out: string[], file: string): string[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, [number, number]>>;
  const entries = Object.keys(data);
  out.push(
    `### Replayed on real per-task rates (${entries.length} agent and model entries, read from ${file}; every ordered pair as base and head, each task’s observed rate rounded to 0.05 as its p; exact per pair)`,
    '',
  );
  const rows: string[][] = [];
  for (const d of POWER_DESIGNS) {
    progress(`power replay, k = ${d.k}, ${runsOf(d.runs)}`);
    let lostTasks = 0;
    let flagged = 0;
    let fails = 0;
    let undecided = 0;
    let pairs = 0;
    const same = { cost: 0, fail: 0, undecided: 0 };
    for (const a of entries)
      for (const b of entries) {
        if (a === b) continue;
        const tasks = Object.keys(data[a]!).filter((t) => data[b]![t]);
        const rate = (e: string, t: string) => Math.round((data[e]![t]![0] / data[e]![t]![1]) * 20) / 20;
        const kinds = tasks.map((t) => ({ spec: { base: passOnly(rate(a, t)), head: passOnly(rate(b, t)) }, count: 1 }));
        const s = suiteFigures(d.k, d.runs, kinds);
        tasks.forEach((t, i) => {
          if (rate(a, t) - rate(b, t) >= 0.6 - 1e-9) {
            lostTasks++;
            flagged += s.flagged[i]!;
          }
        });
        fails += s.fail;
        undecided += s.undecided;
        pairs++;
        if (b === entries[(entries.indexOf(a) + 1) % entries.length]) {
          // The same entry as base and head: an unchanged pull request on these tasks.
          const u = suiteFigures(
            d.k,
            d.runs,
            tasks.map((t) => ({ spec: unchanged(rate(a, t)), count: 1 })),
          );
          same.cost += u.cost;
          same.fail += u.fail;
          same.undecided += u.undecided;
        }
      }
    rows.push([
      `k = ${d.k}, ${runsOf(d.runs)}`,
      String(lostTasks),
      pct(flagged / lostTasks),
      pct(fails / pairs),
      pct(undecided / pairs),
      `${pct(same.fail / entries.length)} · ${pct(same.undecided / entries.length)} · ${times(same.cost / entries.length)}`,
    ]);
  }
  out.push(
    table(
      ['design', 'task drops ≥ 0.6', 'flagged', 'pull requests failed', 'pull requests undecided', 'unchanged: fails · undecided · cost (mean over entries)'],
      rows,
    ),
    '',
  );
  return [];
}

// ---------------------------------------------------------------------------------------------------
// 6. Monotone in losses.

/**
 * The lemma the monotonicity rests on, for every supported size (k = 1 … 10, 1 … 10 base runs, shares α/m
 * for m up to 1,000 and the weights a check can have): a check's p never falls as the head gains a success
 * and neither does its reachability (so each decision is a threshold); a total loss of the check a plan is
 * sized for keeps its task going until it is flagged, and decideTask flags it at the look the plan names
 * (the same tolerance in the plan and the test). And the other weighted checks: whether their own total
 * loss, at their weight, is ever flagged.
 */
function lemma(): { plans: number; cells: number; problems: string[]; blindPlans: number; unseen: string[]; judged: number; rounding: number } {
  let plans = 0;
  let rounding = 0;
  let cells = 0;
  let blindPlans = 0;
  let judged = 0;
  const problems: string[] = [];
  const unseen: string[] = [];
  for (let k = 1; k <= 10; k++)
    for (let runs = 1; runs <= 10; runs++) {
      const nb = k * runs;
      const alpha = defaultAlpha(runs);
      const sizes = new Set<number>();
      for (const m of [1, 2, 3, 5, 10, 20, 50, 200, 1000])
        for (const weight of [1, 3 / 4, 1 / 2, 1 / 4, 1 / 11]) {
          const share = alpha / m;
          const plan = makePlan({ k, baseTrials: nb, share: weight * share, taskShare: share, budget: null, rho: 0 });
          plans++;
          plan.looks.forEach((l) => sizes.add(l.trials));
          if (!plan.totalLoss) {
            blindPlans++;
            continue;
          }
          // A total loss of the check the plan is sized for, through decideTask at every look up to the one that flags it.
          const base = { successes: nb, n: nb };
          const family = { nodes: ['pass'], weights: [1], together: [], primary: 'pass' };
          for (let r = 0; r <= plan.totalLoss.look; r++) {
            const looks = plan.looks.slice(0, r + 1).map((l) => ({ successes: 0, n: l.trials }));
            const draft: DraftCheck = { check: 'pass', base, head: looks[r]!, baseRunTrials: k, gated: true, worstBase: base };
            const head: TaskHead = {
              reached: r,
              started: looks[r]!.n,
              executed: looks[r]!.n,
              held: looks[r]!.n,
              looks: new Map([['pass', looks]]),
              worst: new Map([['pass', looks]]),
              rounds: looks.map((l, i) => ({ started: l.n - (i ? looks[i - 1]!.n : 0), env: 0 })),
              declared: 0,
            };
            const d = decideTask({ checks: [draft], head, familywise: { family, plan, share: weight * share } });
            if (r < plan.totalLoss.look && (d.regressed || !d.goesOn))
              problems.push(`a total loss stops before its look: k=${k} runs=${runs} m=${m} w=${weight} look ${r}`);
            if (r === plan.totalLoss.look && !d.regressed) problems.push(`a total loss is not flagged at its look: k=${k} runs=${runs} m=${m} w=${weight}`);
          }
        }
      // Each check's p, at every look size any of these plans has, never falls as the head gains a success.
      for (const n of sizes)
        for (let b = 1; b <= nb; b += Math.max(1, Math.floor(nb / 7))) {
          let previous = 0;
          for (let h = 0; h <= n; h++) {
            const p = lowerP({ successes: b, n: nb }, k, { successes: h, n }, 0);
            // Below 1e-12 it is rounding of a sum near 1 (the sum starts where the margins allow), where no decision is taken.
            if (p < previous - 1e-12) problems.push(`p falls as the head gains a success: k=${k} runs=${runs} b=${b} h=${h}/${n}`);
            else if (p < previous) rounding++;
            previous = p;
            cells++;
          }
        }
      // Judge items beside a pass that held on every base trial: each weighs 1/12 of the share, the plan is sized for the pass's 3/4.
      for (let m = 1; m <= 50; m++) {
        const share = alpha / m;
        const checks = ['pass', ...JUDGE_ITEMS];
        const family = taskFamily(checks.map((check) => ({ check, base: { successes: nb, n: nb }, gated: true })));
        const plan = makePlan({ k, baseTrials: nb, share: family.weights[0]! * share, taskShare: share, budget: null, rho: 0 });
        if (!plan.totalLoss) continue;
        judged++;
        const t = thresholds({ family, plan }, { k, runs, share }, JUDGE_ITEMS[0]!, { successes: nb, n: nb });
        if (!t.some((x) => x.flag >= 0)) unseen.push(`k = ${k}, ${runsOf(runs)}, ${m} tasks`);
      }
    }
  return { plans, cells, problems, blindPlans, unseen, judged, rounding };
}

/** A judge item's total loss that its plan cannot flag: the smallest suites where it happens, through runGate, with the gate's verdict. */
async function judgeLossUnseen(): Promise<{ line: string; verdict: string }[]> {
  const found: { line: string; verdict: string }[] = [];
  for (const [k, runs] of [
    [3, 1],
    [2, 1],
    [5, 1],
    [3, 6],
  ] as const)
    for (const tasks of [1, 2, 3, 5, 10, 20]) {
      const share = policyAt(k, runs, tasks).share;
      const nb = k * runs;
      const rule = taskRule({ varying: ['pass', ...JUDGE_ITEMS], constant: [], outcomes: [] }, [nb, nb, nb, nb], { k, runs, share });
      if (!rule || rule.flagAt[1]!.some((c) => c >= 0)) continue;
      const suite: Suite = {
        tasks,
        checks: ['pass', ...JUDGE_ITEMS],
        k,
        baseRuns: runs,
        outcome: (task, check, run) => !(task === 0 && check === 1 && run === runs),
      };
      const { outcome, cost } = await simulate(suite);
      const t0 = outcome.comparison.tasks.find((t) => t.id === 't0')!;
      const judge = t0.checks.find((c) => c.check === JUDGE_ITEMS[0])!;
      found.push({
        line: `k = ${k}, ${runsOf(runs)}, ${tasks} task${tasks === 1 ? '' : 's'}: ${JUDGE_ITEMS[0]} ${judge.base.successes}/${judge.base.n} → ${judge.head.successes}/${judge.head.n}, the gate says **${outcome.gate.verdict}** (${judge.status}; ${t0.undecided ?? judge.rule}) after ${times(cost * tasks)} the head trials of a fixed k for that task`,
        verdict: outcome.gate.verdict,
      });
      break;
    }
  return found;
}

const ORDER: Record<string, number> = { pass: 0, undecided: 1, regression: 2 };

/** Checks of a suite turned into losses one at a time (every other outcome coupled), through runGate. */
async function lossSequence(make: (lost: Set<number>) => Suite, units: number, step: number) {
  const order = Array.from({ length: units }, (_, i) => i).sort((a, b) => uniform(41, a) - uniform(41, b));
  let previous = -1;
  let broken = 0;
  let softened = 0;
  let gates = 0;
  let firstFail: number | null = null;
  for (let losses = 0; losses <= units; losses += losses < 12 ? 1 : step) {
    const { outcome } = await simulate(make(new Set(order.slice(0, losses))));
    gates++;
    const rank = ORDER[outcome.gate.verdict] ?? -1;
    if (previous === 2 && rank === 0) broken++;
    else if (rank < previous) softened++;
    if (rank === 2 && firstFail === null) firstFail = losses;
    previous = rank;
  }
  return { gates, broken, softened, firstFail };
}

async function sectionMonotone(out: string[]): Promise<string[]> {
  const findings: string[] = [];
  out.push('## 6. Monotone: a further loss never turns a failing pull request into a pass', '');
  progress('monotone: lemma');
  const l = lemma();
  out.push(
    `The lemma, for k = 1 … 10, 1 … 10 base runs, m ∈ {1, 2, 3, 5, 10, 20, 50, 200, 1,000} tasks sharing α and a check’s weight ∈ {1, 3/4, 1/2, 1/4, 1/11} (${l.plans.toLocaleString('en')} plans, ${l.cells.toLocaleString('en')} (base, head, look) cells): a check’s p never falls as the head gains a success (so its flag and its reachability are thresholds on its head successes), and a total loss of the check a plan is sized for keeps its task going until decideTask flags it at the look the plan names, with the plan’s own tolerance. ${l.problems.length ? `**Problems:** ${l.problems.slice(0, 5).join('; ')}` : 'No exception'}${l.rounding ? ` (p fell by less than 1e-12, rounding of a sum near 1 where no decision is taken, in ${l.rounding} cells)` : ''}. ${l.blindPlans} plans cannot flag a total loss at all (a drop there is undecided, never a failure: the default no longer falls back to strict).`,
    '',
  );
  if (l.problems.length) findings.push(...l.problems.slice(0, 3));
  out.push(
    'With the thresholds fixed by the base before any head trial, a task goes on while one of its checks is ambiguous; turning a further check into a loss changes nothing for the other checks but possibly sends their task further (more looks, never fewer flags), and the lost check is flagged or keeps its task going. Through runGate, checks turned into total losses one at a time (every other outcome coupled; every count up to 12, then every step), rate 0.9 elsewhere:',
    '',
  );
  const rows: string[][] = [];
  const designs: [string, (lost: Set<number>) => Suite, number, number][] = [
    [
      'Terminal-Bench-like, k = 3, one base run, 20 tasks',
      (lost) => ({ tasks: 20, checks: ['pass'], k: 3, baseRuns: 1, outcome: (t, _c, r, i) => (r === 1 && lost.has(t) ? false : uniform(42, t, r, i) < 0.9) }),
      20,
      2,
    ],
    [
      'Terminal-Bench-like, k = 5, six base runs, 20 tasks',
      (lost) => ({ tasks: 20, checks: ['pass'], k: 5, baseRuns: 6, outcome: (t, _c, r, i) => (r === 6 && lost.has(t) ? false : uniform(43, t, r, i) < 0.9) }),
      20,
      2,
    ],
    [
      'inventory-like with judge items, k = 3, one base run, 5 tasks',
      (lost) => {
        const checks = [...INVENTORY_CHECKS, ...JUDGE_ITEMS];
        return {
          tasks: 5,
          checks,
          k: 3,
          baseRuns: 1,
          outcome: (t, c, r, i) => {
            if (r === 1 && lost.has(t * checks.length + c)) return false;
            return checks[c]!.startsWith('detect:') || checks[c]!.startsWith('judge:') ? uniform(44, t, c, r, i) < 0.9 : true;
          },
        };
      },
      5 * 14,
      6,
    ],
    [
      'inventory-like, k = 2, one base run, 5 tasks',
      (lost) => ({
        tasks: 5,
        checks: INVENTORY_CHECKS,
        k: 2,
        baseRuns: 1,
        outcome: (t, c, r, i) => (r === 1 && lost.has(t * INVENTORY_CHECKS.length + c) ? false : c < 4 ? uniform(45, t, c, r, i) < 0.9 : true),
      }),
      5 * 11,
      6,
    ],
  ];
  for (const [name, make, units, step] of designs) {
    progress(`monotone: ${name}`);
    const r = await lossSequence(make, units, step);
    if (r.broken) findings.push(`${name}: a further loss turned a failing pull request into a pass ${r.broken} times`);
    rows.push([
      name,
      String(r.gates),
      String(r.firstFail),
      r.broken === 0 ? 'never' : `**${r.broken} times**`,
      r.softened === 0 ? 'never' : `${r.softened} times`,
    ]);
  }
  out.push(table(['suite', 'gates run', 'first loss count that fails', 'fail → pass', 'fail or undecided → milder'], rows), '');
  progress('monotone: the trial cap');
  const capped = async (worse: boolean) =>
    (
      await simulate(
        {
          tasks: 2,
          checks: ['pass'],
          k: 3,
          baseRuns: 1,
          outcome: (task, _c, run, trial) => (run === 0 ? true : task === 1 ? false : !(worse && trial <= 3)),
        },
        { maxTrials: 8 },
      )
    ).outcome.gate.verdict;
  const [milder, worse] = [await capped(false), await capped(true)];
  out.push(
    `With a pull request’s trial cap (max-trials) the planner runs the nearest round first, so a further loss can spend the cap before a task that would have been flagged gets its round: 2 tasks, k = 3, one base run, max-trials 8; t1 loses every trial. t0 unchanged: **${milder}**; t0’s first round lost too (its later trials succeed): **${worse}** (t1 capped). A failing pull request becomes undecided, never a pass: the check still fails until a rerun decides.`,
    '',
  );
  progress('monotone: judge items');
  const judge = await judgeLossUnseen();
  if (judge.length) {
    const passed = judge.filter((j) => j.verdict === 'pass');
    out.push(
      `**A judge item’s total loss the plan cannot flag.** A judge item beside a trial pass that held on every base trial weighs (1 − 3/4) / 3 = 1/12 of its task’s share, while the plan is sized for the pass’s 3/4: its total loss may never reach its part. The engine makes such a task undecided ("add baseline runs"), never a pass (decide.ts). The smallest suites through runGate: ${passed.length ? `**${passed.length} passed**` : 'none passed'}:`,
      '',
    );
    out.push(...judge.map((j) => `- ${j.line}`), '');
    out.push(
      `Exhaustively (k = 1 … 10, 1 … 10 base runs, 1 … 50 tasks sharing α): such a loss is never flagged in ${l.unseen.length} of the ${l.judged} settings where the pass’s own total loss is (the first: ${l.unseen.slice(0, 4).join('; ')}); there it is undecided.`,
      '',
    );
    findings.push(...passed.slice(0, 1).map((j) => `a judge item’s total loss passes: ${j.line}`));
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------------
// 7. Cross-checks.

async function sectionCrossChecks(out: string[]): Promise<void> {
  out.push('## 7. Cross-checks', '');
  progress('cross-checks: decideTask');
  let paths = 0;
  for (const { k, runs } of CONFIGS) {
    const share = policyAt(k, runs, 5).share;
    paths += crossCheck({ base: passOnly(0.7), head: passOnly(0.5) }, { k, runs, share }, QUICK ? 300 : 1000, (i, j) => uniform(5, k, runs, i, j));
    paths += crossCheck({ base: inventory([0.8, 0.9, 0.8]), head: inventory([0.8, 0.5, 0.8]) }, { k, runs, share }, QUICK ? 100 : 300, (i, j) =>
      uniform(6, k, runs, i, j),
    );
    paths += crossCheck(unchanged(0.2), { k, runs, share: policyAt(k, runs, 30).share }, QUICK ? 200 : 600, (i, j) => uniform(7, k, runs, i, j));
  }
  out.push(
    `The exact model’s decisions (flagged, goes on, and undecided where the task stops) agreed with decideTask’s at ${paths.toLocaleString('en')} (path, look) pairs of random base and head outcomes, Terminal-Bench-like and inventory-like, at every k and base runs above.`,
    '',
  );
  const rows: string[][] = [];
  const row = async (name: string, exact: { fail: number; cost: number }, suite: (s: number) => Suite, n: number) => {
    progress(`cross-checks: ${name}`);
    const g = await gateCost(suite, n);
    const known = Number.isFinite(exact.cost);
    const within = Math.abs(g.fail - exact.fail) <= 3 * se(exact.fail, n) && (!known || Math.abs(g.cost - exact.cost) <= 0.05 * exact.cost);
    rows.push([
      name,
      known ? `${pct(exact.fail)} · ${times(exact.cost)}` : `≤ α · —`,
      `${pct(g.fail)} ± ${pct(se(g.fail, n))} · ${times(g.cost)} (${n})`,
      pct(g.adjusted),
      known ? (within ? 'yes' : '**no**') : '—',
    ]);
  };
  const tb =
    (N: number, p: number, k: number, runs: number) =>
    (s: number): Suite => ({
      tasks: N,
      checks: ['pass'],
      k,
      baseRuns: runs,
      outcome: (t, _c, r, i) => uniform(71, s, t, r, i) < p,
    });
  const exactTb = (N: number, p: number, k: number, runs: number) => suiteFigures(k, runs, [{ spec: unchanged(p), count: N }]);
  await row('Terminal-Bench-like, 30 tasks at 0.1, k = 2, one base run, unchanged', exactTb(30, 0.1, 2, 1), tb(30, 0.1, 2, 1), QUICK ? 200 : 1500);
  await row('Terminal-Bench-like, 5 tasks at 0.8, k = 5, six base runs, unchanged', exactTb(5, 0.8, 5, 6), tb(5, 0.8, 5, 6), MC);
  await row('Terminal-Bench-like, 5 tasks at 0.5, k = 3, one base run, unchanged', exactTb(5, 0.5, 3, 1), tb(5, 0.5, 3, 1), MC);
  const lossExact = suiteFigures(3, 1, [
    { spec: { base: passOnly(1), head: passOnly(0.2) }, count: 1 },
    { spec: unchanged(0.9), count: 9 },
  ]);
  await row(
    'Terminal-Bench-like, 10 tasks, one 1 → 0.2, the rest at 0.9, k = 3, one base run',
    lossExact,
    (s) => ({
      tasks: 10,
      checks: ['pass'],
      k: 3,
      baseRuns: 1,
      outcome: (t, _c, r, i) => (t === 0 ? r === 0 || uniform(72, s, r, i) < 0.2 : uniform(73, s, t, r, i) < 0.9),
    }),
    MC,
  );
  const inv = taskFigures(inventoryNull(0.9), { k: 3, runs: 1, share: policyAt(3, 1, 1).share });
  await row(
    'inventory-like, one task, detections at 0.9, k = 3, one base run, unchanged',
    { fail: inv.flagged, cost: inv.trials / 3 },
    (s) => inventorySuite(1, 3, 1, 0.9, false, false, s),
    MC,
  );
  await row(
    'inventory-like, one task, detections at 0.8, k = 5, one base run, unchanged (not computed exactly)',
    { fail: 0, cost: Number.NaN },
    (s) => inventorySuite(1, 5, 1, 0.8, false, false, s),
    MC,
  );
  const seed = certainLoss(seedLoss(0.9), { k: 3, runs: 6, share: policyAt(3, 6, 1).share }, SEED_LOST);
  await row(
    'inventory-like, one task, the seed’s loss, other detections at 0.9, k = 3, six base runs',
    { fail: seed.flagged, cost: seed.trials / 3 },
    (s) => inventorySuite(1, 3, 6, 0.9, true, false, s),
    MC,
  );
  out.push(
    'Suites through runGate against the exact figures. "Spread deflated": suites whose base runs the spread test found to vary more than chance, whose counts were then deflated (src/compare/spread.ts); the exact figures take ρ = 0.',
    '',
    table(['design', 'exact: gate fails · cost', 'through the gate (suites)', 'spread deflated', 'within 3 SE (cost: 5 %)'], rows),
    '',
  );
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const out: string[] = [];
  out.push('# The gate’s statistics: exact where they can be, through the real gate where they cannot', '');
  out.push(
    'Familywise with its defaults (src/compare/): α shared equally by the compared tasks that have a check able to regress; within a task, weights (family.ts); a plan per task (plan.ts) whose first testing look is where a total loss of its first check reaches 3/4 of its share, the last look k + budget (one test with all of the share when the last quarter could flag nothing there); a task goes on while a check is ambiguous. Head trials are a suite’s head trials over those of a fixed k (1.00×). Every figure below says how it was computed; "exact" means every outcome enumerated and weighted by its probability through the engine’s own functions (bench/support/exact-gate.ts), with at most 1e-9 of probability dropped.',
    '',
  );
  const { violations, worstRatio } = sectionNull(out);
  const whatIf = sectionWhatIf(out);
  sectionInventoryNull(out);
  const worstInventory = sectionCost(out);
  sectionLosses(out);
  const misses = await sectionTargets(out, violations, worstInventory, worstRatio);
  const power = sectionPower(out);
  const monotone = await sectionMonotone(out);
  await sectionCrossChecks(out);
  out.push('## What this finds', '');
  const found = [...violations.map((v) => `false alarms above α: ${v}`), ...misses, ...power, ...monotone, ...whatIf.map((w) => `selection by the base: ${w}`)];
  out.push(...(found.length ? found.map((f) => `- ${f}`) : ['- every target met']), '');
  out.push(
    `${((performance.now() - started) / 1000).toFixed(0)} s in all${QUICK ? ' (--quick)' : ''}. Written by bench/policy-simulation.ts (seeded: the same figures every run).`,
  );
  await writeResult('policy-simulation', `${out.join('\n')}\n`);
}

await main();
