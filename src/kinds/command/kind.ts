// The `command` kind: the user's own acceptor (their test suite), run once per variant from the
// fixture's acceptance copy. It is blind: it never learns which variant it faces (unless the task opts
// in), and isolated it runs in a sandbox of its own, on a fresh copy of the candidate, with a private
// network that reaches only its variant, a report path that names nothing, and only the variables the
// trial set passes on. No report, or an unreadable one, is an execution error, never a verdict.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { acceptEachVariant, errorBody, type ReportBody, type VariantOutcome } from '../../acceptance/accept.ts';
import { NO_LIMITS, readCandidate, writeCandidate, type CandidateSnapshot } from '../../acceptance/snapshot.ts';
import { NO_FAULT, readableMounts, serviceOf, variantsOf, type Fixture } from '../../fixture/load.ts';
import { EVIDENCE } from '../../layout.ts';
import { baseEnvironment, passedEnvironment } from '../../isolation/open.ts';
import { limitCommand } from '../../isolation/processes.ts';
import type { Sandbox } from '../../isolation/sandbox.ts';
import type { CommandAcceptance } from '../../schemas/kinds/command.ts';
import { resetService } from '../../service/control.ts';
import type { RunningService } from '../../service/launch.ts';
import type { MachinePace } from '../../service/pace.ts';
import type { ServiceLender } from '../../service/pool.ts';
import { EnvironmentError, MACHINERY_RULE, MachineryError } from '../../util/errors.ts';
import { commandPrograms, namedPaths } from '../../util/command-paths.ts';
import { shellCannotRun } from '../../agent/env-failure.ts';
import { sha256 } from '../../util/hash.ts';
import type { AcceptorCheck, AcceptorCheckOptions, KindResult, TaskKind, TrialHandle, ValidateOptions, Validation } from '../contract.ts';
import { agentDelivers, passedForTrial } from '../setup.ts';
import { validationReports, variantFindings, variantsValidation } from '../variants.ts';
import { ACCEPTOR_WORK_PREFIX, acceptorFix, candidateFix, causeIsAll, causeOf, outputTail, type CandidateFiles } from './hints.ts';
import { ReportChannel } from './report-channel.ts';
import { readAcceptorReport, readChannelReport } from './report-format.ts';
import { REPORTERS_VARIABLE, reportersDir, reportersSha256 } from './reporters.ts';
import { removeWritten } from '../../util/files.ts';

const COMMAND_NOT_FOUND = 127;
const STDERR_TAIL = 2000;

/** What runs the acceptance command: `command` acceptance, or any kind that shares its fields (code). */
export interface CommandRun {
  fixture: Fixture;
  sandbox: Sandbox;
  acceptance: Omit<CommandAcceptance, 'kind' | 'expose_fault'> & { expose_fault?: boolean };
  candidate: CandidateSnapshot;
  variants: readonly string[];
  /** Values to pass on for `pass_env`, read once from the runner's environment. */
  passed: Record<string, string>;
  writeReport(fault: string, text: string): Promise<string>;
  verify?: () => Promise<void>;
  services?: ServiceLender;
  /** false: the command runs the candidate itself (a library, a CLI): no service, no network. Default true. */
  withService?: boolean;
  /** The service lent is the candidate's own code (a code task's), not the fixture's: its ending is the candidate's. */
  candidateService?: boolean;
  /** Run on the fresh candidate copy before the command (a code task's build); what it throws ends the acceptance. */
  prepare?: (candidateDir: string) => Promise<void>;
  /** This machine's pace, as the run's preflight measured it: the command's time limit scales with it. */
  pace?: MachinePace;
  /** This run is the preflight, on the reference: its service's start and the command's time are noted in `pace`. */
  preflight?: boolean;
  /**
   * The command already ran on the reference answers in this run (a trial, after the acceptor preflight):
   * an exit 127 the shell does not explain as one of the command's own programs missing is then the
   * candidate's code (a program it runs, or its own exit status), never the environment's.
   */
  proven?: boolean;
  /** false: the candidate is not the fixture's reference answers (validate --candidate). Default true, or a trial's with `proven`. */
  reference?: boolean;
  /**
   * A code task's hidden tests: each run gets a guard (its tripwires' seed and their check), and a trialgate
   * report is read over the report channel (report-channel.ts) instead of from a file.
   */
  guard?: () => ReportGuard;
}

