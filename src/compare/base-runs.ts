// Which base runs may serve as a baseline: one rule for every way a base arrives (the action's download,
// files and directories given to the CLI), so the gate a developer runs is the gate of the required check.
//
// A run recorded during an outage is mostly environment errors: its few executed trials say little, and
// pooled in it would make every later pull request look like an improvement (or hide a regression behind
// "the base was bad too"). Such a run is not a baseline; the comment names it and why.
import type { ComparedResults } from '../results/read.ts';
import type { Results } from '../schemas/results.ts';
import { plural } from '../util/counted.ts';

/** A base run: its results and where its trial directories are (report.html and the pairwise judge read its candidates). */
export interface BaseRun {
  dir: string;
  results: Results;
}

/** Why `results` cannot serve as a baseline, or null when it can. */
export function baseRunProblem(results: Pick<ComparedResults, 'tasks'> & { run: { integrity_error?: string | undefined } }): string | null {
  if (results.run.integrity_error) return `its run's integrity failed (${results.run.integrity_error.slice(0, 200)}), so no trial of it counts`;
  let started = 0;
  let env = 0;
  for (const task of results.tasks)
    for (const trial of task.trials) {
      if (trial.outcome === 'unexecuted') continue;
      started += 1;
      if (trial.outcome === 'env_error') env += 1;
    }
  if (started === 0) return 'it holds no executed trial';
  if (env * 2 > started)
    return `${env} of its ${plural(started, 'trial')} ${env === 1 ? 'is an environment error' : 'are environment errors'} (a run that is mostly environment errors is not a baseline); rerun the baseline workflow`;
  return null;
}

/** Why a run cannot serve as the baseline of `trialSet`: another trial set, or baseRunProblem; null when it can. */
export function baseRunRefusal(results: Parameters<typeof baseRunProblem>[0] & Pick<ComparedResults, 'trial_set'>, trialSet: string): string | null {
  if (results.trial_set.name !== trialSet) return `it holds trial set ${JSON.stringify(results.trial_set.name)}, not ${JSON.stringify(trialSet)}`;
  return baseRunProblem(results);
}

/**
 * A run of another trial set: when no run of `trialSet` exists, the pull request renamed it (gate/gate.ts
 * FoundBases.otherNamed). Whether it could serve does not matter: runs the base branch recorded during an
 * outage, under the old name, would otherwise leave a renaming pull request with no baseline at all, a pass,
 * where the same pull request unrenamed is undecided (none of them can serve).
 */
export function holdsOtherTrialSet(results: Pick<ComparedResults, 'trial_set'>, trialSet: string): boolean {
  return results.trial_set.name !== trialSet;
}
