// Acceptance of one http-cases candidate against every variant of a fixture: start each variant fresh,
// run the cases, write one report per variant (shared/DESIGN.md §5) and judge it (§6).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Case } from '../schemas/cases.ts';
import type { Judgement } from '../schemas/judgement.ts';
import { Report } from '../schemas/report.ts';
import { startService, type RunningService } from '../service/launch.ts';
import { variantSha256, variantsOf, type Fixture } from '../fixture/load.ts';
import { judge } from '../judge/judge.ts';
import { EnvironmentError } from '../util/errors.ts';
import { mapPool } from '../util/pool.ts';
import { runCases } from './http-cases.ts';

export interface VariantOutcome {
  fault: string;
  report: Report;
  reportPath: string;
  judgement: Judgement;
  /** Set when the environment, not the candidate, made this variant's run fail. */
  envError?: EnvironmentError;
}

export interface AcceptOptions {
  fixture: Fixture;
  cases: readonly Case[];
  candidateSha256: string;
  /** Where reports/<variant>.json go. */
  reportsDir: string;
  /** Variants started at once (each is its own process on its own port). */
  concurrency?: number;
  /** Variants to run; default every variant of the fixture. */
  variants?: readonly string[];
}

export async function acceptHttpCases(options: AcceptOptions): Promise<VariantOutcome[]> {
  const planned = options.cases.map((c) => c.id);
  return acceptEachVariant(options, planned, async (service) => {
    const records = await runCases(service, options.cases);
    return { planned: planned.length, executed: records.length, complete: true, blocked: false, records };
  });
}

/** What an acceptor says about one variant; trialgate adds the fault, the hashes and the time. */
export type ReportBody = Pick<Report, 'planned' | 'executed' | 'complete' | 'blocked' | 'records'> & { error?: string };

/**
 * Start each variant fresh, let `acceptor` produce the report body, write and judge the report.
 * An EnvironmentError (service or acceptor could not run) turns every planned test into an
 * execution error: counted and shown, never a detection.
 */
export async function acceptEachVariant(
  options: Omit<AcceptOptions, 'cases'>,
  /** The tests the acceptor plans to run, when known before it runs. */
  planned: readonly string[],
  acceptor: (service: RunningService, fault: string) => Promise<ReportBody>,
): Promise<VariantOutcome[]> {
  const { fixture } = options;
  await mkdir(options.reportsDir, { recursive: true });
  const variants = options.variants ?? variantsOf(fixture);
  return mapPool(variants, options.concurrency ?? variants.length, async (fault) => {
    const started_at = new Date().toISOString();
    const hashes = {
      candidate_sha256: options.candidateSha256,
      variant_sha256: variantSha256(fixture, fault),
      fixture_sha256: fixture.sha256,
    };
    let body: ReportBody;
    let envError: EnvironmentError | undefined;
    try {
      const service = await startService(fixture.dir, fixture.manifest.service, fault);
      try {
        body = await acceptor(service, fault);
      } finally {
        await service.stop();
      }
    } catch (e) {
      if (!(e instanceof EnvironmentError)) throw e;
      envError = e;
      const records = (planned.length ? planned : ['acceptance']).map((test) => ({
        test,
        status: 'error' as const,
        traceback: e.message,
        branches: [],
      }));
      body = { planned: records.length, executed: records.length, complete: true, blocked: false, records, error: e.message };
    }
    const report = Report.parse({ fault, ...body, ...hashes, started_at });
    const reportPath = join(options.reportsDir, `${fault}.json`);
    await writeFile(reportPath, JSON.stringify(report, null, 2) + '\n');
    const judgement = judge(report, { faults: fixture.manifest.faults, expected: hashes });
    return { fault, report, reportPath, judgement, ...(envError ? { envError } : {}) };
  });
}

/** Target branches of the fixture that no case reached on the correct service. */
export function unreachedTargets(fixture: Fixture, outcomes: readonly VariantOutcome[]): string[] {
  const baseline = outcomes.find((o) => o.fault === 'none');
  if (!baseline || baseline.envError) return [];
  const reached = new Set(baseline.report.records.flatMap((r) => r.branches));
  return fixture.manifest.targets.filter((t) => !reached.has(t));
}
