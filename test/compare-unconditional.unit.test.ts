// The exact unconditional test against a small recorded base (src/compare/unconditional.ts): each p-value is a
// bound the code proved for every common rate, never above Fisher's, monotone in the head's losses; and what it is
// for, the seed's loss at k = 2 against one base run flagged at 2.5 × k, with the whole plan's false-alarm bound
// proven the same way, all its testing looks together.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makePlan } from '../src/compare/plan.ts';
import { defaultAlpha } from '../src/compare/policies.ts';
import { fisherLowerTested, TOLERANCE } from '../src/compare/stats.ts';
import {
  lowerTested,
  provesBound,
  UNCONDITIONAL_MAX_BASE,
  UNCONDITIONAL_MAX_HEAD,
  unconditionalApplies,
  unconditionalLower,
} from '../src/compare/unconditional.ts';

const choose = (n: number, r: number): bigint => {
  let c = 1n;
  for (let i = 0; i < r; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
};

/** max over a fine grid of r of f(r): a lower bound of the supremum, computed apart from the module. */
const fineMax = (f: (r: number) => number, points = 20_000) => {
  let best = 0;
  for (let i = 1; i < points; i++) best = Math.max(best, f(i / points));
  return best;
};

/** P_r(outcomes | the base succeeded), the outcomes weighted by total successes (Aⱼ) out of b + n trials. */
const conditional = (a: readonly bigint[], b: number, r: number) => {
  const m = a.length - 1;
  let s = 0;
  for (let j = 1; j <= m; j++) if (a[j]) s += Number(a[j]) * r ** j * (1 - r) ** (m - j);
  return s / (1 - (1 - r) ** b);
};

test('the seed’s loss 2/2 → 0/n: the worst rate of r(1 − r)ⁿ / (2 − r), proven; 0.05 reached at 4 head trials', () => {
  for (const n of [2, 3, 4, 5, 6, 10, 18]) {
    const p = unconditionalLower({ successes: 2, n: 2 }, { successes: 0, n });
    const worst = fineMax((r) => (r * (1 - r) ** n) / (2 - r));
    assert.ok(p >= worst && p <= worst * (1 + 2e-5), `n = ${n}: ${p} against ${worst}`);
    assert.ok(p < 1 / (2 * n + 1), 'below Fisher’s 1/(2n + 1)');
    assert.equal(p <= 0.05, n >= 4, `n = ${n}: ${p}`);
  }
  // The bound behind n = 4 (0.0457…), and that a smaller one is refused: A₂ = 1 (the outcome 2/2, 0/4).
  const a = [0n, 0n, 1n, 0n, 0n, 0n, 0n];
  assert.equal(provesBound(a, 2, 4, 0.0457), false);
  assert.equal(provesBound(a, 2, 4, 0.0458), true);
  // Head only, up to six base trials and 120 head trials; Fisher's with fresh base trials, a larger base or more head trials.
  assert.ok(unconditionalApplies({ successes: 6, n: 6 }, 120) && !unconditionalApplies({ successes: 7, n: 7 }, 4));
  assert.ok(!unconditionalApplies({ successes: 2, n: 2 }, 4, 1) && !unconditionalApplies({ successes: 6, n: 6 }, UNCONDITIONAL_MAX_HEAD + 1));
  assert.equal(lowerTested({ successes: 7, n: 7 }, { successes: 0, n: 4 }), fisherLowerTested({ successes: 7, n: 7 }, { successes: 0, n: 4 }));
  const many = { successes: 0, n: UNCONDITIONAL_MAX_HEAD + 1 };
  assert.equal(lowerTested({ successes: 2, n: 2 }, many), fisherLowerTested({ successes: 2, n: 2 }, many));
});

test('every p is a bound proven again here over the outcomes at least as extreme, never above Fisher’s, monotone in losses', () => {
  let replayed = 0;
  for (let b = 1; b <= UNCONDITIONAL_MAX_BASE; b++)
    for (const n of [1, 2, 3, 5, 8, 13]) {
      const outcomes: { x: number; y: number; fisher: number; p: number }[] = [];
      for (let x = 1; x <= b; x++)
        for (let y = 0; y <= n; y++) {
          const fisher = fisherLowerTested({ successes: x, n: b }, { successes: y, n });
          outcomes.push({ x, y, fisher, p: unconditionalLower({ successes: x, n: b }, { successes: y, n }) });
        }
      for (const o of outcomes) {
        const where = `${o.x}/${b} → ${o.y}/${n}`;
        assert.ok(o.p <= o.fisher * TOLERANCE, `${where}: ${o.p} above Fisher's ${o.fisher}`);
        // More head losses, or more base successes, never a larger p.
        const fewer = outcomes.find((u) => u.x === o.x && u.y === o.y - 1);
        if (fewer) assert.ok(fewer.p <= o.p, `${where}: one head success fewer, larger p`);
        const more = outcomes.find((u) => u.x === o.x + 1 && u.y === o.y);
        if (more) assert.ok(more.p <= o.p, `${where}: one base success more, larger p`);
        // Fisher's own p (ties within rounding take the last of them): valid as it is.
        if (o.p * TOLERANCE >= o.fisher) continue;
        // Its region: every outcome whose Fisher p is at most its own (as the module ties them).
        const a = new Array<bigint>(b + n + 1).fill(0n);
        for (const u of outcomes) if (u.fisher <= o.fisher * (1 + 1e-9)) a[u.x + u.y]! += choose(b, u.x) * choose(n, u.y);
        assert.ok(provesBound(a, b, n, o.p), `${where}: ${o.p} not proven`);
        assert.ok(fineMax((r) => conditional(a, b, r), 2000) <= o.p, `${where}: below the region's probability somewhere`);
        replayed++;
      }
    }
  assert.ok(replayed > 200, `${replayed} bounds replayed`);
});

test('where its proof could close, it did: no p falls back to Fisher’s where the worst rate is below it, up to 40 head trials', () => {
  for (let b = 2; b <= UNCONDITIONAL_MAX_BASE; b++)
    for (let n = 1; n <= 40; n++) {
      const p = unconditionalLower({ successes: b, n: b }, { successes: 0, n });
      const fisher = fisherLowerTested({ successes: b, n: b }, { successes: 0, n });
      const worst = fineMax((r) => (r ** b * (1 - r) ** n) / (1 - (1 - r) ** b), 4000);
      assert.ok(worst >= fisher || p < fisher, `${b}/${b} → 0/${n}: the proof fell back to Fisher's ${fisher} though the worst rate is ${worst}`);
    }
});

test('a head-only plan’s testing looks together: P(any flags the check | selected) is proven at most its share, at every rate', () => {
  let proven = 0;
  for (const [k, runs, tasks] of [
    [2, 1, 1],
    [2, 1, 5],
    [3, 1, 1],
    [3, 1, 5],
    [2, 2, 1],
    [3, 2, 3],
    [2, 3, 1],
  ] as const) {
    const b = k * runs;
    const share = defaultAlpha(runs) / tasks;
    const plan = makePlan({ k, baseTrials: b, share, budget: null });
    const tests = plan.looks.filter((l) => l.part > 0);
    assert.ok(tests.length >= 1 && tests.length <= 2);
    const last = tests[tests.length - 1]!.trials;
    const first = tests[0]!.trials;
    const later = last - first;
    // Every outcome of all `last` head trials: x base successes, y of the first look's head trials, z of the rest.
    const a = new Array<bigint>(b + last + 1).fill(0n);
    for (let x = 1; x <= b; x++)
      for (let y = 0; y <= first; y++)
        for (let z = 0; z <= later; z++) {
          const flagged = tests.some(
            (l, i) => lowerTested({ successes: x, n: b }, { successes: i === 0 ? y : y + z, n: l.trials }) <= l.part * share * TOLERANCE,
          );
          if (flagged) a[x + y + z]! += choose(b, x) * choose(first, y) * choose(later, z);
        }
    assert.ok(provesBound(a, b, last, share), `k = ${k}, ${runs} runs, ${tasks} tasks: not proven ≤ ${share}`);
    proven++;
  }
  assert.equal(proven, 7);
});
