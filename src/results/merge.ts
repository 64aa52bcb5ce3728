// Joining results: the shards of one sharded run, or a run and its confirmation round. Pure.
// Nothing is dropped silently: a missing or duplicated shard, or a trial seen twice, is an error. A shard
// is trusted for nothing it could be wrong about: parts that measured differently (commit, trial set,
// watched files, k, budget, acceptor, fixture, seed, workflow run, trialgate version) are not joined, a shard must hold exactly its own
// slice of task × trial, and what each part says of its isolation and integrity reaches the merged run.
import { isDeepStrictEqual } from 'node:util';
import type { Results, RunDigest, RunInfo, TaskDigest } from '../schemas/results.ts';
import { summarizeTask } from './metrics.ts';
import { untrusted } from './trust.ts';
import { plural } from '../util/counted.ts';

export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/**
 * Which of `count` shards holds the slot at `position` of the run's task × trial order (tasks in the
 * trial set's order, each task's trials 1…k): round robin, 1-based. The one rule a run slices by and a
 * merge checks against.
 */
export function shardOf(position: number, count: number): number {
  return (position % count) + 1;
}

/** Merge the `count` shards of one run; each must be there exactly once and hold its own slice. */
export function mergeShards(shards: readonly Results[], count: number): Results {
  const seen = new Map<number, number>();
  for (const s of shards) {
    const shard = s.run.shard;
    if (!shard || shard.count !== count)
      throw new MergeError(`a results file is not shard i/${count} (it says ${shard ? `${shard.index}/${shard.count}` : 'unsharded'})`);
    seen.set(shard.index, (seen.get(shard.index) ?? 0) + 1);
  }
  const stray = [...seen.keys()].filter((i) => i > count);
  if (stray.length) throw new MergeError(`a results file says it is shard ${stray[0]}/${count}: a run of ${count} shards has shards 1…${count}`);
  const missing = range(count).filter((i) => !seen.has(i));
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([i]) => i);
  if (missing.length) throw new MergeError(`missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')}`);
  if (duplicated.length) throw new MergeError(`shard ${duplicated.map((i) => `${i}/${count}`).join(', ')} uploaded more than once`);
  const ordered = [...shards].sort((a, b) => a.run.shard!.index - b.run.shard!.index);
  const first = ordered[0]!;
  for (const s of ordered) {
    sameRun(first, s);
    holdsItsSlice(first, s);
  }
  const merged = combine(ordered);
  const { shard: _shard, ...run } = merged.run;
  for (const task of merged.tasks) {
    if (task.not_rerun !== undefined) continue;
    const numbers = new Set(task.trials.map((t) => t.trial));
    const absent = range(merged.run.k).filter((n) => !numbers.has(n));
    if (absent.length) throw new MergeError(`task ${task.id}: trial ${absent.join(', ')} is in no shard`);
  }
  const facts = ordered.map((s) => ({
    index: s.run.shard!.index,
    count,
    started_at: s.run.started_at,
    finished_at: s.run.finished_at,
    ...(s.run.isolation ? { isolation: s.run.isolation } : {}),
    ...(s.run.integrity_error ? { integrity_error: s.run.integrity_error } : {}),
  }));
  return { ...merged, run: { ...run, shards: facts } };
}

/** Add a confirmation round's trials (numbered after the first round's) to a run: whole results or digests alike. */
export function appendRound<R extends RunDigest>(first: R, round: R): R {
  return combine([first, round]);
}

/** Shards of one run: the same k, seed and agent, and the same tasks in the same order. */
function sameRun(a: Results, b: Results): void {
  const name = shardName(b);
  if (b.run.k !== a.run.k)
    throw new MergeError(`${name} ran k = ${plural(b.run.k, 'trial')} per task, ${shardName(a)} k = ${a.run.k}: shards of one run share k`);
  if (b.run.seed !== a.run.seed)
    throw new MergeError(`${name} ran with seed ${b.run.seed}, ${shardName(a)} with ${a.run.seed}: shards of one run share the seed`);
  if (b.agent.command !== a.agent.command) throw new MergeError(`${name} ran another agent command than ${shardName(a)}`);
  const ids = (r: Results) => r.tasks.map((t) => `${t.id} (${t.set}${t.not_rerun === undefined ? '' : ', not rerun'})`).join(', ');
  if (ids(b) !== ids(a))
    throw new MergeError(`${name} holds the tasks ${ids(b) || 'none'}, ${shardName(a)} ${ids(a) || 'none'}: shards of one run hold every task`);
}

