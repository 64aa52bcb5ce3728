// The screens of a task's plan (src/compare/plan.ts screensFor): what sends a task on to its next look, by
// its share of α, and what must hold whatever they are — a total loss always goes on, a further loss never
// stops a task that went on or removes a flag (brute force through decideTask), false alarms stay within α
// — and the targets they were chosen for (issue 35: power on Terminal-Bench-like suites with a base runner,
// unchanged small suites within 1.1× a fixed k), exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideTask, type DraftCheck } from '../src/compare/decide.ts';
import type { TaskHead } from '../src/compare/head-looks.ts';
import { HEAD_ONLY_SCREENS, makePlan, NARROW_SCREENS, PAIRED_SCREENS, planTask, screensFor, totalLossAt } from '../src/compare/plan.ts';
import { defaultAlpha } from '../src/compare/policies.ts';
import { TOLERANCE } from '../src/compare/stats.ts';
import type { Count } from '../src/schemas/comparison.ts';
import {
  INVENTORY_CONSTANT,
  INVENTORY_DETECTIONS,
  inventoryLike,
  passOnly,
  policyAt,
  suiteFigures,
  taskFigures,
  TB_BASE,
  TB_DROPS,
} from '../bench/support/exact-gate.ts';
import { simulate } from './support/gate-sim.ts';

const unchanged = (p: number, count: number) => ({ spec: { base: passOnly(p), head: passOnly(p) }, count });

test('a small suite screens narrow and looks at k + 1 and 2k before its first test; a large one wide, wider still with a base runner', () => {
  // Five tasks at α = 0.01 (a share of 0.002) are a small suite; six are not.
  assert.equal(screensFor(0.01 / 5, true), NARROW_SCREENS);
  assert.equal(screensFor(0.05, false), NARROW_SCREENS);
  assert.equal(screensFor(0.01 / 6, false), HEAD_ONLY_SCREENS);
  assert.equal(screensFor(0.01 / 6, true), PAIRED_SCREENS);
  // The plan picks by the task's share, not by the part its first check carries (a tenth of it here).
  const small = makePlan({ k: 3, baseTrials: 3, share: 0.01 / 10, taskShare: 0.01, budget: null, paired: true });
  // Its bound there is the narrow one, or a total loss's p when that is higher (a total loss goes on).
  const floor = totalLossAt(4, 3, 3, 0, small.looks[1]!.base) * TOLERANCE;
  assert.deepEqual([small.looks[1]!.trials, small.looks[1]!.screen], [4, Math.max(NARROW_SCREENS.later[0]!, floor)]);
  const large = makePlan({ k: 3, baseTrials: 3, share: 0.01 / 10, budget: null, paired: true });
  assert.ok(large.looks[1]!.trials > 4 && large.looks[1]!.screen === PAIRED_SCREENS.later[0]);
  // Head only, k = 2 against one base run of 2: the unconditional test (unconditional.ts) has a total loss at
  // max p(1 − p)ⁿ/(2 − p), ¾ of 0.05 at 5 trials and ¼ of it at 18, so the plan tests twice (Fisher's 1/(2n + 1) reached
  // all of 0.05 only at 10 and a quarter never, so it tested once, at 10); the screening looks at 3 and 4 (2k) send a wobble home early.
  const lone = makePlan({ k: 2, baseTrials: 2, share: 0.05, budget: null });
  assert.deepEqual(
    lone.looks.map((l) => [l.trials, l.part]),
    [
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0.75],
      [6, 0],
      [12, 0],
      [18, 0.25],
    ],
  );
});

