// The junit.xml reporter: one testsuite per task of the run, one testcase per trial, every reason a trial
// failed in its failure. Written piece by piece, each task's trials taken from the view as they are written.
// The holdout tasks are one testsuite of their trials counted by outcome, in that order (so neither a task nor
// its trials' order can be told), each failure without a reason.
import { layerFailures } from '../results/reasons.ts';
import type { Outcome, TrialResult } from '../schemas/results.ts';
import { codePoint, markHidden } from '../util/inert.ts';
import type { Reporter } from './reporter.ts';
import type { HeldOut, RunView } from './view.ts';

/** XML-escaped, and every character that draws nothing (controls, which XML forbids, included) shown as a mark (util/inert.ts). */
const escape = (s: string) =>
  markHidden(
    s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!),
    (c) => `[${codePoint(c)}]`,
  );

export const junitReporter: Reporter<RunView> = { file: 'junit.xml', render: junitPieces };

/** junit.xml piece by piece, each task's totals (known from its digests) before its trials. */
async function* junitPieces(view: RunView): AsyncGenerator<string> {
  const setName = view.run.trial_set.name;
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${escape(setName)}">\n`;
  let first = true;
  for (const suite of view.run.tasks) {
    const outcomes = suite.trials.map((t) => t.outcome);
    const count = (o: TrialResult['outcome']) => outcomes.filter((x) => x === o).length;
    yield `${first ? '' : '\n'}  <testsuite name="${escape(suite.id)}" tests="${outcomes.length}" failures="${count('fail')}" errors="${count('env_error')}" skipped="${count('unexecuted')}" time="${(suite.summary.wall_ms / 1000).toFixed(3)}">`;
    for await (const trial of view.trials(suite.id)) {
      const name = `${suite.id} trial ${trial.trial}`;
      const time = (trial.wall_ms / 1000).toFixed(3);
      const body = trialBody(trial);
      yield `\n    <testcase classname="${escape(setName)}.${escape(suite.id)}" name="${escape(name)}" time="${time}"${body ? `>\n${body}\n    </testcase>` : ' />'}`;
    }
    yield '\n  </testsuite>';
    first = false;
  }
  if (view.heldOut) yield `${first ? '' : '\n'}${heldOutSuite(setName, view.heldOut)}`;
  yield '\n</testsuites>\n';
}

const HELD_OUT_BODY: Record<Outcome, string> = {
  pass: '',
  fail: '      <failure message="a holdout trial failed (task and check withheld)" />',
  env_error: '      <error message="env_error in a holdout task (rule withheld)" />',
  unexecuted: '      <skipped message="not executed" />',
};

function heldOutSuite(setName: string, h: HeldOut): string {
  const total = h.trials.pass + h.trials.fail + h.trials.env_error + h.trials.unexecuted;
  const name = `holdout (${h.tasks} task${h.tasks === 1 ? '' : 's'}, withheld)`;
  const cases: string[] = [];
  let n = 0;
  for (const outcome of ['pass', 'fail', 'env_error', 'unexecuted'] as const) {
    for (let i = 0; i < h.trials[outcome]; i++) {
      const body = HELD_OUT_BODY[outcome];
      cases.push(
        `\n    <testcase classname="${escape(setName)}.holdout" name="holdout trial ${++n} of ${total}" time="0"${body ? `>\n${body}\n    </testcase>` : ' />'}`,
      );
    }
  }
  return `  <testsuite name="${name}" tests="${total}" failures="${h.trials.fail}" errors="${h.trials.env_error}" skipped="${h.trials.unexecuted}" time="${(h.wall_ms / 1000).toFixed(3)}">${cases.join('')}\n  </testsuite>`;
}

function trialBody(trial: TrialResult): string {
  const reasons = layerFailures(trial);
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
