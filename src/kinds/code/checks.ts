// The checks of a code task, from what its acceptance found: the changed code built and started
// (`starts`), the hidden tests that reproduce the issue passed (`reproduction`), each further group of
// hidden tests passed (`test:<group>`), and nothing outside the allowed scope changed
// (`constraint:scope`). A group passes only when tests of it ran and every one passed: a report that ran
// none of them proves nothing. Pure.
import type { CodeSpec, TestGroup } from '../../schemas/fixture.ts';
import type { Judgement } from '../../schemas/judgement.ts';
import type { Report, ReportRecord } from '../../schemas/report.ts';
import type { KindCheck, KindResult } from '../contract.ts';
import type { CodeOutcome } from './accept.ts';

export const STARTS = 'starts';
export const REPRODUCTION = 'reproduction';
export const SCOPE = 'constraint:scope';
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
}

export function codeChecks(spec: CodeSpec, findings: CodeFindings): KindCheck[] {
  const group = (key: string, g: TestGroup): KindCheck => ({ key, layer: 'final_state', ...groupResult(g, findings) });
  return [
    { key: STARTS, ok: !findings.notRunning, layer: 'final_state', failures: findings.notRunning ? [findings.notRunning] : [] },
    group(REPRODUCTION, spec.reproduction),
    ...Object.entries(spec.groups).map(([id, g]) => group(groupCheck(id), g)),
    { key: SCOPE, ok: findings.outOfScope.length === 0, layer: 'constraints', failures: [...findings.outOfScope] },
  ];
}

/**
 * Final-state failures no group carries: failing hidden tests outside every group, or a report that
 * could not be judged at all (incomplete, unverified, written by nobody).
 */
export function ungroupedFailures(spec: CodeSpec, findings: CodeFindings): string[] {
  const { report, judgement } = findings;
  if (!report || !judgement || judgement.verdict === 'baseline_pass') return [];
  if (judgement.verdict !== 'baseline_fail' && judgement.verdict !== 'execution_error_or_skip')
    return [`hidden tests: ${judgement.verdict}: ${judgement.reason}`];
  const grouped = testMatcher([spec.reproduction, ...Object.values(spec.groups)].flatMap((g) => g.tests));
  return report.records.filter((r) => r.status !== 'passed' && !grouped(r.test)).map((r) => `hidden tests: ${describe(r)}`);
}

/** Check keys → what a reader sees. */
export function codeCheckLabels(spec: CodeSpec): Record<string, string> {
  return {
    [STARTS]: 'the changed code builds and starts',
    [REPRODUCTION]: `reproduction: ${spec.reproduction.label}`,
    ...Object.fromEntries(Object.entries(spec.groups).map(([id, g]) => [groupCheck(id), `hidden tests: ${g.label}`])),
    [SCOPE]: 'constraint: changes stay in the allowed scope',
  };
}

function groupResult(g: TestGroup, findings: CodeFindings): { ok: boolean; failures: string[] } {
  if (findings.notRunning) return { ok: false, failures: [`${g.label}: not run (the changed code did not build or start)`] };
  if (!findings.report) return { ok: false, failures: [`${g.label}: the hidden tests did not run`] };
  const matches = testMatcher(g.tests);
  const records = findings.report.records.filter((r) => matches(r.test));
  if (records.length === 0) {
    // A test file that did not load (the candidate's code did not import) reports itself, not its tests.
    const broken = findings.report.records.find((r) => r.status === 'error');
    const why = findings.report.error
      ? `the hidden tests reported no test of it: ${findings.report.error}`
      : broken
        ? `none of its tests ran: ${describe(broken)}`
        : `no hidden test matches ${g.tests.join(', ')}${idsExample(findings.report.records)}`;
    return { ok: false, failures: [`${g.label}: ${why}`] };
  }
  const failed = records.filter((r) => r.status !== 'passed');
  return { ok: failed.length === 0, failures: failed.map((r) => `${g.label}: ${describe(r)}`) };
}

/** A few of the ids the report holds, so that a pattern can be written against them. */
function idsExample(records: readonly ReportRecord[]): string {
  const ids = records.slice(0, 3).map((r) => JSON.stringify(r.test));
  return ids.length ? `; the hidden tests' ids are e.g. ${ids.join(', ')}` : '';
}

/** Whether a test id matches one of `patterns`, where `*` is any run of characters and nothing else is special. */
export function testMatcher(patterns: readonly string[]): (test: string) => boolean {
  const regexes = patterns.map((p) => new RegExp(`^${p.split('*').map(escapeRegExp).join('.*')}$`, 's'));
  return (test) => regexes.some((r) => r.test(test));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function describe(r: ReportRecord): string {
  if (r.status === 'failed') return `${r.test}: ${r.assertion ?? r.traceback ?? 'failed'}`;
  return `${r.test}: ${r.status}${r.traceback ? ` (${r.traceback.split('\n')[0]})` : ''}`;
}

/** The kind's part of a trial's result from one acceptance. */
export function codeResult(
  spec: CodeSpec,
  accepted: CodeOutcome,
  scope: readonly string[],
): Pick<KindResult, 'checks' | 'failures' | 'judgements' | 'envError'> {
  const findings = {
    ...(accepted.notRunning ? { notRunning: accepted.notRunning } : {}),
    ...(accepted.outcome ? { report: accepted.outcome.report, judgement: accepted.outcome.judgement } : {}),
    outOfScope: scope,
  };
  return {
    checks: codeChecks(spec, findings),
    failures: { final_state: ungroupedFailures(spec, findings) },
    judgements: accepted.outcome ? [accepted.outcome.judgement] : [],
    ...(accepted.envError ? { envError: { message: accepted.envError.message, rule: accepted.envError.rule } } : {}),
  };
}
