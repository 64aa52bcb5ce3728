// What the judge's answers make of a trial and of a task. Pure. A judge check never changes whether a
// trial passed: programmatic evidence decides that; the model's answer is its own check, shown as a
// model's answer. `undetermined` is not a pass; `error` (the judge could not be asked) is no check at all.
import type { JudgeRecord, JudgeRecordDigest, JudgeSummary } from '../schemas/judge.ts';

export const JUDGE_PREFIX = 'judge:';

export function judgeChecks(records: readonly JudgeRecord[]): Record<string, boolean> {
  const checks: Record<string, boolean> = {};
  for (const r of records) if (r.verdict !== 'error') checks[`${JUDGE_PREFIX}${r.id}`] = r.verdict === 'yes';
  return checks;
}

/** Trajectory notes: an item not judged (environment) or not answered (undetermined), and why; a bounded figure. */
export function judgeNotes(records: readonly JudgeRecord[]): string[] {
  return records.flatMap((r) => {
    const note = r.note ? [`judge: ${r.id}: ${r.note}`] : [];
    if (r.verdict === 'error') return [`env error (judge): ${r.id} not judged: ${r.reason}`];
    if (r.verdict === 'undetermined') return [`judge: ${r.id} undetermined (not a pass): ${r.reason}`, ...note];
    return note;
  });
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