/** What keeps a run's report its tests' own (kinds/code/guard.ts). */
export interface ReportGuard {
  /** Variables for the command; a NODE_OPTIONS here goes before the fixture's own. */
  env: Record<string, string>;
  /** The body as read, before it is written and judged: what the guard planted taken out, what it shows added to `forgery`. */
  inspect(body: ReportBody): ReportBody;
}

/** The acceptance command once per variant, each on a fresh copy of the candidate, one report each. */
export async function acceptCommand(run: CommandRun): Promise<VariantOutcome[]> {
  return acceptEachVariant({ ...run, candidateSha256: run.candidate.sha256, concurrency: 1 }, [], async (services, fault) => {
    const work = await mkdtemp(join(tmpdir(), ACCEPTOR_WORK_PREFIX));
    try {
      const service = run.withService === false ? undefined : await services.get();
      if (run.preflight && service) run.pace?.noteStart(service.startMs);
      const started = performance.now();
      const body = await runOnce(run, service, fault, work);
      if (run.preflight) run.pace?.noteAcceptance(performance.now() - started);
      return body;
    } finally {
      await removeWritten(work);
    }
  });
}

/** One run of the acceptor against one variant, in `work` (a fresh candidate copy and an empty report directory). */
async function runOnce(run: CommandRun, service: RunningService | undefined, fault: string, work: string): Promise<ReportBody> {
  const { acceptance, fixture } = run;
  const candidateDir = join(work, 'candidate');
  const reportDir = join(work, 'report');
  await writeCandidate(run.candidate, candidateDir);
  await run.prepare?.(candidateDir);
  await mkdir(reportDir);
  if (service?.coverage) await resetService(service);
  const reach = service ? run.sandbox.reach(service.address) : { url: undefined, network: 'none' as const, forward: undefined };
  const reporters = reportersDir();
  const reportPath = join(reportDir, acceptance.report === 'junit-xml' ? 'report.xml' : 'report.json');
  const guard = run.guard?.();
  const guarded = guard ? { ...guard.env, ...mergedNodeOptions(guard.env, acceptance.env) } : {};
  const channel = guard && acceptance.report === 'trialgate' ? ReportChannel.open(reportPath) : undefined;
  const acceptor = run.sandbox.spawn({
    argv: ['sh', '-c', acceptance.command],
    cwd: fixture.dir,
    env: {
      ...baseEnvironment(),
      // Python would cache bytecode beside the tests it imports: in the fixture's acceptance copy, which
      // unisolated is writable and must never change (and in the fixture itself, under validate).
      PYTHONDONTWRITEBYTECODE: '1',
      ...acceptance.env,
      ...run.passed,
      ...guarded,
      ...(reach.url ? { TRIALGATE_SERVICE_URL: reach.url } : {}),
      TRIALGATE_CANDIDATE: candidateDir,
      TRIALGATE_REPORT: reportPath,
      [REPORTERS_VARIABLE]: reporters,
      ...(acceptance.expose_fault ? { TRIALGATE_FAULT: fault } : {}),
    },
    mounts: [
      { path: fixture.root },
      { path: candidateDir, writable: true },
      // The report channel's directory is read-only: the pipe in it can be written to, never replaced.
      { path: reportDir, writable: !channel },
      { path: reporters },
      ...readableMounts(fixture),
    ],
    // The reference answers would let candidate code hand in the fixture's own tests as its work.
    hide: [join(fixture.dir, fixture.manifest.reference)],
    conceal: [fixture.root, work],
    network: reach.network,
    ...(reach.forward ? { forward: reach.forward } : {}),
  });
  let stderr = '';
  let stdout = '';
  acceptor.child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout = (stdout + d).slice(-STDERR_TAIL)));
  acceptor.child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-STDERR_TAIL)));
  const limit = run.pace?.acceptanceLimit(acceptance.timeout_seconds * 1000) ?? { ms: acceptance.timeout_seconds * 1000, scaling: '' };
  const atLimit = limitCommand(acceptor, limit.ms);
  const { code } = await acceptor.exited;
  atLimit.clear();
  const timedOut = atLimit.timedOut();
  // The fixture's service, which trialgate started and stops only after the run, ended under it (killed by a busy
  // machine, or crashed): the tests' own words (refused, reset) would otherwise judge the candidate by it. With a
  // control channel, the reset after the run finds it gone instead.
  const ended = run.candidateService || service?.coverage ? undefined : await service?.endedNow();
  const serviceGone = ended && `the fixture's service exited while the acceptance command ran (${ended})`;
  // Every process of the run has ended: nothing more can reach the channel.
  const reading = await channel?.close();
  const notStarted = timedOut ? undefined : await acceptor.notStarted;
  if (notStarted) throw new MachineryError(`the acceptance command's sandbox did not start: ${notStarted}`);
  const withStderr = (why: string) => `${why}${stderr.trim() ? `; stderr: ${outputTail(stderr)}` : ''}`;
  // The variables the command's own words may name (its programs and files), as the shell expands them.
  const words = { ...acceptance.env, [REPORTERS_VARIABLE]: reporters };
  if (code === COMMAND_NOT_FOUND && !timedOut) {
    // After the preflight ran the command on the reference, a 127 the shell does not explain is the candidate's code.
    if (run.proven && !shellCannotRun(stderr, commandPrograms(acceptance.command), words))
      return errorBody(
        [],
        withStderr(
          'the acceptance command exited 127 on this candidate, though it ran on the reference answers before the first trial and the shell did not say one of its programs was missing: the candidate’s code ended it (a program it runs, or its own exit), an execution error, never a detection',
        ),
      );
    throw new EnvironmentError(
      `acceptance command not found: ${acceptance.command}; fix: ${acceptorFix(stderr, code)}; stderr: ${stderr.trim()}`,
      'the acceptance command is missing: an environment failure',
    );
  }
  const missing = code !== 0 && !timedOut ? namedPaths(acceptance.command, words, fixture.dir).find((path) => !existsSync(path)) : undefined;
  if (missing) {
    const why = withStderr(`the acceptance command names ${shownPath(fixture, missing)}, ${missingWhere(fixture, missing)}`);
    const rule = 'the acceptance command is missing: an environment failure';
    // A file outside the candidate (the fixture's, the machine's) is the setup's, whatever code the tests ran.
    const inCandidate = !relative(candidateDir, missing).startsWith('..') && !isAbsolute(relative(candidateDir, missing));
    throw inCandidate ? new EnvironmentError(why, rule) : new SetupMissing(why, rule);
  }
  // trialgate's limit ended it: the machine may have been too busy for it, so the run is trialgate's to retry. Ending
  // it is trialgate's own act, at no place of the candidate's: ended the same way twice, it is still the machine's.
  if (timedOut) {
    const why = `the acceptance command ran past its limit of ${acceptance.timeout_seconds} s (acceptance.timeout_seconds${limit.scaling}) and trialgate ended it`;
    return { ...errorBody([], withStderr(why)), machinery: why, machineryOwnCall: true };
  }
  const read = reading ? readChannelReport(reading) : await readAcceptorReport(reportPath, acceptance.report);
  const body = guard ? guard.inspect(read) : read;
  // Whatever the tests said of a service that was gone is no verdict: an execution error, never a detection, even
  // when a defect variant ends its service the same way twice (the defect's own doing).
  if (serviceGone) return { ...errorBody([], withStderr(serviceGone)), machinery: serviceGone };
  // The acceptor could not report: first the cause (the compiler's or runtime's own first lines), then
  // what happened, then what most likely fixes it, then its stderr's tail. A summary cuts from the end.
  if ('error' in body && body.error) {
    const cause = causeOf(stderr || stdout);
    // Its output is all there is to go on when it said nothing on stderr (a runner that passed without a reporter).
    const said = stderr.trim() || cause ? '' : stdout.trim() ? `; its output ends: ${stdout.trim().slice(-300)}` : '';
    const onCandidate = run.proven || run.reference === false;
    const fix = onCandidate
      ? candidateFix(stderr, code, Boolean(run.proven), run.candidate.files, acceptance.command)
      : acceptorFix(stderr, code, run.candidate.files, acceptance.command);
    // The fix before the output: a runner's summary runs to many lines, and a summary of this cuts from the end.
    const why = `${cause ? `${cause}\n` : ''}${body.error} (it exited ${code === null ? 'on a signal' : code}); fix: ${fix}${said}`;
    // Its stderr's tail only where it says more than the cause already shows.
    return { ...errorBody([], causeIsAll(stderr, cause) ? why : withStderr(why)), ...(body.forgery ? { forgery: body.forgery } : {}) };
  }
  // A report's own branches are never trusted: coverage comes from the service, over the whole run.
  const reached = service?.coverage ? await resetService(service) : [];
  return { ...body, records: body.records.map((r) => ({ ...r, branches: reached })) };
}

