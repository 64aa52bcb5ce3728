// Paired base rounds (issue 35): what running the base commit's trials beside the head's in the
// confirmation rounds buys and costs, beside the head-only gate, exactly where the model covers it
// (Terminal-Bench-like tasks: bench/support/exact-gate.ts pairedFigures) and through runGate otherwise.
// Spend is counted honestly: head trials and fresh base trials together over those of a fixed k, with the
// head's alone beside it. Written to bench/results/paired-base.md.
//
// Run: node --import tsx bench/paired-base.ts
import { INVENTORY_CONSTANT, INVENTORY_DETECTIONS, passOnly, policyAt, suiteFigures, TB_BASE, TB_DROPS, type TaskSpec } from './support/exact-gate.ts';
import { simulate, uniform, type Suite } from '../test/support/gate-sim.ts';
import { FIRST_PART, makePlan, totalLossAt } from '../src/compare/plan.ts';
import { TOLERANCE, totalLossP } from '../src/compare/stats.ts';
import { writeResult } from './support.ts';

const started = performance.now();
const MC = 100;
const pct = (x: number) => (x <= 0 ? '0 %' : x >= 1 - 1e-12 ? '100 %' : `${(x * 100).toFixed(x < 0.01 ? 3 : 1)} %`);
const times = (x: number) => `${x.toFixed(2)}×`;
const runsOf = (runs: number) => `${runs} base run${runs === 1 ? '' : 's'}`;
const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '-').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const progress = (what: string) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${what}\n`);
const unchanged = (p: number): TaskSpec => ({ base: passOnly(p), head: passOnly(p) });
const MODES = [
  { name: 'head only', paired: false },
  { name: 'paired', paired: true },
] as const;

const INVENTORY = ['pass', ...INVENTORY_DETECTIONS, ...INVENTORY_CONSTANT];
/** The seed's inventory task: double-reserve always held on the base commit (recorded and fresh) and never on the head; the other detections at p. */
function seedSuite(k: number, runs: number, p: number, seed: number): Suite {
  return {
    tasks: 1,
    checks: INVENTORY,
    k,
    baseRuns: runs,
    outcome: (_t, c, run, trial) => {
      const name = INVENTORY[c]!;
      if (name === 'detect:double-reserve') return run !== runs;
      if (name.startsWith('detect:')) return uniform(11, seed, c, run, trial) < p;
      return true;
    },
  };
}
/** N inventory-like tasks unchanged, every detection at p. */
function inventoryNull(tasks: number, k: number, runs: number, p: number, seed: number): Suite {
  return {
    tasks,
    checks: INVENTORY,
    k,
    baseRuns: runs,
    outcome: (t, c, run, trial) => (INVENTORY[c]!.startsWith('detect:') ? uniform(12, seed, t, c, run, trial) < p : true),
  };
}

async function through(make: (seed: number) => Suite, n: number, paired: boolean) {
  let cost = 0;
  let head = 0;
  let fail = 0;
  /** How many suites cost how much (rounded to 0.01×). */
  const costs = new Map<number, number>();
  for (let s = 0; s < n; s++) {
    const r = await simulate(make(s), { paired });
    cost += r.cost;
    head += r.headCost;
    if (r.outcome.gate.verdict === 'regression') fail++;
    const at = Math.round(r.cost * 100) / 100;
    costs.set(at, (costs.get(at) ?? 0) + 1);
  }
  return { cost: cost / n, head: head / n, fail: fail / n, costs };
}

/** "48 % at 2.50×, 27 % at 4.50×, …": where the suites' cost goes. */
const spread = (costs: Map<number, number>, n: number) =>
  [...costs]
    .sort((a, b) => a[0] - b[0])
    .map(([c, m]) => `${pct(m / n)} at ${times(c)}`)
    .join(', ');

/** The fewest head trials n ≥ k at which `p(n)` reaches `cut`; null within `most`. */
function fewest(k: number, most: number, cut: number, p: (n: number) => number): number | null {
  for (let n = k; n <= most; n++) if (p(n) <= cut * TOLERANCE) return n;
  return null;
}

/**
 * Head only, k = 2 against one base run of 2, a lone task: the fewest head trials at which a look could flag the
 * seed's loss (2/2 → 0/n) with the task's whole share under the selection-conditioned Fisher test (its floor) and
 * under the engine's test there, the unconditional one (src/compare/unconditional.ts), cross-checked against the
 * worst rate on a fine grid; and what the engine's plan spends, through runGate.
 */
async function floorOfTheLoss(out: string[]): Promise<void> {
  const k = 2;
  const headOnly = await through((s) => seedSuite(k, 1, 1, s), 1, false);
  const paired = await through((s) => seedSuite(k, 1, 1, s), 1, true);
  const { share } = policyAt(k, 1, 1);
  const most = 40 * k;
  const fisher = (n: number) => totalLossP(k, n);
  const engine = (n: number) => totalLossAt(n, k, k, 0);
  const fisherFloor = fewest(k, most, share, fisher)!;
  const threeK = 3 * k;
  const plan = makePlan({ k, baseTrials: k, share, budget: null });
  const tests = plan.looks.filter((l) => l.part > 0);
  const flaky = await through((s) => seedSuite(k, 1, 0.9, s), MC, true);
  const flakyHead = await through((s) => seedSuite(k, 1, 0.9, s), MC, false);
  // Unconditionally, the rate p unknown: P(base 2/2, head 0/n | the base succeeded once) = p²(1 − p)ⁿ / (1 − (1 − p)²) = p(1 − p)ⁿ / (2 − p), the worst p on a fine grid.
  const grid = Array.from({ length: 100_000 }, (_, i) => (i + 0.5) / 100_000);
  const worst = (n: number) => Math.max(...grid.map((p) => (p * (1 - p) ** n) / (2 - p)));
  const floor = fewest(k, most, share, engine)!;
  const gap = Math.max(...[floor, ...tests.map((l) => l.trials)].map((n) => engine(n) / worst(n) - 1));
  out.push('### k = 2 against one base run, head only: the unconditional test (computed here)', '');
  out.push(
    [
      `Head only, the recorded base of 2 trials is all the base there is. Fisher's test, conditioned on both margins and on the base having succeeded (what gives the task its share), has a total loss 2/2 → 0/n at p = 1 / (C(n + 2, 2) − C(n, 2)) = 1 / (2n + 1) whatever the pass rate: a lone task's share, α = ${share}, is reached at ${fisherFloor} head trials at the earliest (${times(fisherFloor / k)}; at 3×, ${threeK} trials, p = ${fisher(threeK).toFixed(4)}), so ≤ 3× was out of its reach.`,
      `Against a base of at most 6 trials, head only, the engine's test is unconditional (src/compare/unconditional.ts): its p is the worst over the unknown common rate p of P(outcomes as extreme | the base succeeded), here p(1 − p)ⁿ / (2 − p), a bound the code proves for every rate (not a grid); the engine's values are within ${gap.toExponential(1)} (relative) above this fine grid's maximum at the counts below. It reaches ${share} at **${floor} head trials (${times(floor / k)})**, ${engine(floor).toFixed(4)}; at ${threeK} trials ${engine(threeK).toFixed(4)}.`,
      `The engine's plan tests ¾ of the share at ${tests[0]!.trials} trials (${engine(tests[0]!.trials).toFixed(4)} ≤ ${(share * FIRST_PART).toFixed(4)}) and ¼ at ${tests[tests.length - 1]!.trials}: through runGate the seed's loss is ${pct(headOnly.fail)} flagged at ${times(headOnly.head)} head only — **≤ 3× met** — and ${pct(paired.fail)} at ${times(paired.cost)} with a base runner (${times(paired.head)} the head's alone: a look with no fresh base trial reaches it with as few added trials, so the plan runs none).`,
    ].join(' '),
    '',
    `With the other two detections at 0.9 (${MC} suites), head only: ${spread(flakyHead.costs, MC)}; where a base trial failed another detection, the trial pass failed on the base too and shares the task's share with every check that differs from it (about 1/11 each: the checks that always held are held together at one share only where that flags their total loss in the first round, not here): a total loss of double-reserve cannot reach that within the budget, so the task is undecided at once (no round spent). Paired: ${spread(flaky.costs, MC)}. The dearest are suites whose recorded base held everything (so the pass speaks for double-reserve, which weighs nothing of its own) and whose fresh base failed another detection: the pass is then no longer at a total loss's p at a later look, and only the last look flags it.`,
    '',
  );
}

