// The statistics of the gate, function by function: the plan, each check's decision along it, the
// between-run spread and the strict policy (docs/comparison.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evidenceOf, formatP, stillReachable, verdictOf, type Member } from '../src/compare/familywise.ts';
import { taskFamily } from '../src/compare/family.ts';
import { defaultBudget, makePlan, totalLossAt } from '../src/compare/plan.ts';
import { decideStrict, defaultAlpha, defaultPolicy, policyReach } from '../src/compare/policies.ts';
import { chiSquareUpper, deflate, designEffect, estimateSpread } from '../src/compare/spread.ts';
import { TOLERANCE, totalLossP } from '../src/compare/stats.ts';

const c = (successes: number, n: number) => ({ successes, n });
const member = (base: [number, number], looks: [number, number][], runTrials = 3): Member => ({
  base: c(...base),
  baseRunTrials: runTrials,
  looks: looks.map((l) => c(...l)),
  head: c(...looks[looks.length - 1]!),
});

test('defaults: α 5 % with one base run, 1 % pooled; familywise always, even where it cannot flag a total loss (a drop is then undecided)', () => {
  assert.equal(defaultAlpha(1), 0.05);
  assert.equal(defaultAlpha(6), 0.01);
  assert.equal(defaultPolicy({ k: 5, baseRuns: 6 }), 'familywise');
  assert.equal(defaultPolicy({ k: 3, baseRuns: 1 }), 'familywise');
  // k = 2 against one run of 2 reaches 1/6 in the first round, but confirmation trials take it further.
  assert.equal(defaultPolicy({ k: 2, baseRuns: 1 }), 'familywise');
  // Unreachable: never strict by default (noise would be a verdict), the drop is undecided instead.
  assert.equal(defaultPolicy({ k: 2, baseRuns: 1, budget: 0 }), 'familywise');
  assert.equal(defaultPolicy({ k: 1, baseRuns: 1 }), 'familywise');
});

test('policyReach says when familywise cannot flag anything, and where a total loss is flagged', () => {
  const low = policyReach('familywise', { k: 2, baseRuns: 1, budget: 0 });
  assert.equal(low.reachable, false);
  assert.match(
    low.note,
    /with k = 2, 1 base run and 0 confirmation trials, even a total loss \(2\/2 → 0\/2\) reaches only p = 0\.09, above the share of α 0\.05 of a single task: familywise cannot flag anything; raise trials, baseline-runs or confirm-trials/,
  );
  const six = policyReach('familywise', { k: 3, baseRuns: 6, tasks: 200 });
  assert.equal(six.reachable, true);
  assert.ok(Math.abs(six.totalLossP! - totalLossP(18, 5)) < 1e-15);
  assert.match(six.note, /a total loss \(18\/18 → 0\/5\) reaches p = 3\.0e-5 at 5 executed head trials, within its share: flagged for certain/);
  assert.equal(policyReach('strict', { k: 1, baseRuns: 1 }).reachable, true);
});

test('the plan at k = 3 with six base runs, 200 tasks: the first round screens, a total loss is tested at 5 trials, the rest at 27', () => {
  const share = 0.01 / 200;
  const plan = makePlan({ k: 3, baseTrials: 18, share, budget: null });
  assert.equal(plan.budget, 24, '8 × k is enough here');
  assert.deepEqual(
    plan.looks.map((l) => [l.trials, l.part, l.screen]),
    [
      [3, 0, 0.15],
      [5, 0.75, 0.05],
      [9, 0, 0.01],
      [18, 0, 0.01],
      [27, 0.25, 0],
    ],
  );
  assert.deepEqual(plan.totalLoss, { look: 1, trials: 5, base: 0, p: totalLossP(18, 5) });
  // Four head trials would not do: 1/C(22, 4) = 1.4e-4 > ¾ × 5e-5.
  assert.ok(totalLossAt(4, 18, 3, 0) > 0.75 * share);
});