/** The guard's NODE_OPTIONS before the fixture's own (acceptance.env), so that both hold. */
function mergedNodeOptions(guard: Record<string, string>, env: Record<string, string>): Record<string, string> {
  if (!guard.NODE_OPTIONS) return {};
  return { NODE_OPTIONS: [guard.NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' ') };
}

/**
 * The acceptor preflight: the reference answers, run once against the correct service before any
 * trial. An acceptor that cannot pass them (it cannot run here, writes no report, or the reference
 * fails) would count its own failure against every agent: the task is the environment's failure instead.
 */
async function checkCommandAcceptor(check: AcceptorCheckOptions, acceptance: CommandAcceptance): Promise<AcceptorCheck> {
  const { fixture } = check;
  const candidate = await readCandidate(join(fixture.dir, fixture.manifest.reference), NO_LIMITS, '');
  let passed: Record<string, string>;
  try {
    passed = passedEnvironment(acceptance.pass_env, 'acceptance.pass_env');
  } catch (e) {
    if (!(e instanceof EnvironmentError)) throw e;
    return { ok: false, error: e.message, fix: 'set the variable in the environment that runs trialgate, or remove it from pass_env' };
  }
  const [outcome] = await acceptCommand({
    fixture,
    sandbox: check.sandbox,
    acceptance,
    candidate,
    passed,
    variants: [NO_FAULT],
    writeReport: check.writeReport,
    ...(check.pace ? { pace: check.pace, preflight: true } : {}),
  });
  return acceptorCheckOf(outcome!, candidate.files);
}