test('every plan: looks grow, the fresh base never shrinks, the parts add up to 1, a total loss goes on at every look, and every testing look can flag one', () => {
  let plans = 0;
  for (let k = 1; k <= 6; k++)
    for (let runs = 1; runs <= 6; runs++)
      for (const m of [1, 2, 5, 6, 20, 200])
        for (const weight of [1, 3 / 4, 1 / 11])
          for (const paired of [false, true]) {
            const taskShare = defaultAlpha(runs) / m;
            const nb = k * runs;
            const plan = makePlan({ k, baseTrials: nb, share: weight * taskShare, taskShare, budget: null, paired });
            const where = `k = ${k}, ${runs} runs, ${m} tasks, weight ${weight}${paired ? ', paired' : ''}`;
            const parts = plan.looks.reduce((s, l) => s + l.part, 0);
            assert.ok(Math.abs(parts - 1) < 1e-12, `${where}: parts add up to ${parts}`);
            plan.looks.forEach((l, i) => {
              if (i > 0) assert.ok(l.trials > plan.looks[i - 1]!.trials && l.base >= plan.looks[i - 1]!.base, `${where}: look ${i}`);
              if (!paired) assert.equal(l.base, 0);
              // Not flagged there, a total loss of the check the plan is sized for is ambiguous there: it goes on.
              const loss = totalLossAt(l.trials, nb, k, 0, l.base);
              if (i < plan.looks.length - 1) assert.ok(loss <= l.screen * TOLERANCE, `${where}: look ${i} screens at ${l.screen} below a total loss's ${loss}`);
              // A part of the share no check could reach is α spent on nothing (a total loss against a perfect base is the most any check shows).
              if (plan.totalLoss && l.part > 0)
                assert.ok(loss <= l.part * plan.share * TOLERANCE, `${where}: look ${i} tests ${l.part} of the share, a total loss there is at ${loss}`);
            });
            plans++;
          }
  assert.ok(plans > 1000);
});

/** The pass and two detections; a trial passes only when both detections held, so the pass's count is at most theirs. */
const CHECKS = ['pass', 'detect:a', 'detect:b'];

/** A task's family and plan from its base counts, as analyse.ts makes them; null when nothing can regress. */
function setting(base: number[], nb: number, k: number, share: number, paired: boolean) {
  const draft = (head: Count[]): DraftCheck[] =>
    CHECKS.map((check, j) => {
      const b = { successes: base[j]!, n: nb };
      return { check, base: b, head: head[j]!, baseRunTrials: k, gated: true, worstBase: b };
    });
  const { family, plan } = planTask(draft(CHECKS.map(() => ({ successes: 0, n: 0 }))), { k, taskShare: share, budget: null, paired });
  if (!family.primary) return null;
  return { family, plan, draft, share, paired };
}

/** decideTask at look r with these head successes there (the failures as late as they can come), and the pass failing `freshFailures` fresh base trials. */
function decided(s: NonNullable<ReturnType<typeof setting>>, head: number[], r: number, freshFailures: number) {
  const { plan } = s;
  const n = plan.looks[r]!.trials;
  const looks = new Map(CHECKS.map((c, j) => [c, plan.looks.slice(0, r + 1).map((l) => ({ successes: Math.min(l.trials, head[j]!), n: l.trials }))]));
  const fresh = new Map(
    CHECKS.map((c) => [c, plan.looks.slice(0, r + 1).map((l) => ({ successes: c === 'pass' ? Math.max(0, l.base - freshFailures) : l.base, n: l.base }))]),
  );
  const last = plan.looks[r]!.base;
  const taskHead: TaskHead = {
    reached: r,
    started: n,
    executed: n,
    held: n,
    looks,
    worst: looks,
    rounds: plan.looks.slice(0, r + 1).map((l, i) => ({ started: l.trials - (i ? plan.looks[i - 1]!.trials : 0), env: 0 })),
    declared: 0,
    ...(s.paired ? { fresh: { looks: fresh, worst: fresh, started: last, executed: last, held: last } } : {}),
  };
  return decideTask({ checks: s.draft(CHECKS.map((c) => looks.get(c)![r]!)), head: taskHead, familywise: { family: s.family, plan, share: s.share } });
}

