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
  taskRule,
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
  // Not a model that never flags: somewhere the false alarms come within a factor of 5 of α (k = 5, one task at 0.5:
  // 1.09 %). Before every p was conditioned on its base having succeeded, k = 2 came within 3× (2.7 % with 5 tasks
  // at 0.15); the conditioned p is more conservative there, which is the power it costs.
  assert.ok(closest > 1 / 5, `the closest to α: ${closest} × α`);
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

test('the seed’s loss in a lone task: k = 3 one base run ≤ 2× and six ≤ 1.3× met; k = 2 one base run ≤ 3× met (2.5×, the unconditional test)', async () => {
  // The total loss's p is conditioned on the base having succeeded. Against a base of at most 6 trials the test is
  // the unconditional one (unconditional.ts): the worst over the common rate r of P(every base trial succeeded and
  // every head trial failed | the base succeeded) = rᵇ(1 − r)ⁿ / (1 − (1 − r)ᵇ), proven, not sampled.
  // k = 3 against one base run: 0.018 ≤ ¾ × 0.05 in the first round (1.00×; Fisher's 1 / (C(n + 3, 3) − C(n, 3)): 4 trials).
  assert.deepEqual(await flaggedAt(seedLoss(3, 1)), { verdict: 'regression', trials: 3 });
  assert.deepEqual(await flaggedAt(seedLoss(3, 6)), { verdict: 'regression', trials: 3 });
  // k = 2: r(1 − r)ⁿ / (2 − r) ≤ ¾ × 0.05 first at n = 5 (0.037), 2.5 × k: the target of 3× is met. Fisher's
  // 1 / (2n + 1), conditioned on both margins, reached all of 0.05 only at 10 (5×), its floor.
  assert.deepEqual(await flaggedAt(seedLoss(2, 1)), { verdict: 'regression', trials: 5 });
  // With judge items beside the pass (Fisher's: 5 trials), in its first round too.
  assert.deepEqual(await flaggedAt(seedLoss(3, 1, JUDGE_ITEMS)), { verdict: 'regression', trials: 3 });
});

test('an outage of the head never starts a confirmation round', async () => {
  const { outcome } = await simulate({ ...seedLoss(3, 1), env: (_t, run) => run === 1 });
  assert.equal(outcome.rounds.length, 0);
  assert.equal(outcome.gate.verdict, 'undecided');
});

test('the exact model decides every path as decideTask does, and its figures match the gate’s on a deterministic loss', () => {
  // Every decision compared (flagged, goes on, and undecided when it stops); more decisions than paths: some go on.
  let paths = 0;
  let compared = 0;
  for (const [k, runs] of [
    [2, 1],
    [3, 1],
    [3, 6],
    [5, 2],
  ] as const) {
    const share = policyAt(k, runs, 3).share;
    compared += crossCheck({ base: passOnly(0.7), head: passOnly(0.4) }, { k, runs, share }, 150, (i, j) => uniform(1, k, runs, i, j));
    compared += crossCheck({ base: inventoryLike([0.8, 0.9, 0.8]), head: inventoryLike([0.8, 0.5, 0.8]) }, { k, runs, share }, 40, (i, j) =>
      uniform(2, k, runs, i, j),
    );
    // Judge items below a perfect base: undecided where their plan cannot flag them (decide.ts blindChecks).
    compared += crossCheck({ base: inventoryLike([1, 1, 1], [1, 1, 1]), head: inventoryLike([1, 1, 1], [0.5, 1, 1]) }, { k, runs, share }, 40, (i, j) =>
      uniform(3, k, runs, i, j),
    );
    // Below a flaky base too (blind whatever the base count).
    compared += crossCheck({ base: inventoryLike([1, 1, 1], [0.7, 1, 1]), head: inventoryLike([1, 1, 1], [0.5, 1, 1]) }, { k, runs, share }, 40, (i, j) =>
      uniform(4, k, runs, i, j),
    );
    paths += 270;
  }
  assert.ok(compared > paths * 1.2, `${compared} decisions over ${paths} paths`);
  // The seed's loss, exactly: the look its plan flags it at, as the gate ran it above.
  const exact = certainLoss({ base: inventoryLike([1, 1, 1]), head: inventoryLike([1, 0, 1]) }, { k: 3, runs: 1, share: 0.05 }, [
    'pass',
    'detect:double-reserve',
  ]);
  assert.deepEqual(exact, { flagged: 1, undecided: 0, trials: 3, dropped: 0 });
});