test('a lone task: the first round tests when a total loss already reaches; the budget grows to what a total loss needs', () => {
  // Six base runs of 3, α = 0.01 for one task: 1/C(21, 3) = 7.5e-4 ≤ ¾ × 0.01.
  const lone = makePlan({ k: 3, baseTrials: 18, share: 0.01, budget: null });
  // A lone task's share is large: it screens narrow (plan.ts screensFor), and its next look is one trial on.
  assert.deepEqual(lone.looks.slice(0, 2), [
    { trials: 3, base: 0, part: 0.75, screen: 0.05 },
    { trials: 4, base: 0, part: 0, screen: 0.01 },
  ]);
  assert.equal(lone.totalLoss!.look, 0);
  // 200 tasks at α = 0.05 against one base run of 3: a total loss given that the base succeeded, at its worst rate
  // (the unconditional test, unconditional.ts), reaches 2.5e-4 at 27 trials, the default's reach, and ¾ of it only at
  // 32, where ¼ of it is out of reach: one test with the whole share at 27 (Fisher's 1 / (C(n + 3, 3) − C(n, 3))
  // reached it only at 52, past the default's reach: before, the plan could not flag a total loss there).
  const thin = makePlan({ k: 3, baseTrials: 3, share: 0.05 / 200, budget: null });
  assert.deepEqual(
    thin.looks.map((l) => [l.trials, l.part]),
    [
      [3, 0],
      [27, 1],
    ],
  );
  assert.equal(thin.budget, 24);
  assert.equal(thin.totalLoss?.trials, 27);
  // The default budget is what ¾ of the share needs (32 trials), though the plan then uses only 24 of it.
  assert.equal(defaultBudget({ k: 3, baseTrials: 3, share: 0.05 / 200 }), 29);
  // A budget given is a budget kept: 24 extra trials reach it at the last look (27), 20 cannot.
  assert.equal(makePlan({ k: 3, baseTrials: 3, share: 0.05 / 200, budget: 24 }).totalLoss?.trials, 27);
  assert.equal(makePlan({ k: 3, baseTrials: 3, share: 0.05 / 200, budget: 20 }).totalLoss, null);
});

test('without confirmation the first round tests with all of each check’s share', () => {
  const plan = makePlan({ k: 5, baseTrials: 30, share: 0.01 / 200, budget: 0 });
  assert.deepEqual(plan.looks, [{ trials: 5, base: 0, part: 1, screen: 0 }]);
  const m = member([30, 30], [[0, 5]], 5);
  const e = evidenceOf(m, plan);
  const v = verdictOf(m, e, plan, 0.01 / 200, true);
  assert.equal(v.status, 'regressed');
  assert.equal(v.look, 'first');
  assert.match(v.rule, /^first 5 trials: Fisher p = 3\.1e-6 ≤ 5\.0e-5$/);
});

test('a check’s evidence over the looks: q is the least p / part of the testing looks it reached', () => {
  const share = 0.01 / 200;
  const plan = makePlan({ k: 3, baseTrials: 18, share, budget: null });
  const lost = member(
    [18, 18],
    [
      [0, 3],
      [0, 5],
    ],
  );
  const e = evidenceOf(lost, plan);
  assert.equal(e.q, totalLossP(18, 5) / 0.75);
  assert.ok(e.q <= share * TOLERANCE, 'a total loss is flagged at the first testing look');
  const v = verdictOf(lost, e, plan, share, true);
  assert.match(v.rule, /^5 trials after confirmation: Fisher p = 3\.0e-5 ≤ 3\.8e-5$/);
  // The first round alone never flags here: it only screens.
  const first = member([18, 18], [[0, 3]]);
  assert.equal(evidenceOf(first, plan).q, 1);
  assert.match(
    verdictOf(first, evidenceOf(first, plan), plan, share, false).rule,
    /^first 3 trials screen only: Fisher p = 7\.5e-4 ≤ 0\.15, confirmation needed$/,
  );
});