test('brute force through decideTask: a further loss never removes a flag nor stops a task that went on', () => {
  let compared = 0;
  for (const k of [2, 3])
    for (const runs of [1, 2])
      for (const share of [0.05, 0.001])
        for (const paired of [false, true]) {
          const nb = k * runs;
          for (let bp = 0; bp <= nb; bp++)
            for (let ba = bp; ba <= nb; ba++)
              for (let bb = ba; bb <= nb; bb++) {
                const s = setting([bp, ba, bb], nb, k, share, paired);
                if (!s) continue;
                for (let r = 0; r < Math.min(3, s.plan.looks.length); r++) {
                  const n = s.plan.looks[r]!.trials;
                  if (n > 8) break;
                  for (const freshFailures of paired && r > 0 ? [0, 1] : [0])
                    for (let ha = 0; ha <= n; ha++)
                      for (let hb = 0; hb <= n; hb++)
                        for (let hp = 0; hp <= Math.min(ha, hb); hp++) {
                          const now = decided(s, [hp, ha, hb], r, freshFailures);
                          if (!now.regressed && !now.goesOn) continue;
                          // Each check one success fewer (the pass with it, when a detection falls below it).
                          for (const j of [0, 1, 2]) {
                            const worse = [hp, ha, hb];
                            if (worse[j] === 0) continue;
                            worse[j]! -= 1;
                            worse[0] = Math.min(worse[0]!, worse[1]!, worse[2]!);
                            const then = decided(s, worse, r, freshFailures);
                            const where = `k = ${k}, ${runs} runs, share ${share}${paired ? `, paired, fresh pass failures ${freshFailures}` : ''}, base ${[bp, ba, bb]}, look ${r}, head ${[hp, ha, hb]} → ${worse}`;
                            if (now.regressed) assert.ok(then.regressed, `${where}: the flag went`);
                            else assert.ok(then.regressed || then.goesOn, `${where}: stopped`);
                            compared++;
                          }
                        }
                }
              }
        }
  assert.ok(compared > 5_000, `${compared} pairs compared`);
});

test('a total loss of a check the pass speaks for goes on, even when the fresh base fails the pass', async () => {
  // k = 2 against one base run: double-reserve held 2/2 on the base (as did the pass), so the pass speaks for it
  // (weight 0). The head loses it; a fresh base trial fails another detection, so the pass's own p at the look
  // (2/2 + 1/2 against 0/3: 0.16) is no longer ambiguous at a narrow screen: the loss itself must send the task on.
  const checks = ['pass', ...INVENTORY_DETECTIONS, ...INVENTORY_CONSTANT];
  const suite = {
    tasks: 1,
    checks,
    k: 2,
    baseRuns: 1,
    outcome: (_t: number, c: number, run: number, trial: number) =>
      !((run === 1 && checks[c] === 'detect:double-reserve') || (run === 2 && trial === 1 && checks[c] === 'detect:reject-writes')),
  };
  const out = await simulate(suite, { paired: true });
  assert.equal(out.outcome.gate.verdict, 'regression');
  assert.ok(out.outcome.rounds.length >= 2, 'it went on past the look the fresh failure spoiled');
});

test('exactly: with a base runner, drops ≥ 0.6 of the Terminal-Bench-like model are flagged ≥ 60 % of the time against one base run and ≥ 95 % against six', () => {
  for (const [runs, goal] of [
    [1, 0.6],
    [6, 0.95],
  ] as const) {
    const kinds = [
      ...TB_DROPS.map((d) => ({ spec: { base: passOnly(d.from), head: passOnly(d.to) }, count: d.tasks })),
      ...TB_BASE.map((b) => unchanged(b.rate, b.tasks - TB_DROPS.filter((d) => d.from === b.rate).reduce((s, d) => s + d.tasks, 0))).filter((x) => x.count > 0),
    ];
    const s = suiteFigures(3, runs, kinds, { paired: true });
    const power = TB_DROPS.reduce((a, d, i) => a + d.tasks * s.flagged[i]!, 0) / TB_DROPS.reduce((a, d) => a + d.tasks, 0);
    assert.ok(power >= goal, `${runs} base runs: ${power}`);
    const none = suiteFigures(
      3,
      runs,
      TB_BASE.map((b) => unchanged(b.rate, b.tasks)),
      { paired: true },
    );
    assert.ok(none.fail <= policyAt(3, runs, 40).alpha && none.cost <= 1.1, `${runs} base runs, unchanged: fails ${none.fail}, costs ${none.cost}×`);
  }
});

