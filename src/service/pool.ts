// Where an acceptance gets the service of a variant: started for the use and stopped after it, or lent
// by the run's pool, which every trial of the run shares: per task and variant it keeps idle instances,
// at most as many as acceptances run at once, lends any idle one and starts one only when none is idle.
// The pool lends a fixture's services only once their reset is proved (reset-proof.ts), and takes an
// instance back only when its use left it with every request answered and the proof's check after a use
// finds it as a fresh start (its state probe, then a replay of the reference answers); any other
// instance is stopped, and a later use starts a fresh one. The check runs after the trial's acceptance has
// given the instance back, not inside it: a trial never waits for the check of its own use.
import type { Fixture } from '../fixture/load.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { EnvironmentError } from '../util/errors.ts';
import { NoAnswerError } from './http.ts';
import { startService, type RunningService } from './launch.ts';
import { MachinePace } from './pace.ts';

/** Lends the service of one variant for one use (one acceptance run of one variant). */
export interface ServiceLender {
  borrow(fixture: Fixture, fault: string): Promise<RunningService>;
  /** The use is over: the lender keeps the service for a later use, or stops it. */
  giveBack(service: RunningService): Promise<void>;
}

/** A fresh process per use: what every service gets unless its reset is proved. */
export function freshServices(sandbox: Sandbox, pace?: MachinePace): ServiceLender {
  return { borrow: (fixture, fault) => startService(sandbox, fixture, fault, pace), giveBack: (service) => service.stop() };
}

/** How a task's services were provided over a run: recorded in results.json. */
export interface ServiceUse {
  reused: boolean;
  /** Why they were, or why not. */
  why: string;
  /** Service processes started, over every variant. */
  started: number;
  /** Acceptance runs that used one. */
  uses: number;
  /** Reused instances stopped after a use because the check after it found them unlike a fresh start. */
  replaced: number;
}

/** What a fixture's proved reset lets the pool check on every return. */
export interface ProvedReset {
  /**
   * After a use of variant `fault`'s instance: why it no longer answers as a fresh start would, or
   * undefined when it does (it is then left reset, ready for the next use).
   */
  check(service: RunningService, fault: string): Promise<string | undefined>;
  /** Instances the proof left reset, per variant; they are the pool's first idle instances. */
  instances: ReadonlyMap<string, readonly RunningService[]>;
}

interface FixtureState {
  /** Whether its services are reused is being decided (the reset proof, or the pace measured without one): every use waits for it. */
  deciding?: Promise<void>;
  reset?: ProvedReset;
  /** Instances kept per variant, idle or being checked, at most. */
  keep: number;
  use: ServiceUse;
  /** This machine's pace for the fixture, as its preflight measured it: the limits of every start and exchange. */
  pace: MachinePace;
}

interface Loan {
  key: string;
  state: FixtureState;
  fault: string;
}

/**
 * The run's services, shared by all its trials: an instance is idle here, lent to one use, or being checked
 * after a use, never two of these at once. The check after a use runs off the trial's path (the trial's
 * acceptance is over once it gives the instance back); a use that finds no idle instance waits for one
 * being checked before it starts a fresh one, which costs more.
 */
export class ServicePool implements ServiceLender {
  private readonly idle = new Map<string, RunningService[]>();
  /** Per variant, the checks after a use still running: each settles once its instance is idle again or stopped. */
  private readonly checking = new Map<string, Set<Promise<void>>>();
  private readonly underCheck = new Set<RunningService>();
  private readonly fixtures = new Map<string, FixtureState>();
  private readonly lent = new WeakMap<RunningService, Loan>();
  private closing = false;
  /** An error nobody expected in a check after a use: thrown to the next use, and by close. */
  private failure: unknown;

  constructor(private readonly sandbox: Sandbox) {}

  /** The pace of `fixture`'s machinery on this machine: the run's preflight notes what it measured there. */
  pace(fixture: Fixture): MachinePace {
    return this.stateOf(fixture).pace;
  }

  /**
   * Reuse `fixture`'s services: their reset is proved. Of the proof's instances at most `keep` per variant
   * stay idle (as many as uses can run at once); any beyond are stopped. `started` counts the processes the proof started.
   */
  async allow(fixture: Fixture, reset: ProvedReset, why: string, started: number, keep: number): Promise<void> {
    const state = this.stateOf(fixture);
    state.reset = reset;
    state.keep = keep;
    Object.assign(state.use, { reused: true, why, started: state.use.started + started });
    const extra: RunningService[] = [];
    for (const [fault, instances] of reset.instances) {
      this.idle.set(keyOf(fixture, fault), instances.slice(0, keep));
      extra.push(...instances.slice(keep));
    }
    await Promise.all(extra.map((service) => service.stop()));
  }

