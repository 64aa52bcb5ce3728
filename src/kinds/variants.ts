// The checks of a kind whose acceptor runs against the fixture's variants (http-cases, command): the
// correct service must pass (`baseline`), every counted fault must be detected by an assertion
// (`detect:<fault>`), and target branches must be reached. A variant's environment failure is the trial's;
// a variant accepted again after trialgate's machinery failed says so in the trial's notes.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VariantOutcome } from '../acceptance/accept.ts';
import { validationProblems, validationRows } from '../acceptance/validate.ts';
import { NO_FAULT, type Fixture } from '../fixture/load.ts';
import { EVIDENCE } from '../layout.ts';
import { TRUSTED_VERDICTS } from '../schemas/judgement.ts';
import type { KindCheck, KindResult, ValidateOptions, VariantsValidation } from './contract.ts';

/**
 * What the outcomes say, as the kind's part of a result. Every check is there whatever ran: with no
 * outcome (a malformed candidate) each is failed, and a candidate without problems that ran nothing says so.
 */
export function variantFindings(
  outcomes: readonly VariantOutcome[],
  /** The faults the variants ran: each is a `detect:` check. */
  faults: readonly string[],
  unreachedTargets: readonly string[],
  formatProblems: readonly string[],
): Pick<KindResult, 'checks' | 'failures' | 'judgements' | 'envError' | 'notes'> {
  const judgements = outcomes.map((o) => o.judgement);
  const failureOf = (fault: string) =>
    judgements.filter((j) => j.fault === fault && !TRUSTED_VERDICTS.includes(j.verdict)).map((j) => `${j.fault}: ${j.verdict}: ${j.reason}`);
  const verdictOf = (fault: string) => judgements.find((j) => j.fault === fault)?.verdict;
  const checks: KindCheck[] = [
    { key: 'baseline', ok: verdictOf(NO_FAULT) === 'baseline_pass', layer: 'final_state', failures: failureOf(NO_FAULT) },
    ...faults.map((fault) => ({
      key: `detect:${fault}`,
      ok: verdictOf(fault) === 'defect_detected',
      layer: 'final_state' as const,
      failures: failureOf(fault),
    })),
  ];
  const finalState = [
    ...(unreachedTargets.length ? [`target branches not reached on the correct service: ${unreachedTargets.join(', ')}`] : []),
    ...(outcomes.length === 0 && formatProblems.length === 0 ? ['no acceptance ran'] : []),
  ];
  const envError = outcomes.find((o) => o.envError)?.envError;
  const noted = outcomes.flatMap((o) => (o.note === undefined ? [] : [`${o.fault}: ${o.note}`]));
  return {
    checks,
    failures: { final_state: finalState },
    judgements,
    ...(envError ? { envError: { message: envError.message, rule: envError.rule } } : {}),
    ...(noted.length ? { notes: noted } : {}),
  };
}

/** Where a variants kind's validation writes each acceptance report, scrubbed: `<out>/reports/<fault>.json`. */
export async function validationReports(options: Pick<ValidateOptions, 'outDir' | 'scrubber'>): Promise<(fault: string, text: string) => Promise<string>> {
  const dir = join(options.outDir, EVIDENCE.reports);
  await mkdir(dir, { recursive: true });
  return async (fault, text) => {
    const path = join(dir, `${fault}.json`);
    await writeFile(path, options.scrubber.text(text));
    return path;
  };
}

/** A variants kind's validation from its acceptor's outcomes: a row a variant, and what is wrong. */
export function variantsValidation(fixture: Fixture, candidateDir: string, outcomes: readonly VariantOutcome[]): VariantsValidation {
  return {
    shape: 'variants',
    fixture,
    candidateDir,
    rows: validationRows(fixture, outcomes),
    problems: validationProblems(fixture, outcomes),
    formatOnly: false,
  };
}
