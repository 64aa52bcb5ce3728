// The gate of a pull request, one function for every front end: the head's first round, the base runs,
// the confirmation rounds the plan asks for, the new failures, the pairwise judge, the comparison and the
// verdict. The GitHub Action (src/action/) and `trialgate gate` (src/cli/gate.ts) implement the ports
// below: where trials run, where the base runs come from; both then publish what this returns, so the
// same inputs give the same verdict, exit status and comment (docs/comparison.md, docs/other-ci.md).
import { baseRunProblem } from '../compare/base-runs.ts';
import { compareFolded, type CompareOptions } from '../compare/compare.ts';
import { nextRound, type ConfirmationRound } from '../compare/confirm.ts';
import { BaseFold } from '../compare/fold.ts';
import { newFailures } from '../failures/archive.ts';
import { newFailureNotes } from '../report/failures.ts';
import { appendRound } from '../results/merge.ts';
import type { Comparison, Policy } from '../schemas/comparison.ts';
import type { Pairwise } from '../schemas/judge.ts';
import type { Results } from '../schemas/results.ts';
import { decideGate, type Gate, type GatePolicy } from './verdict.ts';

/** A base run: its results and where its trial directories are (report.html and the pairwise judge read its candidates). */
/** The base runs found for a pull request, and what a reader should know of where they came from. */
export interface FoundBases {
  bases: BaseRun[];
  notes: string[];
  /**
   * Base runs refused only because they hold another trial set. When no run of this trial set exists, one of
   * them stands in the comparison, which then says the trial set was renamed (incomparable, undecided):
   * a pull request that renames its trial set must not pass as if there were no baseline.
   */
  otherNamed?: BaseRun[];
}

export interface BaseRun {
  dir: string;
  results: Results;
}

/** Where the gate's trials run and its base runs come from: what a front end implements. */
export interface GatePorts {
  /** The head's first round: every task k times. */
  firstRound(): Promise<Results>;
  /** The base runs, newest first, already chosen by the front end's rules, with notes on where they came from. */
  baseRuns(head: Results): Promise<FoundBases>;
  /** One confirmation round: the trials it names, numbered as planned, with their evidence beside the run's. */
  confirmationRound(round: ConfirmationRound, head: Results): Promise<Results>;
  /** The head after its confirmation rounds, to be written back to the run directory. */
  saveHead(head: Results): Promise<void>;
  /** Base against head by the model judge, when the trial set asks for it. */
  pairwise?(head: Results, bases: readonly BaseRun[]): Promise<Pairwise | undefined>;
}

export interface GateSettings extends GatePolicy {
  policy?: Policy;
  alpha?: number;
  /** Most extra trials per task of the confirmation; null: the default; 0: none. */
  confirmTrials: number | null;
  /** Most agent trials the pull request may launch in all (its head); past it a task that needs more is undecided. */
  maxTrials?: number | null;
}

export interface GateOutcome {
  head: Results;
  /** null only when the head could not be compared at all (never for a pull request with a head run). */
  comparison: Comparison;
  bases: BaseRun[];
  /** Lines for the comment under the verdict: where the baseline came from, new failures. */
  notes: string[];
  rounds: ConfirmationRound[];
  gate: Gate;
}

export async function runGate(ports: GatePorts, settings: GateSettings): Promise<GateOutcome> {
  const first = await ports.firstRound();
  const found = await ports.baseRuns(first);
  const options: CompareOptions = {
    ...(settings.policy ? { policy: settings.policy } : {}),
    ...(settings.alpha === undefined ? {} : { alpha: settings.alpha }),
    ...(settings.confirmTrials === null ? {} : { confirmTrials: settings.confirmTrials }),
    ...(settings.maxTrials ? { maxTrials: settings.maxTrials } : {}),
  };
  // Every base run is folded once: the confirmation plan is asked again after each round against the same fold.
  const compareWith = found.bases.length ? found.bases : (found.otherNamed ?? []).slice(0, 1);
  const fold = (head: Results) => {
    const f = new BaseFold(head);
    compareWith.forEach((b, i) => f.add(b.results, `base run ${i + 1}`));
    return f;
  };
  let head = first;
  const rounds: ConfirmationRound[] = [];
  const folded = fold(head);
  for (let round = nextRound(folded, head, options); round; round = nextRound(folded, head, options)) {
    head = appendRound(head, await ports.confirmationRound(round, head));
    rounds.push(round);
  }
  if (rounds.length) await ports.saveHead(head);
  const usable = found.bases.filter((b) => !baseRunProblem(b.results));
  const notes = [
    ...found.notes,
    ...(usable.length
      ? newFailureNotes(
          newFailures(
            usable.map((b) => b.results),
            head,
          ),
        )
      : []),
  ];
  const pairwise = ports.pairwise ? await ports.pairwise(head, usable) : undefined;
  const comparison = { ...compareFolded(fold(head), head, options), ...(pairwise ? { pairwise } : {}) };
  return { head, comparison, bases: usable, notes, rounds, gate: decideGate(comparison, settings) };
}
