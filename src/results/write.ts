// Writes a run's files: results.json (validated against its schema), junit.xml, report.md (the markdown
// of the run alone, as a PR comment without a baseline would show it) and report.html (the run's evidence
// to look at, docs/report-html.md). Each is written piece by piece, never as one string, and scrubbed.
import { compareResults } from '../compare/compare.ts';
import { buildHtmlPieces } from '../report/html/write.ts';
import { renderRunMarkdown } from '../report/markdown.ts';
import { Results, type TrialResult } from '../schemas/results.ts';
import { jsonPieces } from '../util/json-stream.ts';
import { writeInside, writePiecesInside } from '../util/safe-write.ts';
import { Scrubber } from '../util/scrub.ts';
import { junitPieces } from './junit.ts';
import type { RunDigest } from './trial-log.ts';

/** Written through `scrubber` (no secret reaches a file) and never through a link planted in the run directory. */
export async function writeRunFiles(runDir: string, results: Results, scrubber: Scrubber = Scrubber.none): Promise<string> {
  return writeValidRunFiles(runDir, Results.parse(results), scrubber);
}

/**
 * The files of a run kept as digests with its trials in a log (trial-log.ts): each trial was validated when
 * it was logged, the rest is here. The log is read back once: report.html's page model wants every trial
 * whole (the page itself stays bounded, docs/report-html.md).
 */
export async function writeLoggedRunFiles(runDir: string, run: RunDigest, trials: (taskId: string) => Iterable<TrialResult>, scrubber: Scrubber): Promise<string> {
  Results.parse({ ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [] })) });
  return writeValidRunFiles(runDir, { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [...trials(task.id)] })) }, scrubber);
}

async function writeValidRunFiles(runDir: string, results: Results, scrubber: Scrubber): Promise<string> {
  const resultsPath = await writePiecesInside(runDir, 'results.json', withNewline(jsonPieces(results)), scrubber);
  const suites = results.tasks.map((task) => ({ id: task.id, wall_ms: task.summary.wall_ms, outcomes: task.trials.map((t) => t.outcome), trials: task.trials }));
  await writePiecesInside(runDir, 'junit.xml', junitPieces(results.trial_set.name, suites), scrubber);
  await writeInside(runDir, 'report.md', renderRunMarkdown(results), scrubber);
  const html = await buildHtmlPieces(results, compareResults([], results), { runDir, redact: (text) => scrubber.text(text) });
  await writePiecesInside(runDir, 'report.html', html, scrubber);
  return resultsPath;
}

function* withNewline(pieces: Iterable<string>): Generator<string> {
  yield* pieces;
  yield '\n';
}
