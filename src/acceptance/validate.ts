// "Validate the acceptor before you trust it": the reference answers must pass on the correct service
// and fail, by an assertion, on every defect variant. The rows and problems of a validation, whatever
// the kind that produced the outcomes.
import { NO_FAULT, type Fixture } from '../fixture/load.ts';
import { TRUSTED_VERDICTS } from '../schemas/judgement.ts';
import { unreachedTargets, type VariantOutcome } from './accept.ts';

/** A trusted acceptor shows it can tell right from wrong: the rows `trialgate validate` prints. */
export interface VariantValidationRow {
  fault: string;
  label: string;
  assertionFailures: number;
  executionErrors: number;
  verdict: string;
  /** `test: assertion` for each failure counted for the fault (attributed, or every one without coverage). */
  detectedBy: string[];
  attributed: boolean;
  reportPath: string;
}

export function validationRows(fixture: Fixture, outcomes: readonly VariantOutcome[]): VariantValidationRow[] {
  return outcomes.map((outcome) => {
    const records = outcome.report.records;
    const byTest = new Map(records.map((r) => [r.test, r]));
    return {
      fault: outcome.fault,
      label: outcome.fault === 'none' ? 'correct service' : (fixture.manifest.faults[outcome.fault]?.label ?? ''),
      assertionFailures: records.filter((r) => r.status === 'failed').length,
      executionErrors: records.filter((r) => r.status === 'error').length,
      verdict: outcome.judgement.verdict,
      detectedBy: outcome.judgement.detected_by.map((test) => `${test}: ${byTest.get(test)?.assertion ?? ''}`),
      attributed: outcome.judgement.attributed !== false,
      reportPath: outcome.reportPath,
    };
  });
}

/** Why the acceptor cannot be trusted; empty when it told right from wrong on every variant. */
export function validationProblems(fixture: Fixture, outcomes: readonly VariantOutcome[]): string[] {
  const baselinePasses = outcomes.some((o) => o.fault === NO_FAULT && o.judgement.verdict === 'baseline_pass');
  const problems = outcomes
    .filter((o) => !TRUSTED_VERDICTS.includes(o.judgement.verdict))
    .map((o) => `${o.fault}: ${o.judgement.verdict}: ${brief(o.judgement.reason)}${baselinePasses ? crashedDefectFix(fixture, o) : ''}`);
  const unreached = unreachedTargets(fixture, outcomes);
  if (unreached.length) problems.push(`target branches never reached on the correct service: ${unreached.join(', ')}`);
  return problems;
}

/**
 * A defect the reference answers only raised errors on proves nothing (an error never counts as a
 * detection): usually the variant crashes, hangs or answers garbage where it should break its rule.
 */
function crashedDefectFix(fixture: Fixture, outcome: VariantOutcome): string {
  const errored = outcome.report.records.filter((r) => r.status === 'error');
  if (outcome.fault === NO_FAULT || outcome.judgement.verdict !== 'execution_error_or_skip' || errored.length === 0) return '';
  const faultEnv = fixture.manifest.service?.faultEnv;
  const variant = faultEnv ? `${faultEnv}=${outcome.fault}` : outcome.fault;
  // The tests that raised are in the reason already: the fix says only what to change, and where.
  return (
    `; fix: only a test failing by an assertion detects a defect: make ${variant} answer wrongly (a status or value the tests assert on, ` +
    `not a crash or a hang), or make the tests assert before they use the answer (fixture.json: faults.${outcome.fault})`
  );
}

const BRIEF_CHARS = 600;
const BRIEF_LINES = 5;

/**
 * A reason on one screen line or a few: whole lines from its start, where every reason puts its cause (the
 * compiler's or runtime's first lines), so what is cut is the advice after it; a whole traceback stays in
 * the variant's report, listed above.
 */
export function brief(reason: string): string {
  const lines = reason.split('\n');
  const kept: string[] = [];
  for (const line of lines.slice(0, BRIEF_LINES)) {
    if (kept.length && [...kept, line].join(' ⏎ ').length > BRIEF_CHARS) break;
    kept.push(line);
  }
  const head = kept.join(' ⏎ ');
  const text = head.length > BRIEF_CHARS ? `${head.slice(0, BRIEF_CHARS)}…` : head;
  return kept.length < lines.length || head.length > BRIEF_CHARS ? `${text} (the whole of it: in the report)` : text;
}
