// Writes a run's files: results.json (validated against its schema), junit.xml, report.md (the markdown
// of the run alone, as a PR comment without a baseline would show it) and report.html (the run's evidence
// to look at, docs/report-html.md). Each is written piece by piece, never as one string, and scrubbed.
import { compareResults } from '../compare/compare.ts';
import { renderRunMarkdown } from '../report/markdown.ts';
import { Results, type RunDigest, type TrialResult } from '../schemas/results.ts';
import { jsonPieces, lazy } from '../util/json-stream.ts';
import { writeInside, writePiecesInside } from '../util/safe-write.ts';
import { Scrubber } from '../util/scrub.ts';
import { junitPieces } from './junit.ts';

/** Written through `scrubber` (no secret reaches a file) and never through a link planted in the run directory. */
export async function writeRunFiles(runDir: string, results: Results, scrubber: Scrubber = Scrubber.none): Promise<string> {
  const valid = Results.parse(results);
  const trials = new Map(valid.tasks.map((task) => [task.id, task.trials]));
  return writeValidRunFiles(runDir, valid, (taskId) => trials.get(taskId) ?? [], scrubber);
}

/**
 * The files of a run kept as digests with its trials in a log (trial-log.ts): each trial was validated when
 * it was logged, the rest is here. Each file that needs whole trials reads them from the log again, one
 * at a time, so a run of thousands is never in memory at once.
 */
export async function writeLoggedRunFiles(runDir: string, run: RunDigest, trials: (taskId: string) => Iterable<TrialResult>, scrubber: Scrubber): Promise<string> {
  Results.parse({ ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [] })) });
  // The log gives each task's trials in trial order; so do the digests, for the page's trial list.
  const ordered = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [...task.trials].sort((a, b) => a.trial - b.trial) })) };
  return writeValidRunFiles(runDir, ordered, trials, scrubber);
}

async function writeValidRunFiles(runDir: string, run: RunDigest, trials: (taskId: string) => Iterable<TrialResult>, scrubber: Scrubber): Promise<string> {
  const whole = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: lazy(trials(task.id)) })) };
  const resultsPath = await writePiecesInside(runDir, 'results.json', withNewline(jsonPieces(whole)), scrubber);
  const suites = run.tasks.map((task) => ({ id: task.id, wall_ms: task.summary.wall_ms, outcomes: task.trials.map((t) => t.outcome), trials: trials(task.id) }));
  await writePiecesInside(runDir, 'junit.xml', junitPieces(run.trial_set.name, suites), scrubber);
  await writeInside(runDir, 'report.md', renderRunMarkdown(run), scrubber);
  // Loaded when the page is written, not while the trials run: the renderer and its diff library are
  // memory a long run need not carry.
  const { htmlPieces } = await import('../report/html/write.ts');
  const page = htmlPieces({ results: run, comparison: compareResults([], run), trials }, { runDir, redact: (text) => scrubber.text(text) });
  await writePiecesInside(runDir, 'report.html', page, scrubber);
  return resultsPath;
}

function* withNewline(pieces: Iterable<string>): Generator<string> {
  yield* pieces;
  yield '\n';
}
