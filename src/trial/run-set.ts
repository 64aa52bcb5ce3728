// A run of a trial set, assembled from its steps: plan it (run-plan.ts), open what its trials share
// (run-resources.ts), run the trials (run-trials.ts), summarise them (run-summary.ts), and hand the
// summary and the logged trials to the outputs: results.json beside the trial directories (results/write.ts),
// then the outputs the caller gives (src/report/ writes junit.xml, report.md, report.html). Evidence goes to disk as each trial ends; memory holds only
// the small per-trial digests. Every step gets what it needs as arguments: no state passes between them
// any other way.
import { readResultsFile } from '../results/read.ts';
import { writeLoggedResults } from '../results/write.ts';
import type { Results, RunDigest, TrialResult } from '../schemas/results.ts';
import { HoldoutRun } from './holdout.ts';
import { planRun, type RunOptions, type RunPlan } from './run-plan.ts';
import type { RunIntegrity } from './run-integrity.ts';
import { openRunResources } from './run-resources.ts';
import { summariseRun } from './run-summary.ts';
import { runTrials } from './run-trials.ts';
import { loadTrialSet } from './trialset.ts';

export { hashWatched } from './run-integrity.ts';
export { concurrencyLimits, planSlots, trialSeed, type RunOptions, type Shard } from './run-plan.ts';
export type { ProgressEvent } from './progress.ts';

export interface RunOutput {
  runDir: string;
  resultsPath: string;
  results: Results;
}

/** A run as `recordTrialSet` returns it: every trial a digest, the whole of each in results.json. */
export interface RunRecord {
  runDir: string;
  resultsPath: string;
  run: RunDigest;
}

/**
 * Run the trial set and read its results.json back whole: for tests and benches that look at every trial of
 * a small run. Nothing in src/ calls it; the gate and the commands hold a run as recordTrialSet returns it.
 */
export async function runTrialSet(options: RunOptions): Promise<RunOutput> {
  const { runDir, resultsPath } = await recordTrialSet(options);
  return { runDir, resultsPath, results: await readResultsFile(resultsPath) };
}

/**
 * Run the trial set. Each trial goes to disk as it ends (its directory, and a log its results are written
 * from at the end): while trials run, memory holds a digest per trial, not every trial's layers and reports.
 */
export async function recordTrialSet(options: RunOptions): Promise<RunRecord> {
  const set = await loadTrialSet(options.configPath);
  const holdout = await HoldoutRun.start(set, options.remoteHoldout, options.tasks);
  try {
    return await recordPlanned(await planRun(set, holdout, options), options);
  } finally {
    await holdout.dispose();
  }
}

async function recordPlanned(plan: RunPlan, options: RunOptions): Promise<RunRecord> {
  const startedAt = new Date().toISOString();
  const resources = await openRunResources(plan, options);
  try {
    const byTask = await runTrials(plan, resources, options.onProgress);
    // How each task's services were provided is known once every proof ended (a task none of whose trials reached acceptance included).
    await resources.pool.decided();
    const run = summariseRun(plan, resources, byTask, options.runInfo, { startedAt, finishedAt: new Date().toISOString() });
    // The services are no longer needed: stopped before the outputs are written, and the acceptance copies
    // they served from removed while the outputs are.
    await resources.pool.close();
    resources.releaseCopies();
    const { log, integrity } = resources;
    const trials = (taskId: string) => trusted(log.trials(taskId), integrity);
    // What the run shows from here on has its holdout tasks withheld; their detail is sealed first.
    const shown = await plan.holdout.withhold(run, trials, plan.runDir, resources.scrubber);
    const resultsPath = await writeLoggedResults(plan.runDir, shown.run, shown.trials, resources.scrubber, options.outputs);
    return { runDir: plan.runDir, resultsPath, run: shown.run };
  } finally {
    await resources.close();
  }
}

/** Each logged trial as the run's integrity leaves it. */
function* trusted(trials: Iterable<TrialResult>, integrity: RunIntegrity): Generator<TrialResult> {
  for (const trial of trials) yield integrity.trust(trial);
}
