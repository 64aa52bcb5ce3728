// Joining results: the shards of one sharded run, or a run and its confirmation round. Pure.
// Nothing is dropped silently: a missing or duplicated shard, or a trial seen twice, is an error.
import type { Results, TaskResult } from '../schemas/results.ts';
import { summarizeTask } from './metrics.ts';

export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/** Merge the `count` shards of one run; each must be there exactly once and hold its own slice. */
export function mergeShards(shards: readonly Results[], count: number): Results {
  const seen = new Map<number, number>();
  for (const s of shards) {
    const shard = s.run.shard;
    if (!shard || shard.count !== count) throw new MergeError(`a results file is not shard i/${count} (it says ${shard ? `${shard.index}/${shard.count}` : 'unsharded'})`);
    seen.set(shard.index, (seen.get(shard.index) ?? 0) + 1);
  }
  const missing = range(count).filter((i) => !seen.has(i));
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([i]) => i);
  if (missing.length) throw new MergeError(`missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')}`);
  if (duplicated.length) throw new MergeError(`shard ${duplicated.map((i) => `${i}/${count}`).join(', ')} uploaded more than once`);
  const ordered = [...shards].sort((a, b) => a.run.shard!.index - b.run.shard!.index);
  const merged = combine(ordered);
  const { shard: _shard, ...run } = merged.run;
  for (const task of merged.tasks) {
    const numbers = new Set(task.trials.map((t) => t.trial));
    const absent = range(merged.run.k).filter((n) => !numbers.has(n));
    if (absent.length) throw new MergeError(`task ${task.id}: trial ${absent.join(', ')} is in no shard`);
  }
  return { ...merged, run };
}

/** Add a confirmation round's trials (numbered after the first round's) to a run. */
export function appendRound(first: Results, round: Results): Results {
  return combine([first, round]);
}

function combine(parts: readonly Results[]): Results {
  const [head, ...rest] = parts;
  if (!head) throw new MergeError('nothing to merge');
  for (const p of rest) {
    if (p.trial_set.sha256 !== head.trial_set.sha256) throw new MergeError(`results of different trial sets (${head.trial_set.name} ${short(head.trial_set.sha256)} vs ${p.trial_set.name} ${short(p.trial_set.sha256)})`);
    if (p.run.git_sha !== head.run.git_sha) throw new MergeError(`results of different commits (${head.run.git_sha} vs ${p.run.git_sha})`);
    if (p.watched.sha256 !== head.watched.sha256) throw new MergeError('results of different prompt/skill versions (watched files differ)');
  }
  const tasks = new Map<string, TaskResult>();
  for (const part of parts) {
    for (const task of part.tasks) {
      const known = tasks.get(task.id);
      if (!known) {
        tasks.set(task.id, { ...task, trials: [...task.trials] });
        continue;
      }
      if (known.fixture_sha256 !== task.fixture_sha256) throw new MergeError(`task ${task.id}: fixture differs between the parts`);
      for (const trial of task.trials) {
        if (known.trials.some((t) => t.trial === trial.trial)) throw new MergeError(`task ${task.id}: trial ${trial.trial} appears twice`);
        known.trials.push(trial);
      }
    }
  }
  const k = head.run.k;
  const merged = [...tasks.values()].map((task) => {
    task.trials.sort((a, b) => a.trial - b.trial);
    return { ...task, summary: summarizeTask(task.trials, k, task.faults.map((f) => f.id)) };
  });
  const finished = parts.map((p) => p.run.finished_at).sort().at(-1)!;
  const started = parts.map((p) => p.run.started_at).sort()[0]!;
  return { ...head, run: { ...head.run, started_at: started, finished_at: finished }, tasks: merged };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const short = (hash: string) => hash.slice(0, 12);
