// Acceptance against every variant of a fixture, whatever the kind: borrow each variant's service (started
// fresh from the verified acceptance copy, or lent reset by the run's pool), let the kind's acceptor
// produce the report's body, then write the report and judge it. An execution error is never a detection.
// When trialgate's own machinery fails under a variant's acceptance (a MachineryError thrown, or a report
// body that says so: a service's start, reset or connection, the acceptor's sandbox, a limit of
// trialgate's), the variant's acceptance runs once more from the start; failing again, the variant is an
// environment error under MACHINERY_RULE (or the rule of what failed, when it has one: a service that did
// not start). Only a defect variant that fails the same way, at the same place, both times keeps its
// report: that is the defect's own doing (it drops the connection, it hangs on a request), and its execution
// errors are never a detection. trialgate's own act failing (its reset call, or its time limit or budget ending
// the acceptance: a machine busy through both runs ends them the same way) is never the defect's doing.
import type { Judgement } from '../schemas/judgement.ts';
import { Report } from '../schemas/report.ts';
import type { RunningService } from '../service/launch.ts';
import { freshServices, type ServiceLender } from '../service/pool.ts';
import { NO_FAULT, variantSha256, type Fixture } from '../fixture/load.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { judge } from '../judge/judge.ts';
import { EnvironmentError, failedTwice, MACHINERY_RULE, MachineryError } from '../util/errors.ts';
import { mapPool } from '../util/pool.ts';
import type { MachinePace } from '../service/pace.ts';

export interface VariantOutcome {
  fault: string;
  report: Report;
  reportPath: string;
  judgement: Judgement;
  /** Set when the environment, not the candidate, made this variant's run fail. */
  envError?: EnvironmentError;
  /** What shows that something other than the tests' reporter wrote the report (ReportBody.forgery). */
  forgery?: string[];
  /** What happened to this variant's acceptance besides its report (it ran again after trialgate's machinery failed). */
  note?: string;
}

/** An acceptance copy no longer equals the fixture the run started with: nothing the run judged can be trusted. */
export class AcceptanceCopyChanged extends Error {
  override readonly name = 'AcceptanceCopyChanged';
}

export interface VariantRunOptions {
  /** The acceptance copy: every variant starts from it. */
  fixture: Fixture;
  sandbox: Sandbox;
  candidateSha256: string;
  variants: readonly string[];
  /** Writes reports/<fault>.json and returns its path. */
  writeReport(fault: string, text: string): Promise<string>;
  /** Right before each variant: throws when the acceptance copy is no longer what the run started with. */
  verify?: () => Promise<void>;
  /** Variants run at once (each its own service). */
  concurrency?: number;
  /** Where each variant's service comes from (default: started for the use, stopped after it). */
  services?: ServiceLender;
  /** This machine's pace, as the run's preflight measured it (default: none measured, the limits as set). */
  pace?: MachinePace;
}

/** The variant's service for one acceptance run, borrowed when first asked for and given back after the run. */
export interface VariantServices {
  get(): Promise<RunningService>;
  /** Stop the current process and start the variant afresh: a clean state for a service that cannot reset. */
  fresh(): Promise<RunningService>;
}

/**
 * What an acceptor says about one variant; trialgate adds the fault, the hashes and the time. `forgery`:
 * what its reading showed of a report written by something other than the tests' reporter (kept apart
 * from the report, never in it). `machinery`: trialgate's own machinery failed while it ran (the first such
 * failure, where and how, the same text for the same failure); its records hold that as an execution error.
 */
export type ReportBody = Pick<Report, 'planned' | 'executed' | 'complete' | 'blocked' | 'records'> & {
  error?: string;
  forgery?: string[];
  machinery?: string;
  /**
   * What of the machinery failed was trialgate's own act (the service's reset on the control channel, or its time
   * limit or budget ending the acceptance), not a request of the candidate's: however often it fails the same way,
   * it is never a defect's doing (validate's reference run resets every variant; a machine that stays busy ends
   * both runs at the same limit).
   */
  machineryOwnCall?: true;
};

/**
 * Borrow each variant's service, let `acceptor` produce the report body, write and judge the report.
 * An EnvironmentError (service or acceptor could not run) turns every planned test into an
 * execution error: counted and shown, never a detection.
 */
