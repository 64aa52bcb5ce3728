// A code candidate accepted on its own code: a fresh copy of exactly the bytes its hash covers is built
// and, for a service, started in a sandbox of its own; then the hidden tests run once, through the
// `command` kind's acceptor machinery (the same report formats and reporters), from the fixture's
// acceptance copy. Whatever the candidate's code does, it is the candidate's: code that does not build or
// start is a failure of the candidate, never an environment error and never a pass.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VariantOutcome } from '../../acceptance/accept.ts';
import { writeCandidate, type CandidateSnapshot } from '../../acceptance/snapshot.ts';
import { NO_FAULT, type Fixture } from '../../fixture/load.ts';
import { baseEnvironment } from '../../isolation/open.ts';
import { limitCommand } from '../../isolation/processes.ts';
import type { Sandbox } from '../../isolation/sandbox.ts';
import { EVIDENCE } from '../../layout.ts';
import type { CodeAcceptance } from '../../schemas/kinds/code.ts';
import type { CodeSpec } from '../../schemas/kinds/code.ts';
import { ServiceDidNotStart, startProcess, type RunningService } from '../../service/launch.ts';
import { judge } from '../../judge/judge.ts';
import { failedTwice, MachineryError, type EnvironmentError } from '../../util/errors.ts';
import type { MachinePace } from '../../service/pace.ts';
import { acceptCommand, SetupMissing, type CommandRun } from '../command/kind.ts';
import { overlay } from './changes.ts';
import { readCode } from './fixture.ts';
import { tripwireGuard, type TripwireCount } from './guard.ts';
import { notCountedIn, referenceRunOf, type ReferenceRun } from './reference.ts';
import { removeWritten } from '../../util/files.ts';

const OUTPUT_TAIL = 4000;

export interface CodeRun {
  /** The acceptance copy. */
  fixture: Fixture;
  spec: CodeSpec;
  settings: CodeAcceptance;
  sandbox: Sandbox;
  candidate: CandidateSnapshot;
  /** The candidate is the fixture's reference fix (the acceptor preflight): what fails is the fixture author's to fix, and is worded so. */
  reference?: boolean;
  /** The hidden tests' run on the reference fix, which this candidate is judged against (reference.ts). */
  against?: ReferenceRun;
  /** Values for the hidden tests' `pass_env`. */
  passed: Record<string, string>;
  /** Write one evidence file (relative to the run's evidence directory); returns its path. */
  writeEvidence(relPath: string, text: string): Promise<string>;
  verify?: () => Promise<void>;
  /** This machine's pace: the start and test limits scale with it; the preflight (`reference`) notes what it measured. */
  pace?: MachinePace;
}

export interface CodeOutcome {
  /** Why the changed code did not build or start; absent when it did. */
  notRunning?: string;
  /** The hidden tests' run, judged; absent when they never ran. */
  outcome?: VariantOutcome;
  /** The hidden tests could not run for a reason that is the environment's, not the candidate's. */
  envError?: EnvironmentError;
  /** What shows that the report is not the hidden tests' own (the report channel, the tripwires): the candidate's forgery. */
  forgery: string[];
  /** This run's tripwires as its report carried them (guard.ts). */
  tripwires: TripwireCount;
  /** The candidate's code ran inside the hidden tests' own process (no service): what cannot hold there is said. */
  inProcess: boolean;
  /** The line of the changed code's service's stderr that names an error (a traceback's last line), when it wrote one while the tests ran. */
  serviceSaid?: string;
  notes: string[];
}

const NONE_PLANTED: TripwireCount = { planted: 0, allFailed: true };

/** The candidate's code did not build: thrown out of the acceptor's preparation, caught here. */
class DidNotBuild extends Error {}

export async function acceptCode(run: CodeRun): Promise<CodeOutcome> {
  await run.verify?.();
  return run.spec.service ? acceptService(run, run.spec.service) : acceptLibrary(run);
}