  /**
   * `decision` will `allow` or `refuse` `fixture`'s services: a use waits for it, so the reset proof can run
   * while the first agents do (they need no service). A decision that fails fails every use, and `decided`.
   */
  deciding(fixture: Fixture, decision: Promise<void>): void {
    const state = this.stateOf(fixture);
    state.deciding = decision;
    decision.catch(() => undefined);
  }

  /**
   * Every decision made (the first that failed is thrown): what `use` says is final. Checks after a use
   * still running are not waited for: called once no use is to come, no use needs what they would find,
   * and `close` cuts them short (a check cut short is no replacement).
   */
  async decided(): Promise<void> {
    for (const state of this.fixtures.values()) await state.deciding;
    this.throwFailure();
  }

  /** Every use of `fixture` starts a fresh service, for the reason given; `started` as for `allow`. */
  refuse(fixture: Fixture, why: string, started = 0): void {
    const state = this.stateOf(fixture);
    Object.assign(state.use, { why, started: state.use.started + started });
  }

  use(fixture: Fixture): ServiceUse {
    return { ...this.stateOf(fixture).use };
  }

  async borrow(fixture: Fixture, fault: string): Promise<RunningService> {
    const state = this.stateOf(fixture);
    await state.deciding;
    this.throwFailure();
    state.use.uses++;
    const key = keyOf(fixture, fault);
    if (state.reset) {
      for (;;) {
        // Taken off the idle list before any await: two uses at once never get the same instance.
        const idle = this.idle.get(key)?.pop();
        if (idle?.reusable()) {
          this.lent.set(idle, { key, state, fault });
          return idle;
        }
        // An instance that died while idle is replaced.
        if (idle) await idle.stop();
        else if (this.checking.get(key)?.size) await Promise.race(this.checking.get(key)!);
        else break;
        this.throwFailure();
      }
    }
    const service = await startService(this.sandbox, fixture, fault, state.pace);
    state.use.started++;
    if (state.reset) this.lent.set(service, { key, state, fault });
    return service;
  }

  /** The use is over: an instance the pool may keep is checked after it, off the caller's path; any other is stopped. */
  async giveBack(service: RunningService): Promise<void> {
    const loan = this.lent.get(service);
    this.lent.delete(service);
    if (!loan?.state.reset || this.closing || this.held(loan.key) >= loan.state.keep) return service.stop();
    const checks = this.checking.get(loan.key) ?? new Set<Promise<void>>();
    this.checking.set(loan.key, checks);
    this.underCheck.add(service);
    const check = this.checkBack(service, loan)
      .catch((e: unknown) => void (this.failure ??= e))
      .finally(() => {
        checks.delete(check);
        this.underCheck.delete(service);
      });
    checks.add(check);
  }

  /** Stop every instance the pool holds (at the end of the run); a check still running ends with its instance. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.fixtures.values()].map((state) => state.deciding));
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all([...all, ...this.underCheck].map((service) => service.stop()));
    await Promise.allSettled([...this.checking.values()].flatMap((checks) => [...checks]));
    this.throwFailure();
  }

  /** The check after a use: idle again when it answers as a fresh start (and the list has room), else stopped. */
  private async checkBack(service: RunningService, loan: Loan): Promise<void> {
    const ok = await settled(service, loan.state.reset!, loan.fault);
    if (ok && !this.closing && this.idleCount(loan.key) < loan.state.keep) return void this.idle.set(loan.key, [...(this.idle.get(loan.key) ?? []), service]);
    if (!ok && !this.closing) loan.state.use.replaced++;
    await service.stop();
  }

  private throwFailure(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  private idleCount(key: string): number {
    return this.idle.get(key)?.length ?? 0;
  }

  /** Instances of one variant the pool holds: idle, or being checked after a use. */
  private held(key: string): number {
    return this.idleCount(key) + (this.checking.get(key)?.size ?? 0);
  }

  private stateOf(fixture: Fixture): FixtureState {
    let state = this.fixtures.get(fixture.dir);
    if (!state)
      this.fixtures.set(fixture.dir, (state = { keep: 0, use: { reused: false, why: '', started: 0, uses: 0, replaced: 0 }, pace: new MachinePace() }));
    return state;
  }
}

function keyOf(fixture: Fixture, fault: string): string {
  return `${fixture.dir}\0${fault}`;
}

/**
 * Whether a returned instance may serve the next use: every request of its use answered, and the proof's
 * check finds it as a fresh start. An instance that cannot even be checked (it stopped answering) is
 * not reused either: the next use starts a fresh one, which is never wrong.
 */
async function settled(service: RunningService, reset: ProvedReset, fault: string): Promise<boolean> {
  if (!service.reusable()) return false;
  try {
    if ((await reset.check(service, fault)) !== undefined) return false;
  } catch (e) {
    if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
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
