// The GitHub Action: the GitHub implementation of the gate (src/gate/). run() (start.ts) reads the inputs
// and the event once and skips a pull request with no watched change; then, here: run the trials (or one
// shard, or merge the shards) · on a pull request, the gate: base runs downloaded from the baseline
// workflow's artefacts, confirmation rounds run here, comparison and verdict · publish (artefact, comment,
// summary, outputs, in that order) · and only then fail the step.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as core from '@actions/core';
import { defaultAlpha, policyReach } from '../compare/policies.ts';
import { readResultsFile } from '../compare/read-results.ts';
import { gatePullRequest, type GatePorts } from '../gate/gate.ts';
import { unaffectedTasks } from '../gate/scope.ts';
import { judgeBaseAgainstHead, roundLine, runConfirmationRound } from '../gate/trials.ts';
import { UNGATED } from '../gate/verdict.ts';
import { attemptArtifactName } from '../github/baseline.ts';
import { recordsBaseline, type ActionEvent } from '../github/event.ts';
import { shardArtifactName, shardTrialsArtifactName } from '../github/shards.ts';
import { mergeShards } from '../results/merge.ts';
import { writeResults } from '../results/write.ts';
import type { Policy } from '../schemas/comparison.ts';
import type { Results } from '../schemas/results.ts';
import { progressReporter } from '../trial/progress.ts';
import { runTrialSet, type RunOptions } from '../trial/run-set.ts';
import { loadTrialSet, type TrialSet } from '../trial/trialset.ts';
import { trialSetSources } from '../secrets.ts';
import { checkOutBase } from './base-checkout.ts';
import { loadBaseSide, short } from './baselines.ts';
import type { ActionInputs } from './inputs.ts';
import { code } from '../report/format.ts';
import { publish } from './publish.ts';
import type { Opening } from './opening.ts';
import { actionSecrets, maskSecrets } from './secrets.ts';

interface Context extends Opening {
  /** Where this job's run directory and downloads go. */
  temp: string;
}

/** Everything after the first steps (start.ts): run the trials or merge the shards, then finish. */
export async function runOpened(opening: Opening): Promise<void> {
  // The fixtures' own acceptors name secrets too: known once the trial set is loaded, as the run loads it.
  const secrets = actionSecrets(opening.inputs, trialSetSources(await loadTrialSet(opening.set.file)));
  maskSecrets(secrets);
  const ctx: Context = { ...opening, secrets, temp: await mkdtemp(join(process.env.RUNNER_TEMP ?? tmpdir(), 'trialgate-')) };
  if (ctx.inputs.mode === 'merge') await mergeAndFinish(ctx);
  else await runAndFinish(ctx);
}

/** A re-run attempt cannot reuse the run's artefact name; baseline lookup accepts either. */
function runArtifactName(inputs: ActionInputs): string {
  return attemptArtifactName(inputs.artifactName, Number(process.env.GITHUB_RUN_ATTEMPT ?? 1));
}

async function runAndFinish(ctx: Context): Promise<void> {
  const { inputs } = ctx;
  const runDir = join(ctx.temp, 'run');
  const unaffected = ctx.scope ? unaffectedTasks(ctx.scope) : new Map<string, string>();
  const runHead = () =>
    core.group('Run the trial set', () =>
      runTrials(ctx, { outDir: runDir, ...(inputs.shard ? { shard: inputs.shard } : {}), ...(unaffected.size ? { unaffected } : {}) }),
    );
  if (inputs.shard) {
    // A shard only uploads its slice; the merge job compares, comments and gates.
    const head = await runHead();
    const { index, count } = inputs.shard;
    const [name, trialsArtifactName] = [shardArtifactName(inputs.artifactName, index, count), shardTrialsArtifactName(inputs.artifactName, index, count)];
    await publish(ctx, { runDir, results: head, comparison: null, notes: [], artifactName: name, gate: null, trialsArtifactName });
    return;
  }
  await finish(ctx, runDir, runHead);
}

/**
 * Join the shards' results; their trial directories stay in the shards' artefacts, which the merged one
 * links instead of downloading and uploading them again.
 */
async function mergeAndFinish(ctx: Context): Promise<void> {
  const count = ctx.inputs.shardCount;
  if (!count) throw new Error('mode merge needs the shard input: the number of shards to join, e.g. shard: 4');
  const runDir = join(ctx.temp, 'run');
  await mkdir(runDir, { recursive: true });
  const shards: Results[] = [];
  const links: string[] = [];
  for (const { index, artifact, trials } of await ctx.client.listShardArtifacts(ctx.inputs.artifactName, ctx.client.runId, count)) {
    const dir = join(ctx.temp, `shard-${index}`);
    await ctx.client.downloadArtifact({ id: artifact.id, runId: ctx.client.runId, digest: artifact.digest ?? null }, dir);
    shards.push(await readResultsFile(join(dir, 'results.json')));
    const holder = trials ?? artifact;
    links.push(`[${index}/${count}](${ctx.client.artifactUrl(holder.id)})`);
  }
  const merged = mergeShards(shards, count);
  await writeResults(runDir, merged, ctx.secrets.scrubber);
  core.info(`trialgate: merged ${count} shards`);
  await finish(ctx, runDir, async () => merged, [`The trial directories are in the artefacts of the shards: ${links.join(' · ')}.`], merged);
}

