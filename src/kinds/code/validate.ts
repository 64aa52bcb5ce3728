// "Validate the acceptor before you trust it" for a code fixture: its hidden tests must accept the
// reference fix and reject every known-wrong solution the way the fixture says: the unchanged repository
// by a failing test of the reproduction, a partial or special-casing fix by a failing test (an assertion,
// or an exception raised in the test: an error of the harness, a crashed service, proves nothing about the
// tests), a fix that edits what it may not by the scope constraint, a fix that does not start by `starts`.
// The reference runs first: every other solution is judged against its run, as a trial's candidate is.
// Given a candidate instead (a repair), it is accepted or not as a trial's would be.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { NO_LIMITS, readCandidate, type CandidateSnapshot } from '../../acceptance/snapshot.ts';
import { passedEnvironment } from '../../isolation/open.ts';
import { EVIDENCE } from '../../layout.ts';
import type { CodeAcceptance } from '../../schemas/kinds/code.ts';
import type { WrongSolution } from '../../schemas/kinds/code.ts';
import type { ReportRecord } from '../../schemas/report.ts';
import { goCacheFix, warmCommand } from '../../util/go-cache.ts';
import { mapPool } from '../../util/pool.ts';
import { writeInside } from '../../util/safe-write.ts';
import type { RunsValidation, RunValidationRow, ValidateOptions } from '../contract.ts';
import { failsTest } from '../../judge/judge.ts';
import { acceptCode, inProcessNote, referenceAlone, referenceOf } from './accept.ts';
import { changesOf, codeOf, outOfScope, overlay, unifiedDiff } from './changes.ts';
import { codeResult, REPRODUCTION, SCOPE, STARTS } from './checks.ts';
import { codeSpecOf, readCode, readRepository } from './fixture.ts';
import { notCountedNote, referenceRun, type ReferenceRun } from './reference.ts';

const NO_REPORT = 'the hidden tests wrote no report, so no check could pass';

/** An acceptor's words without the temporary directories of its run (each solution's differ). */
const withoutRunDirs = (text: string) => text.replace(/\/tmp\/[\w.-]+/g, '/tmp/…');

interface Solution {
  name: string;
  label: string;
  candidate: CandidateSnapshot;
  expected: 'accepted' | 'rejected';
  /** How it must be rejected; `reproduction`: by an assertion of the reproduction tests. */
  by?: WrongSolution['rejected_by'] | 'reproduction';
}

