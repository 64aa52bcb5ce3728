// The GitHub Action: a thin front end over the engine. run() (start.ts) reads the inputs and the event
// once and skips a pull request with no watched change; then, here: run the trials (or one shard) ·
// find the base results · compare · confirm · publish (artefact, comment, summary, outputs, in that
// order) · and only then fail the step.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as core from '@actions/core';
import { compareResults } from '../compare/compare.ts';
import { defaultAlpha, policyReach } from '../compare/policies.ts';
import { confirmSequentially, type ConfirmationRound } from '../compare/confirm.ts';
import { readResultsFile } from '../compare/read-results.ts';
import { attemptArtifactName } from '../github/baseline.ts';
import { recordsBaseline } from '../github/event.ts';
import { shardArtifactName, shardTrialsArtifactName } from '../github/shards.ts';
import { mergeShards } from '../results/merge.ts';
import { writeRunFiles } from '../results/write.ts';
import type { Policy } from '../schemas/comparison.ts';
import type { Results } from '../schemas/results.ts';
import { progressReporter } from '../trial/progress.ts';
import { judgePairwise } from '../semantic/pairwise.ts';
import { runTrialSet, type RunOptions } from '../trial/run-set.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { loadBaseSide, short } from './baselines.ts';
import { newFailures } from '../failures/archive.ts';
import { newFailureNotes } from '../report/failures.ts';
import type { ActionInputs } from './inputs.ts';
import { code } from '../report/format.ts';
import { publish } from './publish.ts';
import type { Opening } from './opening.ts';
import { decideGate, UNGATED } from './verdict.ts';

interface Context extends Opening {
  /** Where this job's run directory and downloads go. */
  temp: string;
}

/** Everything after the first steps (start.ts): run the trials or merge the shards, then finish. */
export async function runOpened(opening: Opening): Promise<void> {
  const ctx: Context = { ...opening, temp: await mkdtemp(join(process.env.RUNNER_TEMP ?? tmpdir(), 'trialgate-')) };
  sayWhatThePolicyCanReach(ctx);
  if (ctx.inputs.mode === 'merge') await mergeAndFinish(ctx);
  else await runAndFinish(ctx);
}

/**
 * Before any trial runs: a familywise policy that cannot flag even a total loss at this k and number of
 * base runs is said at once, naming the setting to raise (the comment says it again).
 */
function sayWhatThePolicyCanReach(ctx: Context): void {
  const { inputs, set } = ctx;
  if (ctx.event.kind !== 'pull_request' || inputs.policy === 'strict') return;
  const k = inputs.trials ?? set.config.trials;
  const alpha = inputs.alpha ?? defaultAlpha(inputs.baselineRuns);
  const reach = policyReach('familywise', k, inputs.baselineRuns, alpha);
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
  const head = await core.group('Run the trial set', () => runTrials(ctx, { outDir: runDir, ...(inputs.shard ? { shard: inputs.shard } : {}) }));
  if (inputs.shard) {
    // A shard only uploads its slice; the merge job compares, comments and gates.
    const { index, count } = inputs.shard;
    const [name, trialsArtifactName] = [shardArtifactName(inputs.artifactName, index, count), shardTrialsArtifactName(inputs.artifactName, index, count)];
    await publish(ctx, { runDir, results: head, comparison: null, notes: [], artifactName: name, gate: null, trialsArtifactName });
    return;
  }
  await finish(ctx, runDir, head);
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
  await writeRunFiles(runDir, merged);
  core.info(`trialgate: merged ${count} shards`);
  await finish(ctx, runDir, merged, [`The trial directories are in the artefacts of the shards: ${links.join(' · ')}.`]);
}

