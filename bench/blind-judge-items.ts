// Unchanged pull requests whose judge items are blind at their weight (decide.ts blindChecks): each of three
// judge items beside a trial pass that never failed weighs 1/12 of its task's share, and where even its total
// loss from a perfect base cannot reach that at any look, a drop below its base makes the task undecided,
// whatever its base count. Exact (bench/support/exact-gate.ts: every base and head outcome, the engine's own
// family, plan, p-values and reachability): how often such suites fail, are undecided, and what they cost.
// Written to bench/results/blind-judge-items.md. Run: node --import tsx bench/blind-judge-items.ts
import { suiteFigures, type TrialModel } from './support/exact-gate.ts';
import { writeResult } from './support.ts';

const JUDGES = ['judge:a', 'judge:b', 'judge:c'];

/** The trial pass at `pass`, three judge items at `judge` (independent of it and of one another), a constraint that always holds. */
function model(pass: number, judge: number): TrialModel {
  const rates = [pass, judge, judge, judge];
  return {
    varying: ['pass', ...JUDGES],
    constant: ['constraint:confined'],
    outcomes: Array.from({ length: 16 }, (_, m) => {
      const ok = rates.map((_, i) => ((m >> i) & 1) === 1);
      return { ok, p: ok.reduce((s, x, i) => s * (x ? rates[i]! : 1 - rates[i]!), 1) };
    }).filter((o) => o.p > 0),
    exchangeable: [1, 2, 3],
  };
}

const started = performance.now();
const pct = (x: number) => `${(x * 100).toFixed(x < 0.01 ? 3 : 2)} %`;
const rows: string[] = [];
for (const [k, runs, tasks, pass, judge] of [
  [3, 1, 1, 1, 0.9],
  [3, 1, 5, 1, 0.9],
  [3, 1, 5, 0.8, 0.9],
  [3, 1, 5, 1, 0.97],
  [3, 1, 5, 0.9, 0.7],
  [2, 1, 3, 1, 0.9],
  [5, 1, 5, 1, 0.9],
] as const) {
  const m = model(pass, judge);
  const s = suiteFigures(k, runs, [{ spec: { base: m, head: m }, count: tasks }]);
  rows.push(
    `| k = ${k}, ${runs} base run${runs > 1 ? 's' : ''}, ${tasks} task${tasks > 1 ? 's' : ''} | ${pass} | ${judge} | ${pct(s.fail)} | ${pct(s.undecided)} | ${s.cost.toFixed(3)}× |`,
  );
  process.stderr.write(`${rows[rows.length - 1]}\n`);
}
await writeResult(
  'blind-judge-items',
  [
    '# Unchanged suites with judge items blind at their weight',
    '',
    'Exact (bench/support/exact-gate.ts, the engine’s own family, plan and p-values): each task has the trial pass at the rate shown, three judge items at the rate shown (independent), and a constraint that always holds; the head is the base (nothing changed). A judge item weighs 1/12 of its task’s share beside a pass that never failed on the base; where even its total loss from a perfect base cannot reach that at any look of its plan, a drop below its base makes the task undecided ("add baseline runs"), whatever its base count (decide.ts blindChecks; before 3cecdfe only below a base it always held on: 5 tasks at k = 3 with items at 0.9 beside a pass that always holds were undecided 96.28 %, with the pass at 0.9 and items at 0.7 89.83 %).',
    '',
    '| design | pass | judge items | P(fail) | P(undecided) | head trials ÷ fixed k |',
    '| - | - | - | - | - | - |',
    ...rows,
    '',
    `${((performance.now() - started) / 1000).toFixed(0)} s in all. Written by bench/blind-judge-items.ts.`,
    '',
  ].join('\n'),
);
