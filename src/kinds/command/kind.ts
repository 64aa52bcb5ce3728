// The `command` kind: the user's own acceptor (their test suite), run once per variant from the
// fixture's acceptance copy. It is blind: it never learns which variant it faces (unless the task opts
// in), and isolated it runs in a sandbox of its own, on a fresh copy of the candidate, with a private
// network that reaches only its variant, a report path that names nothing, and only the variables the
// trial set passes on. No report, or an unreadable one, is an execution error, never a verdict.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptEachVariant, errorBody, type ReportBody, type VariantOutcome } from '../../acceptance/accept.ts';
import { MAX_JSON_DEPTH, jsonDepth, NO_LIMITS, readCandidate, writeCandidate, type CandidateSnapshot } from '../../acceptance/snapshot.ts';
import { validationProblems, validationRows } from '../../acceptance/validate.ts';
import { NO_FAULT, variantsOf, type Fixture } from '../../fixture/load.ts';
import { baseEnvironment, passedEnvironment } from '../../isolation/open.ts';
import type { Sandbox } from '../../isolation/sandbox.ts';
import type { AcceptanceSpec, CommandAcceptance } from '../../schemas/acceptance.ts';
import { AcceptorReport } from '../../schemas/report.ts';
import { resetService } from '../../service/control.ts';
import type { RunningService } from '../../service/launch.ts';
import type { ServiceLender } from '../../service/pool.ts';
import { EnvironmentError } from '../../util/errors.ts';
import { namedPaths } from '../../util/command-paths.ts';
import { readRegularFile } from '../../util/files.ts';
import { sha256 } from '../../util/hash.ts';
import type { KindResult, TaskKind, TrialHandle, ValidateOptions, Validation } from '../contract.ts';
import { agentDelivers } from '../setup.ts';

const COMMAND_NOT_FOUND = 127;
const REPORT_BYTES = 16 * 1024 * 1024;
const STDERR_TAIL = 2000;

interface CommandRun {
  fixture: Fixture;
  sandbox: Sandbox;
  acceptance: CommandAcceptance;
  candidate: CandidateSnapshot;
  variants: readonly string[];
  /** Values to pass on for `pass_env`, read once from the runner's environment. */
  passed: Record<string, string>;
  writeReport(fault: string, text: string): Promise<string>;
  verify?: () => Promise<void>;
  services?: ServiceLender;
}

async function acceptCommand(run: CommandRun): Promise<VariantOutcome[]> {
  return acceptEachVariant({ ...run, candidateSha256: run.candidate.sha256, concurrency: 1 }, [], async (services, fault) => {
    const work = await mkdtemp(join(tmpdir(), 'trialgate-acceptor-'));
    try {
      return await runOnce(run, await services.get(), fault, work);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}

/** One run of the acceptor against one variant, in `work` (a fresh candidate copy and an empty report directory). */
async function runOnce(run: CommandRun, service: RunningService, fault: string, work: string): Promise<ReportBody> {
  const { acceptance, fixture } = run;
  const candidateDir = join(work, 'candidate');
  const reportDir = join(work, 'report');
  await writeCandidate(run.candidate, candidateDir);
  await mkdir(reportDir);
  if (service.coverage) await resetService(service);
  const reach = run.sandbox.reach(service.address);
  const acceptor = run.sandbox.spawn({
    argv: ['sh', '-c', acceptance.command],
    cwd: fixture.dir,
    env: {
      ...baseEnvironment(),
      ...acceptance.env,
      ...run.passed,
      TRIALGATE_SERVICE_URL: reach.url,
      TRIALGATE_CANDIDATE: candidateDir,
      TRIALGATE_REPORT: join(reportDir, 'report.json'),
      ...(acceptance.expose_fault ? { TRIALGATE_FAULT: fault } : {}),
    },
    mounts: [{ path: fixture.root }, { path: candidateDir, writable: true }, { path: reportDir, writable: true }],
    // The reference answers would let candidate code hand in the fixture's own tests as its work.
    hide: [join(fixture.dir, fixture.manifest.reference)],
    conceal: [fixture.root, work],
    network: reach.network,
    ...(reach.forward ? { forward: reach.forward } : {}),
  });
  let stderr = '';
  acceptor.child.stdout!.resume();
  acceptor.child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-STDERR_TAIL)));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    acceptor.kill();
  }, acceptance.timeout_seconds * 1000);
  const { code } = await acceptor.exited;
  clearTimeout(timer);
  if (code === COMMAND_NOT_FOUND && !timedOut) {
    throw new EnvironmentError(`acceptance command not found: ${acceptance.command}: ${stderr.trim()}`, 'the acceptance command is missing: an environment failure');
  }
  const withStderr = (why: string) => `${why}${stderr.trim() ? `; stderr: ${stderr.trim().slice(-500)}` : ''}`;
  const missing = code !== 0 && !timedOut ? namedPaths(acceptance.command, acceptance.env, fixture.dir).find((path) => !existsSync(path)) : undefined;
  if (missing) {
    throw new EnvironmentError(withStderr(`the acceptance command names ${missing}, which is not in the fixture`), 'the acceptance command is missing: an environment failure');
  }
  if (timedOut) return errorBody([], withStderr(`the acceptance command ran past its budget of ${acceptance.timeout_seconds} s (acceptance.timeout_seconds) and was ended`));
  const body = await readAcceptorReport(join(reportDir, 'report.json'));
  if ('error' in body && body.error) return errorBody([], withStderr(body.error));
  // A report's own branches are never trusted: coverage comes from the service, over the whole run.
  const reached = service.coverage ? await resetService(service) : [];
  return { ...body, records: body.records.map((r) => ({ ...r, branches: reached })) };
}

