// The judgement of one report (docs/report-format.md), in the seed's order, plus `unverified` and
// attribution. Pure: a report and what the trial expects in, one judgement out.
import type { FaultSpec } from '../schemas/fixture.ts';
import type { Judgement } from '../schemas/judgement.ts';
import type { Report, ReportRecord } from '../schemas/report.ts';
import { NO_FAULT } from '../fixture/load.ts';

/**
 * What fails a test. `assertion` (default): only an assertion, for tests an agent writes, which must show
 * they check something. `exception`: also an exception raised in the test's own code or the code it calls
 * (`error_in: test`), for a code task's hidden tests, the fixture author's, proved on its reference.
 */
export type FailureRule = 'assertion' | 'exception';

export interface JudgeContext {
  /** The faults this fixture knows, with the branches where each lives. */
  faults: Readonly<Record<string, FaultSpec>>;
  /** The hashes of the trial the report must belong to; omitted = not checked (a standalone report). */
  expected?: { candidate_sha256: string; variant_sha256: string; fixture_sha256: string };
  /**
   * Whether the records' branches come from the service's coverage. Without coverage a detection is any
   * assertion failure on the variant (the seed's rule), counted but marked as not attributed.
   */
  coverage: boolean;
  failing?: FailureRule;
  /** Tests left out of the judgement: those the reference did not pass (skipped or xfailed there). */
  notCounted?: ReadonlySet<string>;
}

/** Whether a record is a failure of its test under `rule`: never an error of the harness, never a skip. */
export function failsTest(record: Pick<ReportRecord, 'status' | 'error_in'>, rule: FailureRule = 'assertion'): boolean {
  return record.status === 'failed' || (rule === 'exception' && record.status === 'error' && record.error_in === 'test');
}

export function judge(report: Report, context: JudgeContext): Judgement {
  const rule = context.failing ?? 'assertion';
  const counted = context.notCounted?.size ? report.records.filter((r) => !context.notCounted!.has(r.test)) : report.records;
  const first = counted.find((r) => r.status !== 'passed');
  const verdict = (v: Judgement['verdict'], reason: string, detected_by: string[] = []): Judgement => ({
    fault: report.fault,
    verdict: v,
    reason,
    detected_by,
    ...(first ? { first_failed: { test: first.test, status: first.status, ...(first.assertion ? { assertion: first.assertion } : {}) } } : {}),
  });

  const expected = context.expected;
  if (expected) {
    for (const field of ['candidate_sha256', 'variant_sha256', 'fixture_sha256'] as const) {
      if (report[field] !== expected[field]) return verdict('unverified', `${field} ${short(report[field])} is not this trial's ${short(expected[field])}`);
    }
  }

  const incomplete = incompleteReason(report);
  if (incomplete) return verdict('incomplete', incomplete);

  const notRun = counted.filter((r) => r.status !== 'passed' && !failsTest(r, rule));
  if (notRun.length > 0) {
    const first = notRun[0]!;
    return verdict(
      'execution_error_or_skip',
      `${notRun.length} of ${report.executed} ${notRun.length === 1 ? 'record' : 'records'} ${first.status}: ${first.test}${first.traceback ? `: ${first.traceback}` : ''}`,
    );
  }

  const failed = counted.filter((r) => failsTest(r, rule));
  if (report.fault === NO_FAULT) {
    return failed.length === 0
      ? verdict('baseline_pass', `all ${counted.length} passed on the correct service${leftOut(report.records.length - counted.length)}`)
      : verdict('baseline_fail', `${failed.length} failed on the correct service: ${failed.map(describe).join('; ')}`);
  }

  const fault = context.faults[report.fault];
  if (!fault) return verdict('unknown_fault', `fault ${report.fault} is not one of ${Object.keys(context.faults).join(', ') || '(none)'}`);
  if (failed.length === 0) return verdict('defect_missed', `all ${report.executed} passed on ${report.fault}`);
  if (!context.coverage) {
    return {
      ...verdict(
        'defect_detected',
        `${failed.map(describe).join('; ')} (no coverage: not attributed)`,
        failed.map((r) => r.test),
      ),
      attributed: false,
    };
  }

  // Several failures for one fault are one detection; attribution says which of them reached it.
  const attributed = failed.filter((r) => r.branches.some((b) => fault.branches.includes(b)));
  if (attributed.length === 0) {
    return verdict('defect_detected_unattributed', `${failed.length} failed, none reached ${fault.branches.join(' / ')}: ${failed.map(describe).join('; ')}`);
  }
  return verdict(
    'defect_detected',
    attributed.map(describe).join('; '),
    attributed.map((r) => r.test),
  );
}

const leftOut = (n: number) => (n > 0 ? ` (${n} not counted: the reference did not pass ${n === 1 ? 'it' : 'them'})` : '');

function incompleteReason(report: Report): string | undefined {
  if (report.planned <= 0) return `planned ${report.planned}: nothing to run`;
  if (!report.complete) return 'the report says it is not complete';
  if (report.blocked) return 'the report says it was blocked';
  if (report.executed !== report.planned) return `executed ${report.executed} of ${report.planned} planned`;
  if (report.records.length !== report.executed) return `${report.records.length} records for ${report.executed} executed`;
  const seen = new Set<string>();
  for (const r of report.records) {
    if (seen.has(r.test)) return `test id ${r.test} appears twice`;
    seen.add(r.test);
  }
  return undefined;
}

function describe(record: Report['records'][number]): string {
  const what = record.assertion ?? (record.status === 'error' && record.error_in === 'test' ? `raised ${record.exception ?? 'an exception'}` : record.status);
  return `${record.test} (${what}${record.traceback ? `: ${record.traceback}` : ''})`;
}

const short = (hash: string) => (hash ? hash.slice(0, 12) : '(none)');
