// What a task's trials say, per named check and per side: the tallies every policy and table starts from.
import type { CheckKind, Count, TaskFigures } from '../schemas/comparison.ts';
import type { TaskResult, TrialResult } from '../schemas/results.ts';
import { passAtK, passPowK } from '../results/metrics.ts';

/** The comparison's own check: the trial executed rather than ending in an env error. */
export const ENV_CHECK = 'env';

export function checkKind(check: string): CheckKind {
  if (check === 'pass') return 'pass';
  if (check === ENV_CHECK) return 'env';
  const prefix = check.slice(0, check.indexOf(':'));
  return prefix === 'detect' || prefix === 'constraint' || prefix === 'tool' ? prefix : 'other';
}

/** An env error is the environment's failure, never the agent's (DESIGN §1.3), so it is shown, not gated. */
export function isGated(check: string): boolean {
  return checkKind(check) !== 'env';
}

export function checkLabel(check: string, faults: readonly { id: string; label: string }[]): string {
  const name = check.slice(check.indexOf(':') + 1);
  switch (checkKind(check)) {
    case 'pass':
      return 'trial pass';
    case 'env':
      return 'executed (no env error)';
    case 'detect': {
      const label = faults.find((f) => f.id === name)?.label;
      return label ? `detection: ${name} — ${label}` : `detection: ${name}`;
    }
    case 'constraint':
      return `constraint: ${name}`;
    case 'tool': {
      const label = faults.find((f) => f.id === name)?.label;
      return label ? `tool contract: ${name} — ${label}` : `tool contract: ${name}`;
    }
    case 'other':
      return check;
  }
}

const KIND_ORDER: readonly CheckKind[] = ['pass', 'detect', 'constraint', 'tool', 'other', 'env'];

/** pass first, then detections in the task's fault order, constraints, tool contracts, env last. */
export function orderChecks(checks: Iterable<string>, faults: readonly { id: string }[]): string[] {
  const faultRank = (check: string): number => {
    const i = faults.findIndex((f) => `detect:${f.id}` === check);
    return i === -1 ? faults.length : i;
  };
  return [...checks].sort(
    (a, b) =>
      KIND_ORDER.indexOf(checkKind(a)) - KIND_ORDER.indexOf(checkKind(b)) ||
      faultRank(a) - faultRank(b) ||
      (a < b ? -1 : a > b ? 1 : 0),
  );
}

function executed(trial: TrialResult): boolean {
  return trial.outcome === 'pass' || trial.outcome === 'fail';
}

/**
 * Successes over the executed trials that carry each check; `env` over the trials that started
 * (executed or env error). Unexecuted trials count nowhere but in their own denominator.
 */
export function tallyChecks(trials: readonly TrialResult[]): Map<string, Count> {
  const tallies = new Map<string, Count>();
  const add = (check: string, ok: boolean): void => {
    let t = tallies.get(check);
    if (!t) tallies.set(check, (t = { successes: 0, n: 0 }));
    t.n += 1;
    if (ok) t.successes += 1;
  };
  for (const trial of trials) {
    if (trial.outcome === 'unexecuted') continue;
    add(ENV_CHECK, executed(trial));
    if (!executed(trial)) continue;
    for (const check in trial.checks) if (check !== ENV_CHECK) add(check, trial.checks[check]!);
  }
  return tallies;
}

/** pass@1, pass@k and pass^k from n executed trials with c passes (src/results/metrics.ts); null when unknown. */
export function passEstimates(n: number, c: number, k: number): { pass_at_1: number | null; pass_at_k: number | null; pass_pow_k: number | null } {
  return { pass_at_1: n > 0 ? c / n : null, pass_at_k: passAtK(n, c, k), pass_pow_k: passPowK(n, c, k) };
}

function sumIfEveryRun(values: readonly (number | undefined)[]): number | undefined {
  return values.every((v) => v !== undefined) ? values.reduce<number>((s, v) => s + v!, 0) : undefined;
}

/** One side's figures of a task, pooled over the given runs of it; `tallies` when already counted. */
export function taskFigures(runs: readonly TaskResult[], tallies = tallyChecks(runs.flatMap((r) => r.trials))): TaskFigures {
  const counts = { launched: 0, executed: 0, env_errors: 0, unexecuted: 0, passes: 0 };
  const rules = new Map<string, number>();
  for (const run of runs) {
    for (const t of run.trials) {
      counts.launched += 1;
      if (executed(t)) counts.executed += 1;
      if (t.outcome === 'pass') counts.passes += 1;
      if (t.outcome === 'unexecuted') counts.unexecuted += 1;
      if (t.outcome !== 'env_error') continue;
      counts.env_errors += 1;
      rules.set(envRule(t), (rules.get(envRule(t)) ?? 0) + 1);
    }
  }
  const k = runs[0]!.summary.k;
  const detections: Record<string, Count> = {};
  for (const [check, count] of tallies) if (checkKind(check) === 'detect') detections[check.slice('detect:'.length)] = count;
  const tokens = sumIfEveryRun(runs.map((r) => r.summary.tokens));
  const cost = sumIfEveryRun(runs.map((r) => r.summary.cost_usd));
  return {
    k,
    ...counts,
    ...passEstimates(counts.executed, counts.passes, k),
    detections,
    wall_ms: runs.reduce((s, r) => s + r.summary.wall_ms, 0),
    ...(tokens === undefined ? {} : { tokens }),
    ...(cost === undefined ? {} : { cost_usd: cost }),
    env_error_rules: [...rules].map(([rule, n]) => ({ rule, trials: n })),
  };
}

export function envRule(trial: TrialResult): string {
  return trial.env_error ?? 'env error without a recorded rule';
}
