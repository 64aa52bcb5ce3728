// How fast this machine does a task's machinery, as the run's preflight measured it on the reference
// (the reset proof's service starts and reference replays, or in a run too small to keep services one
// start and replay of the correct service; the acceptor preflight), and the limits that
// follow. A limit written for a quiet machine (a fixture's startTimeoutMs, the runner's 5 s per exchange,
// acceptance.timeout_seconds) is never lowered: it grows to PACE_SCALE times the slowest the preflight
// saw, so a machine that is busy everywhere gets proportionally more time everywhere. Only the preflight's
// trusted work is measured, never a trial's: a candidate cannot stretch the limits of later trials.

/** How many times the preflight's slowest measurement a limit allows at least. */
export const PACE_SCALE = 5;
/** One exchange with a fixture's service (a case's request, a reset, a probe) on a quiet machine. */
export const EXCHANGE_TIMEOUT_MS = 5000;
/**
 * A service still starting at its start limit (running, nothing answered its readiness probe, and not
 * listening on another port instead of PORT) gets more time, up to this many times the limit in all; one
 * that listens elsewhere, answers non-200 or exited does not.
 */
export const STILL_STARTING_FACTOR = 3;

/** What one exchange with a fixture's service takes at least, for an estimate when none was measured. */
export const QUIET_EXCHANGE_MS = 1;

export class MachinePace {
  private slowestStartMs = 0;
  private slowestExchangeMs = 0;
  private slowestAcceptanceMs = 0;
  private slowestBuildMs = 0;
  private msPerExchange = QUIET_EXCHANGE_MS;

  /** A fixture's service started (ready to its probe) in `ms`, in the preflight. */
  noteStart(ms: number): void {
    this.slowestStartMs = Math.max(this.slowestStartMs, ms);
  }

  /** One exchange with a fixture's service took `ms`, in the preflight. */
  noteExchange(ms: number): void {
    this.slowestExchangeMs = Math.max(this.slowestExchangeMs, ms);
  }

  /** One variant's acceptance of the reference answers took `ms`, in the preflight (`exchanges` of them, when counted). */
  noteAcceptance(ms: number, exchanges?: number): void {
    this.slowestAcceptanceMs = Math.max(this.slowestAcceptanceMs, ms);
    if (exchanges) this.msPerExchange = Math.max(this.msPerExchange, ms / exchanges);
  }

  /** A code task's build of the reference fix took `ms`, in the preflight. */
  noteBuild(ms: number): void {
    this.slowestBuildMs = Math.max(this.slowestBuildMs, ms);
  }

  /** Take in what `other` measured (a gate's earlier run of the same task, on this machine); returns this. */
  absorb(other: MachinePace): this {
    this.slowestStartMs = Math.max(this.slowestStartMs, other.slowestStartMs);
    this.slowestExchangeMs = Math.max(this.slowestExchangeMs, other.slowestExchangeMs);
    this.slowestAcceptanceMs = Math.max(this.slowestAcceptanceMs, other.slowestAcceptanceMs);
    this.slowestBuildMs = Math.max(this.slowestBuildMs, other.slowestBuildMs);
    this.msPerExchange = Math.max(this.msPerExchange, other.msPerExchange);
    return this;
  }

  /**
   * Whether `exchanges` would fit in `budgetMs` at the pace the preflight measured (QUIET_EXCHANGE_MS each
   * when it measured none): when they would and the budget still ran out, the machine was slower than that.
   */
  fits(exchanges: number, budgetMs: number): boolean {
    return exchanges * this.msPerExchange <= budgetMs;
  }

  /** The start limit of a service whose fixture says `startTimeoutMs`. */
  startLimit(startTimeoutMs: number): ScaledLimit {
    return scaled(startTimeoutMs, this.slowestStartMs, 'start');
  }

  /** How long one exchange with a fixture's service may stay silent. */
  exchangeLimit(): ScaledLimit {
    return scaled(EXCHANGE_TIMEOUT_MS, this.slowestExchangeMs, 'slowest exchange');
  }

  /** The acceptance budget of one variant, for a task that allows `configuredMs`. */
  acceptanceLimit(configuredMs: number): ScaledLimit {
    return scaled(configuredMs, this.slowestAcceptanceMs, 'acceptance of the reference answers');
  }

  /** The time limit of a code task's build, for a fixture that allows `configuredMs`. */
  buildLimit(configuredMs: number): ScaledLimit {
    return scaled(configuredMs, this.slowestBuildMs, 'build of the reference fix');
  }
}

/** A limit as set and as this machine's pace made it. */
export interface ScaledLimit {
  ms: number;
  /** `` when unscaled, else `, scaled to 24000 ms: the preflight's start took 4800 ms here` (appended to the configured limit's name). */
  scaling: string;
}

function scaled(configuredMs: number, measuredMs: number, what: string): ScaledLimit {
  const ms = Math.max(configuredMs, Math.ceil(PACE_SCALE * measuredMs));
  return { ms, scaling: ms > configuredMs ? `, scaled to ${ms} ms: the preflight's ${what} took ${Math.round(measuredMs)} ms here` : '' };
}
