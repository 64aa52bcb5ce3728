// Paired base rounds (issue 35): what running the base commit's trials beside the head's in the
// confirmation rounds buys and costs, beside the head-only gate, exactly where the model covers it
// (Terminal-Bench-like tasks: bench/support/exact-gate.ts pairedFigures) and through runGate otherwise.
// Spend is counted honestly: head trials and fresh base trials together over those of a fixed k, with the
// head's alone beside it. Written to bench/results/paired-base.md.
//
// Run: node --import tsx bench/paired-base.ts
import { INVENTORY_CONSTANT, INVENTORY_DETECTIONS, passOnly, policyAt, suiteFigures, TB_BASE, TB_DROPS, type TaskSpec } from './support/exact-gate.ts';
import { simulate, uniform, type Suite } from '../test/support/gate-sim.ts';
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
  for (let s = 0; s < n; s++) {
    const r = await simulate(make(s), { paired });
    cost += r.cost;
    head += r.headCost;
    if (r.outcome.gate.verdict === 'regression') fail++;
  }
  return { cost: cost / n, head: head / n, fail: fail / n };
}

async function main(): Promise<void> {
  const out: string[] = ['# Paired base rounds: the base commit beside the head in the confirmation rounds', ''];
  out.push(
    'With a base runner (the base commit checked out in the same job), a task’s confirmation rounds also run fresh base trials. Only the recorded base selects the checks that take a share of α; the test pools recorded and fresh base trials against the head, its p conditioned on the recorded part having succeeded (src/compare/stats.ts fisherLowerSelected, exact). Each look fixes its head and fresh base trials before the head runs (src/compare/plan.ts). Cost: head and fresh base trials together ÷ those of a fixed k (the head’s alone in brackets).',
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
  out.push(`${((performance.now() - started) / 1000).toFixed(0)} s in all. Written by bench/paired-base.ts (seeded: the same figures every run).`);
  await writeResult('paired-base', `${out.join('\n')}\n`);
}

await main();
