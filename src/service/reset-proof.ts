// Proving that a service's reset equals a fresh start, before a run keeps one instance per variant and
// resets it between trials (pool.ts). Per variant (the correct service and each defect):
//  1. an instance A, freshly started, serves the cases once: the first run, from a fresh start;
//  2. A serves the cases again: the replay, from the reset that ended the first run's last case;
//  3. A's state probe (service.stateProbe) is read after the replay's last reset, and so is the probe of
//     an instance B of the same variant that has just started.
// "Equal" means: the replay got exactly the answers of the first run (the status and body of every
// exchange, in order, the reset answers and the branches they name included), and A's probe answers are
// byte for byte B's. The reset is proved when that holds on every variant, the defects included (their
// cases fail and leave whatever state a defect leaves); A and B, both reset, then serve the first slots.
//
// The proof sees only what those requests read. A trial's own requests can change state that neither
// the reference answers nor the probe ever read (a lockout counter the reference answers never trip),
// so a run checks every reused instance again after each use the same two ways (check, below): its
// probe, then a replay of the reference answers against the fresh start's exchanges. An instance that
// differs is stopped and the next use starts a fresh one. What validate says of it: proofLimits.
//
// That check is one round trip, not ~45: the probe reads, a reset and the first run's requests as it
// recorded them, sent at once on one connection (checkAtOnce). The first run's requests are what the cases
// send as long as every answer before them is the first run's (a case's next request depends only on the
// answers before it), and any answer that is not ends the check as a difference either way: sent at once
// or one by one, the check finds the same thing. Only a service that answers requests sent at once exactly
// as one by one is checked so; the proof tries it on each variant's instance A last, and a variant that
// answers otherwise (it closes its connection after each answer, say) is checked one by one.
import { NO_FAULT, type Fixture } from '../fixture/load.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { EnvironmentError, MachineryError } from '../util/errors.ts';
import { forInstance, isReset, resetAnswered, resetRequest, resetService } from './control.ts';
import { NoAnswerError, type HttpAnswer, type HttpRequest } from './http.ts';
import { startService, type RunningService } from './launch.ts';
import type { MachinePace } from './pace.ts';
import { probeState, type ProvedReset, type ServiceLender } from './pool.ts';
import { plural } from '../util/counted.ts';

/** One use of a service that the runner can replay exactly: every request is the runner's own. */
export type ReplayableUse = (service: RunningService) => Promise<void>;

export interface VariantProof {
  fault: string;
  /** Exchanges of the replay compared with the first run's. */
  replayed: number;
  /** State probe answers compared with a fresh start's. */
  probed: number;
  /** The first difference, or why the variant could not be compared; absent when equal. */
  difference?: string;
  /**
   * Why a run checks a reused instance of it after each use one request at a time: it answered the check's
   * requests sent at once unlike one by one. Absent: they are sent at once (one round trip per check).
   */
  oneByOne?: string;
}

export interface ResetProof {
  proved: boolean;
  /** One line: what was shown, or why the reset is not proved and what follows. */
  why: string;
  variants: VariantProof[];
  /** What the proof can and cannot see, and what a run does about the rest (proved or not, when tried). */
  limits: string[];
}

/** What a proof of `exchanges` replayed exchanges and `probes` state probe reads can see, and what it cannot. Pure. */
export function proofLimits(exchanges: number, probes: number): string[] {
  return [
    `sees: the answers to the reference answers' ${exchanges} exchanges and to the ${probes} state probe reads, after a reset, against a fresh start's`,
    'cannot see: state that none of those requests read — a counter or lockout the reference answers never trip, a cache they never hit, a clock, files or processes beside the answers',
    'so a run checks every reused instance again after each use (the state probe, then a replay of the reference answers) and replaces it when either differs: its cost is one replay per use, its requests sent at once on one connection where the service answers them as it does one by one',
    'still unseen: state a trial can change that changes only answers to requests the reference answers never make, and a change a trial sets off for later (a timer its reset does not cancel) that happens after the check; read it in service.stateProbe, or give the service no reset (coverage: false) and every use starts fresh',
  ];
}

/** A run of the reference answers as one instance served it: each exchange's request, and the exchange in words. */
interface Recording {
  requests: HttpRequest[];
  /** `METHOD path body → status text`, or `→ no answer (why)`. */
  lines: string[];
}

const recordingOf = (): Recording => ({ requests: [], lines: [] });

