// Why `trialgate validate` does not trust an acceptor, and the fix it is told: a defect variant whose tests
// raised errors instead of failing an assertion.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { VariantOutcome } from '../src/acceptance/accept.ts';
import { validationProblems } from '../src/acceptance/validate.ts';
import { loadFixture } from '../src/fixture/load.ts';
import { judge } from '../src/judge/judge.ts';
import type { ReportRecord } from '../src/schemas/report.ts';
import { ROOT } from './support/fixtures.ts';
import { variantReport } from './support/report-builder.ts';

const record = (test: string, status: ReportRecord['status'], more: Partial<ReportRecord> = {}): ReportRecord => ({ test, status, branches: [], ...more });

test('a defect the tests only crash on is told to fail an assertion, naming the variant, the test and where to change it', async () => {
  const fixture = await loadFixture(join(ROOT, 'fixtures', 'inventory'));
  const outcome = (fault: string, records: ReportRecord[]): VariantOutcome => {
    const report = variantReport(fault, records);
    return { fault, report, reportPath: `reports/${fault}.json`, judgement: judge(report, { faults: fixture.manifest.faults, coverage: false }) };
  };
  const problems = validationProblems(fixture, [
    outcome('none', [record('reserves', 'passed')]),
    outcome('reject-writes', [record('reserves', 'error', { error_in: 'harness', traceback: 'http.client.BadStatusLine: garbage' })]),
    outcome('double-reserve', [record('reserves', 'failed', { assertion: 'reserved == 2' })]),
    outcome('missing-record', [record('reserves', 'failed', { assertion: 'records.length == 1' })]),
  ]);
  const crashed = problems.filter((p) => p.startsWith('reject-writes: execution_error_or_skip: '));
  assert.equal(crashed.length, 1, problems.join('\n'));
  assert.ok(!problems.some((p) => /double-reserve|missing-record/.test(p)), 'defects detected by an assertion are no problem');
  assert.match(crashed[0]!, /reserves/, 'the test that raised');
  assert.match(crashed[0]!, /fix: only a test failing by an assertion detects a defect: make INVENTORY_FAULT=reject-writes answer wrongly/);
  assert.match(crashed[0]!, /fixture\.json: faults\.reject-writes/);
});
