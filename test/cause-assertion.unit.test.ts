// The assertion a cause's "Before:" line quotes from the base's detection: one line, whatever the test
// framework put after it (JUnit's detail is `Type: message` and the stack), read through the real JUnit
// reader and the real judge.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judge } from '../src/judge/judge.ts';
import { junitRecords } from '../src/kinds/command/junit.ts';
import { assertionOf } from '../src/report/explain.ts';
import type { ReportRecord } from '../src/schemas/report.ts';
import { variantReport } from './support/report-builder.ts';

const report = (records: ReportRecord[]) => variantReport('accepts-zero', records);
const context = { faults: { 'accepts-zero': { label: 'adds zero or negative counts', branches: [] } }, coverage: false };

const JUNIT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="JUnit Jupiter" tests="1" failures="1">
  <testcase name="zeroIsRefused()" classname="TallyTest">
    <failure message="add 0 ==&gt; expected: &lt;400&gt; but was: &lt;200&gt;" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: add 0 ==&gt; expected: &lt;400&gt; but was: &lt;200&gt;
	at org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)
	at TallyTest.zeroIsRefused(TallyTest.java:40)
</failure>
  </testcase>
</testsuite>`;

test('a JUnit detection is quoted by its assertion alone, not its repeated message and stack', () => {
  const read = junitRecords([{ name: 'TEST-TallyTest.xml', text: JUNIT }]);
  assert.ok(read.ok);
  const judgement = judge(report(read.records), context);
  assert.equal(judgement.verdict, 'defect_detected');
  assert.match(judgement.reason, /\n\s*at /, 'the judgement keeps the stack: only the quote is cut');
  assert.equal(assertionOf(judgement), 'add 0 ==> expected: <400> but was: <200>');
});

test('an HTTP case keeps its assertion and what came instead; a multi-line detail is cut at its first line', () => {
  const caught = (traceback: string) =>
    judge(report([{ test: 'idempotent-repeat', status: 'failed', assertion: 'step 3: $.available == 16', traceback, branches: [] }]), context);
  assert.equal(assertionOf(caught('expected 16, got 12')), 'step 3: $.available == 16: expected 16, got 12');
  assert.equal(assertionOf(caught('expected 16, got 12\nresponse body: {"available": 12}')), 'step 3: $.available == 16: expected 16, got 12');
});

test('a go test detection is quoted by its t.Errorf message, not the `=== RUN` line its output starts with', () => {
  // The record as $TRIALGATE_REPORTERS/go-test.mjs writes it from `go test -json` (the Go starter's test, on accepts-zero).
  const record: ReportRecord = {
    test: 'TestZeroAndNegativeCountsAreRefusedAndChangeNothing',
    status: 'failed',
    assertion: 'add 0: status 200, want 400',
    traceback: [
      '=== RUN   TestZeroAndNegativeCountsAreRefusedAndChangeNothing',
      '    tally_test.go:51: add 0: status 200, want 400',
      '    tally_test.go:51: add -2: status 200, want 400',
      '--- FAIL: TestZeroAndNegativeCountsAreRefusedAndChangeNothing (0.01s)',
    ].join('\n'),
    branches: [],
  };
  const judgement = judge(report([record]), context);
  assert.equal(judgement.verdict, 'defect_detected');
  assert.equal(assertionOf(judgement), 'add 0: status 200, want 400');
});

test('a Jest detection is quoted by its matcher and values, not the matcher hint its stack starts with again', () => {
  // As trialgate's Jest reporter writes a failed toBe (a TypeScript suite under ts-jest).
  const record: ReportRecord = {
    test: 'tally.test.ts › zero and negative counts are refused and change nothing',
    status: 'failed',
    assertion: 'expect(received).toBe(expected) // Object.is equality: expected 400, received 200',
    traceback:
      'Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: 400\nReceived: 200\n    at Object.<anonymous> (/tmp/trialgate-acceptor-rQYL4F/candidate/tally.test.ts:11:67)',
    branches: [],
  };
  const judgement = judge(report([record]), context);
  assert.equal(judgement.verdict, 'defect_detected');
  assert.equal(assertionOf(judgement), 'expect(received).toBe(expected) // Object.is equality: expected 400, received 200');
});
