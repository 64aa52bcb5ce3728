import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideFamily, familyBudget, finalThreshold, formatP, type Member } from '../src/compare/familywise.ts';
import { confirmationLooks, screeningBound } from '../src/compare/looks.ts';
import { decideStrict, defaultAlpha, defaultPolicy, policyReach } from '../src/compare/policies.ts';

const c = (successes: number, n: number) => ({ successes, n });
const member = (base: [number, number], first: [number, number], group: string, final: [number, number] | null = null): Member => ({
  base: c(...base),
  first: c(...first),
  final: final ? c(...final) : null,
  head: final ? c(...final) : c(...first),
  group,
});

test('defaults: α 5 % with one base run, 1 % pooled; familywise unless it cannot flag even a total loss', () => {
  assert.equal(defaultAlpha(1), 0.05);
  assert.equal(defaultAlpha(6), 0.01);
  assert.equal(defaultPolicy(6, 5), 'familywise');
  assert.equal(defaultPolicy(1, 5), 'familywise');
  // k = 2 against one run of 2: a total loss is p = 1/6 > 5 %: nothing could ever be flagged.
  assert.equal(defaultPolicy(1, 2), 'strict');
  assert.equal(defaultPolicy(1, 2, 0.2), 'familywise');
});

test('policyReach says when familywise cannot flag anything, and how far a total loss reaches', () => {
  const low = policyReach('familywise', 2, 1);
  assert.equal(low.reachable, false);
  assert.match(low.note, /k = 2 and 1 base run, even a total loss \(2\/2 → 0\/2\) reaches only p = 0\.17 > α = 0\.05/);
  const six = policyReach('familywise', 5, 6);
  assert.equal(six.reachable, true);
  assert.ok(Math.abs(six.totalLossP! - 1 / 324632) < 1e-15);
  assert.match(six.note, /flagged for certain while at most 3,246 checks/);
  assert.equal(policyReach('strict', 1, 1).reachable, true);
});

test('strict: any failure after all-succeeded regresses; a drop from a mixed base is only suspect', () => {
  assert.deepEqual(decideStrict(c(5, 5), c(4, 5)), { status: 'regressed', p: null, threshold: null, look: null, rule: 'strict: base succeeded on all 5, head failed 1 of 5' });
  assert.equal(decideStrict(c(4, 5), c(1, 5)).status, 'suspect');
  assert.equal(decideStrict(c(3, 5), c(5, 5)).status, 'improved');
  assert.equal(decideStrict(c(3, 5), c(4, 5)).status, 'flaky');
  assert.equal(decideStrict(c(5, 5), c(5, 5)).status, 'unchanged');
  assert.equal(decideStrict(c(5, 5), c(0, 0)).status, 'suspect');
});

test('the budget: unconfirmed the first round has all of α; confirmed it keeps what flags any total loss', () => {
  assert.deepEqual(familyBudget(0.01, 200, 6, 5, false), { alpha: 0.01, first: 0.01, confirm: 0, family: 200 });
  const split = familyBudget(0.01, 200, 6, 5, true);
  assert.ok(Math.abs(split.first - 200 / 324632) < 1e-12);
  assert.ok(Math.abs(split.confirm - (0.01 - 200 / 324632)) < 1e-12);
  assert.ok(Math.abs(finalThreshold(split) - split.confirm / 200) < 1e-18);
  // One base run of 5: a total loss is 1/252, 200 of them would need more than α: no confirmation budget.
  assert.equal(familyBudget(0.05, 200, 1, 5, true).confirm, 0);
});

