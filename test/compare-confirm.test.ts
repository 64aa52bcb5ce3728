// The sequential confirmation as the engine plans it: which tasks go on, to which look, and the verdict
// the last look gives, on real results objects (the trials of each round come from a scripted pattern).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { confirmSequentially, nextConfirmation } from '../src/compare/confirm.ts';
import type { Results } from '../src/schemas/results.ts';
import { buildResults, type TaskSpec } from './support/results-builder.ts';

const SHA = '2'.repeat(40);
const checksOf = (marks: string, others = 3): TaskSpec['checks'] => ({
  pass: marks,
  ...Object.fromEntries(Array.from({ length: others }, (_, i) => [`constraint:c${i}`, '1'.repeat(marks.length)])),
});
/** Six base runs of 5 in which every check of `tasks` tasks always succeeded. */
const bases = (tasks: number) =>
  Array.from({ length: 6 }, (_, r) =>
    buildResults({ sha: String(r).repeat(40), startedAt: `2025-01-0${r + 1}T00:00:00Z`, tasks: Array.from({ length: tasks }, (_, i) => ({ id: `t${i}`, checks: checksOf('11111') })) }),
  );
const head = (marks: string[]) => buildResults({ sha: SHA, startedAt: '2025-02-01T00:00:00Z', tasks: marks.map((m, i) => ({ id: `t${i}`, checks: checksOf(m) })) });

/** A round's trials for `ids`, numbered after `firstTrial`, with `pass` outcomes taken from `marks`. */
function round(ids: string[], firstTrial: number, marks: (id: string) => string): Results {
  const r = buildResults({ sha: SHA, startedAt: '2025-02-01T00:00:00Z', tasks: ids.map((id) => ({ id, checks: checksOf(marks(id)) })) });
  return { ...r, run: { ...r.run, k: 5 }, tasks: r.tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, trial: x.trial + firstTrial })) })) };
}

test('an unchanged suite and a total loss need no confirmation; one failure against a perfect base does', () => {
  const base = bases(3);
  assert.equal(nextConfirmation(base, head(['11111', '11111', '11111']), { confirmTrials: 40 }), null);
  // 30/30 → 0/5 is flagged by the first round whatever the family (p = 1/324,632 ≤ α₁ / family).
  assert.equal(nextConfirmation(base, head(['00000', '11111', '11111']), { confirmTrials: 40 }), null);
  assert.deepEqual(nextConfirmation(base, head(['11110', '11111', '11111']), { confirmTrials: 40 }), { look: 1, trials: 3, firstTrial: 5, tasks: ['t0'] });
  assert.equal(nextConfirmation(base, head(['11110', '11111', '11111']), { confirmTrials: 0 }), null);
  assert.equal(nextConfirmation(base, head(['11110', '11111', '11111']), { confirmTrials: 40, policy: 'strict' }), null);
  assert.equal(nextConfirmation(base.slice(0, 1), head(['11110', '11111', '11111']), { confirmTrials: 40 }), null, 'one base run leaves no α to confirm with');
});

test('a check that lost half its successes is followed to the last look and flagged there', async () => {
  const base = bases(3);
  const looks: number[] = [];
  const { head: final, rounds } = await confirmSequentially(base, head(['10110', '11111', '11111']), { confirmTrials: 40 }, async (r) => {
    looks.push(r.look);
    return round(r.tasks, r.firstTrial, () => '10'.repeat(r.trials).slice(0, r.trials));
  });
  assert.deepEqual(rounds.map((r) => [r.look, r.trials, r.firstTrial, r.tasks]), [
    [1, 3, 5, ['t0']],
    [2, 7, 8, ['t0']],
    [3, 30, 15, ['t0']],
  ]);
  const t0 = final.tasks.find((t) => t.id === 't0')!;
  assert.equal(t0.trials.length, 45);
  const c = compareResults(base, final, { confirmTrials: 40 });
  const pass = c.tasks.find((t) => t.id === 't0')!.checks.find((ch) => ch.check === 'pass')!;
  assert.equal(pass.status, 'regressed');
  assert.equal(pass.look, 'final');
  assert.match(c.tasks[0]!.checks[0]!.rule, /^45 trials after confirmation: Fisher p = /);
  assert.deepEqual(c.policy.looks, [5, 8, 15, 45]);
  assert.equal(c.verdict, 'fail');
});

test('a wobble that the next trials do not repeat stops at the first screening look', async () => {
  const { rounds, head: final } = await confirmSequentially(bases(2), head(['11110', '11111']), { confirmTrials: 40 }, async (r) => round(r.tasks, r.firstTrial, () => '1'.repeat(r.trials)));
  assert.deepEqual(rounds.map((r) => r.look), [1]);
  const c = compareResults(bases(2), final, { confirmTrials: 40 });
  assert.equal(c.verdict, 'pass');
  // Confirmation trials exist, so α is split: the first round keeps what flags a total loss of any of the 8 checks.
  assert.ok(Math.abs(c.policy.alpha_first! - 8 / 324632) < 1e-12);
});

test('confirmation trials without the plan they ran under are refused, naming the field and the fix', () => {
  const base = bases(1);
  const extended = { ...head(['11110']), tasks: [{ ...head(['11110']).tasks[0]!, trials: [...head(['11110']).tasks[0]!.trials, ...round(['t0'], 5, () => '111').tasks[0]!.trials] }] };
  assert.throws(() => compareResults(base, extended), /tasks\[0\]\.trials\[5\]\.trial: is 6; the head holds confirmation trials beyond k = 5: pass the plan it ran under/);
  assert.doesNotThrow(() => compareResults(base, extended, { confirmTrials: 40 }));
  assert.throws(() => compareResults(base, extended, { confirmTrials: 2 }), /the confirmation plan ends at trial 7|is 8/);
});
