// Checks that held on every base trial beside a flaky pass are tested together, at one weight (family.ts),
// where that flags their total loss in the first round (plan.ts planTask); decideTask splits the weight where
// the head's trials do not carry every one of them, and tests each against the fresh base trials in which
// all of them held (issue 35: the seed's loss against six base runs with the other detections flaky).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideTask, type DraftCheck } from '../src/compare/decide.ts';
import { taskFamily } from '../src/compare/family.ts';
import { lowerP } from '../src/compare/familywise.ts';
import type { TaskHead } from '../src/compare/head-looks.ts';
import { planTask, type Plan } from '../src/compare/plan.ts';
import type { Count } from '../src/schemas/comparison.ts';

const c = (successes: number, n: number): Count => ({ successes, n });
const CONSTRAINTS = ['constraint:a', 'constraint:b', 'constraint:c', 'constraint:d', 'constraint:e', 'constraint:f', 'constraint:g'];

/** The seed's inventory task against `nb` base trials: the pass failed where reserve-twice or oversell did; double-reserve and the constraints always held. */
function seedBase(nb: number, passes: number, reserve: number, oversell: number): Map<string, Count> {
  return new Map([
    ['pass', c(passes, nb)],
    ['detect:reserve-twice', c(reserve, nb)],
    ['detect:double-reserve', c(nb, nb)],
    ['detect:oversell', c(oversell, nb)],
    ...CONSTRAINTS.map((k): [string, Count] => [k, c(nb, nb)]),
  ]);
}

const drafts = (base: Map<string, Count>, head: Map<string, Count[]>): DraftCheck[] =>
  [...base].map(([check, b]) => {
    const looks = head.get(check) ?? [];
    return { check, base: b, head: looks[looks.length - 1] ?? c(0, 0), baseRunTrials: 3, gated: true, worstBase: b };
  });

function taskHead(looks: Map<string, Count[]>, plan: Plan, fresh?: Map<string, Count[]>): TaskHead {
  const reached = (looks.get('pass') ?? []).length - 1;
  const n = plan.looks[reached]!.trials;
  return {
    reached,
    started: n,
    executed: n,
    held: n,
    looks,
    worst: looks,
    rounds: plan.looks.slice(0, reached + 1).map((l, i) => ({ started: l.trials - (i ? plan.looks[i - 1]!.trials : 0), env: 0 })),
    declared: 0,
    ...(fresh ? { fresh: { looks: fresh, worst: fresh, started: 0, executed: 0, held: 0 } } : {}),
  };
}

test('the checks that held on every base trial beside a flaky pass share one weight, each tested at all of it', () => {
  const f = taskFamily([...seedBase(18, 15, 16, 17)].map(([check, base]) => ({ check, base, gated: true })));
  assert.deepEqual(f.together, ['detect:double-reserve', ...CONSTRAINTS]);
  // The pass, reserve-twice, oversell and the eight held together: four shares of a quarter (apart: eleven of 1/11).
  const weight = (check: string) => f.weights[f.nodes.indexOf(check)]!;
  assert.deepEqual(['pass', 'detect:reserve-twice', 'detect:oversell', 'detect:double-reserve', 'constraint:g'].map(weight), [0.25, 0.25, 0.25, 0.25, 0.25]);
  const apart = taskFamily(
    [...seedBase(18, 15, 16, 17)].map(([check, base]) => ({ check, base, gated: true })),
    false,
  );
  assert.deepEqual(apart.together, []);
  assert.ok(Math.abs(apart.weights[apart.nodes.indexOf('detect:double-reserve')]! - 1 / 11) < 1e-12);
  // A judge item is not asked in every trial, and a check measured on fewer base trials than the pass is not on the same ones: each weighs alone.
  const mixed = taskFamily([
    { check: 'pass', base: c(5, 6), gated: true },
    { check: 'detect:a', base: c(6, 6), gated: true },
    { check: 'detect:b', base: c(5, 5), gated: true },
    { check: 'judge:cites', base: c(6, 6), gated: true },
  ]);
  assert.deepEqual(mixed.together, ['detect:a']);
  assert.deepEqual(mixed.weights, [0.25, 0.25, 0.25, 0.25]);
  // A pass that never failed on the base: every check it speaks for takes no weight, nothing is held together.
  assert.deepEqual(taskFamily([...seedBase(18, 18, 18, 18)].map(([check, base]) => ({ check, base, gated: true }))).together, []);
});