test("Tarone: checks that cannot reach a p-value do not dilute it", () => {
  // One total loss among 199 checks that succeeded on every trial: a family of one.
  const members = [member([30, 30], [0, 5], 't0:0'), ...Array.from({ length: 199 }, (_, i) => member([30, 30], [5, 5], `t${i + 1}:0`))];
  const [lost, ...rest] = decideFamily(members, familyBudget(0.01, 200, 6, 5, false));
  assert.equal(lost!.status, 'regressed');
  assert.equal(lost!.look, 'first');
  assert.match(lost!.rule, /first 5 trials: Fisher p = 3\.1e-6; 1 check could reach it: 1 × p = 3\.1e-6 ≤ α₁ = 0\.01/);
  assert.ok(rest.every((r) => r.status === 'unchanged'));
  // 30/30 → 2/5 alone: p = C(32,2)/C(35,5) = 1.5e-3 ≤ 0.01: flagged; with 10 other checks that could reach it, not.
  const alone = decideFamily([member([30, 30], [2, 5], 'a:0')], familyBudget(0.01, 1, 6, 5, false))[0]!;
  assert.equal(alone.status, 'regressed');
  const crowd = decideFamily(
    [member([30, 30], [2, 5], 'a:0'), ...Array.from({ length: 10 }, (_, i) => member([27, 30], [5, 5], `b${i}:0`))],
    familyBudget(0.01, 11, 6, 5, false),
  )[0]!;
  assert.equal(crowd.status, 'suspect');
  assert.match(crowd.rule, /11 checks could reach it: 11 × p = 0\.017 > α₁ = 0\.01/);
});

test('checks of one task with the same outcome on every trial are one hypothesis', () => {
  const budget = familyBudget(0.01, 3, 6, 5, false);
  // Three identical columns in one task: a family of one, flagged together.
  const same = decideFamily([member([30, 30], [2, 5], 't:1'), member([30, 30], [2, 5], 't:1'), member([30, 30], [2, 5], 't:1')], budget);
  assert.ok(same.every((v) => v.status === 'regressed' && /1 check could reach it/.test(v.rule)));
  // The same counts in three columns that differ: three hypotheses, 3 × 1.5e-3 = 4.6e-3 still ≤ 0.01.
  const apart = decideFamily([member([30, 30], [2, 5], 't:1'), member([30, 30], [2, 5], 't:2'), member([30, 30], [2, 5], 't:3')], budget);
  assert.ok(apart.every((v) => /3 checks could reach it/.test(v.rule)));
});

test('the final look tests every check of a confirmed task at α_confirm / family', () => {
  const budget = familyBudget(0.01, 200, 6, 5, true);
  // 30/30 → 4/5 is ambiguous; after 45 trials, 22/45: p far below 0.0094 / 200.
  const [v] = decideFamily([member([30, 30], [4, 5], 't:0', [22, 45])], budget);
  assert.equal(v!.status, 'regressed');
  assert.equal(v!.look, 'final');
  assert.match(v!.rule, /^45 trials after confirmation: Fisher p = [\d.e-]+ ≤ 0\.0094 \/ 200 checks = 4\.7e-5$/);
  // 44/45 after confirmation: no longer below.
  assert.equal(decideFamily([member([30, 30], [4, 5], 't:0', [44, 45])], budget)[0]!.status, 'suspect');
});

test('improvements mirror the test; sides without trials stay suspect', () => {
  const [up] = decideFamily([member([0, 30], [5, 5], 't:0')], familyBudget(0.01, 1, 6, 5, false));
  assert.equal(up!.status, 'improved');
  assert.equal(decideFamily([member([30, 30], [0, 0], 't:0')], familyBudget(0.01, 1, 6, 5, false))[0]!.status, 'suspect');
});

test('the looks: k, ⌈1.5k⌉, 3k, k + confirm-trials, and their screening bounds', () => {
  assert.deepEqual(confirmationLooks(5, 40), [5, 8, 15, 45]);
  assert.deepEqual(confirmationLooks(5, 8), [5, 8, 13]);
  assert.deepEqual(confirmationLooks(5, 2), [5, 7]);
  assert.deepEqual(confirmationLooks(1, 3), [1, 2, 3, 4]);
  assert.deepEqual([0, 1, 2, 3].map(screeningBound), [0.15, 0.05, 0.01, 0.01]);
});

test('p-values print with two significant digits, tiny ones in exponent form', () => {
  assert.equal(formatP(1 / 12), '0.083');
  assert.equal(formatP(1), '1');
  assert.equal(formatP(1 / 32768), '3.1e-5');
});
