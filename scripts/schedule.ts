// The order the test runner starts files in, and the files of one CI shard, from each file's time in the
// last measured run (test/file-times.json). The suite takes at least as long as its slowest file, and
// longer when that file starts last: the slowest start first.

/** Seconds a file took, by its path; a file not in it has not been timed yet. */
export type FileTimes = ReadonlyMap<string, number>;

/** `files`, the slowest first; a file not timed yet first of all, as it may be the slowest; ties by name. */
export function longestFirst(files: readonly string[], times: FileTimes): string[] {
  return [...files].sort((a, b) => (times.get(b) ?? Infinity) - (times.get(a) ?? Infinity) || a.localeCompare(b));
}

/**
 * The `index`-th (from 1) of `total` shards of `files` whose times are even: each file, slowest first, to
 * the shard with the least time so far; the same split on every machine given the same times. Each
 * shard's files are the slowest first.
 */
export function shardOf(files: readonly string[], times: FileTimes, index: number, total: number): string[] {
  const shards = Array.from({ length: total }, () => ({ seconds: 0, files: [] as string[] }));
  for (const file of longestFirst(files, times)) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.files.push(file);
    // A file not timed yet counts as the slowest timed one, so that two new files go to two shards.
    lightest.seconds += times.get(file) ?? Math.max(0, ...times.values());
  }
  return shards[index - 1]!.files;
}
