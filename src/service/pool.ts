// Where an acceptance gets the service of a variant: started for the use and stopped after it, or lent
// by the run's pool, which keeps one instance per task, variant and concurrency slot for the whole run.
// The pool lends a fixture's services only once their reset is proved (reset-proof.ts), and takes an
// instance back only when its use left it reset with every request answered and its state probe answers
// as a fresh start's; any other instance is stopped, and the next use starts a fresh one.
import type { Fixture } from '../fixture/load.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { resetService } from './control.ts';
import { startService, type RunningService } from './launch.ts';

/** Lends the service of one variant for one use (one acceptance run of one variant). */
export interface ServiceLender {
  borrow(fixture: Fixture, fault: string): Promise<RunningService>;
  /** The use is over: the lender keeps the service for a later use, or stops it. */
  giveBack(service: RunningService): Promise<void>;
}

/** A fresh process per use: what every service gets unless its reset is proved. */
export function freshServices(sandbox: Sandbox): ServiceLender {
  return { borrow: (fixture, fault) => startService(sandbox, fixture, fault), giveBack: (service) => service.stop() };
}

/** How a task's services were provided over a run: recorded in results.json. */
export interface ServiceUse {
  reused: boolean;
  /** Why they were, or why not. */
  why: string;
  /** Service processes started, over every variant and slot. */
  started: number;
  /** Acceptance runs that used one. */
  uses: number;
}

/** What a fixture's proved reset lets the pool check on every return. */
export interface ProvedReset {
  /** Its state probe paths and, per variant, the answers of a fresh start. */
  probe: readonly string[];
  fresh: ReadonlyMap<string, readonly string[]>;
  /** Instances the proof left reset, per variant; they become the first slots' instances. */
  instances: ReadonlyMap<string, readonly RunningService[]>;
}

interface FixtureState {
  reset?: ProvedReset;
  use: ServiceUse;
}

export class ServicePool {
  private readonly idle = new Map<string, RunningService>();
  private readonly fixtures = new Map<string, FixtureState>();
  private readonly lent = new WeakMap<RunningService, { key: string; state: FixtureState; fault: string }>();

  constructor(private readonly sandbox: Sandbox) {}

  /**
   * Reuse `fixture`'s services: their reset is proved. The proof's instances serve slots 0, 1, … up to
   * `slots`; any beyond are stopped. `started` counts the processes the proof started.
   */
  async allow(fixture: Fixture, reset: ProvedReset, why: string, started: number, slots: number): Promise<void> {
    const state = this.stateOf(fixture);
    state.reset = reset;
    Object.assign(state.use, { reused: true, why, started: state.use.started + started });
    const extra: RunningService[] = [];
    for (const [fault, instances] of reset.instances) {
      instances.forEach((service, slot) => (slot < slots ? this.idle.set(keyOf(fixture, fault, slot), service) : extra.push(service)));
    }
    await Promise.all(extra.map((service) => service.stop()));
  }

  /** Every use of `fixture` starts a fresh service, for the reason given; `started` as for `allow`. */
  refuse(fixture: Fixture, why: string, started = 0): void {
    const state = this.stateOf(fixture);
    Object.assign(state.use, { why, started: state.use.started + started });
  }

  use(fixture: Fixture): ServiceUse {
    return { ...this.stateOf(fixture).use };
  }

  /** The lender of concurrency slot `slot`; a slot runs one trial at a time, so no instance is ever shared. */
  lender(slot: number): ServiceLender {
    return {
      borrow: async (fixture, fault) => {
        const state = this.stateOf(fixture);
        state.use.uses++;
        const key = keyOf(fixture, fault, slot);
        const idle = state.reset ? this.idle.get(key) : undefined;
        this.idle.delete(key);
        // An instance that died while idle is replaced.
        if (idle && !idle.reusable()) await idle.stop();
        else if (idle) {
          this.lent.set(idle, { key, state, fault });
          return idle;
        }
        const service = await startService(this.sandbox, fixture, fault);
        state.use.started++;
        if (state.reset) this.lent.set(service, { key, state, fault });
        return service;
      },
      giveBack: async (service) => {
        const loan = this.lent.get(service);
        this.lent.delete(service);
        if (loan?.state.reset && !this.idle.has(loan.key) && (await settled(service, loan.state.reset, loan.fault))) this.idle.set(loan.key, service);
        else await service.stop();
      },
    };
  }

  /** Stop every instance the pool holds (at the end of the run). */
  async close(): Promise<void> {
    const all = [...this.idle.values()];
    this.idle.clear();
    await Promise.all(all.map((service) => service.stop()));
  }

  private stateOf(fixture: Fixture): FixtureState {
    let state = this.fixtures.get(fixture.dir);
    if (!state) this.fixtures.set(fixture.dir, (state = { use: { reused: false, why: '', started: 0, uses: 0 } }));
    return state;
  }
}

function keyOf(fixture: Fixture, fault: string, slot: number): string {
  return `${fixture.dir}\0${fault}\0${slot}`;
}

/**
 * Whether a returned instance may serve the next use: left reset with every request answered, and its
 * state probe answers as a fresh start's (then reset again, so the probe's own reads reach no report).
 */
async function settled(service: RunningService, reset: ProvedReset, fault: string): Promise<boolean> {
  if (!service.reusable()) return false;
  try {
    const answers = await probeState(service, reset.probe);
    const fresh = reset.fresh.get(fault);
    if (!fresh || answers.some((answer, i) => answer !== fresh[i])) return false;
    await resetService(service);
  } catch {
    return false;
  }
  return service.reusable();
}

/** The answers of the state probe, in order: `<status> <body>` each. */
export async function probeState(service: RunningService, paths: readonly string[]): Promise<string[]> {
  const answers: string[] = [];
  for (const path of paths) {
    const answer = await service.request(path);
    answers.push(`${answer.status} ${answer.text}`);
  }
  return answers;
}