/** A service: built and started from its own copy, reached by the hidden tests at $TRIALGATE_SERVICE_URL. */
async function acceptService(run: CodeRun, service: NonNullable<CodeSpec['service']>): Promise<CodeOutcome> {
  const work = await mkdtemp(join(tmpdir(), 'trialgate-code-'));
  const codeDir = join(work, 'code');
  let started: RunningService | undefined;
  try {
    let built: string | undefined;
    try {
      await writeCandidate(run.candidate, codeDir);
      built = await build(run, codeDir);
    } catch (first) {
      if (!(first instanceof MachineryError)) throw first;
      // trialgate's machinery failed under the build (its limit, its sandbox): once more, from a fresh copy.
      await removeWritten(codeDir);
      await writeCandidate(run.candidate, codeDir);
      try {
        built = await build(run, codeDir);
      } catch (again) {
        if (!(again instanceof MachineryError)) throw again;
        return { envError: new MachineryError(failedTwice(first.message, again.message)), forgery: [], tripwires: NONE_PLANTED, inProcess: false, notes: [] };
      }
    }
    if (built) return notRunning(built, false);
    try {
      started = await startProcess(
        run.sandbox,
        {
          command: service.command,
          health: service.health,
          startTimeoutMs: service.startTimeoutMs,
          cwd: codeDir,
          root: codeDir,
          writable: true,
          env: {},
          coverage: false,
          what: "(the candidate's code)",
          candidate: !run.reference,
          ...(run.pace ? { pace: run.pace } : {}),
        },
        // Isolated, no other process can take its port: a start that failed would fail again.
        run.sandbox.privateServices ? 1 : 2,
      );
    } catch (e) {
      if (!(e instanceof ServiceDidNotStart)) throw e;
      await run.writeEvidence(EVIDENCE.code.serviceLog, e.stderr);
      const said = errorLine(e.stderr);
      return notRunning(`the changed code did not start: ${e.why}${said ? `: ${said}` : ''} (evidence/${EVIDENCE.code.serviceLog})`, false);
    }
    if (run.reference) run.pace?.noteStart(started.startMs);
    const running = started;
    // The one service is the candidate's own, started above; the hidden tests borrow it and give it back.
    const hidden = await hiddenTests(run, { services: { borrow: async () => running, giveBack: async () => undefined }, candidateService: true });
    const stderr = running.stderr();
    await run.writeEvidence(EVIDENCE.code.serviceLog, stderr);
    const said = errorLine(stderr);
    return { ...outcomeOf(hidden, true), ...(said && ERROR_WORDS.test(said) ? { serviceSaid: said } : {}) };
  } finally {
    await started?.stop();
    await removeWritten(work);
  }
}

/** A library or CLI: the hidden tests run the candidate's code themselves, from their copy, built first. */
async function acceptLibrary(run: CodeRun): Promise<CodeOutcome> {
  try {
    const hidden = await hiddenTests(run, {
      withService: false,
      prepare: async (dir) => {
        const built = await build(run, dir);
        if (built) throw new DidNotBuild(built);
      },
    });
    return outcomeOf(hidden, false);
  } catch (e) {
    if (e instanceof DidNotBuild) return notRunning(e.message, true);
    throw e;
  }
}

const notRunning = (why: string, inProcess: boolean): CodeOutcome => ({ notRunning: why, forgery: [], tripwires: NONE_PLANTED, inProcess, notes: [] });

interface HiddenRun {
  outcome: VariantOutcome;
  tripwires: TripwireCount;
}

/**
 * The hidden tests, once, through the `command` kind's acceptor, under a guard (guard.ts); their report is
 * bound to the candidate's hash and judged against the reference's run: any exception raised in a test
 * fails it, and what the reference did not pass is not counted.
 */