/**
 * Why the lone inventory-like task at 0.5, k = 2 against one base run, paired, stays above 1.1×: the least any
 * plan that lets what looks like a total loss go on can spend there.
 */
function inventoryFloor(): string {
  const k = 2;
  const p = 0.5;
  const { share } = policyAt(k, 1, 1);
  // A detection held twice on the base and failed twice on the head: a total loss's own p, so its task goes on.
  const one = p ** k * (1 - p) ** k;
  const some = 1 - (1 - one) ** INVENTORY_DETECTIONS.length;
  // The pass failed on the base then (it needs every detection): ten checks share the task's share, a tenth each.
  const plan = makePlan({ k, baseTrials: k, share: share / 10, taskShare: share, budget: null, paired: true });
  const next = plan.looks[1]!;
  const added = next.trials - k + next.base;
  return `Where ≤ 1.1× is out of reach: the lone inventory-like task at ${p}, k = ${k} against one base run, paired. Each detection holds twice on the base and fails twice on the head ${pct(one)} of the time, which is what a total loss looks like there (so it goes on, as a total loss must); one of three does ${pct(some)} of the time. Its next look adds ${next.trials - k} head and ${next.base} fresh base trial${next.base === 1 ? '' : 's'}, so such suites cost at least ${times(1 + (some * added) / k)} (${times(1 + some / k)} were that look a single trial), before any later look. Under 1.1× would need such a task stopped, undecided, at once, and then the seed's loss with flaky detections (above) would be undecided instead of flagged where the pass failed on the recorded base.`;
}

