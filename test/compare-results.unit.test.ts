import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults, gateFails } from '../src/compare/compare.ts';
import { summarizeTask } from '../src/results/metrics.ts';
import { Comparison } from '../src/schemas/comparison.ts';
import { unconditionalLower } from '../src/compare/unconditional.ts';
import type { TrialResult } from '../src/schemas/results.ts';
import { buildResults } from './support/results-builder.ts';
import * as scenarios from './support/scenarios.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

test('the motivating case: a lost detection fails the gate though the mean pass rate did not drop', () => {
  const { bases, head } = scenarios.idempotencyRegression();
  const meanPass = (r: typeof head) => r.tasks.reduce((s, t) => s + t.summary.passes, 0) / r.tasks.reduce((s, t) => s + t.summary.n, 0);
  assert.ok(meanPass(head) >= meanPass(bases[0]!));
  const c = compareResults(bases, head, FIXED_K);
  assert.equal(c.verdict, 'fail');
  assert.ok(gateFails(c));
  const regressed = c.tasks.flatMap((t) => t.checks.filter((ch) => ch.status === 'regressed').map((ch) => [t.id, ch.label]));
  assert.deepEqual(regressed, [['inventory-reserve', 'detection: double-reserve — duplicate request reserves twice (idempotency)']]);
  Comparison.parse(c);
});

test('no change passes the gate under every policy', () => {
  const { bases, head } = scenarios.noChange();
  for (const policy of ['strict', 'familywise'] as const) {
    const c = compareResults(bases, head, { policy });
    assert.equal(c.verdict, 'pass', policy);
    assert.equal(
      c.checks.unchanged,
      c.tasks.reduce((s, t) => s + t.checks.filter((ch) => ch.gated).length, 0),
    );
  }
});

