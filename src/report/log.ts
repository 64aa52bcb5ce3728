// The regressions in a CI log's plain lines and in a failed check's one-line annotation: where a reader of
// another CI looks (GitLab has no job summary; `trialgate gate --comment FILE` prints no comment), and the
// `::error::` line GitHub shows in the Checks tab. The same causes and words as the comment (causes.ts). Pure.
import { describeCause, PLAIN, reproduce } from './causes.ts';
import { plural } from './format.ts';
import { regressionCount, type ReportView } from './view.ts';

/** Causes told in full in a log; the rest are named. */
const LOGGED = 10;
const ANNOTATED = 3;

/** The regressions, one cause a paragraph, the changed files and the command that reproduces them; [] without a regression. */
export function regressionLog(view: ReportView, evidence: string): string[] {
  const c = view.comparison;
  if (c.regressions === 0) return [];
  const lines = [`${regressionCount(view)}:`];
  for (const [i, cause] of view.causes.slice(0, LOGGED).entries()) {
    const { title, lines: said } = describeCause(cause, PLAIN);
    lines.push(`${i + 1}. ${title}`, ...said.map((l) => `   ${l}`));
  }
  const rest = view.causes.slice(LOGGED);
  if (rest.length) lines.push(`… and ${plural(rest.length, 'more cause')}: ${rest.map((r) => r.task.id).join(', ')} (the comment's table has every one).`);
  if (c.holdout.checks.regressed > 0) lines.push(`${plural(c.holdout.checks.regressed, 'regression')} in holdout tasks (task and check withheld).`);
  if (view.changed?.matched.length) lines.push(`Changed: ${view.changed.matched.join(', ')}`);
  if (view.causes.length) {
    const { command, anchors } = reproduce(view, LOGGED);
    lines.push(`Reproduce: ${command}`, `Evidence: ${anchors.map((a) => `report.html#${a.anchor} (${a.task})`).join(', ')} in ${evidence}`);
  }
  return lines;
}

/** The failed check's annotation: its count, and the first causes by task and what each lost; `failure` as it is without a regression. */
export function failureAnnotation(view: ReportView, failure: string): string {
  const c = view.comparison;
  if (c.regressions === 0) return failure;
  const named = view.causes.slice(0, ANNOTATED).map((cause) => describeCause(cause, PLAIN).title.replace(/\.$/, ''));
  const more = view.causes.length - named.length;
  const holdout = c.holdout.checks.regressed > 0 ? `${plural(c.holdout.checks.regressed, 'regression')} in holdout tasks (withheld)` : '';
  const what = [...named, ...(more > 0 ? [`and ${plural(more, 'more cause')}`] : []), ...(holdout ? [holdout] : [])].join('; ');
  return `${regressionCount(view)} against the base branch: ${what}. The comment (or job summary) has the evidence.`;
}