/** The preflight's answer from the acceptor's run on the reference answers against the correct service. */
export function acceptorCheckOf({ judgement, envError }: VariantOutcome, candidate?: CandidateFiles): AcceptorCheck {
  if (judgement.verdict === 'baseline_pass') return { ok: true };
  if (envError?.rule === MACHINERY_RULE) return { ok: false, error: envError.message, fix: MACHINERY_FIX, machinery: true };
  // The reason carries the fix it suggests and the acceptor's stderr; the fix is kept apart for the reader.
  const reason = envError?.message ?? `${judgement.verdict}: ${judgement.reason}`;
  const [, before, fix, stderr] = /^(.*?); fix: (.*?)(; stderr: .*)?$/s.exec(reason) ?? [];
  if (fix) return { ok: false, error: `${before}${stderr ?? ''}`, fix };
  return { ok: false, error: reason, fix: judgement.verdict === 'baseline_fail' ? REFERENCE_FAILS : acceptorFix(reason, null, candidate) };
}

/**
 * A file the acceptance command names is missing outside the candidate: a test runner not installed, a path
 * mistyped. The candidate's code, even run inside the tests' own process, did not make it so.
 */
export class SetupMissing extends EnvironmentError {}

/** Where a path the command names is missing: a file of the fixture, or one of the machine's (a test runner's jar). */
function missingWhere(fixture: Fixture, path: string): string {
  if (shownPath(fixture, path) !== path) return 'which is not in the fixture';
  return 'which does not exist where the acceptor runs: install what provides it (a test runner, system-wide), or fix the path (isolated, the acceptor sees the system directories, the fixture and its `readable` directories)';
}