test('fewer head successes never remove a flag nor end an ambiguity without a flag: every count at every look', () => {
  // The lemma behind "a further loss never turns a failing PR into a pass" (bench/results/policy-simulation.md proves it for every supported size).
  for (const [k, runs, share] of [
    [3, 6, 0.01 / 200],
    [3, 1, 0.05 / 200],
    [5, 6, 0.01 / 50],
    [2, 2, 0.01 / 10],
    [3, 1, 0.05],
    [3, 6, 0.01],
  ] as const) {
    const plan = makePlan({ k, baseTrials: k * runs, share, budget: null });
    const n = plan.looks.map((l) => l.trials);
    for (let b = 0; b <= k * runs; b++)
      for (let i = 0; i < n.length; i++)
        for (let h = 1; h <= n[i]!; h++) {
          const looks = (x: number) => n.slice(0, i + 1).map((t, j): [number, number] => [j === i ? x : Math.min(x, t), t]);
          const at = (x: number) => {
            const m = member([b, k * runs], looks(x), k);
            const e = evidenceOf(m, plan);
            return { flagged: e.q <= share * TOLERANCE, ambiguous: e.p[i]! <= plan.looks[i]!.screen && stillReachable(m, plan, i, share) };
          };
          const [more, fewer] = [at(h), at(h - 1)];
          if (more.flagged) assert.ok(fewer.flagged, `k=${k} runs=${runs}: ${b} → ${h}/${n[i]} flagged, ${h - 1} not`);
          if (more.ambiguous) assert.ok(fewer.flagged || fewer.ambiguous, `k=${k} runs=${runs}: ${b} → ${h}/${n[i]} ambiguous, ${h - 1} neither`);
        }
  }
});

test('a task’s family: a check the base never passed takes no share; the pass speaks for checks that failed with it', () => {
  const f = taskFamily([
    { check: 'pass', base: c(2, 3), gated: true },
    { check: 'detect:a', base: c(2, 3), gated: true },
    { check: 'detect:b', base: c(3, 3), gated: true },
    { check: 'detect:never', base: c(0, 3), gated: true },
    { check: 'judge:covers', base: c(3, 3), gated: true },
    { check: 'env', base: c(3, 3), gated: false },
  ]);
  assert.deepEqual(f.nodes, ['pass', 'detect:a', 'detect:b', 'judge:covers']);
  assert.deepEqual(
    f.weights.map((w) => Number(w.toFixed(12))),
    [0.333333333333, 0, 0.333333333333, 0.333333333333],
    'a flaky pass shares equally with the checks that can show more',
  );
  assert.equal(f.primary, 'pass');
  // A perfect base: the pass carries the whole share, three quarters of it beside a judge item.
  assert.deepEqual(
    taskFamily([
      { check: 'pass', base: c(3, 3), gated: true },
      { check: 'detect:a', base: c(3, 3), gated: true },
    ]).weights,
    [1, 0],
  );
  assert.deepEqual(
    taskFamily([
      { check: 'pass', base: c(3, 3), gated: true },
      { check: 'judge:covers', base: c(3, 3), gated: true },
    ]).weights,
    [0.75, 0.25],
  );
  // The trial never passed on the base, the detections did: they share it.
  const hard = taskFamily([
    { check: 'pass', base: c(0, 3), gated: true },
    { check: 'detect:a', base: c(3, 3), gated: true },
    { check: 'detect:b', base: c(1, 3), gated: true },
  ]);
  assert.deepEqual([hard.nodes, hard.weights, hard.primary], [['detect:a', 'detect:b'], [0.5, 0.5], 'detect:a']);
  // Nothing ever succeeded: no share at all.
  assert.deepEqual(taskFamily([{ check: 'pass', base: c(0, 3), gated: true }]).nodes, []);
});

test('improvements mirror the test at the testing looks; sides without trials stay suspect', () => {
  const plan = makePlan({ k: 5, baseTrials: 30, share: 0.01, budget: 0 });
  const verdict = (base: [number, number], looks: [number, number][]) => {
    const m = member(base, looks, 5);
    return verdictOf(m, evidenceOf(m, plan), plan, 0.01, false);
  };
  assert.equal(verdict([0, 30], [[5, 5]]).status, 'improved');
  assert.equal(verdict([30, 30], [[0, 0]]).status, 'suspect');
  assert.equal(verdict([0, 0], [[3, 5]]).rule, 'no executed base trial measured this check');
});

/** A task of `copies` identical checks with these run counts: each trial scores `copies` or 0. */
const task = (perRun: { successes: number; n: number }[], copies = 1) => ({
  checks: Array.from({ length: copies }, () => perRun),
  scores: { perRun: perRun.map((r) => ({ n: r.n, sum: copies * r.successes })), squares: perRun.reduce((s, r) => s + copies * copies * r.successes, 0) },
});

