// The confirmation as the engine plans and runs it: which tasks go on, to which look, and the verdict of
// the gate, on real results objects (the trials of each round come from a scripted pattern) driven through
// runGate, the one gate function the action and `trialgate gate` share.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { nextConfirmation } from '../src/compare/confirm.ts';
import { runGate } from '../src/gate/gate.ts';
import { storedWhole } from '../src/results/stored-run.ts';
import type { Results } from '../src/schemas/results.ts';
import { buildResults, type TaskSpec } from './support/results-builder.ts';

const SHA = '2'.repeat(40);
const CHECKS = ['pass', 'detect:a', 'detect:b', 'constraint:c'];

/** `runs` base runs of k trials in which every check of `tasks` tasks always succeeded. */
const bases = (tasks: number, runs: number, k: number, outcomes?: (task: number, run: number) => string) =>
  Array.from({ length: runs }, (_, r) =>
    buildResults({
      sha: String(r).repeat(40),
      startedAt: `2025-01-${String(r + 1).padStart(2, '0')}T00:00:00Z`,
      tasks: Array.from({ length: tasks }, (_, i) => ({
        id: `t${i}`,
        checks: Object.fromEntries(CHECKS.map((ch) => [ch, '1'.repeat(k)])),
        ...(outcomes ? { outcomes: outcomes(i, r) } : {}),
      })),
    }),
  );

/** Head trials from..from+n of `ids`, each check's outcomes from `marks(task, check, n, from)`. */
function trials(
  ids: string[],
  n: number,
  from: number,
  k: number,
  marks: (task: number, check: string, n: number, from: number) => string,
  env?: (task: number) => string,
): Results {
  const r = buildResults({
    sha: SHA,
    startedAt: '2025-02-01T00:00:00Z',
    tasks: ids.map((id): TaskSpec => {
      const t = Number(id.slice(1));
      return {
        id,
        checks: Object.fromEntries(CHECKS.map((ch) => [ch, marks(t, ch, n, from)])),
        ...(env
          ? {
              outcomes: env(t)
                .slice(from, from + n)
                .padEnd(n, '.'),
              envMessage: 'the provider refused the key: 401',
            }
          : {}),
      };
    }),
  });
  return {
    ...r,
    run: { ...r.run, k },
    tasks: r.tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, trial: x.trial + from, evidence: `round/${x.evidence}` })) })),
  };
}

/** The gate over a scripted head: the first round and every round the plan asks for, from the same patterns. */
async function gate(
  base: Results[],
  tasks: number,
  k: number,
  marks: (task: number, check: string, n: number, from: number) => string,
  confirmTrials: number | null = null,
  env?: (task: number) => string,
) {
  const ids = Array.from({ length: tasks }, (_, i) => `t${i}`);
  return runGate(
    {
      firstRound: async () => storedWhole(trials(ids, k, 0, k, marks, env)),
      baseRuns: async () => ({ bases: base.map((results) => ({ dir: '/nowhere', results })), notes: [] }),
      confirmationRound: async (round) => storedWhole(trials(round.tasks, round.trials, round.firstTrial, k, marks, env)),
      saveHead: async () => {},
    },
    { confirmTrials, failOn: 'regression', failWithoutBaseline: false },
  );
}

const unchanged = (_t: number, _c: string, n: number) => '1'.repeat(n);
/** `lost` tasks' detect:a goes from always to never (and pass with it). */
const totalLoss =
  (lost: (t: number) => boolean) =>
  (t: number, check: string, n: number): string =>
    lost(t) && (check === 'detect:a' || check === 'pass') ? '0'.repeat(n) : '1'.repeat(n);

test('an unchanged suite needs no confirmation and passes', async () => {
  const out = await gate(bases(50, 6, 3), 50, 3, unchanged);
  assert.deepEqual(out.rounds, []);
  assert.equal(out.comparison.verdict, 'pass');
  assert.equal(out.gate.verdict, 'pass');
  assert.equal(out.comparison.confirmation, undefined);
  assert.deepEqual(out.comparison.spend, { head_trials: 150, fixed_trials: 150, max_trials: null, tokens: null, cost_usd: null, wall_ms: 0 });
});