export async function validateCode(options: ValidateOptions, settings: CodeAcceptance): Promise<RunsValidation> {
  const { fixture } = options;
  const spec = codeSpecOf(fixture);
  const repository = await readRepository(fixture, spec);
  const read = (dir: string) => readCode(fixture, dir);
  const solutions: Solution[] = options.candidateDir
    ? [
        {
          name: 'candidate',
          label: 'the given repository',
          candidate: codeOf(await readCandidate(options.candidateDir, NO_LIMITS, ''), spec.ignore),
          expected: 'accepted',
        },
      ]
    : [
        { name: 'reference', label: 'the reference fix', candidate: overlay(repository, await read(spec.solutions.reference)), expected: 'accepted' },
        ...(await Promise.all(
          Object.entries(spec.solutions.correct).map(async ([name, correct]): Promise<Solution> => ({
            name,
            label: correct.label,
            candidate: overlay(repository, await read(correct.dir)),
            expected: 'accepted',
          })),
        )),
        { name: 'unchanged', label: 'the repository as given', candidate: repository, expected: 'rejected', by: 'reproduction' },
        ...(await Promise.all(
          Object.entries(spec.solutions.wrong).map(async ([name, wrong]): Promise<Solution> => ({
            name,
            label: wrong.label,
            candidate: overlay(repository, await read(wrong.dir)),
            expected: 'rejected',
            by: wrong.rejected_by,
          })),
        )),
      ];
  const passed = passedEnvironment(settings.pass_env, 'acceptance.pass_env');

  let inProcess: string | undefined;
  const prove = async (
    solution: Solution,
    against: ReferenceRun | undefined,
  ): Promise<{ row: RunValidationRow; problem?: string; reference?: ReferenceRun; noReport?: string }> => {
    const dir = join(options.outDir, solution.name);
    await mkdir(dir, { recursive: true });
    const writeEvidence = (relPath: string, text: string) => writeInside(dir, relPath, text, options.scrubber);
    const base = { subject: solution.name, variant: solution.label, expected: solution.expected, evidence: dir } as const;
    if (solution.candidate.unsafe.length) {
      const row: RunValidationRow = { ...base, actual: 'rejected', failed: ['constraint:no-links'], findings: solution.candidate.unsafe };
      return { row, ...(solution.expected === 'accepted' ? { problem: `${solution.name}: ${solution.candidate.unsafe[0]}` } : {}) };
    }
    const changes = changesOf(repository, solution.candidate);
    await writeEvidence(EVIDENCE.diff, unifiedDiff(repository, solution.candidate, changes));
    const isReference = solution.name === 'reference';
    const accepted = await acceptCode({
      fixture,
      spec,
      settings,
      sandbox: options.sandbox,
      candidate: solution.candidate,
      passed,
      writeEvidence,
      ...(isReference ? { reference: true } : {}),
      ...(against ? { against } : {}),
    });
    inProcess ??= inProcessNote(accepted, against?.tripwires);
    const result = codeResult(spec, accepted, outOfScope(changes, spec.scope), against);
    const failedChecks = result.checks.filter((c) => !c.ok);
    const all = [...failedChecks.flatMap((c) => c.failures), ...(result.failures?.final_state ?? []), ...accepted.notes];
    // Hidden tests that wrote no report fail every check with the same words: said once, before what else failed.
    const noReport = accepted.outcome?.report.error;
    const firstLine = noReport?.split('\n')[0];
    const findings = noReport
      ? [`${NO_REPORT}: ${noReport}`, ...all.filter((f) => !f.includes(firstLine!) && !accepted.notes.includes(f)), ...accepted.notes]
      : all;
    const actual = result.envError ? 'env error' : failedChecks.length || findings.length ? 'rejected' : 'accepted';
    const row: RunValidationRow = { ...base, actual, failed: failedChecks.map((c) => c.key), findings: result.envError ? [result.envError.message] : findings };
    const problem = proofProblem(solution, row, accepted.outcome?.report.records ?? [], warmCommand(settings.command, fixture.dir));
    const reference = isReference ? referenceOf(accepted) : undefined;
    return { row, ...(problem ? { problem } : {}), ...(reference ? { reference } : {}), ...(noReport && !result.envError ? { noReport } : {}) };
  };

  // The reference first: what it did not pass counts against no other solution, and what it passed must pass.
  const [first, ...rest] = solutions;
  const referenceProof = first!.name === 'reference' ? await prove(first!, undefined) : undefined;
  const against = referenceProof
    ? referenceProof.reference
    : await referenceRun(fixture, () => referenceAlone({ fixture, spec, settings, sandbox: options.sandbox, passed }, repository));
  const proofs = [
    ...(referenceProof ? [referenceProof] : []),
    ...(await mapPool(referenceProof ? rest : solutions, 2, (solution) => prove(solution, against))),
  ];
  // The same missing report on another solution as on the reference is the acceptor's, said above.
  const sameAsReference = (p: (typeof proofs)[number]) =>
    p !== referenceProof && p.noReport !== undefined && withoutRunDirs(p.noReport) === withoutRunDirs(referenceProof?.noReport ?? '');
  for (const p of proofs) if (sameAsReference(p)) p.row.findings[0] = `${NO_REPORT}, as on the reference (above)`;

  return {
    shape: 'runs',
    judged: options.candidateDir ? 'candidate' : 'acceptor',
    fixture,
    subject: options.candidateDir ? 'candidate: the repository in' : 'solutions: the fixture’s, each laid over the repository',
    subjectPath: options.candidateDir ?? join(fixture.dir, spec.repository),
    columns: ['solution', 'what it is'],
    rows: proofs.map((p) => p.row),
    problems: proofs.flatMap((p) => (p.problem ? [p.problem] : [])),
    proved: options.candidateDir
      ? 'the candidate builds, starts and passes every hidden test, inside the allowed scope.'
      : 'the reference fix passes every hidden test, and each wrong solution is rejected the way the fixture says (a failing test, the scope, or not starting).',
    notes: [...notCountedNote(against), ...(inProcess ? [inProcess] : [])],
  };
}

/** Why this solution's run proves nothing, or undefined when it shows what it should. */
function proofProblem(solution: Solution, row: RunValidationRow, records: readonly ReportRecord[], warm: string | undefined): string | undefined {
  // Go that could not use its caches here fails every solution alike: the fix is the setup's, said once, at the reference.
  const go = solution.expected === 'accepted' ? goCacheFix(row.findings.join('\n'), warm) : undefined;
  const got = `${solution.name}: expected ${solution.expected}, got ${row.actual}${row.failed.length ? ` (${row.failed.join('; ')})` : ''}${go ? `; fix: ${go}` : ''}`;
  if (row.actual === 'env error') return `${got}: ${row.findings[0] ?? ''}`;
  if (row.actual !== solution.expected) return got;
  switch (solution.by) {
    case undefined:
      return undefined;
    case 'reproduction':
      if (!row.failed.includes(REPRODUCTION)) return `${solution.name}: the reproduction passes on the unchanged repository: it reproduces nothing`;
      return testFailed(records)
        ? undefined
        : `${solution.name}: rejected only by errors of the test harness (collection, set-up, an unreachable service, a timeout), not by a failing hidden test: no proof`;
    case 'assertion':
      return testFailed(records)
        ? undefined
        : `${solution.name}: rejected only by ${row.failed.join(', ')}, not by a failing hidden test (an assertion, or an exception raised in the test): no proof`;
    case 'scope':
      return row.failed.includes(SCOPE) ? undefined : `${solution.name}: expected the scope constraint to name a changed path; it did not`;
    case 'start':
      return row.failed.includes(STARTS) ? undefined : `${solution.name}: expected the code not to build or start; it did`;
  }
}

/** Whether a hidden test failed: by an assertion, or by any exception raised in its own code (judge.ts). */
function testFailed(records: readonly ReportRecord[]): boolean {
  return records.some((r) => failsTest(r, 'exception'));
}
