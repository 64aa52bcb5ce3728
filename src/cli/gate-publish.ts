// What `trialgate gate` leaves once the gate decided: the run's reports, the comment (to stdout or a file) and,
// in the log, what regressed and the verdict: another CI may have no job summary.
import { join } from 'node:path';
import { failureAnnotation, regressionLog } from '../report/log.ts';
import { failureLine, renderText, REPORTERS, writeReports } from '../report/reporters.ts';
import { presentRun } from '../report/explain.ts';
import type { ChangedFiles } from '../report/view.ts';
import type { GateOutcome } from '../gate/gate.ts';
import type { Scrubber } from '../util/scrub.ts';
import { writeNamedFile } from '../util/safe-write.ts';
import type { Io } from './io.ts';
import { displayPath } from './paths.ts';

export interface LocalRun {
  runDir: string;
  /** Where the comment goes; null: stdout. */
  commentFile: string | null;
  baselineRequired: boolean;
  changed: ChangedFiles | null;
  /** The trial-set file relative to the repository's top level, as the action names it. */
  config: string;
}

/** The run's reports, the comment (to stdout or a file) and, in the log, what regressed and the verdict: another CI may have no job summary. */
export async function publishLocally(outcome: GateOutcome, run: LocalRun, scrubber: Scrubber, io: Io): Promise<void> {
  const { runDir, commentFile } = run;
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
  else io.stdout(markdown);
  io.stderr(`\nresults: ${displayPath(join(runDir, 'results.json'), io.cwd)} · comment: ${displayPath(join(runDir, 'report.md'), io.cwd)}\n`);
  for (const line of regressionLog(view, displayPath(runDir, io.cwd))) io.stderr(`${scrubber.text(line)}\n`);
  io.stderr(`trialgate gate: ${gate.failure ? scrubber.text(failureAnnotation(view, gate.failure)) : gate.verdict}\n`);
}