async function readAcceptorReport(path: string): Promise<ReportBody> {
  let bytes: Buffer | null;
  try {
    bytes = await readRegularFile(path, REPORT_BYTES);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return errorBody([], code === 'ENOENT' ? 'the acceptance command wrote no report to $TRIALGATE_REPORT' : `the report at $TRIALGATE_REPORT is not a regular file (${code})`);
  }
  if (bytes === null) return errorBody([], `the report is larger than ${REPORT_BYTES} bytes`);
  const text = bytes.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) return errorBody([], `the report is nested deeper than ${MAX_JSON_DEPTH} levels`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return errorBody([], `unreadable report: ${(e as Error).message}`);
  }
  const parsed = AcceptorReport.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return errorBody([], `the report does not follow the acceptor report format (docs/report-format.md): ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  }
  return parsed.data;
}

const asCommand = (acceptance: AcceptanceSpec) => acceptance as CommandAcceptance;

export const commandKind: TaskKind = {
  name: 'command',
  countsDetections: true,
  acceptorVersion: (acceptance) => `command@2:${sha256(asCommand(acceptance).command).slice(0, 12)}`,
  checkFixture: () => undefined,

  async run(trial: TrialHandle): Promise<KindResult> {
    const { result, candidate } = await agentDelivers(trial);
    if (!candidate) return result;
    const acceptance = asCommand(trial.task.acceptance);
    let passed: Record<string, string>;
    try {
      passed = passedEnvironment(acceptance.pass_env, `tasks.${trial.task.id}.acceptance.pass_env`);
    } catch (e) {
      if (!(e instanceof EnvironmentError)) throw e;
      return { ...result, envError: { message: e.message, rule: e.rule } };
    }
    const variants = await acceptCommand({
      fixture: trial.task.fixture,
      sandbox: trial.sandbox,
      acceptance,
      candidate,
      passed,
      variants: [NO_FAULT, ...Object.keys(trial.task.faults)],
      writeReport: (fault, text) => trial.writeEvidence(`reports/${fault}.json`, text),
      verify: () => trial.verifyAcceptanceCopy(),
      services: trial.services,
    });
    return { ...result, variants };
  },

  async validate(options: ValidateOptions): Promise<Validation> {
    const { fixture } = options;
    const candidateDir = options.candidateDir ?? join(fixture.dir, fixture.manifest.reference);
    const candidate = await readCandidate(candidateDir, NO_LIMITS, '');
    if (candidate.unsafe.length) return { shape: 'variants', fixture, candidateDir, rows: [], problems: candidate.unsafe, formatOnly: true };
    const acceptance = asCommand(options.acceptance);
    const reportsDir = join(options.outDir, 'reports');
    await mkdir(reportsDir, { recursive: true });
    const outcomes = await acceptCommand({
      fixture,
      sandbox: options.sandbox,
      acceptance,
      candidate,
      passed: passedEnvironment(acceptance.pass_env, 'acceptance.pass_env'),
      variants: variantsOf(fixture),
      writeReport: async (fault, text) => {
        const path = join(reportsDir, `${fault}.json`);
        await writeFile(path, options.scrubber.text(text));
        return path;
      },
    });
    return { shape: 'variants', fixture, candidateDir, rows: validationRows(fixture, outcomes), problems: validationProblems(fixture, outcomes), formatOnly: false };
  },
};
