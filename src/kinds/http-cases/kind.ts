// The `http-cases` kind: the agent delivers a playbook (spec.json) and declarative HTTP cases
// (cases.json); the trusted runner checks them statically and runs the cases against every variant.
// No candidate code is ever executed.
import { join } from 'node:path';
import { acceptEachVariant, unreachedTargets, type VariantOutcome } from '../../acceptance/accept.ts';
import { NO_LIMITS, readCandidate } from '../../acceptance/snapshot.ts';
import { NO_FAULT, serviceOf, variantsOf, type Fixture } from '../../fixture/load.ts';
import { EVIDENCE } from '../../layout.ts';
import type { Sandbox } from '../../isolation/sandbox.ts';
import { MachinePace } from '../../service/pace.ts';
import type { ServiceLender } from '../../service/pool.ts';
import type { HttpCasesAcceptance } from '../../schemas/kinds/http-cases.ts';
import type { Case } from '../../schemas/cases.ts';
import type { KindResult, TaskKind, TrialHandle, ValidateOptions, Validation } from '../contract.ts';
import { agentDelivers } from '../setup.ts';
import { validationReports, variantFindings, variantsValidation } from '../variants.ts';
import { checkCandidate } from './checks.ts';
import { runCases } from './runner.ts';

interface CasesRun {
  fixture: Fixture;
  sandbox: Sandbox;
  cases: readonly Case[];
  candidateSha256: string;
  variants: readonly string[];
  timeoutSeconds: number;
  writeReport(fault: string, text: string): Promise<string>;
  verify?: () => Promise<void>;
  services?: ServiceLender;
  pace?: MachinePace;
}

/** Every variant at once: each is its own service, and the cases of one never reach another. */
function acceptCases(run: CasesRun): Promise<VariantOutcome[]> {
  const planned = run.cases.map((c) => c.id);
  // One exchange per step, and a reset after each case.
  const exchanges = run.cases.reduce((n, c) => n + c.steps.length + 1, 0);
  return acceptEachVariant(run, planned, async (services) => {
    let machinery: { failure: string; ownCall: boolean } | undefined;
    // The service first: its lender may still be measuring this machine's pace (the reset proof, or one
    // start and replay in a small run), which scales the budget; its start is not the cases' time.
    await services.get();
    const { ms, ...limit } = budget(run.timeoutSeconds, run.pace);
    const records = await runCases(services, run.cases, {
      ...limit,
      machinery: (failure, ownCall) => (machinery = { failure, ownCall }),
      budgetIsMachinery: (run.pace ?? new MachinePace()).fits(exchanges, ms),
    });
    return {
      planned: planned.length,
      executed: records.length,
      complete: true,
      blocked: false,
      records,
      ...(machinery ? { machinery: machinery.failure, ...(machinery.ownCall ? { machineryOwnCall: true as const } : {}) } : {}),
    };
  });
}

/** The acceptance budget of one variant: the task's, scaled to this machine's pace. */
function budget(seconds: number, pace?: MachinePace) {
  const limit = pace?.acceptanceLimit(seconds * 1000) ?? { ms: seconds * 1000, scaling: '' };
  return {
    ms: limit.ms,
    deadline: performance.now() + limit.ms,
    budgetNote: `the acceptance budget of ${seconds} s (acceptance.timeout_seconds${limit.scaling}) ran out`,
  };
}

/** The candidate's cases, statically checked, or every problem found (validate and the reset proof). */
async function casesOf(fixture: Fixture, candidateDir: string) {
  const snapshot = await readCandidate(candidateDir, NO_LIMITS, '');
  const problems = [...snapshot.unsafe, ...snapshot.oversize];
  const checked = await checkCandidate(snapshot, join(fixture.dir, 'inputs'));
  return { snapshot, problems: [...problems, ...checked.problems], cases: checked.ok && !problems.length ? checked.cases.cases : undefined };
}

export const httpCasesKind: TaskKind<HttpCasesAcceptance> = {
  name: 'http-cases',
  capabilities: { countsDetections: true, repairable: true },
  acceptorVersion: () => 'http-cases@1',
  passEnv: () => [],
  checkFixture: (fixture) => void serviceOf(fixture, 'http-cases'),
  checkLabels: () => ({}),

  async run(trial: TrialHandle, settings): Promise<KindResult> {
    const { result, candidate } = await agentDelivers(trial);
    const faults = Object.keys(trial.task.faults);
    if (result.envError) return result;
    if (!candidate) return { ...result, ...variantFindings([], faults, [], result.formatProblems) };
    const { fixture } = trial.task;
    const checked = await checkCandidate(candidate, join(fixture.dir, 'inputs'));
    if (!checked.ok) return { ...result, formatProblems: checked.problems, ...variantFindings([], faults, [], checked.problems) };
    const variants = await acceptCases({
      fixture,
      sandbox: trial.sandbox,
      cases: checked.cases.cases,
      candidateSha256: candidate.sha256,
      variants: [NO_FAULT, ...faults],
      timeoutSeconds: settings.timeout_seconds,
      writeReport: (fault, text) => trial.writeEvidence(`${EVIDENCE.reports}/${fault}.json`, text),
      verify: () => trial.verifyAcceptanceCopy(),
      services: trial.services,
      pace: trial.pace,
    });
    return { ...result, ...variantFindings(variants, faults, unreachedTargets(fixture, variants), result.formatProblems) };
  },

  async validate(options: ValidateOptions, settings): Promise<Validation> {
    const { fixture } = options;
    const candidateDir = options.candidateDir ?? join(fixture.dir, fixture.manifest.reference);
    const { snapshot, problems, cases } = await casesOf(fixture, candidateDir);
    if (!cases) return { shape: 'variants', fixture, candidateDir, rows: [], problems, formatOnly: true };
    const writeReport = await validationReports(options);
    const outcomes = await acceptCases({
      fixture,
      sandbox: options.sandbox,
      cases,
      candidateSha256: snapshot.sha256,
      variants: variantsOf(fixture, options.faults),
      timeoutSeconds: settings.timeout_seconds,
      writeReport,
      ...(options.services ? { services: options.services } : {}),
    });
    return variantsValidation(fixture, candidateDir, outcomes);
  },

  // The reports are the runner's record of the candidate's cases: case ids and expected values are the candidate's.
  evidenceAuthor: (path) => (/^reports\/[^/]+\.json$/.test(path) ? 'harness-quoting' : undefined),

  async replayableUse(fixture: Fixture, settings, candidateDir?: string) {
    const dir = candidateDir ?? join(fixture.dir, fixture.manifest.reference);
    const { problems, cases } = await casesOf(fixture, dir);
    if (!cases) return `the answers in ${dir} fail the static checks (${problems[0]})`;
    const seconds = settings.timeout_seconds;
    return async (service) => {
      const { ms: _ms, ...limit } = budget(seconds);
      await runCases({ get: async () => service, fresh: async () => service }, cases, limit);
    };
  },
};
