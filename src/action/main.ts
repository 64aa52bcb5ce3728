// The GitHub Action's wiring: run() (start.ts) reads the inputs and the event once and skips a pull request
// with no watched change; then, here: run the trials (or one shard: shards.ts, or merge the shards) · on a pull
// request, the gate (gate-ports.ts: src/gate/ with GitHub's ports) · publish (artefact, comment, summary,
// outputs, in that order: publish.ts) · and only then fail the step.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { UNGATED } from '../gate/verdict.ts';
import type { StoredRun } from '../results/stored-run.ts';
import { trialSetSources } from '../secrets.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { runArtifactName } from './artifact-names.ts';
import { baselineNote } from './baselines.ts';
import { gateOnGitHub } from './gate-ports.ts';
import type { ActionContext, Opening } from './opening.ts';
import { publish } from './publish.ts';
import { actionSecrets, maskSecrets } from './secrets.ts';
import { mergeShardArtifacts, publishShard } from './shards.ts';
import { runHead } from './trials.ts';

/** Everything after the first steps (start.ts): run the trials or merge the shards, then finish. */
export async function runOpened(opening: Opening): Promise<void> {
  // The fixtures' own acceptors name secrets too: known once the trial set is loaded, as the run loads it.
  const secrets = actionSecrets(opening.inputs, trialSetSources(await loadTrialSet(opening.set.file)));
  maskSecrets(secrets);
  const ctx: ActionContext = { ...opening, secrets, temp: await mkdtemp(join(process.env.RUNNER_TEMP ?? tmpdir(), 'trialgate-')) };
  const runDir = join(ctx.temp, 'run');
  if (ctx.inputs.mode === 'merge') {
    const merged = await mergeShardArtifacts(ctx, runDir);
    return finish(ctx, runDir, merged.head, merged.notes);
  }
  if (ctx.inputs.shard) return publishShard(ctx, runDir, await runHead(ctx, runDir));
  return finish(ctx, runDir, null, []);
}

/** Baseline runs upload their first round; pull requests go through the gate, then publish. */
async function finish(ctx: ActionContext, runDir: string, firstRound: StoredRun | null, shardNotes: string[]): Promise<void> {
  const { inputs, event } = ctx;
  const artifactName = runArtifactName(inputs);
  if (event.kind !== 'pull_request') {
    const head = firstRound ?? (await runHead(ctx, runDir));
    const notes = [...shardNotes, baselineNote(event, inputs.baselineBranches, head.run)];
    return publish(ctx, { runDir, head, comparison: null, notes, artifactName, gate: UNGATED });
  }
  const outcome = await gateOnGitHub(ctx, event, runDir, firstRound, shardNotes);
  await publish(ctx, {
    runDir,
    head: outcome.head,
    comparison: outcome.comparison,
    bases: outcome.bases,
    notes: outcome.notes,
    artifactName,
    gate: outcome.gate,
    changed: ctx.scope,
    config: relative(ctx.workspace, ctx.set.file),
  });
}