/** Baseline runs upload their first round; pull requests go through the gate (src/gate/), then publish. */
async function finish(ctx: Context, runDir: string, firstRound: () => Promise<Results>, shardNotes: string[] = [], merged?: Results): Promise<void> {
  const { inputs, event } = ctx;
  if (event.kind !== 'pull_request') {
    const results = await firstRound();
    const baseline = recordsBaseline(event, inputs.baselineBranches);
    const notes = [
      ...shardNotes,
      baseline
        ? `Baseline recorded for ${code((event as { branch: string }).branch)} at ${short(results.run.git_sha)}: later pull requests compare with it.`
        : `Not a baseline: only pushes to ${inputs.baselineBranches.join(', ') || 'the default branch'} record one.`,
    ];
    await publish(ctx, { runDir, results, comparison: null, notes, artifactName: runArtifactName(inputs), gate: UNGATED });
    return;
  }
  const set = await loadTrialSet(ctx.set.file);
  const base = inputs.rerunBase ? await checkOutBase(ctx.workspace, event.baseSha, ctx.set.file, join(ctx.temp, 'base-commit')) : null;
  if (base && 'off' in base) core.info(`trialgate: no paired rounds on the base commit: ${base.off}`);
  const baseConfig = base && 'config' in base ? base.config : null;
  const outcome = await gatePullRequest(githubPorts(ctx, event, runDir, set, shardNotes, baseConfig), {
    set,
    runDir,
    scope: ctx.scope,
    changedFiles: ctx.changedFiles,
    gateFile: workflowFile(),
    ...(inputs.trials ? { trials: inputs.trials } : {}),
    ...(merged ? { firstRound: merged } : {}),
    settings: {
      ...(inputs.policy === 'auto' ? {} : { policy: inputs.policy as Policy }),
      ...(inputs.alpha === null ? {} : { alpha: inputs.alpha }),
      confirmTrials: inputs.confirmTrials,
      maxTrials: inputs.maxTrials,
      failOn: inputs.failOn,
      failWithoutBaseline: inputs.failWithoutBaseline,
    },
    scrubber: ctx.secrets.scrubber,
  }).finally(() => (base && 'remove' in base ? base.remove() : undefined));
  await publish(ctx, {
    runDir,
    results: outcome.head,
    comparison: outcome.comparison,
    bases: outcome.bases,
    notes: outcome.notes,
    artifactName: runArtifactName(inputs),
    gate: outcome.gate,
    changed: ctx.scope,
    config: relative(ctx.workspace, ctx.set.file),
  });
}

/** Where a pull request's trials run (this job) and its base runs come from (the baseline workflow's artefacts): GitHub's ports of the gate. */
function githubPorts(
  ctx: Context,
  event: Extract<ActionEvent, { kind: 'pull_request' }>,
  runDir: string,
  set: TrialSet,
  shardNotes: string[],
  baseConfig: string | null,
): GatePorts {
  const { inputs } = ctx;
  return {
    run: (options) => runTrials(ctx, options),
    ...(baseConfig
      ? { runBase: (options: Partial<RunOptions>) => runTrials(ctx, options, { configPath: baseConfig, sha: event.baseSha, ref: event.baseRef }) }
      : {}),
    baseRuns: () =>
      core.group('Find the baseline', async () => {
        const base = await loadBaseSide(ctx.client, {
          workflow: inputs.baselineWorkflow,
          branch: event.baseRef,
          baseSha: event.baseSha,
          artifactName: inputs.artifactName,
          maxRuns: inputs.baselineRuns,
          destination: join(ctx.temp, 'baselines'),
          trialSet: ctx.set.config.name,
        });
        return { ...base, notes: [...shardNotes, ...base.notes], where: `${code(inputs.artifactName)} of ${code(event.baseRef)}` };
      }),
    approval: async () => approvalOf(event, inputs.approvalLabel),
    saveHead: async (head) => void (await writeResults(runDir, head, ctx.secrets.scrubber)),
    say: (line) => core.info(`trialgate: ${line}`),
    warn: (line) => core.warning(`trialgate: ${relative(ctx.workspace, set.file) || set.file}: ${line}`),
  };
}

/** The maintainers' approval of a change to the measurement: the label on the pull request, which only people with triage rights can set. */
function approvalOf(event: Extract<ActionEvent, { kind: 'pull_request' }>, label: string): string | null {
  return event.labels.includes(label) ? `the label ${code(label)} on the pull request` : null;
}

/** The workflow file that runs this job, relative to the repository (GITHUB_WORKFLOW_REF: owner/repo/.github/workflows/x.yml@ref). */
function workflowFile(): string | null {
  const ref = process.env.GITHUB_WORKFLOW_REF;
  return (ref && /^[^/]+\/[^/]+\/(.+?)@/.exec(ref)?.[1]) || null;
}

/** Trials of the head's trial set, or of the base commit's (its checkout, its commit) for a paired round. */
async function runTrials(ctx: Context, options: Partial<RunOptions>, base?: { configPath: string; sha: string; ref: string }): Promise<Results> {
  const event = ctx.event;
  const pr = event.kind === 'pull_request' ? event : null;
  const output = await runTrialSet({
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
    ...options,
  });
  core.info(`trialgate: results in ${output.resultsPath}`);
  return output.results;
}
