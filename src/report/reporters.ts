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

/** Every file output of `view` beside its results.json, each written once, piece by piece, through `scrubber`. */
export async function writeReports(view: RunView, scrubber: Scrubber, context: OutputContext = {}): Promise<void> {
  const withRedaction = { redact: (text: string) => scrubber.text(text), ...context };
  for (const reporter of FILES) await writePiecesInside(view.runDir, reporter.file!, reporter.render(view, withRedaction), scrubber);
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
export const writeRunReports: RunOutputs = async (recorded) => writeReports(recordedView(recorded), recorded.scrubber);
