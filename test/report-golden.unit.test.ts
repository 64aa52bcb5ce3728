// The markdown of each kind of comparison, against golden files read by eye (UPDATE_GOLDEN=1 rewrites).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { commentOf } from './support/outputs.ts';
import { assertGolden } from './support/golden.ts';
import * as scenarios from './support/scenarios.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

const EVIDENCE = 'https://github.com/acme/shop/actions/runs/7/artifacts/9';
const render = ({ bases, head }: { bases: Parameters<typeof compareResults>[0]; head: Parameters<typeof compareResults>[1] }) =>
  commentOf(head, compareResults(bases, head, FIXED_K), { evidenceUrl: EVIDENCE });

test('golden: no baseline', async () => {
  const head = scenarios.noBaseline();
  const md = commentOf(head, compareResults([], head), {
    notes: ['No results artefact found on main; this run becomes the baseline once merged.'],
  });
  await assertGolden('no-baseline.md', md);
});

test('golden: no change', async () => {
  await assertGolden('no-change.md', render(scenarios.noChange()));
});

test('golden: the idempotency regression', async () => {
  const md = render(scenarios.idempotencyRegression());
  assert.match(md, /\| inventory-reserve \| lost detection: double-reserve — duplicate request reserves twice \(idempotency\) \| 5\/5 \| 0\/5 \|/);
  await assertGolden('idempotency-regression.md', md);
});

test('golden: an improvement', async () => {
  await assertGolden('improvement.md', render(scenarios.improvement()));
});

test('golden: a flaky check', async () => {
  await assertGolden('flaky.md', render(scenarios.flaky()));
});

test('golden: holdout redaction', async () => {
  const md = render(scenarios.holdout());
  for (const secret of [...scenarios.HOLDOUT_IDS, 'silent-audit-gap', 'secret-holdout-constraint']) assert.ok(!md.includes(secret), `${secret} leaked`);
  await assertGolden('holdout.md', md);
});

test('golden: a changed task (with an incomparable, a new and a removed one)', async () => {
  await assertGolden('changed-task.md', render(scenarios.changedTask()));
});

test('golden: several base runs pooled', async () => {
  await assertGolden('pooled-bases.md', render(scenarios.pooledBases()));
});

test('golden: 2,000 tasks cut under the limit, every regression kept', async () => {
  const { bases, head, regressedTasks } = scenarios.largeRun(2000);
  // Forty total losses against one base run of 5 dilute each other under familywise (40 × 1/252 > 5 %);
  // this golden is about cutting, so it gates strictly.
  const comparison = compareResults(bases, head, { policy: 'strict' });
  const md = commentOf(head, comparison, { evidenceUrl: EVIDENCE, fullReportUrl: 'https://github.com/acme/shop/actions/runs/7' });
  assert.ok(md.length < 65_536, `length ${md.length}`);
  assert.equal(comparison.regressions, regressedTasks.length * 2);
  for (const id of regressedTasks) {
    assert.ok(
      md.includes(`| ${id} | lost detection: double-reserve — duplicate request reserves twice (idempotency) | 5/5 | 0/5 |`),
      `${id} detection row missing`,
    );
    assert.ok(md.includes(`| ${id} | lost trial pass | 5/5 | 0/5 |`), `${id} pass row missing`);
  }
  assert.match(md, /✂️ Cut to stay under GitHub's comment limit — per-task details: [\d,]+ of 2,000 cut/);
  assert.match(md, /Every regression is listed\. See the full report: https:\/\/github\.com\/acme\/shop\/actions\/runs\/7\./);
  await assertGolden('large-truncated.md', md);
});

test('golden: a confirmed gate — one loss flagged in its first round, a wobble confirmed and cleared, an outage undecided', async () => {
  const { simulate } = await import('./support/gate-sim.ts');
  // 4 tasks × 4 checks, six base runs of 3: t0 loses detect:a, t1's first round wobbles twice, t2's head is an outage.
  const { outcome } = await simulate({
    tasks: 4,
    checks: ['pass', 'detect:a', 'detect:b', 'constraint:c'],
    k: 3,
    baseRuns: 6,
    outcome: (task, check, run, trial) => !(run === 6 && ((task === 0 && check === 1) || (task === 1 && check === 0 && (trial === 2 || trial === 3)))),
    env: (task, run) => task === 2 && run === 6,
  });
  const md = commentOf(outcome.head.run, outcome.comparison, { evidenceUrl: EVIDENCE });
  // Four tasks share α = 0.01: a total loss reaches ¾ of 0.0025 in the first round, so t0 is flagged at once.
  // A small suite screens at 0.05 and looks one trial on: t1's 1/3 goes on, and its fourth trial clears it.
  assert.match(md, /^❌ \*\*1 regression\*\* \(2 checks lost\).* · 1 task undecided$/m);
  assert.match(md, /1 task went on to confirmation \(1 extra trial\)\./);
  assert.match(md, /^- t1: 4 head trials; `?first round: pass \(p = 0\.014 ≤ 0\.05\)`?$/m);
  assert.match(
    md,
    /#### Undecided tasks \(not counted as regressions\)\n\n- t2: all 3 of its head trials are environment errors \(simulated outage\): rerun once it is fixed/,
  );
  await assertGolden('confirmed.md', md);
});
