// Noise is never a verdict, in the comparison itself (issue: a base history that cannot see a loss, a
// float tie at a look's cut): what cannot be decided is undecided, and an exact tie is a hit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { evidenceOf, verdictOf } from '../src/compare/familywise.ts';
import { makePlan } from '../src/compare/plan.ts';
import { fisherLowerTested, totalLossP } from '../src/compare/stats.ts';
import { UNCONDITIONAL_MAX_BASE, unconditionalLower } from '../src/compare/unconditional.ts';
import { buildResults } from './support/results-builder.ts';

const CHECKS = ['pass', 'detect:a', 'detect:b', 'constraint:c'];
const run = (r: number, marks: string, steady = '11111') =>
  buildResults({
    sha: String(r).repeat(40),
    startedAt: `2025-01-0${r + 1}T00:00:00Z`,
    tasks: [{ id: 't0', checks: Object.fromEntries(CHECKS.map((c, i) => [c, i === 3 ? steady : marks])) }],
  });

test('a base history whose runs differ so much that even a total loss cannot be seen: a drop is undecided, never a pass', () => {
  // Six base runs of 5 whose days differ wildly: the spread test deflates one head run to a single trial.
  const bases = ['11111', '11111', '00011', '11111', '10000', '11111'].map((m, r) => run(r, m));
  const lost = buildResults({ sha: 'f'.repeat(40), tasks: [{ id: 't0', checks: Object.fromEntries(CHECKS.map((c, i) => [c, i === 3 ? '11111' : '00000'])) }] });
  const c = compareResults(bases, lost);
  assert.equal(c.policy.spread!.rho, 1);
  assert.equal(c.policy.reach.reachable, false);
  assert.match(c.policy.reach.note, /cannot show even a total loss with these base runs/);
  assert.equal(c.verdict, 'undecided', 'a total loss against a blind history is never a pass');
  assert.match(c.tasks[0]!.undecided!, /^pass is below its base \(23\/30 → 0\/5\), and the base history cannot show even a total loss here/);
  assert.equal(c.confirmation, undefined, 'no confirmation round can decide it: none is started');
  // Nothing below the base: decided, and it passes.
  const same = buildResults({ sha: 'f'.repeat(40), tasks: [{ id: 't0', checks: Object.fromEntries(CHECKS.map((c) => [c, '11111'])) }] });
  assert.equal(compareResults(bases, same).verdict, 'pass');
});

test('an exact tie at a look’s cut is a hit: every look compares with the tolerance the plan was sized with', () => {
  // One task of one check, k = 3 against three base runs of 3 (Fisher's test; against one run, 3 trials, the
  // unconditional one): choose the share so a total loss at the first testing look lands exactly on its part of it,
  // computed by another road than the test computes p.
  for (const [baseTrials, n] of [
    [9, 4],
    [9, 5],
    [9, 6],
    [9, 9],
    [9, 12],
    [3, 4],
    [3, 5],
    [3, 9],
  ] as const) {
    const base = { successes: baseTrials, n: baseTrials };
    const p = baseTrials > UNCONDITIONAL_MAX_BASE ? totalLossP(baseTrials, n) : unconditionalLower(base, { successes: 0, n });
    const share = p / 0.75;
    const plan = makePlan({ k: 3, baseTrials, share, budget: null });
    const at = plan.looks.findIndex((l) => l.trials === n);
    assert.ok(at > 0, `the plan tests at ${n}: ${plan.looks.map((l) => l.trials).join(', ')}`);
    const looks = plan.looks.slice(0, at + 1).map((l) => ({ successes: 0, n: l.trials }));
    const m = { base, baseRunTrials: 3, looks, head: looks[looks.length - 1]! };
    const e = evidenceOf(m, plan);
    if (baseTrials > UNCONDITIONAL_MAX_BASE) assert.ok(Math.abs(fisherLowerTested(m.base, m.head) - p) < 1e-12);
    assert.equal(verdictOf(m, e, plan, share, true).status, 'regressed');
    assert.ok(e.q <= share * (1 + 1e-9), `n = ${n}: q = ${e.q}, share = ${share}`);
  }
});

test('a check that looks regressed once the env errors count against the pull request is named, whatever reason leads', () => {
  const base = [run(0, '11111'), run(1, '11111')];
  // Two of three head trials env errors, the one that executed failed the pass and the detections.
  const head = buildResults({
    sha: 'f'.repeat(40),
    tasks: [
      { id: 't0', checks: Object.fromEntries(CHECKS.map((c, i) => [c, i === 3 ? '111' : '000'])), outcomes: 'ee.', envMessage: 'the provider answered 503' },
    ],
  });
  const c = compareResults(base, head);
  assert.equal(c.verdict, 'undecided');
  assert.match(
    c.tasks[0]!.undecided!,
    /^2 of its 3 head trials are environment errors \(the provider answered 503\); counted against the pull request, the env errors would make pass \(and 2 more checks\) regress/,
  );
});

test('a judge item the judge could not be asked on the head (an outage) is the environment’s: undecided, never a pass', () => {
  const judged = (r: ReturnType<typeof buildResults>) => {
    const info = { id: 'covers', question: 'Does it cover idempotency?', prompt_sha256: 'a'.repeat(64), calibration: 'gated', pairwise: false };
    for (const task of r.tasks) task.judge = { model: 'judge-model', items: [info] };
    return r;
  };
  const base = judged(buildResults({ tasks: [{ id: 't0', checks: { pass: '111111', 'judge:covers': '111111' } }] }));
  // Every head trial executed and passed, but the judge's endpoint was down: no judge:covers on any of them.
  const outage = judged(buildResults({ sha: 'f'.repeat(40), startedAt: '2025-02-01T00:00:00Z', tasks: [{ id: 't0', checks: { pass: '111111' } }] }));
  const c = compareResults([base], outage, { confirmTrials: 0 });
  assert.equal(c.verdict, 'undecided', 'an unmeasured gated item is not a pass');
  assert.match(c.tasks[0]!.undecided!, /judge:covers/);
  // Asked on a third of them (the endpoint failed midway), the rest count against the pull request in the second view too.
  const base12 = judged(buildResults({ tasks: [{ id: 't0', checks: { pass: '1'.repeat(12), 'judge:covers': '1'.repeat(12) } }] }));
  const third = judged(
    buildResults({ sha: 'e'.repeat(40), startedAt: '2025-02-02T00:00:00Z', tasks: [{ id: 't0', checks: { pass: '1'.repeat(12), 'judge:covers': '1111' } }] }),
  );
  assert.equal(compareResults([base12], third, { confirmTrials: 0 }).verdict, 'undecided');
  // Asked on every trial and as good as the base: it passes.
  const asked = judged(
    buildResults({ sha: 'd'.repeat(40), startedAt: '2025-02-03T00:00:00Z', tasks: [{ id: 't0', checks: { pass: '111111', 'judge:covers': '111111' } }] }),
  );
  assert.equal(compareResults([base], asked, { confirmTrials: 0 }).verdict, 'pass');
});
