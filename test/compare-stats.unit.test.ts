import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fisherLower, fisherLowerReach, fisherLowerTested, fisherUpper, fisherUpperReach, totalLossP } from '../src/compare/stats.ts';

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

test('the smallest reachable p: the head taking every failure (or success) the margins allow', () => {
  // base 30/30, head 4/5: 1 failure of 35; the head can take it: P(X = 4) = C(34,4)/C(35,5) = 5/35.
  close(fisherLowerReach({ successes: 30, n: 30 }, { successes: 4, n: 5 }), 5 / 35);
  // base 30/30, head 5/5: no failure anywhere, nothing can be lower: reach 1.
  close(fisherLowerReach({ successes: 30, n: 30 }, { successes: 5, n: 5 }), 1);
  // base 5/5, head 0/5: 5 failures, all in the head: 1 / C(10,5) = 1/252, the p of that very split.
  close(fisherLowerReach({ successes: 5, n: 5 }, { successes: 0, n: 5 }), 1 / 252);
  close(fisherLower({ successes: 5, n: 5 }, { successes: 0, n: 5 }), 1 / 252);
  // Upper mirror: base 0/5, head 5/5.
  close(fisherUpperReach({ successes: 0, n: 5 }, { successes: 5, n: 5 }), 1 / 252);
  // A side without trials reaches nothing.
  close(fisherLowerReach({ successes: 30, n: 30 }, { successes: 0, n: 0 }), 1);
});

test('a total loss has p = 1 / (C(n + k, k) − C(n, k)): Fisher’s 1 / C(n + k, k), given that the base succeeded at all', () => {
  // Fewer head trials than base successes: the base cannot have failed every time; nothing to condition on.
  close(totalLossP(30, 5), 1 / 324632);
  // The margins hold 5 successes in 10 trials; of the C(10, 5) = 252 splits, 1 puts them all in the head.
  close(totalLossP(5, 5), 1 / 251);
  close(totalLossP(2, 2), 1 / 5);
});

test('a tested check’s p is conditioned on its base having succeeded: flaky checks that shared α by luck fail no more than their share', () => {
  // base 1/2, head 0/2: Fisher 3/6 = 0.5; the base succeeded at all with probability 1 − C(2,1)/C(4,1) = 1/2.
  close(fisherLower({ successes: 1, n: 2 }, { successes: 0, n: 2 }), 1 / 2);
  close(fisherLowerTested({ successes: 1, n: 2 }, { successes: 0, n: 2 }), 1);
  // base 5/5, head 0/5: 1/252 given the margins, 1/251 given that the base succeeded.
  close(fisherLowerTested({ successes: 5, n: 5 }, { successes: 0, n: 5 }), 1 / 251);
  // A base that never succeeded has nothing to lose: never tested.
  close(fisherLowerTested({ successes: 0, n: 3 }, { successes: 0, n: 3 }), 1);
  // Exhaustively for small counts: conditioned on the base having succeeded, P(p ≤ x) ≤ x under the null.
  for (const [nb, nh] of [
    [2, 2],
    [2, 6],
    [3, 3],
    [3, 10],
  ] as const) {
    for (const rate of [0.05, 0.2, 0.5, 0.9]) {
      const binom = (n: number, s: number) => {
        let c = 1;
        for (let i = 0; i < s; i++) c = (c * (n - i)) / (i + 1);
        return c * rate ** s * (1 - rate) ** (n - s);
      };
      for (const x of [0.01, 0.05, 0.2]) {
        let shared = 0;
        let hit = 0;
        for (let b = 1; b <= nb; b++)
          for (let h = 0; h <= nh; h++) {
            const pr = binom(nb, b) * binom(nh, h);
            shared += pr;
            if (fisherLowerTested({ successes: b, n: nb }, { successes: h, n: nh }) <= x) hit += pr;
          }
        assert.ok(hit / shared <= x + 1e-12, `nb ${nb}, nh ${nh}, rate ${rate}, x ${x}: ${hit / shared}`);
      }
    }
  }
});
