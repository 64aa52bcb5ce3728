// What the judge's answers make of a trial. Pure. A judge check never changes whether a
// trial passed: programmatic evidence decides that; the model's answer is its own check, shown as a
// model's answer. `undetermined` is not a pass; `error` (the judge could not be asked) is no check at all.
import type { JudgeRecord } from '../schemas/judge.ts';

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
