// The terminal's table after `trialgate run`: per task its passes, pass@1, pass@k and pass^k, detections
// and the task's own checks, env errors, usage and wall time, and one row for the holdout tasks together;
// then the env errors, the model judge and whether the run was isolated.
import { markdownTable } from 'markdown-table';
import type { RunDigest } from '../schemas/results.ts';
import { plural } from '../util/counted.ts';
import { isolationNote } from './isolation.ts';
import { judgeRunLines } from './judge.ts';
import type { Reporter } from './reporter.ts';
import type { HeldOut, RunView } from './view.ts';

export const terminalReporter: Reporter<RunView> = { render: (view) => [renderRunSummary(view.run, view.heldOut)] };

const pct = (x: number | null) => (x === null ? '' : `${Math.round(x * 100)}%`);

function renderRunSummary(results: RunDigest, held: HeldOut | null): string {
  const k = results.run.k;
  const usage =
    results.tasks.some((t) => t.summary.tokens !== undefined || t.summary.cost_usd !== undefined) || held?.tokens !== undefined || held?.cost_usd !== undefined;
  // One column for detections (recorded only by kinds that count them, countsDetections) and the kinds' own
  // checks, named for what its rows hold; none when no task has either.
  const own = new Map(results.tasks.map((t) => [t, taskCheckCounts(t)]));
  const detects = results.tasks.some((t) => Object.keys(t.summary.detections).length > 0);
  const checks = [...own.values()].some((c) => c.length > 0);
  const column = detects && checks ? 'detections / task checks' : detects ? 'detections' : checks ? 'task checks' : null;
  const rows = results.tasks.map((t) => {
    const s = t.summary;
    return [
      t.id,
      t.set,
      `${s.passes}/${s.n}`,
      pct(s.pass_at_1),
      ...(k > 1 ? [pct(s.pass_at_k), pct(s.pass_pow_k)] : []),
      ...(column ? [[...Object.entries(s.detections).map(([fault, d]) => `${fault} ${d.detected}/${d.n}`), ...own.get(t)!].join(', ')] : []),
      String(s.env_errors),
      ...(usage ? [s.tokens === undefined ? '' : String(s.tokens), s.cost_usd === undefined ? '' : `$${s.cost_usd.toFixed(4)}`] : []),
      `${(s.wall_ms / 1000).toFixed(1)} s`,
    ];
  });
  if (held) {
    const rate = held.passes.n ? held.passes.successes / held.passes.n : null;
    rows.push([
      `holdout: ${plural(held.tasks, 'task')}`,
      'holdout',
      `${held.passes.successes}/${held.passes.n}`,
      pct(rate),
      ...(k > 1 ? ['', ''] : []),
      ...(column ? ['withheld'] : []),
      String(held.trials.env_error),
      ...(usage ? [held.tokens === undefined ? '' : String(held.tokens), held.cost_usd === undefined ? '' : `$${held.cost_usd.toFixed(4)}`] : []),
      `${(held.wall_ms / 1000).toFixed(1)} s`,
    ]);
  }
  const header = [
    'task',
    'set',
    'passes',
    'pass@1',
    ...(k > 1 ? [`pass@${k}`, `pass^${k}`] : []),
    ...(column ? [column] : []),
    'env errors',
    ...(usage ? ['tokens', 'cost'] : []),
    'wall',
  ];
  const tasks = results.tasks.length + (held?.tasks ?? 0);
  const lines = [`${results.trial_set.name}: ${plural(tasks, 'task')} × k=${k}`, '', markdownTable([header, ...rows])];
  // One line per task and rule: the trials it held, not the same rule again for each of them.
  const envErrors = results.tasks.flatMap((t) => {
    const byRule = new Map<string, number[]>();
    for (const r of t.trials.filter((r) => r.outcome === 'env_error')) {
      const said = `${r.env_error}${r.env_error_source === 'agent' ? ' (declared by the agent)' : ''}`;
      byRule.set(said, [...(byRule.get(said) ?? []), r.trial]);
    }
    return [...byRule].map(([said, trials]) => `  - ${t.id} ${trials.length === 1 ? 'trial' : 'trials'} ${trials.join(', ')}: ${said}`);
  });
  if (envErrors.length) lines.push('', 'env errors (excluded from pass rates):', ...envErrors);
  const judged = judgeRunLines(results);
  if (judged.length) lines.push('', ...judged);
  const isolation = isolationNote(results);
  if (isolation) lines.push('', isolation);
  return lines.join('\n') + '\n';
}

/**
 * The task's own checks besides detections: how many executed trials handled each boundary of a
 * tool-using task (`tool:<boundary>`), or passed each check its kind labels (a code task's hidden tests).
 */
function taskCheckCounts(task: RunDigest['tasks'][number]): string[] {
  const executed = task.trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail');
  const own = (c: string) => c.startsWith('tool:') || (task.check_labels?.[c] !== undefined && !c.startsWith('constraint:'));
  const checks = [...new Set(executed.flatMap((t) => Object.keys(t.checks).filter(own)))];
  return checks.map((c) => `${c.startsWith('tool:') ? c.slice('tool:'.length) : c} ${executed.filter((t) => t.checks[c] === true).length}/${executed.length}`);
}
