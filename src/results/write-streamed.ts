// A run's files written from its trial log (trial-log.ts), never holding every trial at once: results.json
// and junit.xml trial by trial (each validated when it was logged, the rest of results.json here), and
// report.md from the run's digest, since the run report reads each trial's outcome, checks, env error and
// evidence only. report.html is the exception: its page model wants each trial whole, so it is built from
// the log read back once at the end (the page itself is bounded, docs/report-html.md). The result is the
// same files writeRunFiles writes from a whole Results.
import { closeSync, writeSync } from 'node:fs';
import { compareResults } from '../compare/compare.ts';
import { buildHtmlPieces } from '../report/html/write.ts';
import { renderRunMarkdown } from '../report/markdown.ts';
import { Results, type TaskResult, type TrialResult } from '../schemas/results.ts';
import { lazy, jsonPieces } from '../util/json-stream.ts';
import { openInside, writeInside } from '../util/safe-write.ts';
import type { Scrubber } from '../util/scrub.ts';
import { junitPieces } from './junit.ts';
import type { TrialDigest } from './trial-log.ts';

/** A run as memory holds it: every trial a digest. */
export type TaskDigest = Omit<TaskResult, 'trials'> & { trials: TrialDigest[] };
export type RunDigest = Omit<Results, 'tasks'> & { tasks: TaskDigest[] };

/** Where the trials of a task are read back from, in trial order. */
export type TrialSource = (taskId: string) => Iterable<TrialResult>;

/** Writes results.json, junit.xml and report.md into `runDir`, scrubbed; returns the path of results.json. */
export async function writeRunFilesStreamed(runDir: string, run: RunDigest, trials: TrialSource, scrubber: Scrubber): Promise<string> {
  // Everything but the trials is validated here; each trial was, when it was logged.
  Results.parse({ ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [] })) });
  const document = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: lazy(trials(task.id)) })) };
  const resultsPath = await writePieces(runDir, 'results.json', [jsonPieces(document), ['\n']], scrubber);
  const suites = run.tasks.map((task) => ({ id: task.id, wall_ms: task.summary.wall_ms, outcomes: task.trials.map((t) => t.outcome), trials: trials(task.id) }));
  await writePieces(runDir, 'junit.xml', [junitPieces(run.trial_set.name, suites)], scrubber);
  await writeInside(runDir, 'report.md', renderRunMarkdown(reportable(run)), scrubber);
  const whole: Results = { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: [...trials(task.id)] })) };
  const html = await buildHtmlPieces(whole, compareResults([], whole), { runDir, redact: (text) => scrubber.text(text) });
  await writePieces(runDir, 'report.html', [html], scrubber);
  return resultsPath;
}

/**
 * The digest as the Results the run report takes: it reads no layer and no judgement of a trial
 * (test/results-streamed.test.ts checks that report.md comes out as from the whole results).
 */
function reportable(run: RunDigest): Results {
  const layer = { ok: null, failures: [] };
  const layers = { final_state: layer, constraints: layer, tool_contract: layer, trajectory: { notes: [] } };
  return { ...run, tasks: run.tasks.map((task) => ({ ...task, trials: task.trials.map((t) => ({ ...t, layers, judgements: [] })) })) };
}

/**
 * Each piece scrubbed on its own: a piece is a whole JSON value or XML element of one trial or of the
 * envelope, or a whole part of the HTML page, so a secret (always inside one string) never spans two.
 */
export async function writePieces(root: string, name: string, sources: Iterable<string>[], scrubber: Scrubber): Promise<string> {
  const { fd, path } = openInside(root, name);
  try {
    for (const source of sources) {
      for (const piece of source) {
        const bytes = Buffer.from(scrubber.text(piece));
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}
