// junit.xml: one testcase per task × trial, the failure reason in the message. Pure.
import type { Results, TrialResult } from '../schemas/results.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export function renderJunit(results: Results): string {
  return [...junitPieces(results.trial_set.name, results.tasks.map((task) => ({ id: task.id, wall_ms: task.summary.wall_ms, outcomes: task.trials.map((t) => t.outcome), trials: task.trials })))].join('');
}

/** One task's suite: its totals, known before its trials are written, and the trials themselves. */
export interface JunitSuite {
  id: string;
  wall_ms: number;
  outcomes: readonly TrialResult['outcome'][];
  trials: Iterable<TrialResult>;
}

/** junit.xml piece by piece, each suite's trials produced as they are written (a run of thousands). */
export function* junitPieces(setName: string, suites: Iterable<JunitSuite>): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${escape(setName)}">\n`;
  let first = true;
  for (const suite of suites) {
    const count = (o: TrialResult['outcome']) => suite.outcomes.filter((x) => x === o).length;
    yield `${first ? '' : '\n'}  <testsuite name="${escape(suite.id)}" tests="${suite.outcomes.length}" failures="${count('fail')}" errors="${count('env_error')}" skipped="${count('unexecuted')}" time="${(suite.wall_ms / 1000).toFixed(3)}">`;
    for (const trial of suite.trials) {
      const name = `${suite.id} trial ${trial.trial}`;
      const time = (trial.wall_ms / 1000).toFixed(3);
      const body = trialBody(trial);
      yield `\n    <testcase classname="${escape(setName)}.${escape(suite.id)}" name="${escape(name)}" time="${time}"${body ? `>\n${body}\n    </testcase>` : ' />'}`;
    }
    yield '\n  </testsuite>';
    first = false;
  }
  yield '\n</testsuites>\n';
}

function trialBody(trial: TrialResult): string {
  const reasons = failureReasons(trial);
  switch (trial.outcome) {
    case 'pass':
      return '';
    case 'env_error':
      return `      <error message="${escape(`env_error: ${trial.env_error ?? 'environment failure'}`)}" />`;
    case 'unexecuted':
      return '      <skipped message="not executed" />';
    case 'fail':
      return `      <failure message="${escape(reasons[0] ?? trial.stop_reason)}">${escape(reasons.join('\n'))}</failure>`;
  }
}

/** Every reason a trial failed, stop reason first, one line each. */
export function failureReasons(trial: TrialResult): string[] {
  const layers = trial.layers;
  return [
    ...(trial.stop_reason !== 'completed' ? [`stopped: ${trial.stop_reason}`] : []),
    ...layers.final_state.failures.map((f) => `final state: ${f}`),
    ...layers.constraints.failures.map((f) => `constraints: ${f}`),
    ...layers.tool_contract.failures.map((f) => `tool contract: ${f}`),
  ];
}
