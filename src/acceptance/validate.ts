// "Validate the acceptor before you trust it" (shared/DESIGN.md §1.2): the reference answers must pass
// on the correct service and fail, by an assertion, on every defect variant.
import { join, resolve } from 'node:path';
import { loadFixture, type Fixture } from '../fixture/load.ts';
import { TRUSTED_VERDICTS } from '../schemas/judgement.ts';
import { acceptHttpCases, unreachedTargets, type VariantOutcome } from './accept.ts';
import { candidateSha256, checkCandidate } from './candidate.ts';

export interface ValidationRow {
  fault: string;
  label: string;
  assertionFailures: number;
  executionErrors: number;
  verdict: string;
  /** `case: assertion` for each failure attributed to the fault. */
  detectedBy: string[];
  reportPath: string;
}

export interface Validation {
  fixture: Fixture;
  candidateDir: string;
  rows: ValidationRow[];
  /** Why the acceptor cannot be trusted; empty when it told right from wrong on every variant. */
  problems: string[];
}

export async function validateAcceptor(options: { fixtureDir: string; outDir: string; candidateDir?: string }): Promise<Validation> {
  const fixture = await loadFixture(options.fixtureDir);
  const candidateDir = resolve(options.candidateDir ?? join(fixture.dir, fixture.manifest.reference));
  const checked = await checkCandidate(candidateDir, join(fixture.dir, 'inputs'));
  if (!checked.ok) return { fixture, candidateDir, rows: [], problems: checked.problems };

  const outcomes = await acceptHttpCases({
    fixture,
    cases: checked.cases.cases,
    candidateSha256: await candidateSha256(candidateDir),
    reportsDir: join(options.outDir, 'reports'),
  });
  const rows = outcomes.map((o) => toRow(fixture, o));
  const problems = rows
    .filter((r) => !TRUSTED_VERDICTS.includes(r.verdict as never))
    .map((r) => `${r.fault}: ${r.verdict}: ${outcomes.find((o) => o.fault === r.fault)!.judgement.reason}`);
  const unreached = unreachedTargets(fixture, outcomes);
  if (unreached.length) problems.push(`target branches never reached on the correct service: ${unreached.join(', ')}`);
  return { fixture, candidateDir, rows, problems };
}

function toRow(fixture: Fixture, outcome: VariantOutcome): ValidationRow {
  const records = outcome.report.records;
  const byTest = new Map(records.map((r) => [r.test, r]));
  return {
    fault: outcome.fault,
    label: outcome.fault === 'none' ? 'correct service' : (fixture.manifest.faults[outcome.fault]?.label ?? ''),
    assertionFailures: records.filter((r) => r.status === 'failed').length,
    executionErrors: records.filter((r) => r.status === 'error').length,
    verdict: outcome.judgement.verdict,
    detectedBy: outcome.judgement.detected_by.map((test) => `${test}: ${byTest.get(test)?.assertion ?? ''}`),
    reportPath: outcome.reportPath,
  };
}