async function hiddenTests(run: CodeRun, how: Pick<CommandRun, 'services' | 'withService' | 'prepare' | 'candidateService'>): Promise<HiddenRun> {
  const tripwires = tripwireGuard(run.reference ? undefined : run.against);
  const [outcome] = await acceptCommand({
    fixture: run.fixture,
    sandbox: run.sandbox,
    acceptance: run.settings,
    candidate: run.candidate,
    variants: [NO_FAULT],
    passed: run.passed,
    writeReport: (fault, text) => run.writeEvidence(`${EVIDENCE.reports}/${fault}.json`, text),
    // A trial's run (it verifies the acceptance copy) comes after the preflight proved the command on the reference fix;
    // any other candidate judged against the reference's run (validate's, a repair's) comes after that run passed.
    ...(run.verify ? { verify: run.verify } : {}),
    ...(run.verify || (!run.reference && run.against) ? { proven: true } : {}),
    guard: tripwires.guard,
    ...(run.pace ? { pace: run.pace, preflight: run.reference === true } : {}),
    ...how,
  });
  const { report, judgement } = outcome!;
  const judged =
    judgement.verdict === 'unverified'
      ? judgement
      : judge(report, { faults: run.fixture.manifest.faults, coverage: false, failing: 'exception', notCounted: notCountedIn(report, run.against) });
  return { outcome: { ...outcome!, judgement: judged }, tripwires: tripwires.count() };
}

/**
 * The reference's run when no preflight kept one (a repair, a candidate given to validate): the hidden tests
 * on the reference fix, their evidence not kept. Undefined when it does not pass: every record then counts.
 */
export async function referenceAlone(run: Omit<CodeRun, 'candidate' | 'writeEvidence'>, repository: CandidateSnapshot): Promise<ReferenceRun | undefined> {
  const candidate = overlay(repository, await readCode(run.fixture, run.spec.solutions.reference));
  return referenceOf(await acceptCode({ ...run, candidate, reference: true, writeEvidence: async (relPath) => relPath }));
}

/** The reference's run, from its acceptance: undefined when the reference did not pass (judge it first). */
export function referenceOf(accepted: CodeOutcome): ReferenceRun | undefined {
  const { outcome } = accepted;
  if (!outcome || accepted.notRunning || accepted.envError || accepted.forgery.length || outcome.judgement.verdict !== 'baseline_pass') return undefined;
  return referenceRunOf(outcome.report, accepted.tripwires.allFailed ? accepted.tripwires.planted : 0);
}

/**
 * The hidden tests' run. Running a library, the candidate's code runs inside the tests' own process, so
 * what looks like a missing command there (exit 127) may be the code's doing: it counts against the
 * candidate. Against a service in a sandbox of its own, it is the environment's.
 */
function outcomeOf({ outcome, tripwires }: HiddenRun, separateProcess: boolean): CodeOutcome {
  const found = { forgery: outcome.forgery ?? [], tripwires, inProcess: !separateProcess };
  if (!outcome.envError) return { outcome, ...found, notes: outcome.note === undefined ? [] : [`the hidden tests: ${outcome.note}`] };
  // trialgate's machinery failing twice (its limit, the tests' sandbox) is never the candidate's.
  // Nor is a file the command names missing outside the candidate (a test runner's jar): the setup's.
  if (separateProcess || outcome.envError instanceof MachineryError || outcome.envError instanceof SetupMissing)
    return { outcome, envError: outcome.envError, ...found, notes: [] };
  const { envError: _envError, ...counted } = outcome;
  return {
    outcome: counted,
    ...found,
    notes: [`the hidden tests ended as if their command were missing while they ran the candidate's code: ${outcome.envError.message}`],
  };
}

/**
 * What holds of a run whose candidate code ran inside the hidden tests' process, said with every such run:
 * trialgate cannot keep code out of the process it runs in. `expected`: the tripwires the reference's run planted.
 */
