// The pure parts of judging a code task's hidden tests: the exception rule and the tests not counted
// (judge.ts), the tripwires (guard.ts), and a report channel that received more than one report.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judge } from '../src/judge/judge.ts';
import { firstJsonEnd } from '../src/kinds/command/report-channel.ts';
import { readChannelReport } from '../src/kinds/command/report-format.ts';
import { inProcessNote } from '../src/kinds/code/accept.ts';
import { codeChecks } from '../src/kinds/code/checks.ts';
import { inspectTripwires } from '../src/kinds/code/guard.ts';
import { CodeSpec } from '../src/schemas/kinds/code.ts';
import type { ReportRecord } from '../src/schemas/report.ts';
import { variantReport } from './support/report-builder.ts';

const record = (test: string, status: ReportRecord['status'], more: Partial<ReportRecord> = {}): ReportRecord => ({ test, status, branches: [], ...more });
const report = (records: ReportRecord[]) => variantReport('none', records);
const context = { faults: {}, coverage: false };

test('an exception raised in a test fails it under the exception rule, never under the assertion rule; the harness’s never', () => {
  const raised = report([record('a', 'passed'), record('b', 'error', { error_in: 'test', exception: 'AttributeError' })]);
  assert.equal(judge(raised, context).verdict, 'execution_error_or_skip');
  const judged = judge(raised, { ...context, failing: 'exception' });
  assert.equal(judged.verdict, 'baseline_fail');
  assert.match(judged.reason, /b \(raised AttributeError\)/);
  const harness = report([record('a', 'passed'), record('b', 'error', { error_in: 'harness' })]);
  assert.equal(judge(harness, { ...context, failing: 'exception' }).verdict, 'execution_error_or_skip');
});

test('tests the reference did not pass are not counted, and said so', () => {
  const skipped = report([record('a', 'passed'), record('b', 'skipped')]);
  assert.equal(judge(skipped, context).verdict, 'execution_error_or_skip');
  const judged = judge(skipped, { ...context, failing: 'exception', notCounted: new Set(['b']) });
  assert.equal(judged.verdict, 'baseline_pass');
  assert.match(judged.reason, /all 1 passed .*\(1 not counted: the reference did not pass it\)/);
});

const body = (records: ReportRecord[]) => ({ planned: records.length, executed: records.length, complete: true, blocked: false, records });
const tripwires = (seed: string, status: ReportRecord['status']) => [1, 2].map((n) => record(`trialgate tripwire ${seed} ${n}`, status));

test('tripwires are taken out of the report; passed ones, another run’s, or ones left out of an all-pass report are a forgery', () => {
  const against = { passed: new Set(['a']), tripwires: 2 };
  const honest = inspectTripwires(body([record('a', 'passed'), ...tripwires('s1', 'failed')]), 's1', against);
  assert.deepEqual(honest.forgery, []);
  assert.deepEqual([honest.stripped.planned, honest.stripped.records.map((r) => r.test)], [1, ['a']]);
  assert.deepEqual(honest.count, { planted: 2, allFailed: true });

  assert.match(
    inspectTripwires(body([record('a', 'passed'), ...tripwires('s1', 'passed')]), 's1', against).forgery[0]!,
    /2 of 2 tripwires were reported passed/,
  );
  assert.match(inspectTripwires(body([record('a', 'passed'), ...tripwires('old', 'failed')]), 's1', against).forgery[0]!, /a tripwire of another run/);
  assert.match(inspectTripwires(body([record('a', 'passed')]), 's1', against).forgery[0]!, /leaves out 2 of the 2 tripwires/);
  // A run that ended early fails on its missing tests: no forgery.
  assert.deepEqual(inspectTripwires(body([]), 's1', against).forgery, []);
  // Code that does not import ends the session before any test: the tripwires are errors, never run, and
  // the run fails on its tests (an execution error), not as a forgery.
  const notRun = (t: string) => record(t, 'error', { error_in: 'harness', traceback: 'not run: Interrupted: 1 error during collection' });
  const unimported = body([record('hidden/test.py', 'error', { error_in: 'harness' }), notRun('trialgate tripwire s1 1'), notRun('trialgate tripwire s1 2')]);
  assert.deepEqual(inspectTripwires(unimported, 's1', against).forgery, []);
  // Errors in place of the tripwires while every test passed: still not the run's report.
  assert.match(inspectTripwires(body([record('a', 'passed'), ...tripwires('s1', 'error')]), 's1', against).forgery[0]!, /2 of 2 tripwires were reported error/);
  // The reference's own run counts them, and has nothing to hold them against.
  assert.deepEqual(inspectTripwires(body([record('a', 'passed'), ...tripwires('s1', 'failed')]), 's1', undefined).forgery, []);
});