// What bench/results/policy-simulation.md found wrong with the engine before a tested check's p was conditioned on
// its base having succeeded, and a blind gated check made its task undecided (src/compare/stats.ts, decide.ts).
test('unchanged pull requests fail at most α where the base selects lucky tasks: 30 Terminal-Bench-like tasks at 0.1, k = 2, one base run', () => {
  // A task takes a share only when its base succeeded; at k = 2 against one base run that selects tasks whose base
  // was lucky: P(fail) was 5.5 % > α = 5 % before the p-values were conditioned on it (the ratio of §1 reached 2.665).
  const s = suiteFigures(2, 1, [unchanged(0.1, 30)]);
  assert.ok(s.fail <= 0.05, `P(fail) = ${s.fail}`);
  // What it costs: about 6 of the 30 share α. With Fisher's test a total loss against one base run of 2
  // (p = 1/(2n + 1)) needed some 60 head trials to reach a share, beyond the budget: 94 % of such pull requests were
  // undecided. The unconditional test (unconditional.ts) reaches it within the budget: 34 %, none failed.
  assert.ok(s.undecided > 0.3 && s.undecided < 0.4, `P(undecided) = ${s.undecided}`);
});

test('a judge item that always held and never holds on the head is undecided, not passed, where its plan cannot flag it', async () => {
  // Beside a perfect pass a judge item weighs 1/12 of its task's share and the plan is sized for the pass: in 5 tasks
  // at k = 3 against one base run its total loss cannot reach its part at any look (before: the gate passed it).
  const checks = ['pass', ...JUDGE_ITEMS];
  const { outcome } = await simulate({ tasks: 5, checks, k: 3, baseRuns: 1, outcome: (t, c, run) => !(t === 0 && c === 1 && run === 1) });
  assert.equal(outcome.gate.verdict, 'undecided');
  const t0 = outcome.comparison.tasks.find((t) => t.id === 't0')!;
  assert.match(t0.undecided ?? '', new RegExp(JUDGE_ITEMS[0]!));
  // The exact model decides it alike (crossCheck replays decideTask's undecided too): undecided for certain.
  const rule = taskRule(inventoryLike([1, 1, 1], [1, 1, 1]), [3, 3, 3, 3, 3, 3, 3], { k: 3, runs: 1, share: policyAt(3, 1, 5).share });
  assert.deepEqual(rule!.blindCheck, [false, false, false, false, true, true, true]);
});

test('a judge item that held on some base trials and on no head trial is undecided, not passed, where even its total loss from a perfect base could not be flagged', async () => {
  // As above, but the judge item missed one of its 3 base trials: 2/3 → 0/3. A flaky base only makes a loss harder
  // to see, yet the gate passed it (where 3/3 → 0/3 was undecided), after its first round.
  const checks = ['pass', ...JUDGE_ITEMS];
  const { outcome } = await simulate({
    tasks: 5,
    checks,
    k: 3,
    baseRuns: 1,
    outcome: (t, c, run, i) => !(t === 0 && c === 1 && (run === 1 || i === 1)),
  });
  const t0 = outcome.comparison.tasks.find((t) => t.id === 't0')!;
  const judge = t0.checks.find((c) => c.check === JUDGE_ITEMS[0])!;
  assert.deepEqual(
    [judge.base, judge.head],
    [
      { successes: 2, n: 3 },
      { successes: 0, n: 3 },
    ],
  );
  assert.equal(outcome.gate.verdict, 'undecided');
  assert.match(t0.undecided ?? '', new RegExp(`${JUDGE_ITEMS[0]} is below its base \\(2/3 → 0/3\\)`));
  // The exact model alike: the item is blind whatever its base count, and a drop below its base is undecided.
  const rule = taskRule(inventoryLike([1, 1, 1], [1, 1, 1]), [3, 3, 3, 3, 2, 3, 3], { k: 3, runs: 1, share: policyAt(3, 1, 5).share });
  assert.deepEqual(rule!.blindCheck, [false, false, false, false, true, true, true]);
  // Not below its base (2/3 → 3/3): nothing to see, the task passes.
  const held = await simulate({ tasks: 5, checks, k: 3, baseRuns: 1, outcome: (t, c, run, i) => !(t === 0 && c === 1 && run === 0 && i === 1) });
  assert.equal(held.outcome.gate.verdict, 'pass');
});

test('a regressed check’s rule names the look its task was flagged at, not an earlier one that sent it on', async () => {
  // A lone task, k = 3 against one base run, a judge item (1/12 of the share beside a perfect pass) lost: 3/3 → 0/3
  // reaches ¾ of the whole share in the first round (0.018 ≤ 0.038) but not its own part, so the task goes on to
  // 27 trials, where it is flagged. The rule said "first 3 trials: unconditional p = 0.018 ≤ 0.038" beside the
  // confirmation's "first round: judge:cites-evidence (p = 0.018 ≤ 0.05)".
  const { outcome } = await simulate({ tasks: 1, checks: ['pass', ...JUDGE_ITEMS], k: 3, baseRuns: 1, outcome: (_t, c, run) => !(c === 1 && run === 1) });
  assert.equal(outcome.gate.verdict, 'regression');
  const t0 = outcome.comparison.tasks[0]!;
  assert.equal(t0.confirmation?.trials, 27);
  const judge = t0.checks.find((c) => c.check === JUDGE_ITEMS[0])!;
  assert.equal(judge.status, 'regressed');
  assert.deepEqual([judge.look, judge.trials], ['final', 27]);
  assert.match(judge.rule, /^27 trials after confirmation: .* ≤ /);
  assert.ok(judge.p! <= judge.threshold!);
});
