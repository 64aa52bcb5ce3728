import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benjaminiHochberg, binomialLower, binomialUpper, fisherLower, fisherUpper, priorRate } from '../src/compare/stats.ts';

const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);

test('Fisher lower tail matches the hypergeometric sums done by hand', () => {
  // base 5/5, head 2/5: 10 trials, 7 successes, the head draws 5. At most 3 failures exist, so the head
  // has at least 2 successes: P(X ≤ 2) = C(7,2)·C(3,3) / C(10,5) = 21 / 252 = 1/12.
  close(fisherLower({ successes: 5, n: 5 }, { successes: 2, n: 5 }), 21 / 252);
  // base 5/5, head 0/5: P(X = 0) = C(5,0)·C(5,5) / C(10,5) = 1/252.
  close(fisherLower({ successes: 5, n: 5 }, { successes: 0, n: 5 }), 1 / 252);
  // base 4/5, head 1/5: 5 successes of 10; P(X ≤ 1) = (C(5,0)·C(5,5) + C(5,1)·C(5,4)) / 252 = (1 + 25) / 252.
  close(fisherLower({ successes: 4, n: 5 }, { successes: 1, n: 5 }), 26 / 252);
  // Equal sides: every head count at or below 5 of 5: the whole distribution.
  close(fisherLower({ successes: 5, n: 5 }, { successes: 5, n: 5 }), 1);
});

test('Fisher upper tail is the mirror of the lower one', () => {
  // base 1/5, head 4/5: P(X ≥ 4) = (C(5,4)·C(5,1) + C(5,5)·C(5,0)) / 252 = 26 / 252.
  close(fisherUpper({ successes: 1, n: 5 }, { successes: 4, n: 5 }), 26 / 252);
  // Pooled base 10/10 against head 3/5 (unequal sizes): 13 successes of 15, the head draws 5;
  // P(X ≤ 3) = C(13,3)·C(2,2) / C(15,5) = 286 / 3003.
  close(fisherLower({ successes: 10, n: 10 }, { successes: 3, n: 5 }), 286 / 3003);
});

test('binomial tails match the sums done by hand', () => {
  // n = 5, p = 31/32 (base 30/30 with the +1/+2 prior). P(X ≤ 2) = Σ_{i≤2} C(5,i) 31^i / 32^5
  // = (1 + 5·31 + 10·31²) / 32^5 = (1 + 155 + 9610) / 33554432 = 9766 / 33554432.
  close(binomialLower(2, 5, priorRate({ successes: 30, n: 30 })), 9766 / 33554432);
  // n = 5, p = 7/8 (base 6/6): P(X ≤ 0) = (1/8)^5 = 1/32768.
  close(binomialLower(0, 5, priorRate({ successes: 6, n: 6 })), 1 / 32768);
  // n = 4, p = 1/2: P(X ≤ 1) = (1 + 4) / 16; P(X ≥ 4) = 1/16.
  close(binomialLower(1, 4, 0.5), 5 / 16);
  close(binomialUpper(4, 4, 0.5), 1 / 16);
  close(binomialUpper(0, 4, 0.5), 1);
});

test('the prior rate is successes + 1 over n + 2', () => {
  close(priorRate({ successes: 30, n: 30 }), 31 / 32);
  close(priorRate({ successes: 0, n: 0 }), 1 / 2);
});

test('Benjamini–Hochberg adjusts step-up, in the input order', () => {
  // Sorted: .01 .03 .04 .5 → p·m/rank = .04 .06 .0533 .5; the running minimum from the top makes
  // .03's value .0533 (from .04's), so: .01 → .04, .04 → .0533, .03 → .0533, .5 → .5.
  const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.5]);
  close(q[0]!, 0.04);
  close(q[1]!, 0.16 / 3);
  close(q[2]!, 0.16 / 3);
  close(q[3]!, 0.5);
  assert.deepEqual(benjaminiHochberg([]), []);
});
