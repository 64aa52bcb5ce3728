// The sequential confirmation: which tasks the next round reruns and with how many trials. Pure; the
// gate (src/gate/) calls it in a loop, running and appending each round, until it returns null
// (docs/comparison.md).
//
// A task goes on while its plan needs it (decide.ts): a check that can still regress is ambiguous at the
// look it reached, it has not regressed already, and its last round was not mostly environment errors (an
// outage never buys more trials). A round brings each of its tasks from the last trial it holds to the
// executed trials of its next look; tasks that stand at different trials go in rounds of their own, the
// nearest first. Within the pull request's trial cap only (analyse.ts).
import { analyse, type CompareOptions } from './analyse.ts';
import { BaseFold } from './fold.ts';
import type { ComparedResults } from '../results/read.ts';

export interface ConfirmationRound {
  /** The look the round brings its tasks to (1 = the first look after the first round). */
  look: number;
  /** The directory its trials go to beside the run's, distinct for every round of one gate: `confirmation-4-6` (its first and last trial; paired, `-base-1-2` after it). */
  name: string;
  /** Trials per task, numbered firstTrial + 1 … firstTrial + trials. */
  trials: number;
  firstTrial: number;
  /** Ids of the tasks to rerun; holdout ones too, which the caller runs but never shows. */
  tasks: string[];
  /** Paired: fresh trials of the base commit per task, run beside the head's, numbered baseFirstTrial + 1 …; 0: none this round. */
  baseTrials: number;
  baseFirstTrial: number;
}

export function nextConfirmation(bases: readonly ComparedResults[], head: ComparedResults, options: CompareOptions): ConfirmationRound | null {
  const fold = new BaseFold(head);
  bases.forEach((b, i) => fold.add(b, `base results ${i + 1}`));
  return nextRound(fold, head, options);
}

/** The same from bases already folded (the gate folds them once). */
export function nextRound(fold: BaseFold, head: ComparedResults, options: CompareOptions): ConfirmationRound | null {
  if (fold.runs === 0) return null;
  const a = analyse(fold, head, options);
  if (!a.comparable) return null;
  const waiting = new Map<string, { from: number; trials: number; look: number; baseFrom: number; baseTrials: number; tasks: string[] }>();
  for (const d of a.decided) {
    const next = d.decision.goesOn ? d.decision.next : null;
    if (!next) continue;
    const baseFrom = next.baseTrials > 0 ? (d.head.fresh?.held ?? 0) : 0;
    const key = `${d.head.held}-${next.trials}-${baseFrom}-${next.baseTrials}`;
    const group = waiting.get(key) ?? { from: d.head.held, trials: next.trials, look: next.look, baseFrom, baseTrials: next.baseTrials, tasks: [] };
    group.tasks.push(d.task.id);
    waiting.set(key, group);
  }
  if (waiting.size === 0) return null;
  const next = [...waiting.values()].sort((x, y) => x.from + x.trials - (y.from + y.trials) || x.from - y.from || x.baseFrom - y.baseFrom)[0]!;
  return {
    look: next.look,
    // Tasks at the same head trials whose bases differ go in rounds of their own: the base's range keeps their names apart.
    name: `confirmation-${next.from + 1}-${next.from + next.trials}${next.baseTrials ? `-base-${next.baseFrom + 1}-${next.baseFrom + next.baseTrials}` : ''}`,
    trials: next.trials,
    firstTrial: next.from,
    tasks: next.tasks,
    baseTrials: next.baseTrials,
    baseFirstTrial: next.baseFrom,
  };
}
