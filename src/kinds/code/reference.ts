// The hidden tests' run on the fixture's reference fix: what every candidate is judged against. A code
// task's hidden tests may be a project's own suite used as is, with tests skipped or xfailed where it runs
// (a version or platform `skipif`): a test the reference did not pass is counted against no candidate, and
// shown as such; a test it passed must run and pass on every candidate (one that is missing was not run:
// an early exit, a deselection). Each run proves its hidden tests on the reference before its first trial
// (the acceptor preflight); that run is kept here for the trials of the same acceptance copy.
import type { Fixture } from '../../fixture/load.ts';
import type { Report } from '../../schemas/report.ts';
import { plural } from '../../util/counted.ts';

export interface ReferenceRun {
  /** Tests the reference passed: each must run and pass on every candidate. */
  passed: ReadonlySet<string>;
  /** Tests it did not pass (skipped, xfailed), each with why: counted against no candidate. */
  notCounted: ReadonlyMap<string, string>;
  /** Tripwires its report carried, every one failed (guard.ts); 0 when the hidden tests' runner plants none. */
  tripwires: number;
}

/** The reference's run from its report (tripwires already taken out). Pure. */
export function referenceRunOf(report: Report, tripwires: number): ReferenceRun {
  return {
    passed: new Set(report.records.filter((r) => r.status === 'passed').map((r) => r.test)),
    notCounted: new Map(report.records.filter((r) => r.status === 'skipped').map((r) => [r.test, r.traceback?.split('\n')[0] || 'skipped'])),
    tripwires,
  };
}

/** The tests a report leaves out of the judgement: skipped on the reference, or (the reference's own run) in it. */
export function notCountedIn(report: Report, reference: ReferenceRun | undefined): ReadonlySet<string> {
  if (reference) return new Set(reference.notCounted.keys());
  return new Set(report.records.filter((r) => r.status === 'skipped').map((r) => r.test));
}

const known = new WeakMap<Fixture, Promise<ReferenceRun | undefined>>();

/**
 * The reference run of this acceptance copy: the one the preflight kept, or `run` once (a repair, a
 * candidate given to validate). Undefined when the reference does not pass: every record then counts.
 */
export function referenceRun(fixture: Fixture, run: () => Promise<ReferenceRun | undefined>): Promise<ReferenceRun | undefined> {
  let found = known.get(fixture);
  if (!found) known.set(fixture, (found = run()));
  return found;
}

/** Keep the reference run of this acceptance copy (the preflight's) for its trials. */
export function keepReferenceRun(fixture: Fixture, reference: ReferenceRun | undefined): void {
  known.set(fixture, Promise.resolve(reference));
}

/** The hidden tests that count against no candidate, shown: those the reference skipped or xfailed. */
export function notCountedNote(reference: ReferenceRun | undefined): string[] {
  if (!reference?.notCounted.size) return [];
  const shown = [...reference.notCounted].slice(0, 5).map(([test, why]) => `${test} (${why})`);
  return [
    `not counted: ${plural(reference.notCounted.size, 'hidden test')} the reference did not pass (skipped or xfailed there): ${shown.join(', ')}${reference.notCounted.size > 5 ? ', …' : ''}`,
  ];
}
