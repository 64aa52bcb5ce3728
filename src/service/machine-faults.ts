// A seam through which tests and benchmarks make trialgate's own machinery fail the way a busy or flaky
// machine does (a service slow to start, a reset that times out, a connection reset), to show that such a
// failure is retried or filed as the environment's, never as the candidate's. Nothing in trialgate installs
// it and no setting reaches it: it is a property of the runner's own process that only code loaded into
// that process can set (test/support/machine-faults.ts, in-process or through `node --import`). Absent, as
// in every production run, each call below is a no-op.

export interface MachineFaults {
  /** The argv that starts a fixture's service (`what`: `(variant none)`): what to run instead, e.g. behind a delay. */
  serviceCommand?(argv: readonly string[], what: string): readonly string[];
  /**
   * Before one exchange with a fixture's service (`control`: a reset on its control channel; `ready`: not
   * its readiness probe): how to fail it, as the network or a stalled service would (the runner then sees
   * exactly that), or undefined.
   */
  beforeExchange?(exchange: { what: string; method: string; path: string; control: boolean; ready: boolean }): InjectedFailure | Promise<InjectedFailure>;
  /** A service (`what`) was found still starting at its start limit, and given more time. */
  stillStarting?(what: string): void;
}

/** An exchange that fails: its connection reset, or no answer before its deadline. */
export type InjectedFailure = 'connection-reset' | 'timeout' | undefined;

const HOOK = Symbol.for('trialgate.machine-faults');

/** The faults installed in this process, or undefined (always, outside tests and benchmarks). */
export function machineFaults(): MachineFaults | undefined {
  return (globalThis as { [HOOK]?: MachineFaults })[HOOK];
}