test('a channel that received a second report: the first is read, the second named as a forgery', () => {
  const one = JSON.stringify(body([record('a "}{', 'passed')]));
  assert.equal(firstJsonEnd(`${one}\n${one}`), one.length);
  const read = readChannelReport({ text: `${one}\n${one}`, oversize: false, forgery: [] });
  assert.equal(read.records.length, 1);
  assert.match(read.forgery?.[0] ?? '', /received a second report after the first/);
  assert.equal(readChannelReport({ text: `${one}\n`, oversize: false, forgery: [] }).forgery, undefined);
  assert.match(readChannelReport({ text: '', oversize: false, forgery: [] }).error ?? '', /wrote no report/);
});

test('a group whose pattern matches no hidden test names its field and the ids closest to the pattern', () => {
  const spec = CodeSpec.parse({
    scope: ['slugify/**'],
    reproduction: { label: 'save_order keeps the words in order', tests: ['*::test_saveorder*'] },
    groups: { truncation: { label: 'truncation', tests: ['*::test_max_lenght'] } },
    solutions: { reference: 'solutions/reference' },
  });
  const ids = ['test_accented_text', 'test_contains_numbers', 'test_max_length', 'test_numbers_only', 'test_save_order', 'test_save_order_rtl'];
  const records = ids.map((id) => record(`hidden/test.py::TestSlugify::${id}`, 'passed'));
  const checks = codeChecks(spec, { report: report(records), outOfScope: [] });
  const failure = (key: string) => checks.find((c) => c.key === key)!.failures.join('\n');
  assert.match(
    failure('reproduction'),
    /no hidden test matches \*::test_saveorder\* \(fixture\.json: code\.reproduction\.tests\); the hidden tests' ids closest to it: "hidden\/test\.py::TestSlugify::test_save_order", "hidden\/test\.py::TestSlugify::test_save_order_rtl"/,
  );
  assert.match(
    failure('test:truncation'),
    /\(fixture\.json: code\.groups\.truncation\.tests\); the hidden tests' ids closest to it: "hidden\/test\.py::TestSlugify::test_max_length"/,
  );
});

test('one pattern of several that matches no hidden test fails its group, named, though the others match', () => {
  const spec = CodeSpec.parse({
    scope: ['durations/**'],
    reproduction: { label: 'days parse and format', tests: ['*::test_parse[3d-*', '*::test_format[90000-*'] },
    groups: {},
    solutions: { reference: 'solutions/reference' },
  });
  const ids = ['test_parse[2d-172800]', 'test_parse[45s-45]', 'test_format[90000-1d1h]'];
  const records = ids.map((id) => record(`hidden/test_durations.py::${id}`, 'passed'));
  const reproduction = codeChecks(spec, { report: report(records), outOfScope: [] }).find((c) => c.key === 'reproduction')!;
  assert.equal(reproduction.ok, false);
  assert.match(
    reproduction.failures.join('\n'),
    /^days parse and format: no hidden test matches \*::test_parse\[3d-\* \(fixture\.json: code\.reproduction\.tests\); the hidden tests' ids closest to it: "hidden\/test_durations\.py::test_parse\[2d-172800\]"/,
  );
  const fixed = CodeSpec.parse({ ...spec, reproduction: { ...spec.reproduction, tests: ['*::test_parse[2d-*', '*::test_format[90000-*'] } });
  assert.equal(codeChecks(fixed, { report: report(records), outOfScope: [] }).find((c) => c.key === 'reproduction')!.ok, true);
});

test('the in-process note says what the tripwires caught, and without any what is not caught', () => {
  const without = inProcessNote({ inProcess: true, tripwires: { planted: 0, allFailed: false } as never })!;
  assert.match(without, /no tripwire was planted .*so a report the code rewrites in the process is not caught/);
  assert.doesNotMatch(without, /aimed at the tripwires/);
  const with6 = inProcessNote({ inProcess: true, tripwires: { planted: 6, allFailed: true } as never })!;
  assert.match(with6, /6 tripwires of this run failed as planted, but a change aimed at the tripwires themselves is not caught/);
  assert.equal(inProcessNote({ inProcess: false, tripwires: { planted: 6, allFailed: true } as never }), undefined);
  // The candidate's code ended the run before its tripwires (os._exit at import): the runner plants them, the run never got there.
  const cut = inProcessNote({ inProcess: true, tripwires: { planted: 0, allFailed: true } as never }, 2)!;
  assert.match(cut, /this run's report carried none of the 2 tripwires the reference's run planted \(the run ended before them/);
  assert.doesNotMatch(cut, /runner carries none/);
});
