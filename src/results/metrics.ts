// Per-task figures of a run (docs/results.md): the pass rates and the judge's answers counted. Pure.
import type { TaskFigures, TaskSummary, TrialDigest } from '../schemas/results.ts';
import type { JudgeRecordDigest, JudgeSummary } from '../schemas/judge.ts';

/**
 * Unbiased pass@k from n executed trials with c passes: 1 − C(n−c, k) / C(n, k), the chance that at
 * least one of k trials drawn without replacement passes. null when fewer than k trials executed.
 */
export function passAtK(n: number, c: number, k: number): number | null {
  if (n < k || k < 1) return null;
  return 1 - ratioOfChoose(n - c, n, k);
}

/** Unbiased pass^k: C(c, k) / C(n, k), the chance that all of k trials drawn pass. */
export function passPowK(n: number, c: number, k: number): number | null {
  if (n < k || k < 1) return null;
  return ratioOfChoose(c, n, k);
}

/** C(a, k) / C(n, k) as a product, which stays exact enough where the binomials overflow. */
function ratioOfChoose(a: number, n: number, k: number): number {
  let ratio = 1;
  for (let i = 0; i < k; i++) ratio *= Math.max(0, a - i) / (n - i);
  return ratio;
}

/** pass@1, pass@k and pass^k from n executed trials with c passes; null when unknown. */
export function passRates(n: number, c: number, k: number): Pick<TaskFigures, 'pass_at_1' | 'pass_at_k' | 'pass_pow_k'> {
  return { pass_at_1: n > 0 ? c / n : null, pass_at_k: passAtK(n, c, k), pass_pow_k: passPowK(n, c, k) };
}

/** What a summary reads of each trial (a run's digest of it will do). */
export type SummarizedTrial = Pick<TrialDigest, 'outcome' | 'checks' | 'wall_ms' | 'usage' | 'repair' | 'judge'>;

export function summarizeTask(trials: readonly SummarizedTrial[], k: number, faults: readonly string[]): TaskSummary {
  const executed = trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail');
  const n = executed.length;
  const passes = executed.filter((t) => t.outcome === 'pass').length;
  const detections = Object.fromEntries(faults.map((fault) => [fault, { detected: executed.filter((t) => t.checks[`detect:${fault}`] === true).length, n }]));
  const summary: TaskSummary = {
    k,
    n,
    launched: trials.length,
    passes,
    ...passRates(n, passes, k),
    detections,
    env_errors: trials.filter((t) => t.outcome === 'env_error').length,
    unexecuted: trials.filter((t) => t.outcome === 'unexecuted').length,
    wall_ms: trials.reduce((sum, t) => sum + t.wall_ms, 0),
  };
  // Unknown stays unknown: a total only when every executed trial reported it.
  const tokens = executed.map((t) => trialTokens(t.usage));
  if (n > 0 && tokens.every((x) => x !== undefined)) summary.tokens = tokens.reduce((a, b) => a! + b!, 0)!;
  const costs = executed.map((t) => t.usage?.cost_usd);
  if (n > 0 && costs.every((x) => x !== undefined)) summary.cost_usd = costs.reduce((a, b) => a! + b!, 0)!;
  const repairs = executed.flatMap((t) => (t.repair ? [t.repair] : []));
  if (repairs.length) {
    // Raw passes stay passes; a failed trial passes after repair only when its repaired candidate did.
    const repairedPasses = executed.filter((t) => t.outcome === 'pass' || t.repair?.outcome === 'pass').length;
    summary.repaired = {
      passes: repairedPasses,
      n,
      pass_at_1: n > 0 ? repairedPasses / n : null,
      repairs: repairs.length,
      minutes: Math.round(repairs.reduce((sum, r) => sum + r.minutes, 0) * 10) / 10,
      patch_lines: repairs.reduce((sum, r) => sum + r.patch_lines, 0),
    };
  }
  const judged = judgeSummary(executed);
  if (judged) summary.judge = judged;
  return summary;
}

/** A trial's tokens as it reported them: its total, else its input and output when it gave both; unknown otherwise. */
export function trialTokens(usage: { total_tokens?: number; input_tokens?: number; output_tokens?: number } | undefined): number | undefined {
  return usage?.total_tokens ?? sumDefined(usage?.input_tokens, usage?.output_tokens);
}

function sumDefined(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : a + b;
}

/** Over the executed trials of a task: calls, cached answers, tokens spent, answers per item. */
export function judgeSummary(trials: readonly { judge?: readonly JudgeRecordDigest[] | undefined }[]): JudgeSummary | undefined {
  const records = trials.flatMap((t) => t.judge ?? []);
  if (records.length === 0) return undefined;
  // Tokens and cost are what this run spent: an answer from the cache cost nothing here.
  const spent = (r: JudgeRecordDigest) => (r.cached ? 0 : (r.input_tokens ?? 0) + (r.output_tokens ?? 0));
  const paid = (r: JudgeRecordDigest) => (r.cached ? 0 : (r.cost_usd ?? 0));
  const priced = records.some((r) => r.cost_usd !== undefined);
  const items: JudgeSummary['items'] = {};
  for (const r of records) {
    const item = (items[r.id] ??= { yes: 0, no: 0, undetermined: 0, errors: 0, tokens: 0, ...(priced ? { cost_usd: 0 } : {}) });
    if (r.verdict === 'error') item.errors += 1;
    else item[r.verdict] += 1;
    item.tokens += spent(r);
    if (priced) item.cost_usd! += paid(r);
  }
  return {
    calls: records.filter((r) => r.asked && !r.cached).length,
    cached: records.filter((r) => r.cached).length,
    tokens: records.reduce((s, r) => s + spent(r), 0),
    ...(priced ? { cost_usd: records.reduce((s, r) => s + paid(r), 0) } : {}),
    items,
  };
}
