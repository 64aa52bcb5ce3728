// Injects failures of trialgate's own machinery (src/service/machine-faults.ts) for tests and benchmarks:
// in-process with installMachineFaults, or into a whole trialgate process by loading this module with
// `node --import tsx --import <this file>` and a plan in TRIALGATE_TEST_MACHINE_FAULTS (JSON, a FaultPlan).
// Only this module reads that variable; trialgate itself never does.
import { writeFileSync } from 'node:fs';
import type { InjectedFailure, MachineFaults } from '../../src/service/machine-faults.ts';

const HOOK = Symbol.for('trialgate.machine-faults');
export const PLAN_VARIABLE = 'TRIALGATE_TEST_MACHINE_FAULTS';

/** Install `faults` in this process; the returned function removes them. */
export function installMachineFaults(faults: MachineFaults): () => void {
  (globalThis as { [HOOK]?: MachineFaults })[HOOK] = faults;
  return () => void delete (globalThis as { [HOOK]?: MachineFaults })[HOOK];
}

/** Which of the counted events a fault hits: the `at`-th ones (1-based), and every `every`-th. */
export interface Pick {
  at?: number[];
  every?: number;
  /** Only the services of this variant (`none`, a fault's id); default every variant. */
  variant?: string;
}

/** Failures to inject over a whole process, each counted over the events it can hit. */
export interface FaultPlan {
  /** Starts of a fixture's service that first sleep `ms` (alive, listening on no port): a slow start. */
  slowStart?: Pick & { ms: number };
  /** Resets (the control channel, once a service is ready) that get no answer before their deadline. */
  resetTimeout?: Pick;
  /** Exchanges of a case (not a reset, not a readiness probe) whose connection is reset. */
  connectionReset?: Pick;
  /** Exchanges of a case (not a reset, not a readiness probe) that first wait `ms`, as on a machine too busy to send them. */
  slowExchange?: Pick & { ms: number };
}

/** What was injected so far, by fault. */
export interface Injected {
  slowStart: number;
  resetTimeout: number;
  connectionReset: number;
  slowExchange: number;
}

/** The hook that carries out `plan`, and the tally of what it injected. */
export function faultsOf(plan: FaultPlan): { faults: MachineFaults; injected: Injected } {
  const seen = { slowStart: 0, resetTimeout: 0, connectionReset: 0, slowExchange: 0 };
  const injected: Injected = { slowStart: 0, resetTimeout: 0, connectionReset: 0, slowExchange: 0 };
  const hits = (name: keyof FaultPlan, what: string): boolean => {
    const pick = plan[name];
    if (!pick || (pick.variant !== undefined && what !== `(variant ${pick.variant})`)) return false;
    const n = ++seen[name];
    const hit = (pick.at ?? []).includes(n) || (pick.every !== undefined && n % pick.every === 0);
    if (hit) injected[name]++;
    return hit;
  };
  const faults: MachineFaults = {
    serviceCommand: (argv, what) => (hits('slowStart', what) ? ['sh', '-c', 'sleep "$0" && exec "$@"', String(plan.slowStart!.ms / 1000), ...argv] : argv),
    beforeExchange: async ({ what, control, ready }): Promise<InjectedFailure> => {
      if (!ready) return undefined;
      if (control) return hits('resetTimeout', what) ? 'timeout' : undefined;
      if (hits('slowExchange', what)) await new Promise((resolve) => setTimeout(resolve, plan.slowExchange!.ms));
      return hits('connectionReset', what) ? 'connection-reset' : undefined;
    },
  };
  return { faults, injected };
}

// Loaded with --import into a trialgate process: the plan in the environment, and at its exit what was
// injected, to the file TRIALGATE_TEST_MACHINE_FAULTS_TALLY names (a benchmark reports it).
const planned = process.env[PLAN_VARIABLE];
if (planned) {
  const { faults, injected } = faultsOf(JSON.parse(planned) as FaultPlan);
  installMachineFaults(faults);
  const tally = process.env[`${PLAN_VARIABLE}_TALLY`];
  if (tally) process.on('exit', () => writeFileSync(tally, JSON.stringify(injected)));
}
