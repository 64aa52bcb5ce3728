// The confirmation as the engine plans and runs it: which tasks go on, to which look, and the verdict of
// the gate, on real results objects (the trials of each round come from a scripted pattern) driven through
// runGate, the one gate function the action and `trialgate gate` share.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { nextConfirmation } from '../src/compare/confirm.ts';
import { runGate } from '../src/gate/gate.ts';
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
      firstRound: async () => trials(ids, k, 0, k, marks, env),
      baseRuns: async () => ({ bases: base.map((results) => ({ dir: '/nowhere', results })), notes: [] }),
      confirmationRound: async (round) => trials(round.tasks, round.trials, round.firstTrial, k, marks, env),
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
});

test('the seed’s loss at k = 3 in 50 tasks × 4 checks: confirmed to 6 trials and flagged, with six base runs and with one', async () => {
  const six = await gate(
    bases(50, 6, 3),
    50,
    3,
    totalLoss((t) => t === 17),
  );
  assert.deepEqual(
    six.rounds.map((r) => [r.look, r.trials, r.firstTrial, r.tasks]),
    [[1, 3, 3, ['t17']]],
  );
  assert.equal(six.gate.verdict, 'regression');
  const lost = six.comparison.tasks.find((t) => t.id === 't17')!.checks.find((c) => c.check === 'detect:a')!;
  assert.equal(lost.status, 'regressed');
  assert.equal(lost.trials, 6);
  assert.deepEqual(six.comparison.confirmation, {
    fixed_trials: 150,
    head_trials: 153,
    tasks: 1,
    holdout_tasks: 0,
    holdout_trials: 0,
    reached: [50, 1, 0, 0, 0],
    retried: 0,
    awaiting: 0,
  });
  assert.match(
    six.comparison.tasks.find((t) => t.id === 't17')!.confirmation!.why,
    /^first round: pass 18\/18 → 0\/3 \(p = 7\.5e-4 ≤ 0\.15\); detect:a 18\/18 → 0\/3/,
  );
  // One base run of 3: 24 more trials bring a total loss to 1/C(30, 3) = 2.5e-4 = α / 200.
  const one = await gate(
    bases(50, 1, 3),
    50,
    3,
    totalLoss((t) => t === 17),
  );
  assert.deepEqual(
    one.rounds.map((r) => [r.trials, r.tasks]),
    [[24, ['t17']]],
  );
  assert.equal(one.gate.verdict, 'regression');
});

