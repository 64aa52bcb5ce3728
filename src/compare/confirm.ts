// The sequential confirmation: which tasks the next round reruns and with how many trials. Pure; the
// gate (src/gate/) calls it in a loop, running and appending each round, until it returns null
// (docs/comparison.md).
//
// A task goes on while the plan needs it (decide.ts): a gated check ambiguous at the look it reached (its
// p within that look's screening bound and not yet flagged), in either view of its environment errors, or
// a first round mostly lost to the environment (one retry of at most k trials, which extends the first
// round and tests nothing). Which tasks go on is free to depend on the data: each testing look tests at a
// size fixed by the plan, with its own share of α, so the screening costs trials, never errors. A round
// takes each of its tasks from the last trial it holds to the same trial number: tasks that stand at
// different trials (a retried one) go in rounds of their own.
import { analyse, type CompareOptions } from './compare.ts';
import { BaseFold } from './fold.ts';
import { retryTrials } from './plan.ts';
import type { ComparedResults } from './read-results.ts';

export interface ConfirmationRound {
  /** The look the round brings its tasks to (1 = the first confirmation look; 0: a retry that stays within the first round). */
  look: number;
  /** The retry of first rounds mostly lost to the environment, not a confirmation. */
  retry: boolean;
  /** The directory its trials go to beside the run's, distinct for every round of one gate: `retry`, `confirmation-2`. */
  name: string;
  /** Trials per task, numbered firstTrial + 1 … firstTrial + trials. */
  trials: number;
  firstTrial: number;
  /** Ids of the tasks to rerun; holdout ones too, which the caller runs but never shows. */
  tasks: string[];
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
  if (!a.comparable || !a.plan) return null;
  const looks = a.plan.looks.map((l) => l.trials);
  const k = looks[0]!;
  const waiting = new Map<string, { from: number; to: number; retry: boolean; tasks: string[] }>();
  for (const d of a.drafts) {
    if (d.task.status !== 'compared' || !d.decision?.goesOn) continue;
    const retry = d.decision.retry;
    const from = d.held;
    const to = retry ? k + retryTrials(a.plan) : looks[d.reached + 1]!;
    const key = `${from}-${to}`;
    const group = waiting.get(key) ?? { from, to, retry, tasks: [] };
    group.tasks.push(d.task.id);
    waiting.set(key, group);
  }
  if (waiting.size === 0) return null;
  // The nearest first: a retry before any look, a look before the next.
  const next = [...waiting.values()].sort((x, y) => x.to - y.to || x.from - y.from)[0]!;
  const look = looks.reduce((at, n, i) => (n <= next.to ? i : at), 0);
  const name = next.retry ? 'retry' : next.from === looks[look - 1] ? `confirmation-${look}` : `confirmation-${look}-from-${next.from + 1}`;
  return { look, retry: next.retry, name, trials: next.to - next.from, firstTrial: next.from, tasks: next.tasks };
}