/** Every trial of shard `s` is one of its own slots: numbered 1…k and falling to it by shardOf, over the tasks the run reran. */
function holdsItsSlice(first: Results, s: Results): void {
  const { index, count } = s.run.shard!;
  const k = first.run.k;
  s.tasks
    .filter((task) => task.not_rerun === undefined)
    .forEach((task, t) => {
      for (const trial of task.trials) {
        if (!Number.isInteger(trial.trial) || trial.trial < 1 || trial.trial > k)
          throw new MergeError(`${shardName(s)} holds task ${task.id} trial ${trial.trial}, past k = ${k}: a shard holds only trials 1…${k}`);
        const owner = shardOf(t * k + trial.trial - 1, count);
        if (owner !== index) throw new MergeError(`${shardName(s)} holds task ${task.id} trial ${trial.trial}, which is shard ${owner}/${count}'s to run`);
      }
    });
}

function combine<R extends RunDigest>(parts: readonly R[]): R {
  const [head, ...rest] = parts;
  if (!head) throw new MergeError('nothing to merge');
  for (const p of rest) {
    if (p.trial_set.sha256 !== head.trial_set.sha256)
      throw new MergeError(
        `results of different trial sets (${head.trial_set.name} ${short(head.trial_set.sha256)} vs ${p.trial_set.name} ${short(p.trial_set.sha256)})`,
      );
    if (p.run.git_sha !== head.run.git_sha) throw new MergeError(`results of different commits (${head.run.git_sha} vs ${p.run.git_sha})`);
    if (p.watched.sha256 !== head.watched.sha256) throw new MergeError('results of different prompt/skill versions (watched files differ)');
    // Parts of one run come from one workflow run and one trialgate: parts picked from several reruns of
    // the same commit, or from another version of the harness, are not one measurement.
    if (p.run.workflow_run_id !== head.run.workflow_run_id)
      throw new MergeError(`results of different workflow runs (${head.run.workflow_run_id ?? 'none'} vs ${p.run.workflow_run_id ?? 'none'})`);
    if (p.run.tool_version !== head.run.tool_version)
      throw new MergeError(`results of different trialgate versions (${head.run.tool_version} vs ${p.run.tool_version})`);
  }
  const tasks = new Map<string, TaskDigest>();
  for (const part of parts) {
    for (const task of part.tasks) {
      const known = tasks.get(task.id);
      if (!known) {
        tasks.set(task.id, { ...task, trials: [...task.trials] });
        continue;
      }
      sameMeasurement(known, task);
      if ((known.not_rerun === undefined) !== (task.not_rerun === undefined)) throw new MergeError(`task ${task.id}: rerun in one part and not in another`);
      for (const trial of task.trials) {
        if (known.trials.some((t) => t.trial === trial.trial)) throw new MergeError(`task ${task.id}: trial ${trial.trial} appears twice`);
        known.trials.push(trial);
      }
    }
  }
  const k = head.run.k;
  const integrity = integrityOf(parts);
  const merged = [...tasks.values()].map((task) => {
    const trials = task.trials.sort((a, b) => a.trial - b.trial).map((t) => (integrity ? untrusted(t, integrity) : t));
    return {
      ...task,
      trials,
      // The faults whose detections the shards counted (a tools task's boundaries are checks, not detections).
      summary: summarizeTask(trials, k, Object.keys(task.summary.detections)),
    };
  });
  const finished = parts
    .map((p) => p.run.finished_at)
    .sort()
    .at(-1)!;
  const started = parts.map((p) => p.run.started_at).sort()[0]!;
  const { isolation: _isolation, integrity_error: _integrity, ...run } = head.run;
  const isolation = isolationOf(parts);
  const holdout = holdoutOf(parts);
  // Each task's trials are its parts' trials: whole where the parts were whole, digests where they were digests.
  return {
    ...head,
    ...(holdout ? { holdout } : {}),
    run: { ...run, started_at: started, finished_at: finished, ...(isolation ? { isolation } : {}), ...(integrity ? { integrity_error: integrity } : {}) },
    tasks: merged,
  } as R;
}

