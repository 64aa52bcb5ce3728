// The GitHub Action: a thin front end over the engine. run() reads the inputs and the event once,
// then: skip (no watched change) · run the trials (or one shard) · find the base results · compare ·
// confirm · publish (artefact, comment, summary, outputs, in that order) · and only then fail the step.
import { mkdir, mkdtemp, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import * as core from '@actions/core';
import { compareResults } from '../compare/compare.ts';
import { confirmSequentially, type ConfirmationRound } from '../compare/confirm.ts';
import { readResultsFile } from '../compare/read-results.ts';
import { attemptArtifactName } from '../github/baseline.ts';
import { decideOnChanges } from '../github/changes.ts';
import { GitHubClient } from '../github/client.ts';
import { readEvent, recordsBaseline, type ActionEvent } from '../github/event.ts';
import { shardArtifactName } from '../github/shards.ts';
import { mergeShards } from '../results/merge.ts';
import { writeRunFiles } from '../results/write.ts';
import type { Policy } from '../schemas/comparison.ts';
import type { Results } from '../schemas/results.ts';
import { progressReporter } from '../trial/progress.ts';
import { judgePairwise } from '../semantic/pairwise.ts';
import { runTrialSet, type RunOptions } from '../trial/run-set.ts';
import { loadTrialSet, type TrialSet } from '../trial/trialset.ts';
import { loadBaseSide, short } from './baselines.ts';
import { readInputs, type ActionInputs } from './inputs.ts';
import { code } from '../report/format.ts';
import { publish } from './publish.ts';
import { collectSecrets, maskSecrets, type SecretSet } from './secrets.ts';
import { decideGate, UNGATED } from './verdict.ts';

interface Context {
  inputs: ActionInputs;
  event: ActionEvent;
  client: GitHubClient;
  secrets: SecretSet;
  set: TrialSet;
  workspace: string;
  /** Where this job's run directory and downloads go. */
  temp: string;
}

export async function run(): Promise<void> {
  try {
    const inputs = readInputs();
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const set = await loadTrialSet(resolve(workspace, inputs.config));
    // The judge's key is a secret of the trial set's own naming: scrubbed and masked like secret-env.
    const secrets = collectSecrets([...inputs.secretEnv, ...(set.config.judge?.api_key_env ? [set.config.judge.api_key_env] : [])], process.env, inputs.githubToken);
    maskSecrets(secrets);
    if (secrets.unset.length) core.warning(`secret-env names unset variables: ${secrets.unset.join(', ')}`);
    if (secrets.tooShort.length) core.warning(`secret-env values too short to scrub safely: ${secrets.tooShort.join(', ')}`);
    const ctx: Context = {
      inputs,
      event: await readEvent(),
      client: GitHubClient.fromEnv(inputs.githubToken),
      secrets,
      set,
      workspace,
      temp: await mkdtemp(join(process.env.RUNNER_TEMP ?? tmpdir(), 'trialgate-')),
    };
    if (ctx.event.kind === 'pull_request' && !(await watchedPathsChanged(ctx))) return;
    if (inputs.mode === 'merge') await mergeAndFinish(ctx);
    else await runAndFinish(ctx);
  } catch (error) {
    core.setOutput('verdict', 'error');
    core.setFailed(error instanceof Error ? error.message : String(error));
  }
}

/** A PR that touches no watched path is skipped, with a notice saying so; never a silent green. */
async function watchedPathsChanged(ctx: Context): Promise<boolean> {
  const event = ctx.event as Extract<ActionEvent, { kind: 'pull_request' }>;
  const setDir = relative(ctx.workspace, ctx.set.dir);
  const inRepo = (glob: string) => (setDir ? `${setDir}/${glob}` : glob);
  const decision = decideOnChanges({
    files: await ctx.client.listPullRequestFiles(event.number),
    // A changed fixture changes the task: run, so the comment can say so.
    watch: [...ctx.set.config.watch.map(inRepo), ...fixturesInRepo(ctx).map((dir) => `${dir}/**`)],
    configPath: relative(ctx.workspace, ctx.set.file),
    ...(event.changedFiles === undefined ? {} : { changedCount: event.changedFiles }),
    force: ctx.inputs.force,
  });
  if (decision.run) {
    core.info(`trialgate: ${decision.reason}`);
    return true;
  }
  core.notice(`trialgate skipped: ${decision.reason}`);
  await core.summary.addRaw(`### trialgate · ${ctx.set.config.name}\n\n⏭️ Skipped: ${decision.reason}\n`).write();
  core.setOutput('verdict', 'skipped');
  core.setOutput('regressions', '0');
  return false;
}

/** A re-run attempt cannot reuse the run's artefact name; baseline lookup accepts either. */
function runArtifactName(inputs: ActionInputs): string {
  return attemptArtifactName(inputs.artifactName, Number(process.env.GITHUB_RUN_ATTEMPT ?? 1));
}

function fixturesInRepo(ctx: Context): string[] {
  return ctx.set.tasks.map((t) => relative(ctx.workspace, t.fixture.dir)).filter((dir) => dir && !dir.startsWith('..'));
}

async function runAndFinish(ctx: Context): Promise<void> {
  const { inputs } = ctx;
  const runDir = join(ctx.temp, 'run');
  const head = await core.group('Run the trial set', () => runTrials(ctx, { outDir: runDir, ...(inputs.shard ? { shard: inputs.shard } : {}) }));
  if (inputs.shard) {
    // A shard only uploads its slice; the merge job compares, comments and gates.
    const name = shardArtifactName(inputs.artifactName, inputs.shard.index, inputs.shard.count);
    await publish(ctx, { runDir, results: head, comparison: null, notes: [], artifactName: name, gate: null });
    return;
  }
  await finish(ctx, runDir, head);
}

async function mergeAndFinish(ctx: Context): Promise<void> {
  const count = ctx.inputs.shardCount;
  if (!count) throw new Error('mode merge needs the shard input: the number of shards to join, e.g. shard: 4');
  const runDir = join(ctx.temp, 'run');
  await mkdir(runDir, { recursive: true });
  const shards: Results[] = [];
  for (const { index, artifact } of await ctx.client.listShardArtifacts(ctx.inputs.artifactName, ctx.client.runId, count)) {
    const dir = join(ctx.temp, `shard-${index}`);
    const files = await ctx.client.downloadArtifact({ id: artifact.id, runId: ctx.client.runId, digest: artifact.digest ?? null }, dir);
    shards.push(await readResultsFile(join(dir, 'results.json')));
    // The shards' trial directories are disjoint: move them under one run directory.
    for (const file of files.filter((f) => f.includes('/'))) await moveInto(join(dir, file), join(runDir, file));
  }
  const merged = mergeShards(shards, count);
  await writeRunFiles(runDir, merged);
  core.info(`trialgate: merged ${count} shards`);
  await finish(ctx, runDir, merged);
}

/** After the head trials: baseline runs upload; pull requests compare, confirm and gate. */
async function finish(ctx: Context, runDir: string, firstRound: Results): Promise<void> {
  const { inputs, event } = ctx;
  if (event.kind !== 'pull_request') {
    const baseline = recordsBaseline(event, inputs.baselineBranches);
    const notes = [baseline ? `Baseline recorded for ${code((event as { branch: string }).branch)} at ${short(firstRound.run.git_sha)}: later pull requests compare with it.` : `Not a baseline: only pushes to ${inputs.baselineBranches.join(', ') || 'the default branch'} record one.`];
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
  const notes = [...base.notes];
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
function judgeBaseAgainstHead(ctx: Context, runDir: string, head: Results, bases: { dir: string; results: Results }[]) {
  const judge = ctx.set.config.judge;
  if (!judge) return Promise.resolve(undefined);
  return judgePairwise({
    judge,
    projectDir: ctx.set.dir,
    tasks: ctx.set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge })),
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

async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await rename(from, to);
}
