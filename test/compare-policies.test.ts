import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideChecks, defaultPolicy, formatP } from '../src/compare/policies.ts';

const c = (successes: number, n: number) => ({ successes, n });
const one = (name: 'strict' | 'statistical' | 'history', alpha: number, base: [number, number], head: [number, number]) =>
  decideChecks({ name, alpha }, [{ base: c(...base), head: c(...head) }])[0]!;

test('default policy: history with two or more base runs, strict with one', () => {
  assert.equal(defaultPolicy(1), 'strict');
  assert.equal(defaultPolicy(2), 'history');
  assert.equal(defaultPolicy(6), 'history');
});

test('strict: any failure after all-succeeded regresses; a drop from a mixed base is only suspect', () => {
  const lost = one('strict', 0, [5, 5], [4, 5]);
  assert.equal(lost.status, 'regressed');
  assert.equal(lost.rule, 'strict: base succeeded on all 5, head failed 1 of 5');
  assert.equal(lost.p, null);
  assert.equal(one('strict', 0, [4, 5], [1, 5]).status, 'suspect');
  assert.equal(one('strict', 0, [3, 5], [5, 5]).status, 'improved');
  assert.equal(one('strict', 0, [3, 5], [4, 5]).status, 'flaky');
  assert.equal(one('strict', 0, [5, 5], [5, 5]).status, 'unchanged');
  assert.equal(one('strict', 0, [0, 5], [0, 5]).status, 'unchanged');
});

test('a side without an executed trial is suspect, never unchanged', () => {
  for (const policy of ['strict', 'statistical', 'history'] as const) {
    assert.equal(one(policy, 0.1, [5, 5], [0, 0]).status, 'suspect');
    assert.equal(one(policy, 0.1, [0, 0], [5, 5]).status, 'suspect');
  }
});

test('statistical: Fisher p against alpha after Benjamini–Hochberg across every check', () => {
  // 5/5 → 0/5: p = 1/252 ≈ 0.004 ≤ 0.1.
  const lost = one('statistical', 0.1, [5, 5], [0, 5]);
  assert.equal(lost.status, 'regressed');
  assert.equal(formatP(lost.p!), '0.004');
  // 5/5 → 2/5: p = 1/12 ≈ 0.083 ≤ 0.1 alone ...
  assert.equal(one('statistical', 0.1, [5, 5], [2, 5]).status, 'regressed');
  // ... but not with four more untouched checks: q = 0.083 · 5 / 1 = 0.42.
  const many = decideChecks({ name: 'statistical', alpha: 0.1 }, [
    { base: c(5, 5), head: c(2, 5) },
    ...Array.from({ length: 4 }, () => ({ base: c(5, 5), head: c(5, 5) })),
  ]);
  assert.equal(many[0]!.status, 'suspect');
  assert.ok(Math.abs(many[0]!.q! - 5 / 12) < 1e-12);
  assert.match(many[0]!.rule, /BH q = 0\.42 > α = 0\.1 \(m = 5\)/);
  assert.equal(many[1]!.status, 'unchanged');
  // 0/5 → 5/5 improves by the mirror test (p = 1/252).
  assert.equal(one('statistical', 0.1, [0, 5], [5, 5]).status, 'improved');
});

test('history: the head count against the pooled base rate with the +1/+2 prior', () => {
  // base 30/30 → p̂ = 31/32; head 2/5: P(X ≤ 2) = 9766/32^5 ≈ 2.9e-4 ≤ 0.01.
  const lost = one('history', 0.01, [30, 30], [2, 5]);
  assert.equal(lost.status, 'regressed');
  assert.equal(lost.rule, 'binomial P(X ≤ 2 | n = 5, p̂ = (30+1)/(30+2) = 0.969) = 2.9e-4 ≤ α = 0.01');
  // head 4/5: P(X ≤ 4) = 1 − (31/32)^5 ≈ 0.15: below base, not significant.
  assert.equal(one('history', 0.01, [30, 30], [4, 5]).status, 'suspect');
  // A 90 %-reliable base (27/30) and head 4/5: above the base rate 28/32: no change, mixed trials.
  assert.equal(one('history', 0.01, [27, 30], [5, 5]).status, 'flaky');
  assert.equal(one('history', 0.01, [0, 30], [5, 5]).status, 'improved');
});

test('p-values print with two significant digits, tiny ones in exponent form', () => {
  assert.equal(formatP(1 / 12), '0.083');
  assert.equal(formatP(1), '1');
  assert.equal(formatP(1 / 32768), '3.1e-5');
});