/** A path as the fixture's author wrote it: relative to the fixture when inside it (a run reads a copy elsewhere). */
function shownPath(fixture: Fixture, path: string): string {
  const rel = relative(fixture.dir, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/** What to do when trialgate's machinery failed twice on the reference, before any trial. */
export const MACHINERY_FIX =
  'nothing in the trial set: this machine was too busy for trialgate’s own machinery (a service start, a reset, the acceptor’s sandbox or its time limit) twice; run again, on a less loaded machine if it persists (docs/isolation.md, “When the machine is busy”)';

export const REFERENCE_FAILS =
  'the reference answers fail on the correct service: run `trialgate validate <fixture>` and fix the reference answers, the service or the acceptor';

/**
 * What defines the measurement: the command, a report format other than trialgate's, and the shipped
 * reporters' bytes when the command uses them (a default acceptor keeps the version it always had).
 */
export function commandVersion(acceptance: Pick<CommandAcceptance, 'command' | 'report'>): string {
  const parts = [
    sha256(acceptance.command).slice(0, 12),
    ...(acceptance.report === 'trialgate' ? [] : [acceptance.report]),
    ...(acceptance.command.includes(REPORTERS_VARIABLE) ? [`reporters-${reportersSha256().slice(0, 12)}`] : []),
  ];
  return `command@2:${parts.join(':')}`;
}

export const commandKind: TaskKind<CommandAcceptance> = {
  name: 'command',
  capabilities: { countsDetections: true, repairable: true },
  acceptorVersion: (settings) => commandVersion(settings),
  passEnv: (settings) => settings.pass_env,
  checkFixture: (fixture) => void serviceOf(fixture, 'command'),
  checkLabels: () => ({}),
  checkAcceptor: checkCommandAcceptor,
  // A report is what the candidate's own code (run by its test runner) wrote of itself.
  evidenceAuthor: (path) => (path.startsWith('reports/') ? 'candidate-code' : undefined),

  async run(trial: TrialHandle, settings): Promise<KindResult> {
    const { result, candidate } = await agentDelivers(trial);
    const faults = Object.keys(trial.task.faults);
    if (result.envError) return result;
    if (!candidate) return { ...result, ...variantFindings([], faults, [], result.formatProblems) };
    const { passed, envError } = passedForTrial(trial, settings.pass_env);
    if (!passed) return { ...result, envError };
    const variants = await acceptCommand({
      fixture: trial.task.fixture,
      sandbox: trial.sandbox,
      acceptance: settings,
      candidate,
      passed,
      variants: [NO_FAULT, ...faults],
      writeReport: (fault, text) => trial.writeEvidence(`${EVIDENCE.reports}/${fault}.json`, text),
      verify: () => trial.verifyAcceptanceCopy(),
      services: trial.services,
      pace: trial.pace,
      proven: true,
    });
    return { ...result, ...variantFindings(variants, faults, [], result.formatProblems) };
  },

  async validate(options: ValidateOptions, settings): Promise<Validation> {
    const { fixture } = options;
    const candidateDir = options.candidateDir ?? join(fixture.dir, fixture.manifest.reference);
    const candidate = await readCandidate(candidateDir, NO_LIMITS, '');
    if (candidate.unsafe.length) return { shape: 'variants', fixture, candidateDir, rows: [], problems: candidate.unsafe, formatOnly: true };
    const writeReport = await validationReports(options);
    const outcomes = await acceptCommand({
      fixture,
      sandbox: options.sandbox,
      acceptance: settings,
      candidate,
      passed: passedEnvironment(settings.pass_env, 'acceptance.pass_env'),
      variants: variantsOf(fixture, options.faults),
      reference: options.candidateDir === undefined,
      writeReport,
    });
    return variantsValidation(fixture, candidateDir, outcomes);
  },
};