test('a changed fixture is a changed task, another acceptor or budget incomparable; none is gated', () => {
  const { bases, head } = scenarios.changedTask();
  const c = compareResults(bases, head, FIXED_K);
  const byId = Object.fromEntries(c.tasks.map((t) => [t.id, t]));
  assert.equal(byId['inventory-reserve']!.status, 'changed');
  assert.deepEqual(
    byId['inventory-reserve']!.differs.map((d) => d.field),
    ['fixture_sha256'],
  );
  assert.equal(byId['inventory-release']!.status, 'incomparable');
  assert.deepEqual(byId['inventory-release']!.differs, [{ field: 'acceptor_version', base: 'http-cases@1', head: 'http-cases@2' }]);
  assert.deepEqual(byId['inventory-report']!.differs, [{ field: 'budget.wall_seconds', base: '600', head: '900' }]);
  assert.equal(byId['inventory-restock']!.status, 'new');
  assert.equal(byId['inventory-legacy-export']!.status, 'removed');
  assert.equal(c.regressions, 0, 'none is gated');
  // A pull request does not pass by changing what it is measured on: every change is listed, a maintainer decides.
  assert.equal(c.verdict, 'undecided');
  assert.match(c.undecided!.reasons[0]!, /^this pull request changes what measures it \(task inventory-reserve: fixture_sha256; /);
  assert.deepEqual(
    c.measurement!.changes.map((ch) => ch.what),
    [
      'task inventory-reserve: fixture_sha256',
      'task inventory-release: acceptor_version',
      'task inventory-report: budget.wall_seconds',
      'task inventory-legacy-export',
    ],
  );
  assert.equal(c.measurement!.approved_by, null);
  assert.deepEqual(c.task_counts, { compared: 0, new: 1, removed: 1, changed: 1, incomparable: 2, not_rerun: 0 });
  // A maintainer's approval, from where the pull request's author cannot give it, turns the changes into a decision.
  const approved = compareResults(bases, head, FIXED_K, { changes: [], approvedBy: 'label trialgate-measurement-approved' });
  assert.equal(approved.verdict, 'pass');
  assert.equal(approved.measurement!.approved_by, 'label trialgate-measurement-approved');
});

test('a changed fixture names the files that changed, where both runs recorded them; its hash after', () => {
  const { bases, head } = scenarios.changedTask();
  const files = { 'fixture.json': 'a'.repeat(16), 'reference/cases.json': 'b'.repeat(16), 'inputs/old.txt': 'c'.repeat(16) };
  bases[0]!.tasks.find((t) => t.id === 'inventory-reserve')!.fixture_files = files;
  const headTask = head.tasks.find((t) => t.id === 'inventory-reserve')!;
  headTask.fixture_files = { 'fixture.json': 'a'.repeat(16), 'reference/cases.json': 'd'.repeat(16), 'inputs/new.txt': 'e'.repeat(16) };
  const c = compareResults(bases, head, FIXED_K);
  const [differ] = c.tasks.find((t) => t.id === 'inventory-reserve')!.differs;
  assert.deepEqual(differ, {
    field: 'fixture_sha256',
    base: bases[0]!.tasks.find((t) => t.id === 'inventory-reserve')!.fixture_sha256,
    head: `changed reference/cases.json, deleted inputs/old.txt, added inputs/new.txt (${'f'.repeat(12)})`,
  });
  const change = c.measurement!.changes.find((ch) => ch.what === 'task inventory-reserve: fixture_sha256')!;
  assert.match(change.head, /^changed reference\/cases\.json, /, 'what the maintainer reads in the comment');
  // A base recorded before the files were: the hash alone, as it was.
  delete bases[0]!.tasks.find((t) => t.id === 'inventory-reserve')!.fixture_files;
  assert.equal(compareResults(bases, head, FIXED_K).tasks.find((t) => t.id === 'inventory-reserve')!.differs[0]!.head, 'f'.repeat(64));
});

test('a changed task beside compared ones is undecided however well its head does: the ruler is the base’s', () => {
  for (const pass of ['11111', '11100']) {
    const { bases, head } = scenarios.changedBesideCompared(pass);
    const c = compareResults(bases, head, FIXED_K);
    assert.equal(c.verdict, 'undecided', pass);
    assert.equal(c.tasks.find((t) => t.id === 'inventory-reserve')!.status, 'changed');
    assert.match(c.undecided!.reasons.join('\n'), /this pull request changes what measures it \(task inventory-reserve: fixture_sha256;/);
  }
});

test('a changed prompt or agent command is what is compared, never a reason to skip', () => {
  const { bases, head } = scenarios.idempotencyRegression();
  const changedHead = { ...head, watched: { sha256: 'other', files: { 'prompts/system.md': 'x' } }, agent: { command: 'other-agent' } };
  assert.equal(compareResults(bases, changedHead, FIXED_K).task_counts.compared, 3);
});

test('several base runs pool per task, leaving out the runs with another task definition', () => {
  const { bases, head } = scenarios.pooledBases();
  const c = compareResults(bases, head, FIXED_K);
  assert.equal(c.policy.name, 'familywise');
  assert.equal(c.policy.chosen, 'default');
  const reserve = c.tasks.find((t) => t.id === 'inventory-reserve')!;
  assert.equal(reserve.base_runs, 3);
  assert.deepEqual(reserve.checks.find((ch) => ch.check === 'detect:double-reserve')!.base, { successes: 15, n: 15 });
  const report = c.tasks.find((t) => t.id === 'inventory-report')!;
  assert.equal(report.base_runs, 2);
  assert.equal(report.base_runs_excluded, 1);
  assert.equal(c.verdict, 'fail');
});

test('holdout tasks appear only as an aggregate, in the JSON too', () => {
  const { bases, head } = scenarios.holdout();
  const c = compareResults(bases, head, { policy: 'strict' });
  const json = JSON.stringify(c);
  for (const secret of [...scenarios.HOLDOUT_IDS, 'silent-audit-gap', 'secret-holdout-constraint']) assert.ok(!json.includes(secret), `${secret} leaked`);
  assert.equal(c.holdout.checks.regressed, 2);
  assert.equal(c.regressions, 2);
  assert.ok(gateFails(c));
  assert.deepEqual(c.holdout.base_passes, { successes: 10, n: 10 });
  assert.deepEqual(c.holdout.head_passes, { successes: 7, n: 10 });
});

test('env errors are counted and excluded from rates; a task mostly lost to them is undecided, never passed', () => {
  const base = buildResults({ tasks: [{ id: 't', checks: { pass: '11111' } }] });
  const head = buildResults({ tasks: [{ id: 't', checks: { pass: '11111' }, outcomes: '.eeee', envRule: 'port in use' }] });
  const c = compareResults([base], head, FIXED_K);
  const [task] = c.tasks;
  assert.deepEqual(task!.checks.find((ch) => ch.check === 'pass')!.head, { successes: 1, n: 1 });
  const env = task!.checks.find((ch) => ch.check === 'env')!;
  assert.equal(env.status, 'regressed');
  assert.equal(env.gated, false);
  assert.equal(c.verdict, 'undecided');
  // Named by the rule when the trials said nothing more.
  assert.match(
    task!.undecided!,
    /^4 of its 5 head trials are environment errors \(port in use\); counted against the pull request, the env errors would make pass regress \(.*\): too few executed trials to decide; rerun/,
  );
  assert.deepEqual(c.undecided, { tasks: 1, holdout_tasks: 0, reasons: [] });
  assert.deepEqual(c.denominators.head.env_error_rules, [{ rule: 'port in use', trials: 4 }]);
  assert.equal(c.denominators.head.executed, 1);
});

test('a base of another trial set makes the comparison incomparable, naming the field', () => {
  const { bases, head } = scenarios.noChange();
  const other = { ...bases[0]!, trial_set: { name: 'billing-agent', sha256: 'x' } };
  const c = compareResults([bases[0]!, other], head);
  assert.equal(c.verdict, 'incomparable');
  assert.deepEqual(c.incomparable, { base_index: 1, field: 'trial_set.name', base: 'billing-agent', head: 'inventory-agent' });
  assert.equal(gateFails(c), false);
});

test('without a base run the verdict is no_baseline and nothing can fail', () => {
  const c = compareResults([], scenarios.noBaseline());
  assert.equal(c.verdict, 'no_baseline');
  assert.equal(c.regressions, 0);
  assert.ok(c.tasks.every((t) => t.status === 'new'));
});

test('an explicit policy and alpha are used and recorded', () => {
  const { bases, head } = scenarios.idempotencyRegression();
  const c = compareResults(bases, head, { policy: 'familywise', alpha: 0.05, confirmTrials: 0 });
  assert.equal(c.policy.name, 'familywise');
  assert.equal(c.policy.alpha, 0.05);
  assert.equal(c.policy.chosen, 'option');
  assert.equal(c.policy.tasks, 3);
  assert.equal(c.policy.task_share, 0.05 / 3, 'three tasks share α');
  const lost = c.tasks[0]!.checks.find((ch) => ch.check === 'detect:double-reserve')!;
  // 5/5 → 0/5: Fisher's 1/252, given that the base succeeded at all 1/251; a base of 5 is tested unconditionally
  // (unconditional.ts), the worst over the rate r of r⁵(1 − r)⁵ / (1 − (1 − r)⁵): about 1/990, proven.
  assert.ok(lost.p! < 1 / 251 && Math.abs(lost.p! - unconditionalLower({ successes: 5, n: 5 }, { successes: 0, n: 5 })) < 1e-15);
  assert.equal(lost.threshold, 0.05 / 3, 'a flagged task names each check at its whole share');
  assert.equal(lost.look, 'first');
  assert.equal(lost.status, 'regressed');
});

test("one figures type: a side's figures in the comparison are the run's summary, under the same names, with its env error rules beside", () => {
  const head = buildResults({
    tasks: [
      {
        id: 'inventory',
        faults: { 'double-reserve': 'reserves twice' },
        checks: { pass: '1101', 'detect:double-reserve': '1100' },
        outcomes: '...e',
        envRule: 'service did not start',
      },
    ],
  });
  const task = head.tasks[0]!;
  task.trials = task.trials.map((t) => ({ ...t, usage: { total_tokens: 300 } }));
  // A human repair of the failed trial: kept apart from the raw figures in both files.
  const repair = {
    outcome: 'pass',
    source: 'manual',
    minutes: 12,
    patch_lines: 4,
    patch_files: 1,
    candidate_sha256: 'a'.repeat(64),
    patch: 'p.diff',
    failures: [],
  };
  task.trials[2] = { ...task.trials[2]!, repair: repair as NonNullable<TrialResult['repair']> };
  const { judge: _judge, ...summary } = summarizeTask(task.trials, task.summary.k, ['double-reserve']);
  const { env_error_rules: rules, ...figures } = compareResults([], { ...head, tasks: [{ ...task, summary: { ...task.summary, ...summary } }] }).tasks[0]!
    .head!;
  assert.deepEqual(figures, summary);
  assert.equal(figures.tokens, 900);
  assert.deepEqual(rules, [{ rule: 'service did not start', trials: 1 }]);
  assert.deepEqual(figures.repaired, { passes: 3, n: 3, pass_at_1: 1, repairs: 1, minutes: 12, patch_lines: 4 });
});

test('what a total loss can reach is measured against the base trials there are, not the head’s k', () => {
  const base = buildResults({ tasks: [{ id: 't', checks: { pass: '11' } }] });
  const head = buildResults({ sha: '2'.repeat(40), tasks: [{ id: 't', checks: { pass: '111' } }] });
  const c = compareResults([base], head, { confirmTrials: 0 });
  assert.equal(c.policy.name, 'familywise');
  assert.match(
    c.policy.reach.note,
    /cannot show even a total loss with these base runs \(2 executed base trials\) and 0 confirmation trials: a drop there is undecided/,
  );
});
