// What a trial said of itself, for an assertion's message: a failure under load must show why the trial ended as
// it did (its env_error rule, its failures, its notes), not only that an outcome differed.
import type { TrialResult } from '../../src/schemas/results.ts';

/** The trial's outcome, stop reason, env_error rule, checks, failures and notes, as one line of JSON (capped). */
export function trialSaid(trial: Pick<TrialResult, 'outcome' | 'stop_reason' | 'env_error' | 'checks' | 'layers'>): string {
  const { outcome, stop_reason, env_error, checks, layers } = trial;
  return JSON.stringify({ outcome, stop_reason, env_error, checks, failures: layers.final_state.failures, notes: layers.trajectory.notes }).slice(0, 4000);
}