test('the seed’s loss at k = 3 in 50 tasks × 4 checks: flagged at 4 trials with six base runs, at 16 with one', async () => {
  // Six base runs of 3: 50 tasks share α = 0.01, so a task's trial pass is tested at ¾ × 2e-4 at the first
  // look, where a total loss reaches it: 4 executed trials (1/C(22, 4) = 1.4e-4; the first round's 7.5e-4 does not).
  const six = await gate(
    bases(50, 6, 3),
    50,
    3,
    totalLoss((t) => t === 17),
  );
  assert.deepEqual(
    six.rounds.map((r) => [r.look, r.trials, r.firstTrial, r.tasks]),
    [[1, 1, 3, ['t17']]],
  );
  assert.equal(six.gate.verdict, 'regression');
  const t17 = six.comparison.tasks.find((t) => t.id === 't17')!;
  const pass = t17.checks.find((c) => c.check === 'pass')!;
  assert.equal(pass.status, 'regressed');
  assert.equal(pass.trials, 4);
  // The detection failed on exactly the trials the pass failed on: it is tested once the pass is, with its weight.
  assert.equal(t17.checks.find((c) => c.check === 'detect:a')!.status, 'regressed');
  assert.equal(six.comparison.spend!.head_trials, 151);
  assert.match(t17.confirmation!.why, /^first round: pass \(p = 7\.5e-4 ≤ 0\.15\)/);
  // One base run of 3: α = 0.05 over 50 tasks, 1e-3 each; a total loss given that the base succeeded, at its worst
  // rate r, r²(1 − r)ⁿ/(1 − (1 − r)³) (the unconditional test, unconditional.ts), reaches ¾ of it at 16 trials (7.0e-4;
  // Fisher's 1 / (C(n + 3, 3) − C(n, 3)) reached all of it only at 26).
  const one = await gate(
    bases(50, 1, 3),
    50,
    3,
    totalLoss((t) => t === 17),
  );
  assert.deepEqual(
    one.rounds.map((r) => [r.trials, r.tasks]),
    [[13, ['t17']]],
  );
  assert.equal(one.gate.verdict, 'regression');
});

test('a lone task, the seed’s loss: flagged in its first round with one base run or six, at 5 with k = 2', async () => {
  for (const [runs, k, flaggedAt] of [
    // One base run of 3: the unconditional test (unconditional.ts) has 3/3 → 0/3 at 0.018 ≤ ¾ × 0.05 (Fisher's: 0.05, at 4).
    [1, 3, 3],
    [6, 3, 3],
    // Two base trials: a total loss reaches ¾ of 0.05 at 5 (0.037; Fisher's 1/(2n + 1) reached all of it only at 10).
    [1, 2, 5],
    [1, 5, 5],
  ] as const) {
    const out = await gate(
      bases(1, runs, k),
      1,
      k,
      totalLoss(() => true),
    );
    assert.equal(out.gate.verdict, 'regression', `${runs} runs, k = ${k}`);
    assert.equal(out.comparison.spend!.head_trials, flaggedAt, `${runs} runs, k = ${k}`);
    assert.equal(out.comparison.tasks[0]!.checks.find((c) => c.check === 'pass')!.trials, flaggedAt);
  }
});

test('a worse pull request never passes where a milder one fails: 1 to 50 simultaneous total losses, every one flagged', async () => {
  for (const [runs, k] of [
    [6, 3],
    [1, 3],
    [1, 5],
    [6, 5],
  ] as const) {
    const base = bases(50, runs, k);
    for (const losses of [1, 2, 13, 14, 15, 30, 50]) {
      const out = await gate(
        base,
        50,
        k,
        totalLoss((t) => t < losses),
      );
      assert.equal(out.gate.verdict, 'regression', `${runs} runs, k = ${k}, ${losses} losses`);
      assert.equal(out.comparison.regressions, losses * 2, 'pass and detect:a of every lost task');
    }
  }
});

test('a check that lost half its successes is followed past the first testing look and flagged at the last', async () => {
  const half = (t: number, check: string, n: number, from: number) =>
    t === 0 && (check === 'detect:a' || check === 'pass') ? Array.from({ length: n }, (_, i) => ((from + i) % 2 === 0 ? '1' : '0')).join('') : '1'.repeat(n);
  const out = await gate(bases(3, 6, 5), 3, 5, half);
  const plan = out.comparison.tasks[0]!.plan!;
  assert.deepEqual(
    out.rounds.map((r) => r.firstTrial + r.trials),
    plan.looks.slice(1).map((l) => l.trials),
    'a round to every look of its plan',
  );
  const check = out.comparison.tasks[0]!.checks.find((c) => c.check === 'pass')!;
  assert.equal(check.status, 'regressed');
  assert.match(check.rule, /^45 trials after confirmation: Fisher p = [\d.e-]+ ≤ [\d.e-]+$/);
});

test('a wobble the next trials do not repeat stops at the next look and passes', async () => {
  // Ten tasks share α = 0.01: a share of 0.001 screens at 0.15 (plan.ts screensFor), so 2/3 against 18/18 (p = 0.14) goes on.
  const wobble = (t: number, check: string, n: number, from: number) => (t === 0 && check === 'pass' && from === 0 ? '110'.slice(0, n) : '1'.repeat(n));
  const out = await gate(bases(10, 6, 3), 10, 3, wobble);
  assert.equal(out.rounds.length, 1);
  assert.equal(out.comparison.verdict, 'pass');
  assert.equal(out.comparison.tasks[0]!.checks.find((c) => c.check === 'pass')!.status, 'suspect');
});

