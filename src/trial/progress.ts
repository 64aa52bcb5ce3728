// Progress of a long run: a live line on a terminal, one line per finished trial in CI logs. Every text
// a trial supplied is one inert line (util/inert.ts): a failure reason cannot start a line of its own in
// a CI log (where a line can be a workflow command) nor move a terminal's cursor.
import { layerFailures } from '../results/reasons.ts';
import { terminalText } from '../util/inert.ts';
import type { TrialResult } from '../schemas/results.ts';

/** One trial ended, as the run shows it. */
export interface ProgressEvent {
  done: number;
  total: number;
  /** The task's name as shown: a holdout task's pseudonym. */
  task: string;
  trial: number;
  /** As shown: a holdout task's trial withheld (holdout/withhold.ts). */
  result: TrialResult;
  holdout?: true;
}

/** `redraw` replaces the terminal's current line (a live count); false: one line per trial through `write`. */
export function progressReporter(write: (text: string) => void, redraw: false | ((line: string) => void)): (event: ProgressEvent) => void {
  const tally = { pass: 0, fail: 0, env_error: 0, unexecuted: 0 };
  return (event) => {
    tally[event.result.outcome]++;
    if (redraw) {
      const counts = `pass ${tally.pass} · fail ${tally.fail} · env error ${tally.env_error}`;
      redraw(`[${event.done}/${event.total}] ${counts}`);
      if (event.done === event.total) write('\n');
      return;
    }
    const { result } = event;
    // A holdout trial's line says only how it ended: neither its task nor why (docs/holdout.md).
    const why = event.holdout
      ? ''
      : result.outcome === 'fail'
        ? ` — ${firstLineOf(layerFailures(result)[0] ?? '', result.evidence)}`
        : result.outcome === 'env_error'
          ? ` — ${firstLineOf(envReason(result), result.evidence)}`
          : '';
    write(
      terminalText(
        `[${event.done}/${event.total}] ${event.holdout ? 'a holdout task' : event.task} trial ${event.trial}: ${result.outcome} (${(result.wall_ms / 1000).toFixed(1)} s)${why}`,
        true,
      ) + '\n',
    );
  };
}

/**
 * What went wrong in an environment error: the trial's own reason (`the agent command names …/agnet.mjs, which
 * does not exist`), else its rule. The rule alone (`the agent could not be started …`) names no file to fix.
 */
function envReason(result: TrialResult): string {
  const note = result.layers.trajectory?.notes?.find((n) => n.startsWith('env error: '));
  const reason = note ? note.slice('env error: '.length) : (result.env_error ?? '');
  return result.env_error_source === 'agent' ? `${reason} (declared by the agent)` : reason;
}

const REASON_CHARS = 240;

/** A reason's first line, bounded: a compiler's or a stack's lines after it are in the trial's verdict.json, named. */
function firstLineOf(reason: string, evidence: string): string {
  const first = reason.split('\n', 1)[0]!.trimEnd();
  if (first === reason && first.length <= REASON_CHARS) return first;
  return `${first.length > REASON_CHARS ? `${first.slice(0, REASON_CHARS)}…` : first} (the whole reason: ${evidence}/evidence/verdict.json)`;
}
