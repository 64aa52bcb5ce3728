// Suites of scripted trials run through the real gate (runGate: the plan, the confirmation rounds, the
// comparison and the verdict, exactly as the action and `trialgate gate` run them), for the Monte Carlo
// parts of bench/policy-simulation.ts and the golden of a confirmed gate. A suite is a function from (task, check, run, trial) to an outcome,
// so every round asks the same function and a check turned into a loss stays one in every round.
import type { ConfirmationRound } from '../../src/compare/confirm.ts';
import { runGate, type GateOutcome } from '../../src/gate/gate.ts';
import { storedWhole } from '../../src/results/stored-run.ts';
import { RESULTS_SCHEMA, type Results, type TaskResult, type TrialResult } from '../../src/schemas/results.ts';

export type Outcome = boolean | 'env';
/** run: 0 … baseRuns − 1 are the base runs (oldest first), baseRuns is the head run, baseRuns + 1 the paired base (the base commit beside the head). */
export type TrialFn = (task: number, check: number, run: number, trial: number) => boolean;

export interface Suite {
  tasks: number;
  checks: readonly string[];
  k: number;
  baseRuns: number;
  /** Outcome of one check of one trial; `pass` (when listed) also needs every other check, as a trial's pass does, unless `independentPass`. */
  outcome: TrialFn;
  /** `pass` is drawn on its own, like any other check (models a results file not written by trialgate). */
  independentPass?: boolean;
  /** A trial that is an environment error (no checks), if any. */
  env?: (task: number, run: number, trial: number) => boolean;
}

function trial(suite: Suite, task: number, run: number, n: number): TrialResult {
  const env = suite.env?.(task, run, n) ?? false;
  const checks: Record<string, boolean> = {};
  if (!env) {
    suite.checks.forEach((name, c) => (checks[name] = suite.outcome(task, c, run, n)));
    // A trial passes only when every check but the model judge's items succeeded (trial/verdict.ts).
    if (!suite.independentPass && 'pass' in checks) checks.pass = checks.pass! && Object.entries(checks).every(([name, ok]) => ok || name.startsWith('judge:'));
  }
  const pass = !env && Object.values(checks).every(Boolean) && (checks.pass ?? true);
  return {
    trial: n,
    outcome: env ? 'env_error' : pass ? 'pass' : 'fail',
    stop_reason: env ? 'env_error' : 'completed',
    ...(env ? { env_error: 'simulated outage' } : {}),
    layers: {
      final_state: { ok: null, failures: [] },
      constraints: { ok: null, failures: [] },
      tool_contract: { ok: null, failures: [] },
      trajectory: { notes: [] },
    },
    judgements: [],
    checks,
    wall_ms: 1,
    evidence: `t${task}/trial-${n}`,
  };
}

/** One run's results (a base run, the head's first round, or a confirmation round), built without zod: the gate reads what compare reads. */
export function runResults(suite: Suite, run: number, tasks: readonly number[], from: number, count: number): Results {
  const taskResults: TaskResult[] = tasks.map((t) => {
    const trials = Array.from({ length: count }, (_, i) => trial(suite, t, run, from + i + 1));
    const executed = trials.filter((x) => x.outcome !== 'env_error');
    const passes = trials.filter((x) => x.outcome === 'pass').length;
    return {
      id: `t${t}`,
      set: 'dev',
      fixture: 'fixture',
      fixture_sha256: 'f'.repeat(64),
      acceptor_version: 'sim@1',
      budget: { wall_seconds: 60 },
      faults: [],
      trials,
      summary: {
        k: suite.k,
        n: executed.length,
        launched: trials.length,
        passes,
        pass_at_1: executed.length ? passes / executed.length : null,
        pass_at_k: null,
        pass_pow_k: null,
        detections: {},
        env_errors: trials.length - executed.length,
        unexecuted: 0,
        wall_ms: trials.length,
      },
    };
  });
  const day = `2025-01-${String(run + 1).padStart(2, '0')}T00:00:00Z`;
  return {
    schema: RESULTS_SCHEMA,
    trial_set: { name: 'simulated', sha256: 's'.repeat(64) },
    run: { git_sha: String(run % 10).repeat(40), ref: null, tool_version: 'sim', started_at: day, finished_at: day, seed: 1, k: suite.k },
    watched: { sha256: 'w'.repeat(64), files: {} },
    agent: { command: 'simulated' },
    tasks: taskResults,
  };
}

export interface Simulated {
  outcome: GateOutcome;
  /** Agent trials launched, the head's and the paired base's, over those of a fixed k. */
  cost: number;
  /** The head's alone. */
  headCost: number;
}

/** The gate over a simulated suite, every round through runGate. */
export async function simulate(
  suite: Suite,
  settings: { confirmTrials?: number | null; maxTrials?: number | null; paired?: boolean } = {},
): Promise<Simulated> {
  const all = Array.from({ length: suite.tasks }, (_, t) => t);
  const head = suite.baseRuns;
  const bases = Array.from({ length: suite.baseRuns }, (_, r) => ({ dir: '/nowhere', results: runResults(suite, r, all, 0, suite.k) })).reverse();
  const outcome = await runGate(
    {
      firstRound: async () => storedWhole(runResults(suite, head, all, 0, suite.k)),
      baseRuns: async () => ({ bases, notes: [] }),
      confirmationRound: async (round) =>
        storedWhole(
          runResults(
            suite,
            head,
            round.tasks.map((id) => Number(id.slice(1))),
            round.firstTrial,
            round.trials,
          ),
        ),
      saveHead: async () => {},
      ...(settings.paired
        ? {
            baseRound: async (round: ConfirmationRound) =>
              storedWhole(
                runResults(
                  suite,
                  head + 1,
                  round.tasks.map((id) => Number(id.slice(1))),
                  round.baseFirstTrial,
                  round.baseTrials,
                ),
              ),
          }
        : {}),
    },
    { confirmTrials: settings.confirmTrials ?? null, maxTrials: settings.maxTrials ?? null, failOn: 'regression', failWithoutBaseline: false },
  );
  const launched = outcome.head.run.tasks.reduce((s, t) => s + t.trials.length, 0);
  const fresh = outcome.pairedBase?.tasks.reduce((s, t) => s + t.trials.length, 0) ?? 0;
  return { outcome, cost: (launched + fresh) / (suite.tasks * suite.k), headCost: launched / (suite.tasks * suite.k) };
}

/** A seeded uniform in [0, 1) from integers: the same (task, check, run, trial) always draws the same number. */
export function uniform(...keys: number[]): number {
  let h = 0x811c9dc5;
  for (const k of keys) {
    h ^= k + 0x9e3779b9 + (h << 6) + (h >>> 2);
    h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
    h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4294967296;
}

/** A standard normal from two seeded uniforms (Box–Muller). */
export function normal(...keys: number[]): number {
  const u = Math.max(1e-12, uniform(...keys, 1));
  const v = uniform(...keys, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