export function inProcessNote(accepted: Pick<CodeOutcome, 'inProcess' | 'tripwires'>, expected?: number): string | undefined {
  if (!accepted.inProcess) return undefined;
  const { planted } = accepted.tripwires;
  // The reference's run planted some and this one's report has none: the run did not get as far as them, or
  // what was read was not its report; the runner is not to blame.
  const tripwires = planted
    ? `, and ${planted} tripwires of this run failed as planted, but a change aimed at the tripwires themselves is not caught`
    : expected
      ? `; this run's report carried none of the ${expected} tripwires the reference's run planted (the run ended before them, or the report read was not the run's: the checks above say which)`
      : '; no tripwire was planted (the hidden tests’ runner carries none: only the pytest plugin and node:test plant them), so a report the code rewrites in the process is not caught';
  return (
    `in-process: the candidate's code ran inside the hidden tests' own process, where it can find and read them and change how they report; ` +
    `the report was read over trialgate's channel and every test the reference passed had to pass${tripwires}: ` +
    `a task whose code runs as a service keeps it out of the tests' process (docs/code-tasks.md#what-the-candidates-code-can-and-cannot-do)`
  );
}

/** Build the copy in `dir` when the fixture says how; the reason it failed, or undefined. */
async function build(run: CodeRun, dir: string): Promise<string | undefined> {
  const step = run.spec.build;
  if (!step) return undefined;
  await mkdir(dir, { recursive: true });
  const child = run.sandbox.spawn({
    argv: ['sh', '-c', step.command],
    cwd: dir,
    env: baseEnvironment(),
    mounts: [{ path: dir, writable: true }],
    conceal: [dir],
    network: step.network,
  });
  let output = '';
  const keep = (chunk: string) => (output = (output + chunk).slice(-OUTPUT_TAIL));
  child.child.stdout!.setEncoding('utf8').on('data', keep);
  child.child.stderr!.setEncoding('utf8').on('data', keep);
  const limit = run.pace?.buildLimit(step.timeout_seconds * 1000) ?? { ms: step.timeout_seconds * 1000, scaling: '' };
  const started = performance.now();
  const atLimit = limitCommand(child, limit.ms);
  const { code, signal } = await child.exited;
  atLimit.clear();
  await run.writeEvidence(EVIDENCE.code.buildLog, output);
  const log = `(evidence/${EVIDENCE.code.buildLog})`;
  // Ended at trialgate's limit, the build may have been kept from a core by a machine busier than the preflight's:
  // trialgate's machinery, run once more and then an environment error, never the candidate's failure to build.
  if (atLimit.timedOut())
    throw new MachineryError(
      `the build \`${step.command}\` ran past its limit of ${step.timeout_seconds} s (code.build.timeout_seconds${limit.scaling}) and trialgate ended it ${log}`,
    );
  const notStarted = await child.notStarted;
  if (notStarted) throw new MachineryError(`the build's sandbox did not start: ${notStarted}`);
  if (run.reference && code === 0) run.pace?.noteBuild(performance.now() - started);
  if (code === 0) return undefined;
  const said = errorLine(output);
  return `the changed code did not build: \`${step.command}\` ${signal ? `ended by ${signal}` : `exited ${code}`}${said ? `: ${said}` : ''} ${log}`;
}

/**
 * A build tool's own summary of a step that failed (`make: *** [Makefile:2: all] Error 1`, `1 error`,
 * `npm error …`): it names no cause, the compiler's line before it does.
 */
const DRIVER_SUMMARY = /^(make(\[\d+\])?: \*\*\*|\d+ errors?$|npm (ERR!|error)|error Command failed|ELIFECYCLE)/;

const ERROR_WORDS = /error|exception|cannot|not found/i;

/** The line of a process's output that says what went wrong: the last naming an error, else the last. */
function errorLine(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !DRIVER_SUMMARY.test(l));
  return ([...lines].reverse().find((l) => ERROR_WORDS.test(l)) ?? lines.at(-1) ?? '').slice(0, 300);
}