async function main(): Promise<void> {
  const out: string[] = ['# Paired base rounds: the base commit beside the head in the confirmation rounds', ''];
  out.push(
    'With a base runner (the base commit checked out in the same job), a task’s confirmation rounds also run fresh base trials. Only the recorded base selects the checks that take a share of α; the test pools recorded and fresh base trials against the head, its p conditioned on the recorded part having succeeded (src/compare/stats.ts fisherLowerSelected, exact); a look with no fresh base trial against a recorded base of at most 6 trials uses the exact unconditional test (src/compare/unconditional.ts). Each look fixes its head and fresh base trials before the head runs (src/compare/plan.ts). Cost: head and fresh base trials together ÷ those of a fixed k (the head’s alone in brackets).',
    '',
  );

  // The seed's loss.
  out.push('## The seed’s loss in a lone inventory-like task (issue 35 item 3)', '');
  const rows: string[][] = [];
  for (const [k, runs, target] of [
    [3, 1, 2],
    [3, 6, 1.3],
    [2, 1, 3],
  ] as const) {
    progress(`seed's loss k = ${k}, ${runsOf(runs)}`);
    for (const p of [1, 0.9]) {
      const n = p === 1 ? 1 : MC;
      const cells = [];
      for (const m of MODES) {
        const r = await through((s) => seedSuite(k, runs, p, s), n, m.paired);
        cells.push(`${pct(r.fail)} flagged · ${times(r.cost)} (${times(r.head)})`);
      }
      rows.push([`k = ${k}, ${runsOf(runs)}, other detections ${p === 1 ? 'always held' : `at ${p} (${MC} suites)`}`, `≤ ${target}×`, ...cells]);
    }
  }
  out.push(table(['design', 'target', ...MODES.map((m) => m.name)], rows), '');
  await floorOfTheLoss(out);

  // Power.
  out.push('## Power on the Terminal-Bench-like model (issue 35 item 2), exact', '');
  out.push(
    `The model of bench/results/policy-simulation.md §5: 74 tasks (${TB_BASE.map((b) => `${b.tasks} at ${b.rate}`).join(', ')}); a weaker sibling drops ${TB_DROPS.map((d) => `${d.tasks} × ${d.from} → ${d.to}`).join(', ')}.`,
    '',
  );
  const pairs = TB_DROPS.map((d) => `${d.from}→${d.to}`);
  const powerRows: string[][] = [];
  for (const [k, runs, goal] of [
    [3, 1, 0.6],
    [3, 2, null],
    [3, 6, 0.95],
    [5, 1, null],
    [5, 6, null],
  ] as const) {
    for (const m of MODES) {
      progress(`power k = ${k}, ${runsOf(runs)}, ${m.name}`);
      const kinds = [
        ...TB_DROPS.map((d) => ({ spec: { base: passOnly(d.from), head: passOnly(d.to) }, count: d.tasks })),
        ...TB_BASE.map((b) => ({
          spec: unchanged(b.rate),
          count: b.tasks - TB_DROPS.filter((d) => d.from === b.rate).reduce((s, d) => s + d.tasks, 0),
        })).filter((x) => x.count > 0),
      ];
      const s = suiteFigures(k, runs, kinds, { paired: m.paired });
      const dropped = TB_DROPS.reduce((a, d) => a + d.tasks, 0);
      const power = TB_DROPS.reduce((a, d, i) => a + d.tasks * s.flagged[i]!, 0) / dropped;
      const none = suiteFigures(
        k,
        runs,
        TB_BASE.map((b) => ({ spec: unchanged(b.rate), count: b.tasks })),
        { paired: m.paired },
      );
      powerRows.push([
        `k = ${k}, ${runsOf(runs)}, ${m.name}`,
        ...TB_DROPS.map((_, i) => pct(s.flagged[i]!)),
        `${pct(power)}${goal === null ? '' : power >= goal ? ` (≥ ${pct(goal)}: met)` : ` (≥ ${pct(goal)}: **missed**)`}`,
        `${pct(s.fail)} · ${times(s.cost)}`,
        `${pct(none.fail)} · ${times(none.cost)}`,
      ]);
    }
  }
  out.push(table(['design', ...pairs.map((p) => `${p} flagged`), 'drops ≥ 0.6 flagged', 'the swap: fails · cost', 'unchanged: fails · cost'], powerRows), '');

  // Unchanged small suites.
  out.push('## Unchanged small suites (1–5 tasks): false alarms and cost', '');
  out.push(
    'Terminal-Bench-like, exact: the worst over p ∈ {0.05, 0.1, 0.2, …, 0.9, 0.95, 1} and N ∈ {1, 3, 5} of P(fail) ÷ α and of the cost. Inventory-like (three detections at p, seven checks that always hold), through runGate, 100 suites per cell.',
    '',
  );
  const ps = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1];
  const nullRows: string[][] = [];
  for (const [k, runs] of [
    [2, 1],
    [3, 1],
    [3, 2],
    [3, 6],
    [5, 1],
    [5, 6],
  ] as const) {
    progress(`unchanged k = ${k}, ${runsOf(runs)}`);
    const cells = MODES.map((m) => {
      let ratio = { v: 0, at: '' };
      let cost = { v: 0, at: '' };
      for (const N of [1, 3, 5])
        for (const p of ps) {
          const s = suiteFigures(k, runs, [{ spec: unchanged(p), count: N }], { paired: m.paired });
          const r = s.fail / policyAt(k, runs, N).alpha;
          if (r > ratio.v) ratio = { v: r, at: `N = ${N}, p = ${p}` };
          if (s.cost > cost.v) cost = { v: s.cost, at: `N = ${N}, p = ${p}` };
        }
      return `${ratio.v.toFixed(3)} · ${times(cost.v)} (${cost.at})`;
    });
    nullRows.push([`k = ${k}, ${runsOf(runs)}`, ...cells]);
  }
  out.push(table(['design (Terminal-Bench-like)', ...MODES.map((m) => `${m.name}: P(fail) ÷ α · worst cost`)], nullRows), '');
  const invRows: string[][] = [];
  for (const [k, runs, N, p] of [
    [3, 1, 5, 0.5],
    [3, 1, 1, 0.9],
    [2, 1, 1, 0.5],
    [3, 6, 5, 0.8],
    [5, 6, 3, 0.8],
  ] as const) {
    progress(`inventory-like unchanged k = ${k}, ${runsOf(runs)}, N = ${N}, p = ${p}`);
    const cells = [];
    for (const m of MODES) {
      const r = await through((s) => inventoryNull(N, k, runs, p, s), MC, m.paired);
      cells.push(`${pct(r.fail)} · ${times(r.cost)} (${times(r.head)})`);
    }
    invRows.push([`k = ${k}, ${runsOf(runs)}, ${N} tasks at ${p}`, ...cells]);
  }
  out.push(table(['design (inventory-like, through runGate)', ...MODES.map((m) => `${m.name}: fails · cost`)], invRows), '');
  out.push(inventoryFloor(), '');
  out.push(`${((performance.now() - started) / 1000).toFixed(0)} s in all. Written by bench/paired-base.ts (seeded: the same figures every run).`);
  await writeResult('paired-base', `${out.join('\n')}\n`);
}

await main();