test('compare of a head that lacks the confirmation its plan needs is undecided and says how to get it', () => {
  const base = bases(50, 6, 3);
  const first = trials(
    Array.from({ length: 50 }, (_, i) => `t${i}`),
    3,
    0,
    3,
    totalLoss((t) => t === 0),
  );
  const c = compareResults(base, first);
  assert.equal(c.verdict, 'undecided');
  assert.match(c.tasks[0]!.undecided!, /its head needs the confirmation trials it does not have \(first round: .*\): run `trialgate gate` \(or the action\)/);
  // 50 tasks share α = 0.01: ¾ of 2e-4 is reached at 4 executed trials (1/C(22, 4) = 1.4e-4), one more trial.
  assert.deepEqual(nextConfirmation(base, first, {}), {
    look: 1,
    name: 'confirmation-4-4',
    trials: 1,
    firstTrial: 3,
    tasks: ['t0'],
    baseTrials: 0,
    baseFirstTrial: 0,
  });
  // Asked as a fixed-k gate, familywise could not flag even a total loss (7.5e-4 > α / 50): the drop is
  // undecided, naming what to add, never a failure of noise (the default no longer falls back to strict).
  const fixed = compareResults(base, first, { confirmTrials: 0 });
  assert.deepEqual([fixed.policy.name, fixed.verdict], ['familywise', 'undecided']);
  assert.match(fixed.tasks[0]!.undecided!, /the base history cannot show even a total loss here .*: add baseline runs/);
  // Three tasks: α / 3 = 3.3e-3, ¾ of it 2.5e-3, reached by the first round: decided without confirmation.
  const three = trials(
    ['t0', 't1', 't2'],
    3,
    0,
    3,
    totalLoss((t) => t === 0),
  );
  assert.equal(compareResults(bases(3, 6, 3), three).verdict, 'fail');
});

test('an outage in the head is undecided, never a pass, and never starts a round', async () => {
  for (const [tasks, runs, k] of [
    [50, 1, 3],
    [50, 6, 3],
    [3, 6, 3],
    [50, 1, 5],
  ] as const) {
    const at = `${tasks} tasks, ${runs} base runs, k = ${k}`;
    const down = (t: number) => (t === 1 ? 'e'.repeat(60) : '');
    const out = await gate(bases(tasks, runs, k), tasks, k, unchanged, null, down);
    assert.equal(out.gate.verdict, 'undecided', at);
    assert.deepEqual(out.rounds, [], at);
    const t1 = out.comparison.tasks.find((t) => t.id === 't1')!;
    // In the trials' own words, not the rule that excluded them.
    assert.match(t1.undecided!, /^all \d+ of its head trials are environment errors \(the provider refused the key: 401\): rerun/, at);
    // A loss in an outage is no pass either.
    const lossDown = await gate(
      bases(tasks, runs, k),
      tasks,
      k,
      totalLoss((t) => t === 1),
      null,
      down,
    );
    assert.equal(lossDown.gate.verdict, 'undecided', at);
  }
  const declared = await gate(bases(50, 1, 3), 50, 3, unchanged, null, (t) => (t === 1 ? 'dd.' : ''));
  assert.deepEqual(declared.rounds, []);
  assert.match(
    declared.comparison.tasks.find((t) => t.id === 't1')!.undecided!,
    /^2 of its 3 head trials are environment errors the agent declared \(the provider refused the key: 401\): too few executed trials/,
  );
});

test('an env error in a confirmation round is topped up: the look still tests the executed trials its plan fixed', async () => {
  // The case: a total loss, one base run, one env error in the confirmation round. k = 2, since against one
  // base run of 3 the unconditional test flags a total loss in the first round (unconditional.ts).
  const loss = totalLoss((t) => t === 0);
  const env = (t: number) => (t === 0 ? '..e' + '.'.repeat(60) : '');
  const out = await gate(bases(1, 1, 2), 1, 2, loss, null, env);
  assert.equal(out.gate.verdict, 'regression');
  assert.deepEqual(
    out.rounds.map((r) => [r.firstTrial, r.trials]),
    [
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ],
    'one trial to the look at 3 executed, lost: one more; then one to the look at 4 (2k) and one to the test at 5',
  );
  const pass = out.comparison.tasks[0]!.checks.find((c) => c.check === 'pass')!;
  assert.equal(pass.trials, 5);
  assert.equal(out.comparison.spend!.head_trials, 6);
});

