import assert from 'node:assert/strict';
import { it } from 'node:test';
import { passAtK, passPowK } from '../src/results/metrics.ts';

const close = (actual: number | null, expected: number) => assert.ok(actual !== null && Math.abs(actual - expected) < 1e-12, `${actual} ≈ ${expected}`);

it('pass@k = 1 − C(n−c,k)/C(n,k), by hand', () => {
  // n=5, c=2, k=3: C(3,3)/C(5,3) = 1/10 → 0.9
  close(passAtK(5, 2, 3), 0.9);
  // n=10, c=3, k=5: C(7,5)/C(10,5) = 21/252 → 1 − 1/12
  close(passAtK(10, 3, 5), 1 - 21 / 252);
  // n=3, c=0: nothing passes; c=n: always
  close(passAtK(3, 0, 3), 0);
  close(passAtK(3, 3, 1), 1);
  // k=1 is the pass rate
  close(passAtK(4, 1, 1), 0.25);
});

it('pass^k = C(c,k)/C(n,k), by hand', () => {
  // n=5, c=4, k=3: C(4,3)/C(5,3) = 4/10
  close(passPowK(5, 4, 3), 0.4);
  // n=6, c=3, k=2: C(3,2)/C(6,2) = 3/15
  close(passPowK(6, 3, 2), 0.2);
  close(passPowK(3, 2, 3), 0);
  close(passPowK(3, 3, 3), 1);
});

it('is null when fewer than k trials executed (env errors excluded), never a guess', () => {
  assert.equal(passAtK(2, 2, 3), null);
  assert.equal(passPowK(0, 0, 1), null);
});