test('a worse pull request never passes where a milder one fails: 1 to 50 simultaneous total losses, every one flagged', async () => {
  // Tarone's count used to let 14 or more simultaneous losses (k = 3, six base runs) through unflagged.
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

test('a check that lost half its successes is followed past the first confirmation look and flagged at the last', async () => {
  const half = (t: number, check: string, n: number, from: number) =>
    t === 0 && check === 'detect:a' ? Array.from({ length: n }, (_, i) => ((from + i) % 2 === 0 ? '1' : '0')).join('') : '1'.repeat(n);
  const out = await gate(bases(3, 6, 5), 3, 5, half);
  assert.deepEqual(
    out.rounds.map((r) => [r.look, r.firstTrial + r.trials]),
    [
      [1, 6],
      [2, 15],
      [3, 30],
      [4, 45],
    ],
  );
  const check = out.comparison.tasks[0]!.checks.find((c) => c.check === 'detect:a')!;
  assert.equal(check.status, 'regressed');
  assert.match(check.rule, /^45 trials after confirmation: Fisher p = [\d.e-]+ ≤ its share 4\.2e-4 of α \/ 12$/);
});

test('a wobble the next trials do not repeat stops at the first confirmation look and passes', async () => {
  const wobble = (t: number, check: string, n: number, from: number) => (t === 0 && check === 'pass' && from === 0 ? '110'.slice(0, n) : '1'.repeat(n));
  const out = await gate(bases(2, 6, 3), 2, 3, wobble);
  assert.deepEqual(
    out.rounds.map((r) => r.look),
    [1],
  );
  assert.equal(out.comparison.verdict, 'pass');
  assert.equal(out.comparison.tasks[0]!.checks.find((c) => c.check === 'pass')!.status, 'suspect');
});

test('compare of a head that lacks the confirmation its plan needs is undecided and says how to get it', () => {
  const base = bases(3, 6, 3);
  const first = trials(
    ['t0', 't1', 't2'],
    3,
    0,
    3,
    totalLoss((t) => t === 0),
  );
  const c = compareResults(base, first);
  assert.equal(c.verdict, 'undecided');
  assert.match(c.tasks[0]!.undecided!, /its head needs confirmation trials it does not have \(first round: .*\): run `trialgate gate` \(or the action\)/);
  // 12 checks: a total loss reaches half of α / 12 at 4 trials (1/C(22, 4) = 1.4e-4 ≤ 4.2e-4): one more trial.
  assert.deepEqual(nextConfirmation(base, first, {}), { look: 1, retry: false, name: 'confirmation-1', trials: 1, firstTrial: 3, tasks: ['t0'] });
  // Asked as a fixed-k gate, the first round is tested alone: 1/C(21, 3) = 7.5e-4 ≤ α / 12.
  assert.equal(compareResults(base, first, { confirmTrials: 0 }).verdict, 'fail');
});

test('an outage in the head is undecided, never a pass; a retry that executes decides', async () => {
  const outage = (t: number) => (t === 1 ? 'eee' + 'e'.repeat(40) : '');
  const out = await gate(bases(3, 6, 3), 3, 3, unchanged, null, outage);
  assert.equal(out.gate.verdict, 'undecided');
  assert.match(out.gate.failure!, /^undecided, not a regression \(rerun\): 1 task could not be decided; t1: /);
  assert.deepEqual(
    out.rounds.map((r) => r.tasks),
    [['t1']],
    'one retry of the task the environment ate, then it stops',
  );
  // The environment came back for the retry: decided, and it passes.
  const back = await gate(bases(3, 6, 3), 3, 3, unchanged, null, (t) => (t === 1 ? 'eee' : ''));
  assert.equal(back.gate.verdict, 'pass');
});

test('an outage’s retry costs at most k more trials per task; a persistent one is undecided after it', async () => {
  // k = 3 against one base run of 50 tasks, the case: the first confirmation look is at 27 trials,
  // and the retry used to go there (24 more trials of an agent failing the same way).
  for (const [tasks, runs, k] of [
    [50, 1, 3],
    [50, 6, 3],
    [3, 6, 3],
    [50, 1, 5],
  ] as const) {
    const down = (t: number) => (t === 1 ? 'e'.repeat(60) : '');
    const out = await gate(bases(tasks, runs, k), tasks, k, unchanged, null, down);
    const at = `${tasks} tasks, ${runs} base runs, k = ${k}`;
    assert.equal(out.gate.verdict, 'undecided', at);
    assert.deepEqual(
      out.rounds.map((r) => [r.retry, r.firstTrial, r.tasks]),
      [[true, k, ['t1']]],
      at,
    );
    const t1 = out.comparison.tasks.find((t) => t.id === 't1')!;
    assert.ok(t1.head_trials.length <= 2 * k, `${at}: ${t1.head_trials.length} head trials`);
    assert.equal(out.comparison.confirmation!.head_trials - out.comparison.confirmation!.fixed_trials, t1.head_trials.length - k, at);
    assert.equal(out.comparison.confirmation!.retried, 1, at);
    // In the trials' own words, not the rule that excluded them.
    assert.match(t1.undecided!, /are environment errors \(the provider refused the key: 401\), .* of its retry too: too few executed trials to decide/, at);
  }
});

test('an outage the agent declared is not retried: undecided at once, in its own words', async () => {
  const declared = (t: number) => (t === 1 ? 'd'.repeat(60) : '');
  const out = await gate(bases(50, 1, 3), 50, 3, unchanged, null, declared);
  assert.deepEqual(out.rounds, []);
  assert.equal(out.gate.verdict, 'undecided');
  assert.match(
    out.comparison.tasks.find((t) => t.id === 't1')!.undecided!,
    /^3 of its 3 head trials are environment errors the agent declared \(the provider refused the key: 401\): an outage it declares is not retried/,
  );
  // One env error of the round that trialgate found, not the agent: the retry runs.
  const mixed = await gate(bases(50, 1, 3), 50, 3, unchanged, null, (t) => (t === 1 ? 'dde' + 'd'.repeat(60) : ''));
  assert.deepEqual(
    mixed.rounds.map((r) => [r.retry, r.trials]),
    [[true, 3]],
  );
});

test('a retry that executes screens with its first round; what it shows is tested only at the plan’s looks', async () => {
  // The environment took the first round of t1, then t1 lost detect:a and pass entirely.
  const loss = (t: number, check: string, n: number) => (t === 1 && (check === 'detect:a' || check === 'pass') ? '0'.repeat(n) : '1'.repeat(n));
  const firstRoundDown = (t: number) => (t === 1 ? 'eeeee' : '');
  const out = await gate(bases(50, 1, 5), 50, 5, loss, null, firstRoundDown);
  const looks = out.comparison.policy.looks;
  // The retry (5 trials) ends inside the first look; the next round takes t1 from its own last trial to the first confirmation look.
  assert.deepEqual(
    out.rounds.slice(0, 2).map((r) => [r.name, r.firstTrial, r.firstTrial + r.trials]),
    [
      ['retry', 5, 10],
      [`confirmation-1-from-11`, 10, looks[1]],
    ],
  );
  for (const r of out.rounds.slice(1)) assert.ok(looks.includes(r.firstTrial + r.trials), `round ${r.name} ends at a look of the plan`);
  assert.equal(out.gate.verdict, 'regression');
  const lost = out.comparison.tasks.find((t) => t.id === 't1')!.checks.find((c) => c.check === 'detect:a')!;
  assert.equal(lost.status, 'regressed');
  // Tested at a look of the plan: its executed trials and the 5 env errors make up the look's size.
  assert.ok(looks.includes(lost.trials! + 5), `${lost.trials} executed + 5 env errors at a look of ${looks.join(', ')}`);
  // The environment came back, nothing changed: it passes (confirmed first where the env errors, counted as failures, would point at a drop).
  const back = await gate(bases(50, 1, 5), 50, 5, unchanged, null, firstRoundDown);
  assert.deepEqual([back.rounds[0]!.name, back.rounds[0]!.trials], ['retry', 5]);
  assert.equal(back.gate.verdict, 'pass');
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
  // Laundering only some: two of three trials env errors, the third a clean pass — the env errors could hide the loss.
  const some = (t: number) => (t === 0 ? 'ee.'.repeat(20) : '');
  const half = (t: number, check: string, n: number, from: number) =>
    Array.from({ length: n }, (_, i) => (t === 0 && (from + i) % 3 !== 2 && (check === 'detect:a' || check === 'pass') ? '0' : '1')).join('');
  const partly = await gate(bases(3, 6, 3), 3, 3, half, null, some);
  assert.notEqual(partly.gate.verdict, 'pass');
  assert.match(partly.comparison.tasks[0]!.undecided!, /environment errors/);
});

test('a base that is mostly env errors is not a baseline; a task whose base cannot support a comparison is undecided', async () => {
  const outageBase = bases(3, 1, 3, () => 'eee');
  const c = compareResults(outageBase, trials(['t0', 't1', 't2'], 3, 0, 3, unchanged));
  assert.equal(c.verdict, 'undecided');
  assert.equal(c.bases.length, 0);
  assert.match(c.bases_unused![0]!.reason, /^9 of its 9 trials are environment errors/);
  assert.match(c.undecided!.reasons[0]!, /^none of the 1 base run found can serve as a baseline/);
  // One task of the base lost to the environment in every run: that task is undecided, the others decided.
  const oneTask = bases(3, 6, 3, (t) => (t === 2 ? 'eee' : '...'));
  const d = compareResults(oneTask, trials(['t0', 't1', 't2'], 3, 0, 3, unchanged));
  assert.equal(d.verdict, 'undecided');
  assert.match(d.tasks[2]!.undecided!, /^all 18 base trials of this task are env errors: the base cannot support a comparison/);
  assert.equal(d.tasks[0]!.undecided, undefined);
});
