// Writes a run's results.json (validated against its schema, written piece by piece, never as one string,
// and scrubbed), then hands the run to the outputs its front end gives: the reports beside it (junit.xml,
// report.md, report.html: src/report/) are not this layer's to know.
import { Results, type RunDigest, type TrialResult } from '../schemas/results.ts';
import { jsonPieces, lazy } from '../util/json-stream.ts';
import { writePiecesInside } from '../util/safe-write.ts';
import { Scrubber } from '../util/scrub.ts';

/** A run just recorded: its digests, and each task's whole trials on demand while the run still holds them. */
export interface RecordedRun {
  runDir: string;
  run: RunDigest;
  /** A task's whole trials, in trial order. */
  trials: (taskId: string) => Iterable<TrialResult>;
  /** What everything written of the run goes through. */
  scrubber: Scrubber;
}

/** What a run hands itself to once its results.json is written: the files its front end writes beside it. */
export type RunOutputs = (recorded: RecordedRun) => Promise<void>;

/**
 * results.json of whole results, written through `scrubber` (no secret reaches it) and never through a link
 * planted in the run directory; then `outputs` gets the run.
 */
export async function writeResults(runDir: string, results: Results, scrubber: Scrubber = Scrubber.none, outputs?: RunOutputs): Promise<string> {
  const valid = Results.parse(results);
  const byTask = new Map(valid.tasks.map((task) => [task.id, task.trials]));
  const trials = (taskId: string) => byTask.get(taskId) ?? [];
  const path = await writeResultsPieces(runDir, valid, trials, scrubber);
  await outputs?.({ runDir, run: valid, trials, scrubber });
  return path;
}

/**
 * results.json of a run kept as digests with its trials in a log (trial-log.ts): each trial was validated
 * when it was logged, the rest is here. The trials are read from the log again, one at a time, so a run of
 * thousands is never in memory at once; then `outputs` gets the run while the log can still be read.
 */
export async function writeLoggedResults(
  runDir: string,
  run: RunDigest,
  trials: (taskId: string) => Iterable<TrialResult>,
  scrubber: Scrubber,
  outputs?: RunOutputs,
): Promise<string> {
  Results.parse({ ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [] })) });
  const path = await writeResultsPieces(runDir, run, trials, scrubber);
  // The log gives each task's trials in trial order; so do the digests, for the outputs' trial lists.
  const ordered = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [...task.trials].sort((a, b) => a.trial - b.trial) })) };
  await outputs?.({ runDir, run: ordered, trials, scrubber });
  return path;
}

async function writeResultsPieces(runDir: string, run: RunDigest, trials: (taskId: string) => Iterable<TrialResult>, scrubber: Scrubber): Promise<string> {
  const whole = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: lazy(trials(task.id)) })) };
  return writePiecesInside(runDir, 'results.json', withNewline(jsonPieces(whole)), scrubber);
}

function* withNewline(pieces: Iterable<string>): Generator<string> {
  yield* pieces;
  yield '\n';
}
