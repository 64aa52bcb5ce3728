// A fixed-size worker pool: at most `limit` items in flight, results in input order. Each item is told
// which worker (0 … limit − 1) runs it: a worker runs one item at a time, so what it holds is never shared.
export async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number, worker: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (id: number) => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index, id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, (_, id) => worker(id)));
  return results;
}
