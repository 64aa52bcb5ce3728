// A counting semaphore with one twist: a holder can hand its permit back while it waits on something
// that needs no CPU of this machine (an agent talking to its model) and take one again after, in turn.
// Waiters are served first come, first served, so a trial that finished waiting is never overtaken for
// ever by trials that have not started.
export class Permits {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`permits: size must be an integer ≥ 1, got ${size}`);
    this.free = size;
  }

  /** Holders now (for tests and progress: never more than `size`). */
  get held(): number {
    return this.size - this.free;
  }

  /** Run `work` holding a permit; it is given back however `work` ends. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /**
   * Inside `hold`: give the permit back while `work` runs, and take one again before returning (however
   * `work` ends), so the enclosing `hold` still gives back exactly one.
   */
  async without<T>(work: () => Promise<T>): Promise<T> {
    this.release();
    try {
      return await work();
    } finally {
      await this.acquire();
    }
  }

  private acquire(): Promise<void> {
    if (this.free > 0 && this.waiting.length === 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The permit passes straight to the next waiter: `free` never shows it, so no newcomer can take it first.
    if (next) next();
    else this.free++;
  }
}
