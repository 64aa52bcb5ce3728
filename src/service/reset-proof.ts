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
import type { Fixture } from '../fixture/load.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { EnvironmentError, MachineryError } from '../util/errors.ts';
import { resetService } from './control.ts';
import { NoAnswerError } from './http.ts';
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
    'so a run checks every reused instance again after each use (the state probe, then a replay of the reference answers) and replaces it when either differs: its cost is one replay per use',
    'still unseen: state a trial can change that changes only answers to requests the reference answers never make, and a change a trial sets off for later (a timer its reset does not cancel) that happens after the check; read it in service.stateProbe, or give the service no reset (coverage: false) and every use starts fresh',
  ];
}

interface VariantRun {
  instances: Promise<[RunningService, RunningService]>;
  /** The first run's exchanges, when it ran through this prover as a lender (validate's acceptance). */
  first?: string[];
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
    run.first = [];
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
            const first: string[] = (run.first = []);
            await this.timed(first, () => use(recording(a, first, this.pace)));
          }
          const replay: string[] = [];
          await this.timed(replay, () => use(recording(a, replay, this.pace)));
          const afterReset = await probeState(a, probe);
          await resetService(a);
          const started = await probeState(b, probe);
          await resetService(b);
          fresh.set(fault, started);
          proof.replayed = replay.length;
          proof.probed = probe.length;
          const difference =
            sequenceDifference(run.first, replay, (i) => `replayed exchange ${i + 1} of ${run.first!.length}`, 'from a fresh start', 'after a reset') ??
            sequenceDifference(started, afterReset, (i) => `state probe ${probe[i]}`, 'fresh start', 'after the cases and a reset');
          if (difference) proof.difference = difference;
          else if (!a.reusable() || !b.reusable()) proof.difference = 'a request went unanswered during the proof';
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
    const proof = {
      proved: true,
      why: `reset proved on ${plural(variants.length, 'variant')}: after the cases and a reset, ${plural(probe.length, 'state probe read')} ${probe.length === 1 ? 'answers' : 'answer'} as a fresh start's, and a replay of the cases (${plural(exchanges, 'exchange')}) answers as from a fresh start`,
      variants,
      limits,
    };
    const instances = new Map<string, RunningService[]>();
    const expected = new Map<string, readonly string[]>();
    for (const fault of faults) {
      instances.set(fault, await this.run(fault).instances);
      expected.set(fault, this.run(fault).first!);
    }
    return { proof, reset: { instances, check: (service, fault) => checkAfterUse(service, use, probe, fresh.get(fault)!, expected.get(fault)!) } };
  }

  /** One replay of the reference answers, its time noted as an acceptance's of as many exchanges as `log` ends with. */
  private async timed(log: readonly string[], replay: () => Promise<void>): Promise<void> {
    const started = performance.now();
    await replay();
    this.pace?.noteAcceptance(performance.now() - started, log.length);
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
        const service = await startService(this.sandbox, this.fixture, fault, this.pace);
        this.pace?.noteStart(service.startMs);
        return service;
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
 * After a use: the state probe against a fresh start's answers, a reset, a replay of the reference answers
 * against the exchanges a fresh start gave them, and a reset again unless the replay ended with one. The
 * first difference, or undefined.
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
  const replay: string[] = [];
  await use(recording(service, replay));
  const replayed = sequenceDifference(
    expected,
    replay,
    (i) => `replayed exchange ${i + 1} of ${expected.length}`,
    'from a fresh start',
    'after a use and a reset',
  );
  if (replayed) return replayed;
  // A replay of cases ends with the reset of its last case: another would be one more exchange per use.
  if (!service.reusable()) await resetService(service);
  return undefined;
}

/** `service`, with every exchange it makes appended to `log` as `METHOD path body → status text` (and its time noted in `pace`). */
function recording(service: RunningService, log: string[], pace?: MachinePace): RunningService {
  return {
    ...service,
    request: async (path, options = {}) => {
      const sent = `${options.method ?? 'GET'} ${path}${options.body === undefined ? '' : ` ${options.body}`}`;
      try {
        const started = performance.now();
        const answer = await service.request(path, options);
        pace?.noteExchange(performance.now() - started);
        log.push(`${sent} → ${answer.status} ${answer.text}`);
        return answer;
      } catch (e) {
        log.push(`${sent} → no answer (${(e as Error).message})`);
        throw e;
      }
    },
  };
}

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
