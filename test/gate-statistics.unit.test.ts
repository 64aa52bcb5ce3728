// The gate's statistics on small cases: exact figures from the model bench/policy-simulation.ts computes
// with (every base and head outcome enumerated, decided by the engine's own family, plan and p-values), the
// model replayed against decideTask, and tiny suites through runGate (the targets of issue 35 item 3).
// Cheap: lone or small suites of scripted trials, no process started.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  certainLoss,
  crossCheck,
  INVENTORY_CONSTANT,
  INVENTORY_DETECTIONS,
  inventoryLike,
  JUDGE_ITEMS,
  passOnly,
  policyAt,
  suiteFigures,
} from '../bench/support/exact-gate.ts';
import { simulate, uniform, type Suite } from './support/gate-sim.ts';

const INVENTORY = ['pass', ...INVENTORY_DETECTIONS, ...INVENTORY_CONSTANT];
const unchanged = (p: number, count: number) => ({ spec: { base: passOnly(p), head: passOnly(p) }, count });

/** The seed's inventory task: every check always held on the base; the head loses double-reserve (and its trial pass with it). */
function seedLoss(k: number, baseRuns: number, extra: readonly string[] = []): Suite {
  const checks = [...INVENTORY, ...extra];
  return { tasks: 1, checks, k, baseRuns, outcome: (_t, c, run) => !(run === baseRuns && checks[c] === 'detect:double-reserve') };
}

async function flaggedAt(suite: Suite): Promise<{ verdict: string; trials: number }> {
  const { outcome, cost } = await simulate(suite);
  return { verdict: outcome.gate.verdict, trials: cost * suite.k };
}

test('unchanged pull requests fail at most α, exactly, in small Terminal-Bench-like suites', () => {
  let closest = 0;
  for (const [k, runs] of [
    [2, 1],
    [3, 1],
    [5, 1],
    [3, 2],
  ] as const)
    for (const N of [1, 3, 5])
      for (const p of [0.1, 0.3, 0.5, 0.8, 0.95]) {
        const s = suiteFigures(k, runs, [unchanged(p, N)]);
        const alpha = policyAt(k, runs, N).alpha;
        assert.ok(s.fail <= alpha, `k = ${k}, ${runs} base runs, ${N} tasks at ${p}: P(fail) = ${s.fail} > α = ${alpha}`);
        assert.ok(s.dropped < 1e-9);
        closest = Math.max(closest, s.fail / alpha);
      }
  // Not a model that never flags: somewhere the false alarms come within a factor of 3 of α (k = 2: 2.7 % with 5 tasks at 0.15).
  assert.ok(closest > 1 / 3, `the closest to α: ${closest} × α`);
});

test('where familywise cannot flag even a total loss, an unchanged pull request is undecided, never failed', async () => {
  // 50 flaky tasks at k = 2 against one base run: with about 45 sharing α no plan reaches a total loss (the strict fallback failed nearly all of these).
  const s = suiteFigures(2, 1, [unchanged(0.7, 50)]);
  assert.equal(s.fail, 0);
  assert.ok(s.undecided > 0.99, `P(undecided) = ${s.undecided}`);
  assert.ok(s.blind > 0.99);
  const { outcome } = await simulate({ tasks: 50, checks: ['pass'], k: 2, baseRuns: 1, outcome: (t, _c, r, i) => uniform(3, t, r, i) < 0.7 });
  assert.equal(outcome.gate.verdict, 'undecided');
  assert.equal(outcome.rounds.length, 0);
});

test('P(flagged) grows as a lone task loses more, and a total loss is flagged for certain', () => {
  for (const [k, runs] of [
    [2, 1],
    [3, 1],
    [3, 6],
    [5, 2],
  ] as const) {
    let previous = -1;
    for (const q of [0.9, 0.7, 0.5, 0.3, 0.1, 0]) {
      const s = suiteFigures(k, runs, [{ spec: { base: passOnly(0.9), head: passOnly(q) }, count: 1 }]);
      assert.ok(s.flagged[0]! >= previous - 1e-12, `k = ${k}, ${runs} base runs: 0.9 → ${q} flagged ${s.flagged[0]} < ${previous}`);
      previous = s.flagged[0]!;
    }
    assert.equal(suiteFigures(k, runs, [{ spec: { base: passOnly(1), head: passOnly(0) }, count: 1 }]).flagged[0], 1);
  }
});