test('the between-run spread: exchangeable runs are pooled, runs that differ more than chance deflate the counts', () => {
  // Six runs of 5 whose counts vary exactly as binomial draws would (given the total): φ ≈ 1, nothing done.
  const calm = Array.from({ length: 40 }, (_, i) => [4, 5, 4, 5, 4, 5].map((s, r) => c((s + i + r) % 3 === 0 ? 5 : s, 5)));
  const a = estimateSpread(
    calm.map((check) => task(check)),
    6,
  );
  assert.equal(a.rho, 0);
  assert.match(a.note, /^the base runs vary no more than chance \(φ = /);
  // Runs alternating between 5/5 and 1/5: far more than chance allows.
  const days = Array.from({ length: 40 }, () => [5, 1, 5, 1, 5, 1].map((s) => c(s, 5)));
  const b = estimateSpread(
    days.map((check) => task(check)),
    6,
  );
  assert.ok(b.phi! > 3 && b.p! < 1e-6, JSON.stringify(b));
  assert.ok(b.rho > 0.4 && b.rho <= 1);
  assert.match(
    b.note,
    /counts are deflated by the design effect of a correlation ρ = 0\.\d{3} between trials of one run \(its upper 95 % bound\), so a head run counts for at most (one independent trial|\d+ independent trials); a change between runs beyond what the base runs show is not bounded$/,
  );
  assert.match(estimateSpread([task(days[0]!)], 1).note, /^one base run cannot show whether runs differ from day to day/);
  assert.match(estimateSpread([task([c(5, 5), c(5, 5)])], 2).note, /^no check varied within the 2 base runs/);
  // Four copies of one check in a task are one trial each, not four: the same φ, no more significance.
  const once = estimateSpread(
    days.slice(0, 5).map((check) => task(check)),
    6,
  );
  const copies = estimateSpread(
    days.slice(0, 5).map((check) => task(check, 4)),
    6,
  );
  assert.ok(Math.abs(copies.phi! - once.phi!) < 1e-9 && Math.abs(copies.p! - once.p!) < 1e-9);
});

test('deflation by a design effect only makes a drop less significant, and is the identity without one', () => {
  assert.deepEqual(deflate(c(17, 18), 1, 'more'), c(17, 18));
  assert.equal(designEffect(45, 0.1), 5.4);
  assert.deepEqual(deflate(c(22, 45), 5.4, 'fewer'), c(4, 8), 'head: 23 failures / 5.4 rounded down');
  assert.deepEqual(deflate(c(27, 30), 1.4, 'more'), c(18, 21), 'base: 3 failures / 1.4 rounded up');
  // A head run's trials never count for more than about 1/ρ.
  assert.ok(deflate(c(0, 1000), designEffect(1000, 0.25), 'fewer').n <= 4);
  assert.ok(Math.abs(chiSquareUpper(124.3, 100) - 0.05) < 0.005, 'χ² tail near the textbook value');
});

test('strict: any failure after all-succeeded regresses; a drop from a mixed base is only suspect', () => {
  assert.deepEqual(decideStrict(c(5, 5), c(4, 5)), {
    status: 'regressed',
    p: null,
    threshold: null,
    look: null,
    rule: 'strict: base succeeded on all 5, head failed 1 of 5',
  });
  assert.equal(decideStrict(c(4, 5), c(1, 5)).status, 'suspect');
  assert.equal(decideStrict(c(3, 5), c(5, 5)).status, 'improved');
  assert.equal(decideStrict(c(3, 5), c(4, 5)).status, 'flaky');
  assert.equal(decideStrict(c(5, 5), c(5, 5)).status, 'unchanged');
  assert.equal(decideStrict(c(5, 5), c(0, 0)).status, 'suspect');
});

test('p-values print with two significant digits, tiny ones in exponent form', () => {
  assert.equal(formatP(1 / 12), '0.083');
  assert.equal(formatP(1), '1');
  assert.equal(formatP(1 / 32768), '3.1e-5');
});