export async function acceptEachVariant(
  options: VariantRunOptions,
  /** The tests the acceptor plans to run, when known before it runs. */
  planned: readonly string[],
  acceptor: (services: VariantServices, fault: string) => Promise<ReportBody>,
): Promise<VariantOutcome[]> {
  const { fixture } = options;
  const lender = options.services ?? freshServices(options.sandbox, options.pace);
  return mapPool(options.variants, options.concurrency ?? options.variants.length, async (fault) => {
    const started_at = new Date().toISOString();
    const hashes = {
      candidate_sha256: options.candidateSha256,
      variant_sha256: variantSha256(fixture, fault),
      fixture_sha256: fixture.sha256,
    };
    let body: ReportBody;
    let envError: EnvironmentError | undefined;
    let note: string | undefined;
    let first: string | undefined;
    for (;;) {
      let attempt: ReportBody | undefined;
      let failed: string | undefined;
      // The rule of what failed, when it has one of its own (a service that did not start).
      let rule = MACHINERY_RULE;
      try {
        attempt = await acceptOnce(options, lender, fault, acceptor);
        failed = attempt.machinery;
      } catch (e) {
        if (!(e instanceof MachineryError)) {
          if (!(e instanceof EnvironmentError)) throw e;
          [envError, body] = [e, errorBody(planned, e.message)];
          break;
        }
        [failed, rule] = [e.message, e.rule];
      }
      if (failed === undefined) {
        body = attempt!;
        if (first !== undefined) note = `accepted again after trialgate's machinery failed: ${first}`;
        break;
      }
      if (first === undefined) {
        first = failed;
        continue;
      }
      if (attempt && fault !== NO_FAULT && failed === first && !attempt.machineryOwnCall) {
        body = attempt;
        note = `failed the same way twice, which is the defect's own doing (its execution errors are never a detection): ${failed}`;
        break;
      }
      envError = new MachineryError(failedTwice(first, failed), rule);
      body = errorBody(planned, envError.message);
      break;
    }
    const { forgery, machinery: _machinery, machineryOwnCall: _ownCall, ...said } = body;
    const report = Report.parse({ fault, ...said, ...hashes, started_at });
    const reportPath = await options.writeReport(fault, JSON.stringify(report, null, 2) + '\n');
    const judgement = judge(report, { faults: fixture.manifest.faults, expected: hashes, coverage: fixture.manifest.service?.coverage ?? false });
    return { fault, report, reportPath, judgement, ...(envError ? { envError } : {}), ...(forgery?.length ? { forgery } : {}), ...(note ? { note } : {}) };
  });
}

/** One run of the acceptor on variant `fault`, with the service it borrows given back however it ends. */
async function acceptOnce(
  options: VariantRunOptions,
  lender: ServiceLender,
  fault: string,
  acceptor: (services: VariantServices, fault: string) => Promise<ReportBody>,
): Promise<ReportBody> {
  let current: RunningService | undefined;
  const start = async () => {
    await options.verify?.();
    current = await lender.borrow(options.fixture, fault);
    return current;
  };
  const services: VariantServices = {
    get: async () => current ?? start(),
    fresh: async () => {
      await current?.stop();
      current = undefined;
      return start();
    },
  };
  try {
    return await acceptor(services, fault);
  } finally {
    // An instance that failed its use (a request unanswered) is stopped, never lent again (pool.ts).
    if (current) await lender.giveBack(current);
  }
}

/** Every planned test (or one `acceptance` record) as an execution error: why nothing could be judged. */
export function errorBody(planned: readonly string[], why: string): ReportBody {
  const records = (planned.length ? planned : ['acceptance']).map((test) => ({ test, status: 'error' as const, traceback: why, branches: [] }));
  return { planned: records.length, executed: records.length, complete: true, blocked: false, records, error: why };
}

/** Target branches of the fixture that no case reached on the correct service. */
export function unreachedTargets(fixture: Fixture, outcomes: readonly VariantOutcome[]): string[] {
  const baseline = outcomes.find((o) => o.fault === 'none');
  if (!baseline || baseline.envError) return [];
  const reached = new Set(baseline.report.records.flatMap((r) => r.branches));
  return fixture.manifest.targets.filter((t) => !reached.has(t));
}
