// What keeps the report of a code task's hidden tests their own: tripwires, tests of each run's own that
// trialgate's reporters plant (the pytest plugin, node-preload.mjs for node:test) after every hidden test,
// each failing by an assertion. The report must carry each of them, failed: one reported otherwise means a
// failing assertion passed in the tests' process (the assertion library, the framework or the reporter was
// patched), and a report that leaves them out while its tests pass was not written by the run. Their seed
// is new each run, so no report made in advance carries them. The reference run says how many a run
// plants (none: the hidden tests' runner carries none, e.g. Jest, Vitest, JUnit XML).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReportBody } from '../../acceptance/accept.ts';
import type { ReportGuard } from '../command/kind.ts';
import { reportersDir } from '../command/reporters.ts';
import type { ReferenceRun } from './reference.ts';

export const TRIPWIRE_VARIABLE = 'TRIALGATE_TRIPWIRE';
const TRIPWIRE = 'trialgate tripwire ';

export interface TripwireCount {
  /** Tripwire records of this run's seed in the report. */
  planted: number;
  /** Whether every one of them failed, as an honest run reports them. */
  allFailed: boolean;
}

/**
 * One run's guard, judged against the reference's run (how many tripwires its report carried, every one
 * failed); without one (the reference's own run, which establishes it) it counts them (`count()`).
 */
export function tripwireGuard(against?: ReferenceRun): { guard: () => ReportGuard; count: () => TripwireCount } {
  let counted: TripwireCount = { planted: 0, allFailed: true };
  const guard = (): ReportGuard => {
    const seed = randomBytes(8).toString('hex');
    return {
      env: {
        [TRIPWIRE_VARIABLE]: seed,
        NODE_OPTIONS: `--import=${pathToFileURL(join(reportersDir(), 'node-preload.mjs')).href}`,
      },
      inspect: (body) => {
        const { stripped, count, forgery } = inspectTripwires(body, seed, against);
        counted = count;
        return forgery.length ? { ...stripped, forgery: [...(stripped.forgery ?? []), ...forgery] } : stripped;
      },
    };
  };
  return { guard, count: () => counted };
}

/** The body without its tripwires, how many of this run's it carried, and what they show of a forgery. Pure. */
export function inspectTripwires(
  body: ReportBody,
  seed: string,
  against: Pick<ReferenceRun, 'passed' | 'tripwires'> | undefined,
): { stripped: ReportBody; count: TripwireCount; forgery: string[] } {
  const expected = against?.tripwires;
  const ours = `${TRIPWIRE}${seed} `;
  const tripwires = body.records.filter((r) => r.test.startsWith(TRIPWIRE));
  const records = body.records.filter((r) => !r.test.startsWith(TRIPWIRE));
  const stripped = tripwires.length ? { ...body, planned: body.planned - tripwires.length, executed: body.executed - tripwires.length, records } : body;
  const mine = tripwires.filter((r) => r.test.startsWith(ours));
  const count = { planted: mine.length, allFailed: mine.every((r) => r.status === 'failed') };
  const forgery: string[] = [];
  const foreign = tripwires.find((r) => !r.test.startsWith(ours));
  if (foreign) forgery.push(`the report carries a tripwire of another run (${foreign.test}): it is not this run's report`);
  if (expected === undefined || expected === 0) return { stripped, count, forgery };
  // A run that ended early (its tests missing, or failing) fails on its tests; a report whose every test
  // the reference passed is there and passed, without the tripwires that ran after them, was not the run's.
  const listed = new Set(records.map((r) => r.test));
  const whole = [...against!.passed].every((t) => listed.has(t)) && records.every((r) => r.status === 'passed' || r.status === 'skipped');
  // A tripwire in error is one the run never reached when its tests failed first (code that does not
  // import ends a pytest session before any test): only beside a whole report does it hide something.
  const passed = mine.filter((r) => r.status === 'passed' || r.status === 'skipped' || (r.status === 'error' && whole));
  if (passed.length)
    forgery.push(
      `${passed.length} of ${mine.length} tripwires were reported ${passed[0]!.status} (${passed[0]!.test}), though each fails by an assertion in an honest run: something in the tests' process made failing tests pass (the assertion library, the test framework or its reporter patched, or test modules rewritten as they were imported)`,
    );
  if (mine.length < expected && whole && !body.error)
    forgery.push(
      `the report leaves out ${expected - mine.length} of the ${expected} tripwires this run planted, while every test it lists passed: it is not the report the run wrote`,
    );
  return { stripped, count, forgery };
}
