// The sequential confirmation: which tasks the next round reruns and with how many trials. Pure; the
// action calls it in a loop, running and appending each round, until it returns null (docs/comparison.md).
//
// A task is rerun while one of its gated checks stays ambiguous: its pooled Fisher p at every look so far
// within that look's screening bound (looks.ts), and not already flagged by the first round whatever the
// family (p ≤ α₁ / family). Which tasks go on is free to depend on the data: the final look tests at a
// size fixed by the plan, with its own share of α, so the screening costs trials, never errors.
import { analyse, type CompareOptions, type DraftCheck } from './compare.ts';
import { familyBudget } from './familywise.ts';
import { BaseFold } from './fold.ts';
import { screeningBound } from './looks.ts';
import { appendRound } from '../results/merge.ts';
import type { Results } from '../schemas/results.ts';
import type { ComparedResults } from './read-results.ts';
import { fisherLower } from './stats.ts';

export interface ConfirmationRound {
  /** The look the round brings its tasks to (1 = the first confirmation look). */
  look: number;
  /** Trials per task, numbered firstTrial + 1 … firstTrial + trials. */
  trials: number;
  firstTrial: number;
  /** Ids of the tasks to rerun; holdout ones too, which the caller runs but never shows. */
  tasks: string[];
}

export function nextConfirmation(bases: readonly ComparedResults[], head: ComparedResults, options: CompareOptions): ConfirmationRound | null {
  if (!options.confirmTrials || bases.length === 0) return null;
  const fold = new BaseFold(head);
  bases.forEach((b, i) => fold.add(b, `base results ${i + 1}`));
  const a = analyse(fold, head, options);
  if (!a.comparable || !a.budget) return null;
  const split = familyBudget(a.budget.alpha, a.budget.family, fold.runs, head.run.k, true);
  if (split.confirm <= 0) return null;
  const surely = split.first / Math.max(1, split.family);
  const last = a.looks.length - 1;
  const waiting = new Map<number, string[]>();
  for (const d of a.drafts) {
    if (d.task.status !== 'compared' || d.reached >= last) continue;
    if (!d.checks.some((c) => c.gated && ambiguous(c, d.reached, surely))) continue;
    waiting.set(d.reached, [...(waiting.get(d.reached) ?? []), d.task.id]);
  }
  if (waiting.size === 0) return null;
  const at = Math.min(...waiting.keys());
  return { look: at + 1, trials: a.looks[at + 1]! - a.looks[at]!, firstTrial: a.looks[at]!, tasks: waiting.get(at)! };
}

function ambiguous(c: DraftCheck, reached: number, surely: number): boolean {
  if (fisherLower(c.base, c.looks[0]!) <= surely) return false;
  for (let i = 0; i <= reached; i++) if (fisherLower(c.base, c.looks[i]!) > screeningBound(i)) return false;
  return true;
}

/**
 * The whole confirmation: ask for the next round, let `run` produce its trials, append them, until no
 * task is ambiguous. `run` does the I/O (the action runs the agent); everything else is decided here.
 */
export async function confirmSequentially(
  bases: readonly ComparedResults[],
  first: Results,
  options: CompareOptions,
  run: (round: ConfirmationRound, head: Results) => Promise<Results>,
): Promise<{ head: Results; rounds: ConfirmationRound[] }> {
  let head = first;
  const rounds: ConfirmationRound[] = [];
  for (let round = nextConfirmation(bases, head, options); round; round = nextConfirmation(bases, head, options)) {
    head = appendRound(head, await run(round, head));
    rounds.push(round);
  }
  return { head, rounds };
}