interface VariantRun {
  instances: Promise<[RunningService, RunningService]>;
  /** The first run's exchanges, when it ran through this prover as a lender (validate's acceptance). */
  first?: Recording;
  /** The first run was given up (trialgate's machinery failed) and accepted again elsewhere: nothing to compare. */
  spoiled?: boolean;
}

const SHOWN = 160;
const FRESH = 'each use starts a fresh service';

/** Why the reset of `fixture`'s service cannot even be tried, or undefined when it can. Pure. */
export function proofRefusal(fixture: Fixture, replayable: boolean, kind: string): string | undefined {
  const { service } = fixture.manifest;
  if (!service) return `the fixture starts no service of its own (a code task starts the candidate's code): ${FRESH}`;
  if (!service.coverage) return `the service speaks no control channel (service.coverage is false), so it has no reset: ${FRESH}`;
  if (!service.stateProbe.length)
    return `service.stateProbe is not declared, so its state after a reset cannot be compared with a fresh start (docs/fixture.md): ${FRESH}`;
  if (!replayable) return `a ${kind} acceptor makes requests of its own that the runner cannot replay, so the reset cannot be proved: ${FRESH}`;
  return undefined;
}

/**
 * Runs the proof for one fixture. As a ServiceLender it serves validate's own acceptance as the first
 * run (so validate starts no more instances than the proof needs); `prove` does the rest.
 */
export class ResetProver implements ServiceLender {
  private readonly runs = new Map<string, VariantRun>();
  /** Instances started for an acceptance run again, outside the proof. */
  private readonly extra = new Set<RunningService>();
  private handedOver = false;
  /** Service processes the proof started. */
  started = 0;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly fixture: Fixture,
    /** Where a run's preflight notes how long this machine took: each start, exchange and replay of the proof. */
    private readonly pace?: MachinePace,
  ) {}

  async borrow(_fixture: Fixture, fault: string): Promise<RunningService> {
    const run = this.run(fault);
    // Lent again: the first run failed and is accepted again. Its instance is no fresh start any more, so the
    // acceptance gets a fresh one, and this variant's proof has no first run to compare with.
    if (run.first) {
      run.spoiled = true;
      const fresh = await startService(this.sandbox, this.fixture, fault, this.pace);
      this.started++;
      this.extra.add(fresh);
      return fresh;
    }
    const [a] = await run.instances;
    run.first = recordingOf();
    return recording(a, run.first, this.pace);
  }

  /** Kept: the proof goes on with it (an instance started for an acceptance run again is stopped). */
  async giveBack(service: RunningService): Promise<void> {
    if (this.extra.delete(service)) await service.stop();
  }

  /** Prove the reset on every one of `faults` with `use`; when proved, the instances for the pool. */
  async prove(use: ReplayableUse, faults: readonly string[]): Promise<{ proof: ResetProof; reset?: ProvedReset }> {
    const probe = this.fixture.manifest.service?.stateProbe ?? [];
    const fresh = new Map<string, string[]>();
    const variants = await Promise.all(
      faults.map(async (fault): Promise<VariantProof> => {
        const proof: VariantProof = { fault, replayed: 0, probed: 0 };
        try {
          const run = this.run(fault);
          if (run.spoiled) throw new MachineryError("trialgate's machinery failed under the first run of the reference answers, which ran again");
          const [a, b] = await run.instances;
          if (!run.first) {
            const first = (run.first = recordingOf());
            await timedReplay(first.lines, () => use(recording(a, first, this.pace)), this.pace);
          }
          const replay = recordingOf();
          await timedReplay(replay.lines, () => use(recording(a, replay, this.pace)), this.pace);
          const afterReset = await probeState(a, probe);
          await resetService(a);
          const started = await probeState(b, probe);
          await resetService(b);
          fresh.set(fault, started);
          proof.replayed = replay.lines.length;
          proof.probed = probe.length;
          const first = run.first;
          const difference =
            sequenceDifference(
              first.lines,
              replay.lines,
              (i) => `replayed exchange ${i + 1} of ${first.lines.length}`,
              'from a fresh start',
              'after a reset',
            ) ?? sequenceDifference(started, afterReset, (i) => `state probe ${probe[i]}`, 'fresh start', 'after the cases and a reset');
          if (difference) proof.difference = difference;
          else if (!a.reusable() || !b.reusable()) proof.difference = 'a request went unanswered during the proof';
          else {
            // Last, the check after a use with its requests sent at once, on A as the proof left it: it must
            // find A as a fresh start, as the check one by one would. A it leaves unanswered is not lent again.
            const atOnce = await checkAtOnce(a, probe, started, first).catch((e: unknown) => {
              if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
              return `no answer: ${e.message}`;
            });
            if (atOnce) proof.oneByOne = `sent at once, ${atOnce}`;
          }
        } catch (e) {
          if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
          proof.difference = `could not be compared: ${e.message}`;
        }
        return proof;
      }),
    );
    const exchanges = variants.reduce((n, v) => n + v.replayed, 0);
    const limits = proofLimits(exchanges, probe.length);
    const failed = variants.find((v) => v.difference);
    if (failed) return { proof: { proved: false, why: `reset not proved: variant ${failed.fault}: ${failed.difference}; ${FRESH}`, variants, limits } };
    const oneByOne = variants.filter((v) => v.oneByOne);
    const checked = oneByOne.length
      ? `; after each use, the check sends its requests one by one on ${oneByOne.map((v) => v.fault).join(', ')} (${oneByOne[0]!.oneByOne})`
      : '; after each use, the check sends its requests at once';
    const proof = {
      proved: true,
      why: `reset proved on ${plural(variants.length, 'variant')}: after the cases and a reset, ${plural(probe.length, 'state probe read')} ${probe.length === 1 ? 'answers' : 'answer'} as a fresh start's, and a replay of the cases (${plural(exchanges, 'exchange')}) answers as from a fresh start${checked}`,
      variants,
      limits,
    };
    const instances = new Map<string, RunningService[]>();
    const checks = new Map<string, (service: RunningService) => Promise<string | undefined>>();
    for (const [i, fault] of faults.entries()) {
      instances.set(fault, await this.run(fault).instances);
      const [first, started] = [this.run(fault).first!, fresh.get(fault)!];
      checks.set(
        fault,
        variants[i]!.oneByOne
          ? (service) => checkAfterUse(service, use, probe, started, first.lines)
          : (service) => checkAtOnce(service, probe, started, first),
      );
    }
    return { proof, reset: { instances, check: (service, fault) => checks.get(fault)!(service) } };
  }

  /** The instances of a proved reset now belong to a pool: `stop` leaves them running. */
  handOver(): void {
    this.handedOver = true;
  }

  /** Stop every instance, unless they were handed over to a pool. */
  async stop(): Promise<void> {
    await Promise.all([...this.extra].map((service) => service.stop()));
    if (this.handedOver) return;
    const all = await Promise.all([...this.runs.values()].map((run) => run.instances.catch(() => [])));
    await Promise.all(all.flat().map((service) => service.stop()));
  }

  private run(fault: string): VariantRun {
    let run = this.runs.get(fault);
    if (!run) {
      const start = async () => {
        this.started++;
        return startTimed(this.sandbox, this.fixture, fault, this.pace);
      };
      const instances = Promise.allSettled([start(), start()]).then(async ([a, b]) => {
        if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value] as [RunningService, RunningService];
        // One started, the other did not: stop the one, report the other's failure.
        await Promise.all([a, b].map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
        throw [a, b].map((r) => (r.status === 'rejected' ? (r.reason as unknown) : undefined)).find(Boolean);
      });
      instances.catch(() => undefined);
      this.runs.set(fault, (run = { instances }));
    }
    return run;
  }
}