/** What defines a task's measurement is the same in every part: trials measured otherwise are not joined. */
function sameMeasurement(a: TaskDigest, b: TaskDigest): void {
  const differs = (what: string) => new MergeError(`task ${a.id}: ${what} differs between the parts: their trials measure different things`);
  if (a.fixture_sha256 !== b.fixture_sha256 || a.fixture !== b.fixture) throw differs('fixture');
  if (a.acceptor_version !== b.acceptor_version) throw differs('acceptor');
  if (!isDeepStrictEqual(a.budget, b.budget)) throw differs('budget');
  if (!isDeepStrictEqual(a.faults, b.faults)) throw differs('the fault list');
  if (a.set !== b.set) throw differs('set (dev or holdout)');
  if (!isDeepStrictEqual(a.check_versions ?? {}, b.check_versions ?? {})) throw differs('a check’s version (the model judge)');
}

/**
 * The parts' holdout, when any has one: their pseudonyms must be of one key (else the same task would be two);
 * the source missing in any part is missing in the whole. The sealed detail stays each part's own file.
 */
function holdoutOf(parts: readonly RunDigest[]): Results['holdout'] {
  const records = parts.flatMap((p) => (p.holdout ? [p.holdout] : []));
  if (records.length === 0) return undefined;
  if (records.some((r) => r.key_id !== records[0]!.key_id))
    throw new MergeError('the parts named their holdout tasks with different holdout keys: set the same key (TRIALGATE_HOLDOUT_KEY) for every part');
  const unavailable = records.find((r) => r.unavailable)?.unavailable;
  return { ...records[0]!, ...(unavailable ? { unavailable } : {}) };
}

/**
 * The weakest isolation of the parts: bubblewrap only when every part says bubblewrap; a part that ran
 * unisolated, or says nothing of it, makes the whole unisolated, naming it. Undefined when no part says.
 */
function isolationOf(parts: readonly RunDigest[]): RunInfo['isolation'] {
  if (parts.every((p) => p.run.isolation === undefined)) return undefined;
  const weak = parts.filter((p) => p.run.isolation?.mechanism !== 'bubblewrap');
  if (weak.length === 0) return { mechanism: 'bubblewrap' };
  // Every part unisolated for one reason: that reason, once. Named part by part, a gate's rounds, appended one
  // at a time, would repeat it per round and nest the names ("the first round: the first round: …").
  const said = new Set(weak.map((p) => p.run.isolation?.reason));
  const [only] = said;
  if (weak.length === parts.length && said.size === 1 && only !== undefined) return { mechanism: 'none', reason: only };
  const reasons = weak.map(
    (p) => `${partName(p, parts)}: ${p.run.isolation ? (p.run.isolation.reason ?? 'no reason recorded') : 'its isolation is not recorded'}`,
  );
  return { mechanism: 'none', reason: reasons.join('; ') };
}

/** Every part's integrity error, each naming its part; undefined when none had one. */
function integrityOf(parts: readonly RunDigest[]): string | undefined {
  const errors = parts.filter((p) => p.run.integrity_error).map((p) => `${partName(p, parts)}: ${p.run.integrity_error}`);
  return errors.length ? errors.join('; ') : undefined;
}

const shardName = (r: RunDigest) => (r.run.shard ? `shard ${r.run.shard.index}/${r.run.shard.count}` : 'the run');
const partName = (p: RunDigest, parts: readonly RunDigest[]) => (p.run.shard ? shardName(p) : p === parts[0] ? 'the first round' : 'a confirmation round');
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const short = (hash: string) => hash.slice(0, 12);
