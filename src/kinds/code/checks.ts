// The checks of a code task, from what its acceptance found: the changed code built and started
// (`starts`), the hidden tests that reproduce the issue passed (`reproduction`), each further group of
// hidden tests passed (`test:<group>`), and nothing outside the allowed scope changed
// (`constraint:scope`), and the hidden tests' report is their own (`constraint:report-intact`). Judged
// against the reference's run (reference.ts): every test of a group the reference passed must run and pass
// (failing by an assertion or by any exception raised in the test), and a test it did not pass (skipped,
// xfailed there) counts for nothing. A group passes only when tests of it ran and every one passed: a
// report that ran none of them proves nothing. Pure.
import type { CodeSpec, TestGroup } from '../../schemas/kinds/code.ts';
import type { Judgement } from '../../schemas/judgement.ts';
import type { Report, ReportRecord } from '../../schemas/report.ts';
import type { KindCheck, KindResult } from '../contract.ts';
import { closestToPatterns } from '../../util/nearest.ts';
import type { CodeOutcome } from './accept.ts';
import type { ReferenceRun } from './reference.ts';

export const STARTS = 'starts';
export const REPRODUCTION = 'reproduction';
export const SCOPE = 'constraint:scope';
export const REPORT_INTACT = 'constraint:report-intact';
/** Past this many, failing tests outside every group are counted, not each named. */
const NAMED_UNGROUPED = 20;
export const groupCheck = (id: string) => `test:${id}`;

/** What one acceptance of a code candidate found. */
export interface CodeFindings {
  /** Why the changed code did not build or start; absent when it did. */
  notRunning?: string;
  /** The hidden tests' report and its judgement; absent when they never ran. */
  report?: Report;
  judgement?: Judgement;
  /** One line per change outside the allowed scope. */
  outOfScope: readonly string[];
  /** The reference's run the report is judged against; absent for the reference's own run. */
  reference?: ReferenceRun;
  /** What shows the report is not the hidden tests' own. */
  forgery?: readonly string[];
  /** The error the changed code's service wrote while the tests ran: named beside a test that could not reach it. */
  serviceSaid?: string;
}

export function codeChecks(spec: CodeSpec, findings: CodeFindings): KindCheck[] {
  const group = (key: string, g: TestGroup, field: string): KindCheck => ({ key, layer: 'final_state', ...groupResult(g, field, findings) });
  return [
    { key: STARTS, ok: !findings.notRunning, layer: 'final_state', failures: findings.notRunning ? [findings.notRunning] : [] },
    group(REPRODUCTION, spec.reproduction, 'code.reproduction.tests'),
    ...Object.entries(spec.groups).map(([id, g]) => group(groupCheck(id), g, `code.groups.${id}.tests`)),
    { key: SCOPE, ok: findings.outOfScope.length === 0, layer: 'constraints', failures: [...findings.outOfScope] },
    {
      key: REPORT_INTACT,
      ok: !findings.forgery?.length,
      layer: 'constraints',
      failures: (findings.forgery ?? []).map((f) => `the hidden tests' report was forged: ${f}`),
    },
  ];
}

/**
 * Final-state failures no group carries: failing hidden tests outside every group, or a report that
 * could not be judged at all (incomplete, unverified, written by nobody).
 */
export function ungroupedFailures(spec: CodeSpec, findings: CodeFindings): string[] {
  const { report, judgement, reference } = findings;
  if (!report || !judgement || findings.forgery?.length) return [];
  if (!['baseline_pass', 'baseline_fail', 'execution_error_or_skip'].includes(judgement.verdict))
    return [`hidden tests: ${judgement.verdict}: ${judgement.reason}`];
  const grouped = testMatcher([spec.reproduction, ...Object.values(spec.groups)].flatMap((g) => g.tests));
  const failures = outcomes(report.records, reference, (test) => !grouped(test)).map((f) => `hidden tests: ${f}`);
  return failures.length > NAMED_UNGROUPED
    ? [...failures.slice(0, NAMED_UNGROUPED), `hidden tests: and ${failures.length - NAMED_UNGROUPED} more tests outside every group did not pass`]
    : failures;
}

/**
 * What did not pass among the tests `among` selects: each counted record that did not pass, and, against
 * the reference, each test it passed that this report does not hold. A test the reference did not pass,
 * or (the reference's own run) one skipped, is not counted.
 */
function outcomes(records: readonly ReportRecord[], reference: ReferenceRun | undefined, among: (test: string) => boolean, serviceSaid?: string): string[] {
  const counted = records.filter((r) => among(r.test) && !(reference ? reference.notCounted.has(r.test) : r.status === 'skipped'));
  const present = new Set(records.map((r) => r.test));
  const missing = reference ? [...reference.passed].filter((t) => among(t) && !present.has(t)) : [];
  return [
    ...counted.filter((r) => r.status !== 'passed').map((r) => describe(r, reference, serviceSaid)),
    ...missing.map((t) => `${t}: did not run on this candidate (it passed on the reference)`),
  ];
}

/** Check keys → what a reader sees. */
export function codeCheckLabels(spec: CodeSpec): Record<string, string> {
  return {
    [STARTS]: 'the changed code builds and starts',
    [REPRODUCTION]: `reproduction: ${spec.reproduction.label}`,
    ...Object.fromEntries(Object.entries(spec.groups).map(([id, g]) => [groupCheck(id), `hidden tests: ${g.label}`])),
    [SCOPE]: 'constraint: changes stay in the allowed scope',
    [REPORT_INTACT]: "constraint: the hidden tests' report is their own",
  };
}

