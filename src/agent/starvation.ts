// An agent's wall budget bounds the agent, not the machine: on a busy runner its processes wait, runnable,
// for a core, and a trial ended at the budget for that would be the environment's noise read as the agent's
// failure (and a base recorded on such a day could see no loss). The kernel counts that wait for each
// process (/proc/<pid>/schedstat, its run-queue time); at the budget the time the agent waited is given back,
// up to STARVED_STRETCH budgets more. An agent still running once its wait is all given back had its whole
// budget and is out of it; one the machine kept waiting past what can be given back is an environment error.
// A process sleeping on its provider waits for no core: only a busy machine stretches the budget.
import { readFile } from 'node:fs/promises';
import { descendants } from '../isolation/processes.ts';

/** At most this many budgets more are given back for the time an agent waited for a core. */
export const STARVED_STRETCH = 3;
/** Less wait than this share of the budget is not worth a new timer. */
const SMALL_SHARE = 0.05;
/** Wait that could not be given back, past this share of the budget, makes the end the machine's. */
const STARVED_SHARE = 0.1;

export const STARVED_RULE =
  'the machine kept the agent waiting for a CPU core past what its budget can give back (a busy runner): not a verdict on the agent; run again on a quieter runner, or run fewer trials at once';

/**
 * How long the agent (the processes of the tree below `root`, root included) has waited, runnable, for a
 * core. Read at intervals: in each, the process that waited most since the last read counts (processes
 * that run side by side wait side by side), and a process that started and ended between two reads is not
 * seen, so the budget is given back too little, never too much. Unknown (undefined) where the kernel does
 * not say (no /proc, no schedstat): the budget is then the budget.
 */
export class CpuWaitMeter {
  private last = new Map<number, number>();
  private waited: number | undefined;
  private reading: Promise<number | undefined> = Promise.resolve(undefined);

  constructor(private readonly root: number) {}

  /** The wait so far, ms, read now (reads one at a time). */
  read(): Promise<number | undefined> {
    this.reading = this.reading.then(() => this.readNow());
    return this.reading;
  }

  private async readNow(): Promise<number | undefined> {
    const now = new Map<number, number>();
    for (const pid of [this.root, ...(await descendants(this.root)).map((d) => d.pid)]) {
      const text = await readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => undefined);
      // `<on-cpu ns> <run-queue wait ns> <timeslices>`
      const waitedNs = Number(text?.split(' ')[1]);
      if (Number.isFinite(waitedNs)) now.set(pid, waitedNs / 1e6);
    }
    if (now.size === 0) return this.waited;
    let most = 0;
    for (const [pid, waited] of now) most = Math.max(most, waited - (this.last.get(pid) ?? 0));
    this.last = now;
    this.waited = (this.waited ?? 0) + most;
    return this.waited;
  }
}

/** How often an agent's wait is read while it runs: a tenth of its budget, between 1 s and 30 s. */
export function waitReadEveryMs(budgetMs: number): number {
  return Math.min(30_000, Math.max(1_000, budgetMs / 10));
}

/** What to do when an agent's budget, stretched by `givenMs` so far, runs out. */
export type AtBudget = { more: number } | { end: 'budget' } | { end: 'starved'; waitedMs: number };

/** `waitedMs`: the wait CpuWaitMeter read now (undefined: nothing known, the budget is the budget). Pure. */
export function atBudget(budgetMs: number, waitedMs: number | undefined, givenMs: number): AtBudget {
  if (waitedMs === undefined) return { end: 'budget' };
  const owed = Math.min(waitedMs, STARVED_STRETCH * budgetMs) - givenMs;
  if (owed >= SMALL_SHARE * budgetMs) return { more: owed };
  return waitedMs - givenMs > STARVED_SHARE * budgetMs ? { end: 'starved', waitedMs } : { end: 'budget' };
}
