// The reporters by name: the one place that knows every implementation of reporter.ts, which of them a run
// directory holds as files, and how a front end writes them or takes one as text.
import type { RecordedRun, RunOutputs } from '../results/write.ts';
import { writePiecesInside } from '../util/safe-write.ts';
import type { Scrubber } from '../util/scrub.ts';
import { htmlReporter } from './html/write.ts';
import { jsonReporter } from './json.ts';
import { junitReporter } from './junit.ts';
import { markdownReporter } from './markdown.ts';
import type { OutputContext, Reporter } from './reporter.ts';
import { summaryReporter } from './summary.ts';
import { terminalReporter } from './terminal.ts';
import { present, type ReportView, type RunView } from './view.ts';

export const REPORTERS = {
  /** report.md, the PR comment, `trialgate compare` and `trialgate report`. */
  markdown: markdownReporter,
  /** `trialgate compare --format json`. */
  json: jsonReporter,
  junit: junitReporter,
  html: htmlReporter,
  /** The action's job summary. */
  summary: summaryReporter,
  /** After `trialgate run`. */
  terminal: terminalReporter,
} as const satisfies Record<string, Reporter<RunView>>;

/** The reporters whose output is a file of the run directory, in the order they are written. */
const FILES: readonly Reporter<RunView>[] = Object.values(REPORTERS).filter((r) => r.file !== undefined);

/** A file output that could not be written, and why. */
export interface ReporterFailure {
  file: string;
  error: string;
}

/**
 * Every file output of `view` beside its results.json, each written once, piece by piece, through `scrubber`.
 * Each reporter is on its own (as Stryker broadcasts to its reporters): one that throws does not stop the others,
 * its file says it could not be written instead of holding half a report, and it is returned for the caller to say.
 */
export async function writeReports(
  view: RunView,
  scrubber: Scrubber,
  context: OutputContext = {},
  reporters: readonly Reporter<RunView>[] = FILES,
): Promise<ReporterFailure[]> {
  const withRedaction = { redact: (text: string) => scrubber.text(text), ...context };
  const failures: ReporterFailure[] = [];
  for (const reporter of reporters) {
    try {
      await writePiecesInside(view.runDir, reporter.file!, reporter.render(view, withRedaction), scrubber);
    } catch (error) {
      const failure = { file: reporter.file!, error: error instanceof Error ? error.message : String(error) };
      failures.push(failure);
      await writePiecesInside(view.runDir, reporter.file!, [`${failureLine(failure)}\n`], scrubber).catch(() => undefined);
    }
  }
  return failures;
}

/** What a front end says of a reporter that failed. */
export function failureLine(f: ReporterFailure): string {
  return `trialgate: ${f.file} could not be written (${f.error}); the other outputs were written`;
}

/** One reporter's output as one string. */
export async function renderText<V extends ReportView>(reporter: Reporter<V>, view: V, context: OutputContext = {}): Promise<string> {
  const pieces: string[] = [];
  for await (const piece of reporter.render(view, context)) pieces.push(piece);
  return pieces.join('');
}

/** The view of a run just recorded (results/write.ts hands it over while its trials can still be read). */
export function recordedView(recorded: RecordedRun): RunView {
  return present({ head: recorded.run, trials: recorded.trials, runDir: recorded.runDir });
}

/** What `trialgate run` and `trialgate repair` leave beside results.json: the run shown alone, in every file output. */
export const writeRunReports: RunOutputs = async (recorded) => {
  const failures = await writeReports(recordedView(recorded), recorded.scrubber);
  if (failures.length) throw new Error(failures.map(failureLine).join('\n'));
};
