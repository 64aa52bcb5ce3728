// A sharded run on GitHub: each shard's job uploads its slice and stops; the merge job joins the shards'
// results (results/merge.ts checks them) and goes on as one run. The trial directories stay in the shards'
// artefacts, which the merged one links instead of downloading and uploading them again.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@actions/core';
import { readResultsFile } from '../results/read.ts';
import { mergeShards } from '../results/merge.ts';
import { digestOf, storedWhole, writeStored, type StoredRun } from '../results/stored-run.ts';
import type { Results } from '../schemas/results.ts';
import { shardArtifactNames } from './artifact-names.ts';
import type { ActionContext } from './opening.ts';
import { publish } from './publish.ts';

/** A shard only uploads its slice: the merge job compares, comments and gates. */
export async function publishShard(ctx: ActionContext, runDir: string, head: StoredRun): Promise<void> {
  const { index, count } = ctx.inputs.shard!;
  const names = shardArtifactNames(ctx.inputs, index, count);
  await publish(ctx, { runDir, head, comparison: null, notes: [], artifactName: names.results, gate: null, trialsArtifactName: names.trials });
}

/** The shards' results joined into runDir/results.json: the run as the gate holds it, and the note that links the shards' trials. */
export async function mergeShardArtifacts(ctx: ActionContext, runDir: string): Promise<{ head: StoredRun; notes: string[] }> {
  const count = ctx.inputs.shardCount;
  if (!count) throw new Error('mode merge needs the shard input: the number of shards to join, e.g. shard: 4');
  await mkdir(runDir, { recursive: true });
  const shards: Results[] = [];
  const links: string[] = [];
  for (const { index, artifact, trials } of await ctx.client.listShardArtifacts(ctx.inputs.artifactName, ctx.client.runId, count)) {
    const dir = join(ctx.temp, `shard-${index}`);
    await ctx.client.downloadArtifact({ id: artifact.id, runId: ctx.client.runId, digest: artifact.digest ?? null }, dir);
    shards.push(await readResultsFile(join(dir, 'results.json')));
    links.push(`[${index}/${count}](${ctx.client.artifactUrl((trials ?? artifact).id)})`);
  }
  const merged = mergeShards(shards, count);
  // Once written, the merged trials are read from the file like any round's: memory keeps the digests.
  const head = await writeStored(runDir, { run: digestOf(merged), trials: storedWhole(merged).trials }, ctx.secrets.scrubber);
  core.info(`trialgate: merged ${count} shards`);
  return { head, notes: [`The trial directories are in the artefacts of the shards: ${links.join(' · ')}.`] };
}