test('a further loss never turns a failing pull request into a pass, through runGate', async () => {
  // Five tasks at 0.9, k = 3 against one base run; tasks turned into total losses one at a time, every other outcome coupled.
  const order = [3, 0, 4, 1, 2];
  let worst = 0;
  const rank: Record<string, number> = { pass: 0, undecided: 1, regression: 2 };
  for (let losses = 0; losses <= order.length; losses++) {
    const lost = new Set(order.slice(0, losses));
    const { outcome } = await simulate({
      tasks: 5,
      checks: ['pass'],
      k: 3,
      baseRuns: 1,
      outcome: (t, _c, r, i) => (r === 1 && lost.has(t) ? false : uniform(9, t, r, i) < 0.9),
    });
    const now = rank[outcome.gate.verdict]!;
    assert.ok(now >= worst || worst < 2, `${losses} losses: ${outcome.gate.verdict} after a regression`);
    worst = Math.max(worst, now);
  }
  assert.equal(worst, 2);
});

test('the seed’s loss in a lone task is flagged within the cost targets: k = 3 one base run ≤ 2×, six ≤ 1.3×, k = 2 one base run ≤ 3×', async () => {
  // k = 3 against one base run of 3: 1/C(7, 3) = 1/35 ≤ ¾ × 0.05 at 4 head trials (before: 12).
  assert.deepEqual(await flaggedAt(seedLoss(3, 1)), { verdict: 'regression', trials: 4 });
  assert.deepEqual(await flaggedAt(seedLoss(3, 6)), { verdict: 'regression', trials: 3 });
  // k = 2: 1/C(8, 2) = 1/28 ≤ 0.0375 at 6 trials, exactly 3 × k (before: 22).
  assert.deepEqual(await flaggedAt(seedLoss(2, 1)), { verdict: 'regression', trials: 6 });
  // With judge items beside the pass it keeps ¾ of the share: 5 trials.
  assert.deepEqual(await flaggedAt(seedLoss(3, 1, JUDGE_ITEMS)), { verdict: 'regression', trials: 5 });
});

test('an outage of the head never starts a confirmation round', async () => {
  const { outcome } = await simulate({ ...seedLoss(3, 1), env: (_t, run) => run === 1 });
  assert.equal(outcome.rounds.length, 0);
  assert.equal(outcome.gate.verdict, 'undecided');
});

test('the exact model decides every path as decideTask does, and its figures match the gate’s on a deterministic loss', () => {
  for (const [k, runs] of [
    [2, 1],
    [3, 1],
    [3, 6],
    [5, 2],
  ] as const) {
    const share = policyAt(k, runs, 3).share;
    assert.ok(crossCheck({ base: passOnly(0.7), head: passOnly(0.4) }, { k, runs, share }, 150, (i, j) => uniform(1, k, runs, i, j)) > 150);
    assert.ok(
      crossCheck({ base: inventoryLike([0.8, 0.9, 0.8]), head: inventoryLike([0.8, 0.5, 0.8]) }, { k, runs, share }, 40, (i, j) => uniform(2, k, runs, i, j)) >
        40,
    );
  }
  // The seed's loss, exactly: the look its plan flags it at, as the gate ran it above.
  const exact = certainLoss({ base: inventoryLike([1, 1, 1]), head: inventoryLike([1, 0, 1]) }, { k: 3, runs: 1, share: 0.05 }, [
    'pass',
    'detect:double-reserve',
  ]);
  assert.deepEqual(exact, { flagged: 1, undecided: 0, trials: 4, dropped: 0 });
});

// What bench/results/policy-simulation.md finds wrong with the engine: these hold once it is fixed.
test(
  'unchanged pull requests fail at most α: 30 Terminal-Bench-like tasks at 0.1, k = 2, one base run',
  { todo: 'a task takes a share only when its base succeeded; at k = 2 against one base run that selects lucky bases (P(fail) = 5.5 % > α = 5 %)' },
  () => {
    const s = suiteFigures(2, 1, [unchanged(0.1, 30)]);
    assert.ok(s.fail <= 0.05, `P(fail) = ${s.fail}`);
  },
);

test(
  'a judge item that always held and never holds on the head is not passed',
  {
    todo: 'a judge item weighs 1/12 of its task’s share beside a perfect pass, the plan is sized for the pass: in 5 tasks at k = 3 one base run its total loss passes',
  },
  async () => {
    const checks = ['pass', ...JUDGE_ITEMS];
    const { outcome } = await simulate({ tasks: 5, checks, k: 3, baseRuns: 1, outcome: (t, c, run) => !(t === 0 && c === 1 && run === 1) });
    assert.notEqual(outcome.gate.verdict, 'pass');
  },
);
