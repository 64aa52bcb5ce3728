// Shards of one sharded run: each job uploads `<name>-shard-<i>-of-<n>`; the merge job must find each
// shard exactly once in the same run. Pure; the listing comes from GitHubClient.listShardArtifacts.
import type { RunArtifact } from './rest.ts';

export interface ShardArtifact {
  index: number;
  artifact: RunArtifact;
}

/** A shard is missing or was uploaded twice: the merge cannot be trusted, so it does not happen. */
export class ShardSetError extends Error {
  override readonly name = 'ShardSetError';
  constructor(
    readonly count: number,
    readonly missing: number[],
    readonly duplicated: number[],
    /** Shard artefacts of this run made for another shard count (a matrix that disagrees with `shard`). */
    readonly mismatched: string[],
  ) {
    const parts = [
      missing.length ? `missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')}` : '',
      duplicated.length ? `shard ${duplicated.map((i) => `${i}/${count}`).join(', ')} uploaded more than once` : '',
      mismatched.length ? `artefacts for another shard count: ${mismatched.join(', ')}` : '',
    ].filter(Boolean);
    super(`${parts.join('; ')}; every job of the matrix must upload its shard (shard: i/${count} for i = 1..${count})`);
  }
}

export function shardArtifactName(name: string, index: number, count: number): string {
  return `${name}-shard-${index}-of-${count}`;
}

/**
 * A shard's trial directories, uploaded apart from its results: the merge job downloads only the results
 * and links these (checkShards never takes one for a shard: its name does not end in `-of-<n>`).
 */
export function shardTrialsArtifactName(name: string, index: number, count: number): string {
  return `${shardArtifactName(name, index, count)}-trials`;
}

/** The run's artefacts for shards 1..count of `name`, in order, or a ShardSetError naming what is wrong. */
export function checkShards(artifacts: readonly RunArtifact[], name: string, count: number): ShardArtifact[] {
  const prefix = `${name}-shard-`;
  const found = new Map<number, RunArtifact[]>();
  const mismatched: string[] = [];
  for (const artifact of artifacts) {
    if (!artifact.name.startsWith(prefix) || artifact.expired) continue;
    const m = /^(\d+)-of-(\d+)$/.exec(artifact.name.slice(prefix.length));
    if (!m) continue;
    const index = Number(m[1]);
    if (Number(m[2]) !== count || index < 1 || index > count) {
      mismatched.push(artifact.name);
      continue;
    }
    found.set(index, [...(found.get(index) ?? []), artifact]);
  }
  const indexes = Array.from({ length: count }, (_, i) => i + 1);
  const missing = indexes.filter((i) => !found.has(i));
  const duplicated = indexes.filter((i) => (found.get(i)?.length ?? 0) > 1);
  if (missing.length || duplicated.length) throw new ShardSetError(count, missing, duplicated, mismatched);
  return indexes.map((index) => ({ index, artifact: found.get(index)![0]! }));
}
