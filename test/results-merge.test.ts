import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appendRound, MergeError, mergeShards } from '../src/results/merge.ts';
import { Results } from '../src/schemas/results.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { tempDir } from './support/fixtures.ts';
import { writeTrialSet } from './support/trialset.ts';

describe('sharded runs and confirmation rounds', async () => {
  const configPath = await writeTrialSet({ trials: 3 });
  const shard = async (index: number) => (await runTrialSet({ configPath, outDir: await tempDir(), shard: { index, count: 2 } })).results;
  const [one, two] = [await shard(1), await shard(2)];

  it('slices task × trial deterministically and merges back to the whole run', () => {
    assert.deepEqual(one.tasks[0]!.trials.map((t) => t.trial), [1, 3]);
    assert.deepEqual(two.tasks[0]!.trials.map((t) => t.trial), [2]);
    const merged = Results.parse(mergeShards([two, one], 2));
    assert.deepEqual(merged.tasks[0]!.trials.map((t) => t.trial), [1, 2, 3]);
    assert.equal(merged.tasks[0]!.summary.n, 3);
    assert.equal(merged.run.shard, undefined);
  });

  it('names a missing or a duplicated shard', () => {
    assert.throws(() => mergeShards([one], 2), (e: Error) => e instanceof MergeError && /missing shard 2\/2/.test(e.message));
    assert.throws(() => mergeShards([one, one, two], 2), /shard 1\/2 uploaded more than once/);
    assert.throws(() => mergeShards([one, two], 3), /not shard i\/3/);
  });

  it('appends a confirmation round numbered after the first, and refuses a trial seen twice', async () => {
    const whole = mergeShards([one, two], 2);
    const round = (await runTrialSet({ configPath, outDir: await tempDir(), trials: 2, firstTrial: 3 })).results;
    assert.deepEqual(round.tasks[0]!.trials.map((t) => t.trial), [4, 5]);
    const joined = appendRound(whole, round);
    assert.deepEqual(joined.tasks[0]!.trials.map((t) => t.trial), [1, 2, 3, 4, 5]);
    assert.equal(joined.tasks[0]!.summary.n, 5);
    assert.equal(joined.tasks[0]!.summary.k, 3, 'k stays the trial set\'s k');
    assert.throws(() => appendRound(whole, whole), /trial 1 appears twice/);
  });
});
