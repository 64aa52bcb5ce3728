// Where the action's trials run: in this job, with the run's facts from the event (the commit, the pull
// request, the workflow run), its secrets scrubbed and its progress in the log; the head's trial set, or the
// base commit's (its checkout, its commit) for a paired round.
import * as core from '@actions/core';
import { unaffectedTasks } from '../gate/scope.ts';
import { storedRecord, trialRunner, type TrialRunner } from '../gate/trials.ts';
import type { StoredRun } from '../results/stored-run.ts';
import { progressReporter } from '../trial/progress.ts';
import type { ActionContext } from './opening.ts';

/** The base commit's trial set in its checkout, and the commit, for a paired round's trials. */
export interface BaseCommit {
  configPath: string;
  sha: string;
  ref: string;
}

export function actionRunner(ctx: ActionContext, base?: BaseCommit): TrialRunner {
  const event = ctx.event;
  const pr = event.kind === 'pull_request' ? event : null;
  const run = trialRunner({
    configPath: base?.configPath ?? ctx.set.file,
    ...(ctx.inputs.trials ? { trials: ctx.inputs.trials } : {}),
    runInfo: {
      ref: base ? `refs/heads/${base.ref}` : (process.env.GITHUB_REF ?? null),
      base_ref: pr?.baseRef ?? null,
      pr_number: pr?.number ?? null,
      workflow_run_id: ctx.client.runId,
      git_sha: base?.sha ?? pr?.headSha ?? (event.kind === 'push' ? event.sha : (process.env.GITHUB_SHA ?? null)),
    },
    secrets: ctx.secrets.scrubber.patterns,
    // A fork's pull request runs the fork's code with no secrets: the holdout source is never fetched for it.
    ...(pr?.fromFork ? { remoteHoldout: { refused: 'a pull request from a fork is never given the holdout source' } } : {}),
    onProgress: progressReporter((line) => core.info(line.trimEnd()), false),
  });
  return async (options) => {
    const record = await run(options);
    core.info(`trialgate: results in ${record.resultsPath}`);
    return record;
  };
}

/** The head's trials outside the gate (a push's baseline, a shard's slice): every task the change reruns. */
export function runHead(ctx: ActionContext, runDir: string): Promise<StoredRun> {
  const unaffected = ctx.scope ? unaffectedTasks(ctx.scope) : new Map<string, string>();
  const options = { outDir: runDir, ...(ctx.inputs.shard ? { shard: ctx.inputs.shard } : {}), ...(unaffected.size ? { unaffected } : {}) };
  return core.group('Run the trial set', async () => storedRecord(await actionRunner(ctx)(options)));
}
