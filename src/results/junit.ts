// junit.xml: one testcase per task × trial, the failure reason in the message. Pure.
import type { Results, TrialResult } from '../schemas/results.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export function renderJunit(results: Results): string {
  const suites = results.tasks.map((task) => {
    const cases = task.trials.map((trial) => {
      const name = `${task.id} trial ${trial.trial}`;
      const time = (trial.wall_ms / 1000).toFixed(3);
      const body = trialBody(trial);
      return `    <testcase classname="${escape(results.trial_set.name)}.${escape(task.id)}" name="${escape(name)}" time="${time}"${body ? `>\n${body}\n    </testcase>` : ' />'}`;
    });
    const count = (o: TrialResult['outcome']) => task.trials.filter((t) => t.outcome === o).length;
    return [
      `  <testsuite name="${escape(task.id)}" tests="${task.trials.length}" failures="${count('fail')}" errors="${count('env_error')}" skipped="${count('unexecuted')}" time="${(task.summary.wall_ms / 1000).toFixed(3)}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${escape(results.trial_set.name)}">\n${suites.join('\n')}\n</testsuites>\n`;
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
