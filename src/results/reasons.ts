// Why a trial did not pass, in a few short lines: what a report lists under the trial's ✗ so that the
// reason of a failed check is one click from the table, for a whole trial (its layers) and for the
// digest a run keeps in memory (its `why`, taken from the layers when the trial was logged). A results
// file read for comparison is checked only in the fields compare uses: its layers are read defensively.
// And every reason, whole, for a failure that is shown whole (junit.xml, the progress line).
import type { TrialResult } from '../schemas/results.ts';

const MAX_REASONS = 5;
const REASON_CHARS = 300;

interface ReasonSource {
  outcome: TrialResult['outcome'];
  stop_reason?: string;
  layers?: unknown;
  why?: string[];
}

export function failureReasons(trial: ReasonSource): string[] {
  if (trial.outcome === 'pass') return [];
  if (!trial.layers) return Array.isArray(trial.why) ? trial.why.filter((l) => typeof l === 'string').slice(0, MAX_REASONS) : [];
  const layers = trial.layers as Partial<Record<'final_state' | 'constraints' | 'tool_contract', { failures?: unknown }> & { trajectory: { notes?: unknown } }>;
  const lines = (value: unknown): string[] => (Array.isArray(value) ? value.filter((l): l is string => typeof l === 'string') : []);
  const found =
    trial.outcome === 'env_error' || trial.outcome === 'unexecuted'
      ? lines(layers.trajectory?.notes).filter((n) => /^(env error|fix|not run)/.test(n))
      : [...lines(layers.final_state?.failures), ...lines(layers.constraints?.failures), ...lines(layers.tool_contract?.failures)];
  if (found.length === 0 && trial.stop_reason && trial.stop_reason !== 'completed') found.push(`stopped: ${trial.stop_reason.replaceAll('_', ' ')}`);
  return found.slice(0, MAX_REASONS).map((l) => {
    const one = l.replace(/\s*\n\s*/g, ' ⏎ ');
    return one.length > REASON_CHARS ? `${one.slice(0, REASON_CHARS)}…` : one;
  });
}

/** What an environment error trial said was wrong in its own words (a program or variable it names, the agent's declared reason), one line; undefined when it said only its rule. */
export function envErrorWords(trial: ReasonSource): string | undefined {
  return failureReasons(trial)
    .find((line) => line.startsWith('env error: '))
    ?.slice('env error: '.length);
}

/** Every reason a whole trial failed, stop reason first, one line each, none cut. */
export function layerFailures(trial: Pick<TrialResult, 'stop_reason' | 'layers'>): string[] {
  const layers = trial.layers;
  return [
    ...(trial.stop_reason !== 'completed' ? [`stopped: ${trial.stop_reason}`] : []),
    ...layers.final_state.failures.map((f) => `final state: ${f}`),
    ...layers.constraints.failures.map((f) => `constraints: ${f}`),
    ...layers.tool_contract.failures.map((f) => `tool contract: ${f}`),
  ];
}