test('the seed’s loss against six base runs, the other detections flaky: flagged in the first round (apart, it needed a fourth trial)', () => {
  const base = seedBase(18, 15, 16, 17);
  const share = 0.01;
  const { family, plan } = planTask(drafts(base, new Map()), { k: 3, taskShare: share, budget: null });
  assert.deepEqual(family.together, ['detect:double-reserve', ...CONSTRAINTS]);
  assert.ok(plan.looks[0]!.part > 0, 'the first round tests');
  // The head: double-reserve and the pass lost in all three trials, the rest held.
  const head = new Map([...base.keys()].map((check) => [check, [check === 'pass' || check === 'detect:double-reserve' ? c(0, 3) : c(3, 3)]]));
  const d = decideTask({ checks: drafts(base, head), head: taskHead(head, plan), familywise: { family, plan, share } });
  assert.equal(d.regressed, true);
  assert.equal(d.goesOn, false);
  // 18/18 → 0/3 is at p = 1/1330, within ¾ of a quarter of the share, not of 1/11 of it.
  const p = lowerP(c(18, 18), 3, c(0, 3), 0);
  assert.ok(p <= 0.75 * 0.25 * share && p > (0.75 * share) / 11, `p = ${p}`);
});

test('where their total loss would be flagged only after the first round, the checks are kept apart (an unchanged task’s chance miss would send it on)', () => {
  // k = 2 against one base run of 2: 2/2 → 0/2 reaches no share in the first round.
  const base = seedBase(2, 1, 1, 2);
  const { family } = planTask(drafts(base, new Map()), { k: 2, taskShare: 0.05, budget: null });
  assert.deepEqual(family.together, []);
  assert.deepEqual(
    family,
    taskFamily(
      [...base].map(([check, b]) => ({ check, base: b, gated: true })),
      false,
    ),
  );
});

test('a check held together that some head trial did not carry splits the weight: the conjunction was not measured on its trials', () => {
  const base = seedBase(18, 15, 16, 17);
  const share = 0.01;
  const { family, plan } = planTask(drafts(base, new Map()), { k: 3, taskShare: share, budget: null });
  const lost = (check: string) => check === 'pass' || check === 'detect:double-reserve';
  // double-reserve carried by two of the three head trials, lost in both.
  const head = new Map([...base.keys()].map((check) => [check, [check === 'detect:double-reserve' ? c(0, 2) : lost(check) ? c(0, 3) : c(3, 3)]]));
  const d = decideTask({ checks: drafts(base, head), head: taskHead(head, plan), familywise: { family, plan, share } });
  // 18/18 → 0/2 (p = 1/190) reaches neither a quarter nor its eighth of one; the pass 15/18 → 0/3 neither: it goes on.
  assert.equal(d.regressed, false);
  const verdict = [...d.checks].find(([check]) => check.check === 'detect:double-reserve')![1].verdict;
  assert.ok(verdict.threshold === null || verdict.threshold <= (0.25 / 8) * share + 1e-15, `tested at ${verdict.threshold}`);
});

test('paired: a check held together is tested against the fresh base trials in which every one of them held', () => {
  const base = seedBase(18, 15, 16, 17);
  const share = 0.01;
  const { family, plan } = planTask(drafts(base, new Map()), { k: 3, taskShare: share, budget: 6, paired: true });
  // Its last look tests a quarter of the share with fresh base trials.
  const r = plan.looks.length - 1;
  const look = plan.looks[r]!;
  assert.ok(look.base > 2 && look.part > 0);
  // The head held double-reserve in every trial but one; on the fresh base constraint:a failed two trials, double-reserve none.
  const head = new Map(
    [...base.keys()].map((check) => [
      check,
      plan.looks.slice(0, r + 1).map((l) => (check === 'detect:double-reserve' || check === 'pass' ? c(l.trials - 1, l.trials) : c(l.trials, l.trials))),
    ]),
  );
  const fresh = new Map(
    [...base.keys()].map((check) => [
      check,
      plan.looks.slice(0, r + 1).map((l) => c(check === 'constraint:a' || check === 'pass' ? Math.max(0, l.base - 2) : l.base, l.base)),
    ]),
  );
  const d = decideTask({ checks: drafts(base, head), head: taskHead(head, plan, fresh), familywise: { family, plan, share } });
  const verdict = [...d.checks].find(([check]) => check.check === 'detect:double-reserve')![1].verdict;
  // Its p is the one against the fresh trials in which all eight held (two fewer than its own), which is higher.
  const together = lowerP(c(18, 18), 3, c(look.trials - 1, look.trials), 0, c(look.base - 2, look.base));
  const own = lowerP(c(18, 18), 3, c(look.trials - 1, look.trials), 0, c(look.base, look.base));
  assert.ok(together > own);
  assert.equal(verdict.p, together);
});