/** `field`: where the group's test patterns are in fixture.json, for a pattern that matches nothing. */
function groupResult(g: TestGroup, field: string, findings: CodeFindings): { ok: boolean; failures: string[] } {
  if (findings.notRunning) return { ok: false, failures: [`${g.label}: not run (the changed code did not build or start)`] };
  if (!findings.report) return { ok: false, failures: [`${g.label}: the hidden tests did not run`] };
  if (findings.forgery?.length) return { ok: false, failures: [`${g.label}: not judged: the hidden tests' report is not their own (${REPORT_INTACT})`] };
  const { reference } = findings;
  const matches = testMatcher(g.tests);
  const inGroup = findings.report.records.filter((r) => matches(r.test));
  const expected = reference ? [...reference.passed].filter(matches) : [];
  const records = reference ? inGroup.filter((r) => !reference.notCounted.has(r.test)) : inGroup.filter((r) => r.status !== 'skipped');
  // A test file that did not load (the candidate's code did not import) reports itself, not its tests.
  const broken = findings.report.records.find((r) => r.status === 'error');
  if (records.length === 0 && reference && expected.length && broken)
    return { ok: false, failures: [`${g.label}: none of its tests ran: ${describe(broken, undefined, findings.serviceSaid)}`] };
  if (records.length === 0 && (!reference || expected.length === 0)) {
    const skipped = inGroup.length
      ? `every test of it was skipped or xfailed${reference ? ' on the reference' : ''} (${inGroup[0]!.test}: ${inGroup[0]!.traceback?.split('\n')[0] ?? 'skipped'})`
      : '';
    const why = findings.report.error
      ? `the hidden tests reported no test of it: ${findings.report.error}`
      : broken
        ? `none of its tests ran: ${describe(broken, undefined, findings.serviceSaid)}`
        : skipped || `no hidden test matches ${g.tests.join(', ')} (fixture.json: ${field})${idsExample(g.tests, findings.report.records)}`;
    return { ok: false, failures: [`${g.label}: ${why}`] };
  }
  const failed = outcomes(findings.report.records, reference, matches, findings.serviceSaid);
  // One pattern of several that matches nothing (a typo) would leave its tests out of the group unseen: named
  // like a group none of whose patterns match. Against the reference's tests when known, so a candidate's run
  // that lost tests is told that instead (they "did not run").
  const known = reference ? [...reference.passed, ...reference.notCounted.keys()] : findings.report.records.map((r) => r.test);
  const dead = g.tests.length > 1 ? g.tests.filter((pattern) => !known.some(testMatcher([pattern]))) : [];
  for (const pattern of dead) failed.push(`no hidden test matches ${pattern} (fixture.json: ${field})${idsExample([pattern], findings.report.records)}`);
  return { ok: failed.length === 0, failures: failed.map((f) => `${g.label}: ${f}`) };
}

/** The ids the report holds closest to the patterns (a misspelt name), so that a pattern can be written against them. */
function idsExample(patterns: readonly string[], records: readonly ReportRecord[]): string {
  const ids = closestToPatterns(
    patterns,
    records.map((r) => r.test),
    3,
  ).map((id) => JSON.stringify(id));
  return ids.length ? `; the hidden tests' ids closest to it: ${ids.join(', ')}` : '';
}

/** Whether a test id matches one of `patterns`, where `*` is any run of characters and nothing else is special. */
export function testMatcher(patterns: readonly string[]): (test: string) => boolean {
  const regexes = patterns.map((p) => new RegExp(`^${p.split('*').map(escapeRegExp).join('.*')}$`, 's'));
  return (test) => regexes.some((r) => r.test(test));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One test that did not pass. A test that could not reach the changed code's service (an error of the harness)
 * names what the service wrote meanwhile (`serviceSaid`): the request's own error says only that the
 * connection closed, the service's traceback says why.
 */
function describe(r: ReportRecord, reference?: ReferenceRun, serviceSaid?: string): string {
  if (r.status === 'failed') return `${r.test}: ${r.assertion ?? r.traceback ?? 'failed'}`;
  const said = r.traceback ? ` (${r.traceback.split('\n')[0]})` : '';
  if (r.status === 'error' && r.error_in === 'test') return `${r.test}: raised ${r.exception ?? 'an exception'} in the test${said}`;
  if (r.status === 'skipped' && reference) return `${r.test}: skipped on this candidate, though it passed on the reference${said}`;
  const service = r.status === 'error' && serviceSaid ? `; the changed code's service wrote: ${serviceSaid} (evidence/service.log)` : '';
  return `${r.test}: ${r.status}${said}${service}`;
}

/** The kind's part of a trial's result from one acceptance. */
export function codeResult(
  spec: CodeSpec,
  accepted: CodeOutcome,
  scope: readonly string[],
  /** The reference's run the candidate was judged against (absent: the reference's own run). */
  reference?: ReferenceRun,
): Pick<KindResult, 'checks' | 'failures' | 'judgements' | 'envError'> {
  const findings: CodeFindings = {
    ...(accepted.notRunning ? { notRunning: accepted.notRunning } : {}),
    ...(accepted.outcome ? { report: accepted.outcome.report, judgement: accepted.outcome.judgement } : {}),
    outOfScope: scope,
    ...(reference ? { reference } : {}),
    forgery: accepted.forgery,
    ...(accepted.serviceSaid ? { serviceSaid: accepted.serviceSaid } : {}),
  };
  return {
    checks: codeChecks(spec, findings),
    failures: { final_state: ungroupedFailures(spec, findings) },
    judgements: accepted.outcome ? [accepted.outcome.judgement] : [],
    ...(accepted.envError ? { envError: { message: accepted.envError.message, rule: accepted.envError.rule } } : {}),
  };
}
