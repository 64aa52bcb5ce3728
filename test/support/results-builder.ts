// Builds valid results.json data for compare and report tests from a compact per-check notation.
import { passRates } from '../../src/results/metrics.ts';
import { RESULTS_SCHEMA, Results, type TaskResult, type TrialResult } from '../../src/schemas/results.ts';
import { sha256 } from '../../src/util/hash.ts';

export interface TaskSpec {
  id: string;
  set?: 'dev' | 'holdout';
  fixture?: string;
  acceptor_version?: string;
  wall_seconds?: number;
  /** fault id → label */
  faults?: Record<string, string>;
  /** Per check, one character per trial: '1' succeeded, '0' failed (ignored on env/unexecuted trials). */
  checks: Record<string, string>;
  /**
   * One character per trial: '.' executed, 'e' env error, 'd' env error the agent declared (exit 75), 'u'
   * unexecuted. Default: all executed.
   */
  outcomes?: string;
  envRule?: string;
  /** What an env error trial's notes say happened (`env error: <message>`). */
  envMessage?: string;
  wall_ms?: number;
  tokens?: number;
  cost_usd?: number;
}

export interface RunSpec {
  name?: string;
  sha?: string | null;
  ref?: string;
  startedAt?: string;
  tasks: TaskSpec[];
}

export function buildResults(spec: RunSpec): Results {
  const tasks = spec.tasks.map(buildTask);
  const k = tasks[0]?.summary.k ?? 1;
  const started = spec.startedAt ?? '2025-01-01T00:00:00Z';
  return Results.parse({
    schema: RESULTS_SCHEMA,
    trial_set: { name: spec.name ?? 'inventory-agent', sha256: sha256(`set:${spec.name ?? 'inventory-agent'}`) },
    run: {
      git_sha: spec.sha === undefined ? sha256(`run:${started}`).slice(0, 40) : spec.sha,
      ref: spec.ref ?? 'refs/heads/main',
      tool_version: '0.1.0',
      started_at: started,
      finished_at: started,
      seed: 1,
      k,
    },
    watched: { sha256: sha256('watched'), files: {} },
    agent: { command: 'agent --run' },
    tasks,
  });
}

function buildTask(spec: TaskSpec): TaskResult {
  const k = Math.max(...Object.values(spec.checks).map((s) => s.length), spec.outcomes?.length ?? 0);
  const trials: TrialResult[] = [];
  for (let i = 0; i < k; i++) {
    const kind = spec.outcomes?.[i] ?? '.';
    const checks: Record<string, boolean> = {};
    if (kind === '.') for (const [name, marks] of Object.entries(spec.checks)) if (marks[i] !== undefined && marks[i] !== ' ') checks[name] = marks[i] === '1';
    const env = kind === 'e' || kind === 'd';
    const outcome = env ? 'env_error' : kind === 'u' ? 'unexecuted' : checks.pass ? 'pass' : 'fail';
    trials.push({
      trial: i + 1,
      outcome,
      stop_reason: env ? 'env_error' : kind === 'u' ? 'not_started' : 'completed',
      ...(env ? { env_error: spec.envRule ?? 'service did not become ready within 10 s' } : {}),
      ...(kind === 'd' ? { env_error_source: 'agent' as const } : {}),
      layers: {
        final_state: { ok: kind === '.' ? outcome === 'pass' : null, failures: [] },
        constraints: { ok: null, failures: [] },
        tool_contract: { ok: null, failures: [] },
        trajectory: { notes: env && spec.envMessage ? [`env error: ${spec.envMessage}`] : [] },
      },
      judgements: [],
      checks,
      wall_ms: kind === 'u' ? 0 : (spec.wall_ms ?? 1000 * k) / k,
      evidence: `${spec.id}/trial-${String(i + 1).padStart(3, '0')}`,
    });
  }
  const executed = trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail');
  const passes = trials.filter((t) => t.outcome === 'pass').length;
  const detections: Record<string, { detected: number; n: number }> = {};
  for (const fault of Object.keys(spec.faults ?? {})) {
    const measured = executed.filter((t) => t.checks[`detect:${fault}`] !== undefined);
    detections[fault] = { detected: measured.filter((t) => t.checks[`detect:${fault}`]).length, n: measured.length };
  }
  return {
    id: spec.id,
    set: spec.set ?? 'dev',
    fixture: `fixtures/${spec.id}`,
    fixture_sha256: spec.fixture ?? sha256(`fixture:${spec.id}`),
    acceptor_version: spec.acceptor_version ?? 'http-cases@1',
    budget: { wall_seconds: spec.wall_seconds ?? 600 },
    faults: Object.entries(spec.faults ?? {}).map(([id, label]) => ({ id, label })),
    trials,
    summary: {
      k,
      n: executed.length,
      launched: trials.length,
      passes,
      ...passRates(executed.length, passes, k),
      detections,
      env_errors: trials.filter((t) => t.outcome === 'env_error').length,
      unexecuted: trials.filter((t) => t.outcome === 'unexecuted').length,
      wall_ms: spec.wall_ms ?? 1000 * k,
      ...(spec.tokens === undefined ? {} : { tokens: spec.tokens }),
      ...(spec.cost_usd === undefined ? {} : { cost_usd: spec.cost_usd }),
    },
  };
}
