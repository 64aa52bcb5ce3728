// The test runner's schedule (scripts/schedule.ts): the slowest files start first, and CI's shards get
// even shares of the suite's time, every file in exactly one of them.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { longestFirst, shardOf } from '../scripts/schedule.ts';

const TIMES = new Map([
  ['a', 10],
  ['b', 300],
  ['c', 40],
  ['d', 250],
  ['e', 60],
  ['f', 60],
]);

it('starts the slowest first, a file not timed yet before all, ties by name', () => {
  assert.deepEqual(longestFirst(['a', 'b', 'c', 'd', 'e', 'f', 'new'], TIMES), ['new', 'b', 'd', 'e', 'f', 'c', 'a']);
});

it('splits into shards of even time, each file in one shard, the slowest of each first', () => {
  const files = [...TIMES.keys()];
  const shards = [1, 2].map((i) => shardOf(files, TIMES, i, 2));
  assert.deepEqual(shards, [
    ['b', 'f'],
    ['d', 'e', 'c', 'a'],
  ]);
  const seconds = shards.map((shard) => shard.reduce((sum, file) => sum + TIMES.get(file)!, 0));
  assert.deepEqual(seconds, [360, 360], 'even, where every other file by name gives 110 and 610');
});

it('gives files not timed yet to different shards', () => {
  const shards = [1, 2].map((i) => shardOf(['a', 'new-1', 'new-2'], TIMES, i, 2));
  assert.deepEqual(shards, [['new-1', 'a'], ['new-2']]);
});
