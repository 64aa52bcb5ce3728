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
import { runGate } from '../gate/gate.ts';
import { unaffectedTasks } from '../gate/scope.ts';
import { judgeBaseAgainstHead, roundLine, runConfirmationRound } from '../gate/trials.ts';
import { UNGATED } from '../gate/verdict.ts';
import { attemptArtifactName } from '../github/baseline.ts';
import { recordsBaseline } from '../github/event.ts';
import { shardArtifactName, shardTrialsArtifactName } from '../github/shards.ts';
import { mergeShards } from '../results/merge.ts';
import { writeResults } from '../results/write.ts';
import type { Policy } from '../schemas/comparison.ts';
import type { Results } from '../schemas/results.ts';
import { progressReporter } from '../trial/progress.ts';
import { runTrialSet, type RunOptions } from '../trial/run-set.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { trialSetSources } from '../secrets.ts';
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
  sayWhatThePolicyCanReach(ctx);
  if (ctx.inputs.mode === 'merge') await mergeAndFinish(ctx);
  else await runAndFinish(ctx);
}

/**
 * Before any trial runs: a familywise policy that cannot flag even a total loss at this k, number of base
 * runs and confirmation budget is said at once, naming the setting to raise (the comment says it again).
 */
function sayWhatThePolicyCanReach(ctx: Context): void {
  const { inputs, set } = ctx;
  if (ctx.event.kind !== 'pull_request' || inputs.policy === 'strict') return;
  const k = inputs.trials ?? set.config.trials;
  const alpha = inputs.alpha ?? defaultAlpha(inputs.baselineRuns);
  const reach = policyReach('familywise', { k, baseRuns: inputs.baselineRuns, alpha, budget: inputs.confirmTrials });
  if (reach.reachable) return;
  const where = `${relative(ctx.workspace, set.file) || set.file}: trials: ${k}${inputs.trials ? ' (the trials input)' : ''}`;
  if (inputs.policy === 'familywise') core.warning(`trialgate: ${where}: ${reach.note}`);
  else core.notice(`trialgate: ${where}: ${reach.note}; the comparison uses strict instead`);
}

/** A re-run attempt cannot reuse the run's artefact name; baseline lookup accepts either. */
function runArtifactName(inputs: ActionInputs): string {
  return attemptArtifactName(inputs.artifactName, Number(process.env.GITHUB_RUN_ATTEMPT ?? 1));
}

async function runAndFinish(ctx: Context): Promise<void> {
  const { inputs } = ctx;
  const runDir = join(ctx.temp, 'run');
  const unaffected = ctx.scope ? unaffectedTasks(ctx.scope) : new Map<string, string>();
  if (unaffected.size) core.info(`trialgate: not rerun (unaffected by this pull request): ${[...unaffected.keys()].join(', ')}`);
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
  await finish(ctx, runDir, async () => merged, [`The trial directories are in the artefacts of the shards: ${links.join(' · ')}.`]);
}

/** Baseline runs upload their first round; pull requests go through the gate, then publish. */
async function finish(ctx: Context, runDir: string, firstRound: () => Promise<Results>, shardNotes: string[] = []): Promise<void> {
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
  const outcome = await runGate(
    {
      firstRound,
      baseRuns: async () => {
        const base = await core.group('Find the baseline', () =>
          loadBaseSide(ctx.client, {
            workflow: inputs.baselineWorkflow,
            branch: event.baseRef,
            baseSha: event.baseSha,
            artifactName: inputs.artifactName,
            maxRuns: inputs.baselineRuns,
            destination: join(ctx.temp, 'baselines'),
            trialSet: ctx.set.config.name,
          }),
        );
        const notes = [...shardNotes, ...base.notes];
        if (base.bases.length === 0 && base.otherNamed.length === 0)
          notes.push(
            `No results artefact ${code(inputs.artifactName)} found on ${code(event.baseRef)}${inputs.failWithoutBaseline ? '' : '; regressions cannot fail this check until one exists'}.`,
          );
        return { bases: base.bases.map((results, i) => ({ dir: base.dirs[i]!, results })), notes, otherNamed: base.otherNamed };
      },
      confirmationRound: (round, head) => core.group(roundLine(round), () => runConfirmationRound((options) => runTrials(ctx, options), runDir, head, round)),
      saveHead: async (head) => void (await writeResults(runDir, head, ctx.secrets.scrubber)),
      pairwise: (head, bases) =>
        ctx.set.config.judge
          ? core.group('Model judge: base against head', () => judgeBaseAgainstHead(ctx.set.file, runDir, head, bases, ctx.secrets.scrubber))
          : Promise.resolve(undefined),
    },
    {
      ...(inputs.policy === 'auto' ? {} : { policy: inputs.policy as Policy }),
      ...(inputs.alpha === null ? {} : { alpha: inputs.alpha }),
      confirmTrials: inputs.confirmTrials,
      failOn: inputs.failOn,
      failWithoutBaseline: inputs.failWithoutBaseline,
    },
  );
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

async function runTrials(ctx: Context, options: Partial<RunOptions>): Promise<Results> {
  const event = ctx.event;
  const pr = event.kind === 'pull_request' ? event : null;
  const output = await runTrialSet({
    configPath: ctx.set.file,
    ...(ctx.inputs.trials ? { trials: ctx.inputs.trials } : {}),
    runInfo: {
      ref: process.env.GITHUB_REF ?? null,
      base_ref: pr?.baseRef ?? null,
      pr_number: pr?.number ?? null,
      workflow_run_id: ctx.client.runId,
      git_sha: pr?.headSha ?? (event.kind === 'push' ? event.sha : (process.env.GITHUB_SHA ?? null)),
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