/** After the head trials: baseline runs upload; pull requests compare, confirm and gate. */
async function finish(ctx: Context, runDir: string, firstRound: Results, shardNotes: string[] = []): Promise<void> {
  const { inputs, event } = ctx;
  if (event.kind !== 'pull_request') {
    const baseline = recordsBaseline(event, inputs.baselineBranches);
    const notes = [...shardNotes, baseline ? `Baseline recorded for ${code((event as { branch: string }).branch)} at ${short(firstRound.run.git_sha)}: later pull requests compare with it.` : `Not a baseline: only pushes to ${inputs.baselineBranches.join(', ') || 'the default branch'} record one.`];
    await publish(ctx, { runDir, results: firstRound, comparison: null, notes, artifactName: runArtifactName(inputs), gate: UNGATED });
    return;
  }
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
  const options = {
    ...(inputs.policy === 'auto' ? {} : { policy: inputs.policy as Policy }),
    ...(inputs.alpha === null ? {} : { alpha: inputs.alpha }),
    confirmTrials: inputs.confirmTrials ?? 8 * firstRound.run.k,
  };
  let head = firstRound;
  const notes = [...shardNotes, ...base.notes];
  if (base.bases.length === 0) notes.push(`No results artefact ${code(inputs.artifactName)} found on ${code(event.baseRef)}${inputs.failWithoutBaseline ? '' : '; regressions cannot fail this check until one exists'}.`);
  // The sequential confirmation: the engine names the ambiguous tasks of each round until none is left.
  const confirmation = await confirmSequentially(base.bases, head, options, (round, current) =>
    core.group(`Confirm: ${round.trials} more trials of ${round.tasks.length} task(s)`, () => confirmationRound(ctx, runDir, current, round)),
  );
  head = confirmation.head;
  if (confirmation.rounds.length) {
    await writeRunFiles(runDir, head);
    const dev = new Set(head.tasks.filter((t) => t.set === 'dev').map((t) => t.id));
    const steps = confirmation.rounds.map((r) => {
      const shown = r.tasks.filter((id) => dev.has(id)).length;
      return `${r.trials} more trial${r.trials > 1 ? 's' : ''} of ${shown} task${shown === 1 ? '' : 's'}${r.tasks.length > shown ? ` and ${r.tasks.length - shown} holdout` : ''}`;
    });
    notes.push(`Sequential confirmation (up to ${options.confirmTrials} more trials per task where the first round was ambiguous): ${steps.join(', then ')}; the verdict counts every round.`);
  }
  if (base.bases.length) notes.push(...newFailureNotes(newFailures(base.bases, head)));
  const bases = base.bases.map((results, i) => ({ dir: base.dirs[i]!, results }));
  const pairwise = await core.group('Model judge: base against head', () => judgeBaseAgainstHead(ctx, runDir, head, bases));
  const comparison = { ...compareResults(base.bases, head, options), ...(pairwise ? { pairwise } : {}) };
  await publish(ctx, { runDir, results: head, comparison, bases, notes, artifactName: runArtifactName(inputs), gate: decideGate(comparison, inputs) });
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
    onProgress: progressReporter((line) => core.info(line.trimEnd()), false),
    ...options,
  });
  core.info(`trialgate: results in ${output.resultsPath}`);
  return output.results;
}

/** The items marked pairwise, judged blind in both orders on the newest base run's candidates and the head's. */
async function judgeBaseAgainstHead(ctx: Context, runDir: string, head: Results, bases: { dir: string; results: Results }[]) {
  const judge = ctx.set.config.judge;
  if (!judge) return undefined;
  const set = await loadTrialSet(ctx.set.file);
  return judgePairwise({
    judge,
    projectDir: set.dir,
    tasks: set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge })),
    head: { dir: runDir, results: head },
    bases,
    cacheDir: join(runDir, 'judge-cache'),
    scrubber: ctx.secrets.scrubber,
  });
}

/** One confirmation round's trials, numbered as the engine planned them, with their evidence beside the run's. */
async function confirmationRound(ctx: Context, runDir: string, head: Results, round: ConfirmationRound): Promise<Results> {
  const roundDir = join(runDir, `confirmation-${round.look}`);
  // The round shares the run's judge cache: a prompt the first round asked is not asked again.
  const trials = await runTrials(ctx, { outDir: roundDir, tasks: round.tasks, trials: round.trials, firstTrial: round.firstTrial, judgeCache: join(runDir, 'judge-cache') });
  const evidenceIn = relative(runDir, roundDir);
  return {
    ...trials,
    run: { ...trials.run, k: head.run.k },
    tasks: trials.tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, evidence: `${evidenceIn}/${x.evidence}` })) })),
  };
}
