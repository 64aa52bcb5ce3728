// One cause is one entry: the regressed checks of a task that failed in the same head trials are grouped,
// led by the check that says most; reasons are said in plain words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { plainReason } from '../src/report/causes.ts';
import { present } from '../src/report/view.ts';
import { commentOf } from './support/outputs.ts';
import { buildResults, type TaskSpec } from './support/results-builder.ts';

const FIXED_K = { confirmTrials: 0, policy: 'strict' } as const;
const FAULTS = { 'double-reserve': 'duplicate request reserves twice (idempotency)', 'reject-writes': 'rejected reservation still changes stock' };

function causesOf(head: TaskSpec['checks'], base: TaskSpec['checks']) {
  const b = buildResults({ tasks: [{ id: 'inventory', faults: FAULTS, checks: base }] });
  const h = buildResults({ sha: '2'.repeat(40), tasks: [{ id: 'inventory', faults: FAULTS, checks: head }] });
  const comparison = compareResults([b], h, FIXED_K);
  return { view: present({ head: h, comparison }), comparison, head: h };
}

test('a lost section: the detection, the judge item and the trial pass that fail in the same trials are one cause, led by the detection', () => {
  const all = { pass: '1111', 'detect:double-reserve': '1111', 'detect:reject-writes': '1111', 'judge:covers-idempotency': '1111' };
  const { view, comparison, head } = causesOf({ ...all, pass: '0000', 'detect:double-reserve': '0000', 'judge:covers-idempotency': '0000' }, all);
  assert.equal(comparison.regressions, 3);
  assert.equal(view.causes.length, 1);
  assert.deepEqual(
    view.causes[0]!.checks.map((c) => c.check),
    ['detect:double-reserve', 'judge:covers-idempotency', 'pass'],
  );
  assert.deepEqual(view.causes[0]!.failing, { trials: 4, of: 4 });
  const md = commentOf(head, comparison);
  assert.match(md, /^\*\*inventory\*\* no longer catches the defect double-reserve — duplicate request reserves twice \(idempotency\), in 4 of 4 trials\.$/m);
  assert.match(md, /^- Also failing in those trials: the model judge on covers-idempotency; the trial's overall pass\.$/m);
  assert.match(md, /^❌ \*\*1 regression\*\* \(3 checks lost\)/m);
});

test('two defects lost in different trials are two causes; the trial pass they explain joins the first', () => {
  const all = { pass: '1111', 'detect:double-reserve': '1111', 'detect:reject-writes': '1111' };
  const { view } = causesOf({ pass: '0000', 'detect:double-reserve': '0011', 'detect:reject-writes': '1100' }, all);
  assert.deepEqual(
    view.causes.map((c) => c.checks.map((ch) => ch.check)),
    [['detect:double-reserve', 'pass'], ['detect:reject-writes']],
  );
});

test('a trial pass lost in a trial no other lost check explains is a cause of its own', () => {
  const all = { pass: '1111', 'detect:double-reserve': '1111', 'constraint:writes-confined': '1111' };
  const { view } = causesOf({ pass: '0000', 'detect:double-reserve': '0011', 'constraint:writes-confined': '1111' }, all);
  assert.deepEqual(
    view.causes.map((c) => c.checks.map((ch) => ch.check)),
    [['detect:double-reserve'], ['pass']],
  );
});

test("a check the task kind labels (a code task's) is named as a check, quoted: its label is a name, not what happened", () => {
  const all = { pass: '1111', reproduction: '1111', starts: '1111' };
  const labelled = (r: ReturnType<typeof buildResults>) => {
    // In the order the code kind writes them (codeCheckLabels): what explains most first.
    r.tasks[0]!.check_labels = { starts: 'the changed code builds and starts', reproduction: 'reproduction: tax is charged after the discount' };
    return r;
  };
  const b = labelled(buildResults({ tasks: [{ id: 'tax', checks: all }] }));
  const lostReproduction = labelled(buildResults({ sha: '2'.repeat(40), tasks: [{ id: 'tax', checks: { ...all, pass: '0000', reproduction: '0000' } }] }));
  assert.match(
    commentOf(lostReproduction, compareResults([b], lostReproduction, FIXED_K)),
    /^\*\*tax\*\* no longer passes its check “reproduction: tax is charged after the discount”, in 4 of 4 trials\.$/m,
  );
  const lostStart = labelled(buildResults({ sha: '3'.repeat(40), tasks: [{ id: 'tax', checks: { pass: '0000', reproduction: '0000', starts: '0000' } }] }));
  // Code that does not start fails the reproduction with it: the start leads, the reproduction follows.
  assert.match(
    commentOf(lostStart, compareResults([b], lostStart, FIXED_K)),
    /^\*\*tax\*\* no longer passes its check “the changed code builds and starts”, in 4 of 4 trials\.\n- Before: it passed in 4 of 4 base trials\.\n- Also failing in those trials: reproduction: tax is charged after the discount; the trial's overall pass\.$/m,
  );
});

test('internal verdict names are said in plain words', () => {
  assert.equal(plainReason('double-reserve: defect_missed: all 9 passed on double-reserve'), 'no test caught double-reserve (all 9 passed on double-reserve)');
  assert.equal(
    plainReason('reject-writes: execution_error_or_skip: 1 of 9 records errored: boom'),
    'a test on reject-writes errored or was skipped instead of asserting (1 of 9 records errored: boom)',
  );
  assert.equal(
    plainReason('none: baseline_fail: 1 failed on the correct service: x'),
    'the tests fail on the correct service (1 failed on the correct service: x)',
  );
  assert.equal(plainReason('format: cases.json is not JSON'), 'format: cases.json is not JSON');
});