test('a confirmation round lost to the environment stops the task: undecided, no more rounds', async () => {
  // 1/3 against 18/18 (p = 0.014): ambiguous at a lone task's screen of 0.05, not flagged (> ¾ × 0.01).
  const loss = (t: number, check: string, n: number, from: number) =>
    Array.from({ length: n }, (_, i) => ((check === 'pass' || check === 'detect:a') && (from + i === 1 || from + i === 2) ? '0' : '1')).join('');
  const env = () => '...' + 'e'.repeat(60);
  const out = await gate(bases(1, 6, 3), 1, 3, loss, null, env);
  assert.equal(out.gate.verdict, 'undecided');
  assert.equal(out.rounds.length, 2, 'the lost round, and its one top-up');
  assert.match(out.comparison.tasks[0]!.undecided!, /lost its last two rounds to environment errors/);
});

test('an agent that turns its failures into env errors gets undecided, never a pass', async () => {
  // detect:a went from always to never; the agent reports an env error on every trial it would fail.
  const laundered = (t: number) => (t === 0 ? 'e'.repeat(60) : '');
  const out = await gate(
    bases(3, 6, 3),
    3,
    3,
    totalLoss((t) => t === 0),
    null,
    laundered,
  );
  assert.notEqual(out.gate.verdict, 'pass');
  // Laundering only some: one of three trials an env error, the others failing the loss — the env errors could hide more.
  const some = (t: number) => (t === 0 ? 'e..'.repeat(20) : '');
  const half = (t: number, check: string, n: number, from: number) =>
    Array.from({ length: n }, (_, i) => (t === 0 && (from + i) % 3 === 1 && (check === 'detect:a' || check === 'pass') ? '0' : '1')).join('');
  const partly = await gate(bases(3, 6, 3), 3, 3, half, null, some);
  assert.notEqual(partly.gate.verdict, 'pass');
});

test('a base that is mostly env errors is not a baseline; a task whose base cannot support a comparison is undecided', async () => {
  const outageBase = bases(3, 1, 3, () => 'eee');
  const c = compareResults(outageBase, trials(['t0', 't1', 't2'], 3, 0, 3, unchanged));
  assert.equal(c.verdict, 'undecided');
  assert.equal(c.bases.length, 0);
  assert.match(c.bases_unused![0]!.reason, /^9 of its 9 trials are environment errors/);
  assert.match(c.undecided!.reasons[0]!, /^the base branch recorded 1 run, but none can serve as a baseline \(9 of its 9 trials are environment errors/);
  // One task of the base lost to the environment in every run: that task is undecided, the others decided.
  const oneTask = bases(3, 6, 3, (t) => (t === 2 ? 'eee' : '...'));
  const d = compareResults(oneTask, trials(['t0', 't1', 't2'], 3, 0, 3, unchanged));
  assert.equal(d.verdict, 'undecided');
  assert.match(d.tasks[2]!.undecided!, /^all 18 base trials of this task are env errors: the base cannot support a comparison/);
  assert.equal(d.tasks[0]!.undecided, undefined);
});

test('the pull request’s trial cap: rounds stop at it, and a task that still needed trials is undecided, naming the cap', async () => {
  const ids = ['t0', 't1', 't2'];
  const loss = totalLoss((t) => t < 2);
  const run = (maxTrials: number) =>
    runGate(
      {
        firstRound: async () => storedWhole(trials(ids, 3, 0, 3, loss)),
        baseRuns: async () => ({ bases: bases(3, 1, 3).map((results) => ({ dir: '/nowhere', results })), notes: [] }),
        confirmationRound: async (round) => storedWhole(trials(round.tasks, round.trials, round.firstTrial, 3, loss)),
        saveHead: async () => {},
      },
      { confirmTrials: null, maxTrials, failOn: 'regression', failWithoutBaseline: false },
    );
  const uncapped = await run(1000);
  assert.equal(uncapped.gate.verdict, 'regression');
  const needed = uncapped.comparison.spend!.head_trials;
  const capped = await run(needed - 1);
  assert.ok(capped.comparison.spend!.head_trials <= needed - 1);
  assert.equal(capped.comparison.spend!.max_trials, needed - 1);
  const stopped = capped.comparison.tasks.filter((t) => t.undecided);
  assert.ok(stopped.length >= 1);
  assert.match(stopped[0]!.undecided!, /the pull request's cap of \d+ agent trials \(max-trials\) has \d+ left/);
  // Whatever the cap, a loss is never a pass.
  for (const cap of [9, 10, 12, needed - 1]) assert.notEqual((await run(cap)).gate.verdict, 'pass', `cap ${cap}`);
});
