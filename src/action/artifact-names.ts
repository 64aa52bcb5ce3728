// The names of the action's artefacts: a run's (a re-run attempt cannot reuse its name; the baseline lookup
// accepts either) and a shard's two (its results, its trial directories).
import { attemptArtifactName } from '../github/baseline.ts';
import { shardArtifactName, shardTrialsArtifactName } from '../github/shards.ts';
import type { ActionInputs } from './inputs.ts';

export function runArtifactName(inputs: ActionInputs): string {
  return attemptArtifactName(inputs.artifactName, Number(process.env.GITHUB_RUN_ATTEMPT ?? 1));
}

export function shardArtifactNames(inputs: ActionInputs, index: number, count: number): { results: string; trials: string } {
  return { results: shardArtifactName(inputs.artifactName, index, count), trials: shardTrialsArtifactName(inputs.artifactName, index, count) };
}