test('exactly: unchanged small Terminal-Bench-like suites with a base runner cost at most 1.1× a fixed k and fail at most α', () => {
  let worst = 0;
  for (const [k, runs] of [
    [2, 1],
    [3, 1],
    [3, 6],
    [5, 6],
  ] as const)
    for (const N of [1, 3, 5])
      for (const p of [0.3, 0.5, 0.7, 0.8]) {
        const s = suiteFigures(k, runs, [unchanged(p, N)], { paired: true });
        assert.ok(s.cost <= 1.1, `k = ${k}, ${runs} base runs, ${N} tasks at ${p}: ${s.cost}×`);
        assert.ok(s.fail <= policyAt(k, runs, N).alpha, `k = ${k}, ${runs} base runs, ${N} tasks at ${p}: P(fail) = ${s.fail}`);
        worst = Math.max(worst, s.cost);
      }
  assert.ok(worst > 1.02, `not a model that never confirms: ${worst}`);
});

test('a small suite looks at k + 1, 2k and 3k before its first test: a check that merely looks lost leaves within a few trials, not at the test', () => {
  // k = 3 against one base run, five inventory-like tasks at 0.45: a detection that held on the 3 base trials and
  // failed the first 4 head trials (0.55⁴ = 9 %) ran on to the first test at 16 trials (1.11× a fixed k); now it is
  // looked at again at 6, 9 and midway, and at most 1.05× of the head trials of a fixed k are spent.
  const model = inventoryLike([0.45, 0.45, 0.45]);
  const cost = taskFigures({ base: model, head: model }, { k: 3, runs: 1, share: policyAt(3, 1, 5).share }).trials / 3;
  assert.ok(cost <= 1.05, `${cost}`);
  const plan = makePlan({ k: 3, baseTrials: 3, share: 0.01 / 10, taskShare: 0.01, budget: null });
  assert.deepEqual(
    plan.looks.filter((l) => l.trials < plan.totalLoss!.trials).map((l) => l.trials),
    [3, 4, 6, 9, 13],
  );
});

test('a task that stopped at a screening look before its first test is described at that look, not at its first round', async () => {
  // A lone task, k = 2 against one base run of 2/2: looks at 3 and 4 before its first test at 5. The head fails its
  // first 2 trials (ambiguous: p = 0.09 ≤ 0.09), passes its 3rd and stops at 3 (p = 0.17 > 0.061). The check said
  // "first 2 trials screen only: unconditional p = 0.09 ≤ 0.09, confirmation needed", with 2 trials, of a head of 1/3.
  const { outcome } = await simulate({ tasks: 1, checks: ['pass'], k: 2, baseRuns: 1, outcome: (_t, _c, run, i) => run === 0 || i > 2 });
  assert.equal(outcome.gate.verdict, 'pass');
  const t0 = outcome.comparison.tasks[0]!;
  assert.equal(t0.confirmation?.trials, 3);
  const pass = t0.checks.find((c) => c.check === 'pass')!;
  assert.deepEqual([pass.head, pass.trials, pass.look], [{ successes: 1, n: 3 }, 3, null]);
  assert.match(pass.rule, /^3 trials after confirmation screen only: unconditional p = 0\.17 > 0\.061, not ambiguous$/);
});
