// What `trialgate gate` leaves once the gate decided: the run's reports, the comment (to a file, and to stdout
// unless a person reads stdout at a terminal), or the comparison as JSON, and, in the log, what regressed and
// the verdict: another CI may have no job summary, and a person at a terminal reads those lines alone.
import { join } from 'node:path';
import { failureAnnotation, regressionLog } from '../report/log.ts';
import { failureLine, renderText, REPORTERS, writeReports } from '../report/reporters.ts';
import { presentRun } from '../report/explain.ts';
import type { ChangedFiles, RunView } from '../report/view.ts';
import type { GateOutcome } from '../gate/gate.ts';
import { plural } from '../util/counted.ts';
import { terminalText } from '../util/inert.ts';
import type { Scrubber } from '../util/scrub.ts';
import { writeNamedFile } from '../util/safe-write.ts';
import type { Io } from './io.ts';
import { displayPath } from './paths.ts';

export interface LocalRun {
  runDir: string;
  /** Where the comment goes besides report.md; null: nowhere else. */
  commentFile: string | null;
  /** What stdout gets: the comment, the comparison as JSON, or nothing (the verdict lines on stderr say where the comment is). */
  printed: 'markdown' | 'json' | null;
  baselineRequired: boolean;
  changed: ChangedFiles | null;
  /** The trial-set file relative to the repository's top level, as the action names it. */
  config: string;
}

/** The run's reports, the comment (to a file, stdout) or the comparison as JSON, and, in the log, what regressed and the verdict. */
export async function publishLocally(outcome: GateOutcome, run: LocalRun, scrubber: Scrubber, io: Io): Promise<void> {
  const { runDir, commentFile, printed } = run;
  const gate = outcome.gate;
  // The run's files are written once, now that the comparison is known; the comment is its report.md.
  const view = await presentRun({
    head: outcome.head.run,
    trials: outcome.head.trials,
    comparison: outcome.comparison,
    notes: outcome.notes,
    runDir,
    bases: outcome.bases,
    baselineRequired: run.baselineRequired,
    ...(run.changed ? { changed: run.changed } : {}),
    checkFails: gate.failure !== null,
    config: run.config,
  });
  for (const failure of await writeReports(view, scrubber)) io.stderr(`${failureLine(failure)}\n`);
  const markdown = scrubber.text(await renderText(REPORTERS.markdown, view));
  if (commentFile) await writeNamedFile(commentFile, markdown);
  if (printed === 'markdown') io.stdout(markdown);
  if (printed === 'json') io.stdout(scrubber.text(await renderText(REPORTERS.json, view)));
  const shown = (file: string) => displayPath(join(runDir, file), io.cwd);
  io.stderr(`\nresults: ${shown('results.json')} · comment: ${shown('report.md')} · evidence: ${shown('report.html')}\n`);
  // Each line quotes what trials said (a failure's reason, a judge's answer): kept to one line, as the
  // action's log keeps it, so that no trial's text adds a line that reads as trialgate's own.
  const oneLine = (text: string) => terminalText(scrubber.text(text), true);
  for (const line of regressionLog(view, displayPath(runDir, io.cwd))) io.stderr(`${oneLine(line)}\n`);
  // A regression reported only (fail-on: never) names its causes as a failure's annotation does.
  io.stderr(`trialgate gate: ${oneLine(gate.failure ? failureAnnotation(view, gate.failure) : passedLine(view, gate.verdict))}\n`);
}

/** A gate that does not fail, in a line: what it found, over how many tasks. */
function passedLine(view: RunView, verdict: GateOutcome['gate']['verdict']): string {
  const c = view.comparison;
  const compared = c.task_counts.compared + c.holdout.tasks.compared;
  const notRerun = c.task_counts.not_rerun + c.holdout.tasks.not_rerun;
  const tasks = `${plural(compared, 'task')} compared${notRerun ? `, ${notRerun} not rerun` : ''}`;
  if (verdict === 'pass') return `pass: no regressions; ${tasks}`;
  if (verdict === 'regression') return `reported only (fail-on: never): ${failureAnnotation(view, '')}`;
  if (verdict === 'undecided') return `undecided, reported only (fail-on: never); ${tasks}`;
  if (verdict === 'no-baseline') return 'no baseline: head results only, nothing compared';
  return verdict;
}
