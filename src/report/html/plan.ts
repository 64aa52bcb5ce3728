// Which trial directories report.html reads, in which order, and which base trial each head trial's
// candidate is compared with. Read in the order the report shows the tasks (most severe first, and in
// a task the trials that did not pass first), so that when the page's size budget runs out, what it
// leaves out is the evidence of passing, unchanged trials. Pure.
import { isAbsolute, relative, resolve } from 'node:path';
import type { TaskDigest, TrialDigest } from '../../schemas/results.ts';
import type { ShownBase, RunView } from '../view.ts';

export interface PlannedTrial {
  /** The trial's evidence path as results.json gives it: the key of what is read. */
  evidence: string;
  /** The trial directory; null when the path leads outside the run directory (never read). */
  dir: string | null;
  base: { evidence: string; dir: string } | null;
}

const OUTCOME_ORDER: Record<string, number> = { fail: 0, env_error: 1, pass: 2, unexecuted: 3 };

/** Every trial of the view's tasks, in the view's order (most severe first), the trials that did not pass first. */
export function planEvidence(view: RunView): PlannedTrial[] {
  const { runDir } = view;
  const head = new Map(view.run.tasks.map((t) => [t.id, t]));
  const baseTasks = view.bases.map((b) => ({ dir: b.dir, tasks: new Map(b.results.tasks.map((t) => [t.id, t])) }));
  return view.tasks.flatMap(({ task }) => {
    const trials = [...(head.get(task.id)?.trials ?? [])].sort(
      (a, b) => (OUTCOME_ORDER[a.outcome] ?? 4) - (OUTCOME_ORDER[b.outcome] ?? 4) || a.trial - b.trial,
    );
    return trials.map((trial) => ({ evidence: trial.evidence, dir: inside(runDir, trial.evidence), base: baseTrial(task.id, trial, baseTasks) }));
  });
}

/**
 * The base trial to diff against: in the first base run that has the task (and not as a holdout task),
 * the executed trial of the same number, else its first executed trial.
 */
function baseTrial(taskId: string, trial: TrialDigest, bases: readonly { dir: string; tasks: Map<string, TaskDigest> }[]): PlannedTrial['base'] {
  for (const base of bases) {
    const task = base.tasks.get(taskId);
    if (!task || task.set === 'holdout') continue;
    const executed = task.trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail');
    const match = executed.find((t) => t.trial === trial.trial) ?? executed[0];
    const dir = match ? inside(base.dir, match.evidence) : null;
    if (match && dir) return { evidence: match.evidence, dir };
  }
  return null;
}

/** `path` under `root`, or null when it would leave it: results.json is input, and may be hostile. */
export function inside(root: string, path: string): string | null {
  const abs = resolve(root, path);
  const rel = relative(resolve(root), abs);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? null : abs;
}