/**
 * The check after a use in one round trip: the state probe reads, a reset, the first run's requests and a
 * reset unless they end with one, sent at once (RunningService.requestAll); then the same comparisons as
 * checkAfterUse, of the probe's answers and of each exchange, in order. The first difference, or undefined
 * (the instance is then reset).
 */
async function checkAtOnce(service: RunningService, probe: readonly string[], fresh: readonly string[], expected: Recording): Promise<string | undefined> {
  const replay = expected.requests.map((request) => forInstance(request, service));
  const last = replay.at(-1);
  const requests = [
    ...probe.map((path) => ({ method: 'GET', path })),
    resetRequest(service),
    ...replay,
    ...(last && isReset(last) ? [] : [resetRequest(service)]),
  ];
  const answers = await service.requestAll(requests);
  const probed = answers.slice(0, probe.length).map(({ status, text }) => `${status} ${text}`);
  const difference = sequenceDifference(fresh, probed, (i) => `state probe ${probe[i]}`, 'fresh start', 'after a use');
  if (difference) return difference;
  resetAnswered(service, answers[probe.length]!);
  const replayed = replay.map((request, i) => exchangeLine(request, answers[probe.length + 1 + i]!));
  const replayDifference = sequenceDifference(
    expected.lines,
    replayed,
    (i) => `replayed exchange ${i + 1} of ${expected.lines.length}`,
    'from a fresh start',
    'after a use and a reset',
  );
  if (replayDifference) return replayDifference;
  resetAnswered(service, answers.at(-1)!);
  return undefined;
}

