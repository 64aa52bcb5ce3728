// A clock for the test runner's limit on a file: it runs at real speed while the machine has a core for
// each runnable process, and slower as the load average climbs past the cores (at 4× oversubscription, a
// quarter of a second per second), so that a limit in its seconds holds on a busy machine as on an idle one.
import { availableParallelism, loadavg } from 'node:os';

export interface Machine {
  cores: number;
  /** Runnable processes, averaged (the 1-minute load average). */
  load: () => number;
  /** Milliseconds of wall time. */
  now: () => number;
}

const THIS_MACHINE: Machine = { cores: availableParallelism(), load: () => loadavg()[0]!, now: Date.now };

export interface ScaledClock {
  /** Seconds of machine-scaled time since the clock started, up to now. */
  seconds(): number;
}

/** Read often (the runner does every few seconds): each reading scales the time since the last by the load now. */
export function scaledClock(machine: Machine = THIS_MACHINE): ScaledClock {
  let seconds = 0;
  let last = machine.now();
  return {
    seconds() {
      const now = machine.now();
      seconds += ((now - last) / 1000) * Math.min(1, machine.cores / Math.max(machine.cores, machine.load()));
      last = now;
      return seconds;
    },
  };
}
