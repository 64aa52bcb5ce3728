// A fixed-size worker pool: at most `limit` items in flight, results in input order. Each item is told
// which worker (0 … limit − 1) runs it: a worker runs one item at a time, so what it holds is never shared.
// The first item that throws stops the pool: no item starts after it, the items in flight end, and then
// its error is thrown (never while other items still run, so a caller's clean-up finds them done).
export async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number, worker: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (id: number) => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index, id);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, (_, id) => worker(id)));
  if (failure) throw failure.error;
  return results;
}