/**
 * After a use, one request at a time: the state probe against a fresh start's answers, a reset, a replay of
 * the reference answers against the exchanges a fresh start gave them, and a reset again unless the replay
 * ended with one. The first difference, or undefined.
 */
async function checkAfterUse(
  service: RunningService,
  use: ReplayableUse,
  probe: readonly string[],
  fresh: readonly string[],
  expected: readonly string[],
): Promise<string | undefined> {
  const probed = sequenceDifference(fresh, await probeState(service, probe), (i) => `state probe ${probe[i]}`, 'fresh start', 'after a use');
  if (probed) return probed;
  await resetService(service);
  const replay = recordingOf();
  await use(recording(service, replay));
  const replayed = sequenceDifference(
    expected,
    replay.lines,
    (i) => `replayed exchange ${i + 1} of ${expected.length}`,
    'from a fresh start',
    'after a use and a reset',
  );
  if (replayed) return replayed;
  // A replay of cases ends with the reset of its last case: another would be one more exchange per use.
  if (!service.reusable()) await resetService(service);
  return undefined;
}

/**
 * This machine's pace without a proof, for a run too small to keep services (trial/services.ts): one fresh
 * instance of the correct service started and serving the reference answers once, its start, exchanges and
 * replay noted in `pace` as the proof's would be, then stopped. One start instead of the proof's two per
 * variant, and the run's limits still scale with the machine. Its failure is no one's verdict: the limits
 * then stay as written, and the trials meet whatever failed on their own. Returns the instances it started (0 or 1).
 */
export async function measurePace(sandbox: Sandbox, fixture: Fixture, use: ReplayableUse, pace: MachinePace): Promise<number> {
  let service: RunningService | undefined;
  try {
    const started = (service = await startTimed(sandbox, fixture, NO_FAULT, pace));
    const log = recordingOf();
    await timedReplay(log.lines, () => use(recording(started, log, pace)), pace);
  } catch (e) {
    if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
  } finally {
    await service?.stop();
  }
  return service ? 1 : 0;
}

/** A fresh instance of variant `fault`, its start's time noted in `pace`. */
async function startTimed(sandbox: Sandbox, fixture: Fixture, fault: string, pace?: MachinePace): Promise<RunningService> {
  const service = await startService(sandbox, fixture, fault, pace);
  pace?.noteStart(service.startMs);
  return service;
}

/** One replay of the reference answers, its time noted in `pace` as an acceptance's of as many exchanges as `log` holds once it ends. */
async function timedReplay(log: readonly string[], replay: () => Promise<void>, pace?: MachinePace): Promise<void> {
  const started = performance.now();
  await replay();
  pace?.noteAcceptance(performance.now() - started, log.length);
}

/** `service`, with every exchange it makes appended to `log` (and its time noted in `pace`). */
function recording(service: RunningService, log: Recording, pace?: MachinePace): RunningService {
  return {
    ...service,
    request: async (path, options = {}) => {
      const { method = 'GET', headers, body } = options;
      const request: HttpRequest = { method, path, ...(headers ? { headers } : {}), ...(body === undefined ? {} : { body }) };
      log.requests.push(request);
      try {
        const started = performance.now();
        const answer = await service.request(path, options);
        pace?.noteExchange(performance.now() - started);
        log.lines.push(exchangeLine(request, answer));
        return answer;
      } catch (e) {
        log.lines.push(`${sent(request)} → no answer (${(e as Error).message})`);
        throw e;
      }
    },
  };
}

const sent = ({ method, path, body }: HttpRequest) => `${method} ${path}${body === undefined ? '' : ` ${body}`}`;

/** An exchange in words: `METHOD path body → status text`. */
const exchangeLine = (request: HttpRequest, { status, text }: HttpAnswer) => `${sent(request)} → ${status} ${text}`;

/** Where two sequences first differ, in words; undefined when they are equal. Pure. */
export function sequenceDifference(
  expected: readonly string[],
  actual: readonly string[],
  name: (i: number) => string,
  expectedAs: string,
  actualAs: string,
): string | undefined {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    if (expected[i] === actual[i]) continue;
    const show = (s: string | undefined) => (s === undefined ? 'nothing' : `«${s.length > SHOWN ? `${s.slice(0, SHOWN)}…` : s}»`);
    return `${name(i)}: ${expectedAs} ${show(expected[i])}, ${actualAs} ${show(actual[i])}`;
  }
  return undefined;
}
