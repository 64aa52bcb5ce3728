// An agent's wall budget bounds the agent, not the machine: on a busy runner its processes wait, runnable,
// for a core, and a trial ended at the budget for that would be the environment's noise read as the agent's
// failure (and a base recorded on such a day could see no loss). The kernel counts that wait for each
// process (/proc/<pid>/schedstat, its run-queue time); at the budget the time the agent waited is given back,
// up to STARVED_STRETCH budgets more. An agent still running once its wait is all given back had its whole
// budget and is out of it; one the machine kept waiting past what can be given back is an environment error.
// A process sleeping on its provider waits for no core: only a busy machine stretches the budget. And only
// other work's: an agent that runs more busy processes than it has cores (`make -j8` on two) waits for its
// own, which a quiet machine would make it wait as much, so that wait is never given back; nor when it pins
// them to one core beside a light process that may use every core (each process counts on its own cores).
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { treeBelow } from '../isolation/processes.ts';

/** At most this many budgets more are given back for the time an agent waited for a core. */
export const STARVED_STRETCH = 3;
/** Less wait than this share of the budget is not worth a new timer. */
const SMALL_SHARE = 0.05;
/** Wait that could not be given back, past this share of the budget, makes the end the machine's. */
const STARVED_SHARE = 0.1;
/** The kernel's clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on every Linux architecture node runs on). */
const TICKS_PER_SECOND = 100;

export const STARVED_RULE =
  'the machine kept the agent waiting for a CPU core past what its budget can give back (a busy runner): not a verdict on the agent; run again on a quieter runner, or run fewer trials at once';

/** What one of the agent's processes (each of its threads) did over one interval between two reads, ms. */
export interface ProcessInterval {
  /** The CPU it used. */
  cpuMs: number;
  /** Its time waiting, runnable, for a core. */
  waitMs: number;
  /** The cores it may run on (its affinity); none for CPU that claims no core (ended threads', reaped children's). */
  cores: readonly number[];
}

/** What the agent's processes did over one interval between two reads. */
export interface Interval {
  /** Wall time between the reads, ms. */
  wallMs: number;
  processes: readonly ProcessInterval[];
  /**
   * The CPU the rest of the machine used meanwhile, every core's (/proc/stat's busy time less the agent's
   * threads'), ms; undefined where unknown.
   */
  othersCpuMs?: number;
}

/**
 * The wall time other work took from the agent over `interval`: the wait of the process that waited most
 * (processes that run side by side wait side by side), but no more than the agent's work fell short of what
 * it would have done on its cores alone. Alone, each process would have kept a core busy as long as it was
 * runnable, on the cores its affinity allows, each core busy at most the whole interval: that is
 * coresUsable's count, and the agent lost what it did not get of it, in wall time: wall − cpu ÷ usable.
 * More runnable processes than their cores wait for each other, and that wait is the agent's own, however
 * many other cores an idle or light process of it may use. Pure.
 */
export function waitFromOthers({ wallMs, processes, othersCpuMs = Infinity }: Interval): number {
  if (wallMs <= 0 || processes.length === 0) return 0;
  const most = Math.max(...processes.map((p) => p.waitMs));
  const cpuMs = processes.reduce((sum, p) => sum + p.cpuMs, 0);
  const usable = coresUsable(processes.map((p) => ({ want: (p.cpuMs + p.waitMs) / wallMs, cores: p.cores })));
  const lost = wallMs - cpuMs / Math.max(1, usable);
  // Nor more than other work ran: a core the agent was kept from ran someone's work. Its own threads'
  // affinity is read at each read only, and one widened just then (pinned to one core between reads) would
  // otherwise pass its wait for its own as the machine's.
  return Math.max(0, Math.min(most, lost, othersCpuMs));
}

/** Below this, a share of a core is none (floating point's rounding in coresUsable). */
const NONE = 1e-9;

/**
 * The most cores a set of processes could keep busy at once: each wants `want` cores (the share of the
 * interval it was runnable; more than one for a process of several threads) from its `cores` only, and a
 * core gives at most one. The largest flow from the processes through their cores (Edmonds–Karp: shortest
 * augmenting paths, a process that gives up a core to another taking one of its other cores). Pure.
 */
export function coresUsable(processes: readonly { want: number; cores: readonly number[] }[]): number {
  // Processes of the same affinity are one source: fewer nodes, however many processes an agent starts.
  const byCores = new Map<string, { want: number; cores: number[] }>();
  for (const { want, cores } of processes) {
    if (!(want > NONE) || cores.length === 0) continue;
    const distinct = [...new Set(cores)].sort((a, b) => a - b);
    const key = distinct.join(',');
    const group = byCores.get(key);
    if (group) group.want += want;
    else byCores.set(key, { want, cores: distinct });
  }
  const groups = [...byCores.values()];
  const sent = groups.map(() => 0);
  const flows = groups.map(() => new Map<number, number>());
  const busy = new Map<number, number>();
  for (;;) {
    // Breadth first from the groups with want left: a group reaches each of its cores; a full core reaches
    // the groups that use it, which may move there to another core of theirs.
    const reachedBy = new Map<number, number>();
    const through = new Map<number, number | undefined>();
    const queue: number[] = [];
    groups.forEach((group, g) => {
      if (group.want - sent[g]! > NONE) {
        through.set(g, undefined);
        queue.push(g);
      }
    });
    let free: number | undefined;
    while (queue.length > 0 && free === undefined) {
      const g = queue.shift()!;
      for (const core of groups[g]!.cores) {
        if (reachedBy.has(core)) continue;
        reachedBy.set(core, g);
        if ((busy.get(core) ?? 0) < 1 - NONE) {
          free = core;
          break;
        }
        flows.forEach((flow, other) => {
          if (!through.has(other) && (flow.get(core) ?? 0) > NONE) {
            through.set(other, core);
            queue.push(other);
          }
        });
      }
    }
    if (free === undefined) break;
    const path: { group: number; core: number }[] = [];
    for (let core: number | undefined = free; core !== undefined;) {
      const group: number = reachedBy.get(core)!;
      path.push({ group, core });
      core = through.get(group);
    }
    const first = path[path.length - 1]!.group;
    let amount = Math.min(1 - (busy.get(free) ?? 0), groups[first]!.want - sent[first]!);
    for (const { group } of path) {
      const from = through.get(group);
      if (from !== undefined) amount = Math.min(amount, flows[group]!.get(from)!);
    }
    busy.set(free, (busy.get(free) ?? 0) + amount);
    sent[first] = sent[first]! + amount;
    for (const { group, core } of path) {
      const flow = flows[group]!;
      flow.set(core, (flow.get(core) ?? 0) + amount);
      const from = through.get(group);
      if (from !== undefined) flow.set(from, flow.get(from)! - amount);
    }
  }
  return sent.reduce((sum, share) => sum + share, 0);
}

/**
 * One thread of the agent's as the kernel counts it: its CPU and run-queue wait, ms; the cores it may use.
 * Or a process's rest (`rest`): the CPU of its ended threads and reaped children, which claims no core.
 */
export interface ThreadCount {
  cpuMs: number;
  waitMs: number;
  cores: number[];
  /** Its process, and that process's parent: where its CPU shows once it has gone. */
  pid: number;
  ppid: number;
  rest?: true;
  /**
   * On a rest: its process ignores SIGCHLD, so the kernel reaps its children itself and their CPU shows in no
   * count (its rest does not grow by it), the agent's work that a read did not catch out of sight.
   */
  reapsUnseen?: true;
  /** On a rest: its process has ended, not yet reaped (a zombie). */
  ended?: true;
}

/** /proc/<pid>/<name>, or undefined once the process has gone. */
function proc(path: string): string | undefined {
  try {
    return readFileSync(`/proc/${path}`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * A process's threads, each by its id, and its rest (`<pid>+`). Each thread on its own: /proc/<pid>/schedstat
 * is the main thread's alone, and an agent whose work waited in a worker thread, its main thread idle, went
 * unseen; nor may one thread's cores stand for all (a thread left on every core beside workers pinned to one).
 * Read synchronously, as processes.ts reads /proc: the kernel's memory, which a busy machine's queue of
 * asynchronous reads made seconds late.
 */
function countsOf(pid: number, into: Map<string, ThreadCount>): void {
  const stat = proc(`${pid}/stat`);
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  // stat: `pid (comm) state …`, the name may hold spaces: fields after the last ')'; utime, stime, cutime, cstime (every thread's, ended ones' too, and reaped children's) are the 14th–17th.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ') ?? [];
  const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  const ppid = Number(fields[1]);
  if (!Number.isFinite(ticks) || fields.length < 15) return;
  let threadsMs = 0;
  let reapsUnseen = false;
  for (const tid of tids) {
    // schedstat: `<on-cpu ns> <run-queue wait ns> <timeslices>`
    const [cpuNs, waitNs] = (proc(`${pid}/task/${tid}/schedstat`) ?? '').split(' ').map(Number);
    if (!Number.isFinite(cpuNs) || !Number.isFinite(waitNs)) continue;
    const status = proc(`${pid}/task/${tid}/status`) ?? '';
    const allowed = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1];
    reapsUnseen ||= ignoresChildren(status);
    threadsMs += cpuNs! / 1e6;
    into.set(tid, { cpuMs: cpuNs! / 1e6, waitMs: waitNs! / 1e6, cores: allowed ? cpuList(allowed) : [], pid, ppid });
  }
  const rest = { cpuMs: Math.max(0, (ticks * 1000) / TICKS_PER_SECOND - threadsMs), waitMs: 0, cores: [], pid, ppid, rest: true as const };
  into.set(`${pid}+`, { ...rest, ...(reapsUnseen ? { reapsUnseen: true } : {}), ...(fields[0] === 'Z' ? { ended: true } : {}) });
}

/** SIGCHLD's bit in /proc's signal masks (SigIgn): signal 17 on every architecture node runs on. */
const SIGCHLD_BIT = 1n << 16n;

/** Whether a thread's status (/proc/<pid>/task/<tid>/status) says its process ignores SIGCHLD. */
function ignoresChildren(status: string): boolean {
  const mask = /^SigIgn:\s*([0-9a-f]+)/m.exec(status)?.[1];
  return mask !== undefined && (BigInt(`0x${mask}`) & SIGCHLD_BIT) !== 0n;
}

/** The agent's counts at one read: each thread by its id, each process's rest by `<pid>+`. */
export type Counts = Map<string, ThreadCount>;

/** CPU already counted that a process's rest (by its key, `<pid>+`) has yet to show, ms. */
export type Credit = ReadonlyMap<string, number>;

/**
 * What the agent's threads did between two reads (`before`, `now`), and the rests' growth they did not show:
 * CPU the agent ran unseen, which claims no core. A thread gone from a process still running took its CPU
 * into that process's rest; a process gone (reaped) took all of its CPU into its parent's rest, or, its
 * parent gone with it, into the nearest ancestor's still running. That much of that rest's growth was
 * counted while it ran and is not counted again. (Counted again, a reaped child's whole life landed in one
 * interval as the agent's work, and that interval's wait was given none: an innocent agent that runs one
 * command after another was out of its budget on a busy runner.) Credit explains its own rest only: an orphan
 * that init adopted explains no one's. What it does not explain yet is `credit`, for the next read only (its
 * parent may be read before the reaping). The CPU ran unseen waited `unseenWait` of each of its ms (its
 * processes' wait went with them: the machine's, runnableWaitRatio), or what `unseenWait` makes of all the CPU
 * the agent ran in the interval. Pure.
 */
export function agentInterval(
  before: Counts,
  now: Counts,
  everyCore: readonly number[],
  carried: Credit = new Map(),
  unseenWait: number | ((agentCpuMs: number) => number) = 0,
): { processes: ProcessInterval[]; credit: Credit; left: number[] } {
  const restOf = (pid: number): string | undefined => {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && hops < 64; hops++) {
      if (now.has(`${at}+`)) return `${at}+`;
      at = before.get(`${at}+`)?.ppid;
    }
    return undefined;
  };
  const gone = new Map<string, number>();
  const left = new Set<number>();
  for (const [key, count] of before) {
    if (now.has(key)) continue;
    const into = now.has(`${count.pid}+`) ? `${count.pid}+` : restOf(count.ppid);
    if (into !== undefined) gone.set(into, (gone.get(into) ?? 0) + count.cpuMs);
    // Ended when last read (a zombie), its CPU was final and counted then: whoever reaps it hides nothing.
    else if (!before.get(`${count.pid}+`)?.ended) left.add(count.pid);
  }
  const processes: ProcessInterval[] = [];
  const credit = new Map<string, number>();
  let unseen = 0;
  for (const [key, count] of now) {
    const last = before.get(key);
    const cpuMs = Math.max(0, count.cpuMs - (last?.cpuMs ?? 0));
    if (!count.rest) {
      processes.push({ cpuMs, waitMs: Math.max(0, count.waitMs - (last?.waitMs ?? 0)), cores: count.cores.length > 0 ? count.cores : everyCore });
      continue;
    }
    // The older credit first: what it does not explain now, it never will.
    const fromCarried = Math.min(carried.get(key) ?? 0, cpuMs);
    const fromGone = Math.min(gone.get(key) ?? 0, cpuMs - fromCarried);
    unseen += cpuMs - fromCarried - fromGone;
    if ((gone.get(key) ?? 0) > fromGone) credit.set(key, gone.get(key)! - fromGone);
  }
  if (unseen > 0) {
    const ratio = typeof unseenWait === 'number' ? unseenWait : unseenWait(processes.reduce((sum, p) => sum + p.cpuMs, unseen));
    processes.push({ cpuMs: unseen, waitMs: unseen * ratio, cores: [] });
  }
  return { processes, credit, left: [...left] };
}

/**
 * How long a runnable process waits for each ms it runs, as the machine runs now: its runnable processes
 * (/proc/loadavg's count, less the one reading it) shared over its cores, each getting cores ÷ runnable of
 * one; none where there are no more than cores. 0 where unknown.
 */
function runnableWaitRatio(cores: number): number {
  const running = Number(proc('loadavg')?.split(' ')[3]?.split('/')[0]);
  if (!Number.isFinite(running) || cores <= 0) return 0;
  return Math.max(0, (running - 1) / cores - 1);
}

/** What /proc/stat says: every core's busy time since boot, ms, all together and each (all but idle and iowait); undefined where unknown. */
interface MachineBusy {
  busyMs: number;
  coresBusyMs: number[];
}

function machineBusy(): MachineBusy | undefined {
  const stat = proc('stat');
  const all = stat?.match(/^cpu\s+(.*)$/m)?.[1];
  const busy = all === undefined ? undefined : busyMs(all);
  if (stat === undefined || busy === undefined) return undefined;
  return { busyMs: busy, coresBusyMs: [...stat.matchAll(/^cpu\d+\s+(.*)$/gm)].map((line) => busyMs(line[1]!) ?? NaN) };
}

/** A /proc/stat line's busy ticks, ms. */
function busyMs(line: string): number | undefined {
  // user nice system idle iowait irq softirq steal (guest time is in user's)
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).map(Number);
  const busy = [user, nice, system, irq, softirq, steal].reduce((sum: number, ticks) => sum + (ticks ?? 0), 0);
  return Number.isFinite(busy) ? (busy * 1000) / TICKS_PER_SECOND : undefined;
}

/** `0-3,6` → [0, 1, 2, 3, 6]. */
function cpuList(list: string): number[] {
  return list.split(',').flatMap((range) => {
    const [from, to = from] = range.split('-').map(Number);
    return Number.isInteger(from) && Number.isInteger(to) ? Array.from({ length: to! - from! + 1 }, (_, i) => from! + i) : [];
  });
}

/**
 * How long other work kept the agent (the processes of the tree below `root`, root included, and those its
 * sandbox still counts as its own once they left that tree) waiting,
 * runnable, for a core. Read at intervals, each counted by waitFromOthers. A process that started and
 * ended between two reads is not seen (its CPU is, once its parent reaps it, so more is counted as the
 * agent's own), so the budget is given back too little, never too much. Unknown (undefined) where the
 * kernel does not say (no /proc, no schedstat): the budget is then the budget.
 */
/** Reads the time an agent's processes waited for a core so far, ms (undefined: not known). */
export interface WaitMeter {
  read(): Promise<number | undefined>;
  /**
   * Why some of the agent's CPU may have gone uncounted, when a read saw how (undefined: none seen): its
   * wait read so far may then be its own work's, not the machine's.
   */
  outOfSight?(): string | undefined;
}

export class CpuWaitMeter implements WaitMeter {
  private last: Counts = new Map();
  private lastAt = performance.now();
  private waited: number | undefined;
  private machine = machineBusy();
  private waitRatio = runnableWaitRatio(this.machine?.coresBusyMs.length ?? 0);
  /** CPU of threads gone at the last read, already counted, that their process's or parent's rest may yet show. */
  private credit: Credit = new Map();
  private reading: Promise<number | undefined> = Promise.resolve(undefined);
  private unseen: string | undefined;
  private waiting: Promise<number | undefined> | undefined;

  /** `processes`: the agent's, root first (default: the root and those below it). */
  constructor(
    private readonly root: number,
    private readonly processes: () => Promise<number[]> = async () => [root, ...treeBelow(root)],
  ) {}

  /**
   * The wait so far, ms, from a read that starts now or after the one under way. One at a time, and at most
   * one waiting: reads asked while one waits share it. (Queued one per tick, a busy machine's slow reads
   * piled up, and the read at the budget came seconds late, with an agent past its budget ending meanwhile.)
   */
  read(): Promise<number | undefined> {
    this.waiting ??= this.reading.then(() => {
      this.waiting = undefined;
      return this.readNow();
    });
    this.reading = this.waiting;
    return this.waiting;
  }

  private async readNow(): Promise<number | undefined> {
    const now: Counts = new Map();
    for (const pid of await this.processes()) countsOf(pid, now);
    const machine = machineBusy();
    const waitRatio = runnableWaitRatio(machine?.coresBusyMs.length ?? 0);
    const at = performance.now();
    if (now.size === 0) return this.waited;
    const wallMs = at - this.lastAt;
    const everyCore = Array.from({ length: availableParallelism() }, (_, core) => core);
    // A process's rest is its whole CPU in ticks less its threads' in nanoseconds: it jitters by a tick either
    // way, and counted from its last low each rise was CPU again (a starved agent's wait then went ungiven).
    for (const [key, count] of now) {
      const before = this.last.get(key);
      if (count.rest && before && count.cpuMs < before.cpuMs) now.set(key, { ...count, cpuMs: before.cpuMs });
    }
    // The wait of the processes that ran unseen went with them: the machine's then, as at the two reads, and
    // only while every core ran others' work (the count is the machine's: a process may have run on a core
    // left idle, or kept busy by the agent itself, while others queued on another, and waited none; the agent's
    // CPU is taken off each core's busy time, all of it on each). Unknown: none.
    const before = this.machine;
    const cores = machine && before && machine.coresBusyMs.length === before.coresBusyMs.length ? machine.coresBusyMs : [];
    const unseenWait = (agentCpu: number) => {
      const othersEverywhere = cores.length === 0 ? 0 : Math.min(...cores.map((ms, core) => (ms - before!.coresBusyMs[core]! - agentCpu) / wallMs));
      return (Number.isFinite(othersEverywhere) ? Math.min(1, Math.max(0, othersEverywhere)) : 0) * ((this.waitRatio + waitRatio) / 2);
    };
    const { processes, credit, left } = agentInterval(this.last, now, everyCore, this.credit, unseenWait);
    this.machine = machine;
    this.waitRatio = waitRatio;
    this.credit = credit;
    this.unseen ??= outOfSight(this.last, now, left, this.root);
    // The agent's threads are the entries that claim a core; its rests (reaped, ended) are in /proc/stat's past.
    const threadsCpu = processes.reduce((sum, p) => sum + (p.cores.length > 0 ? p.cpuMs : 0), 0);
    // Unknown without /proc/stat: no bound. The agent's reaped and unseen CPU counts as others': loose, never tight.
    // /proc/stat counts in ticks, each core's its own: a tick each of slack, or a short interval's bound is none.
    const slack = (1000 / TICKS_PER_SECOND) * everyCore.length;
    const othersCpuMs = machine === undefined || before === undefined ? undefined : Math.max(0, machine.busyMs - before.busyMs - threadsCpu) + slack;
    const interval = { wallMs, processes, ...(othersCpuMs === undefined ? {} : { othersCpuMs }) };
    this.last = now;
    this.lastAt = at;
    this.waited = (this.waited ?? 0) + waitFromOthers(interval);
    return this.waited;
  }

  outOfSight(): string | undefined {
    return this.unseen;
  }
}

/**
 * How the agent's CPU that no read catches can go uncounted, as a read shows: a process of it that ignores
 * SIGCHLD (its children reaped by the kernel, their CPU in no count), or one of it that ended outside its
 * tree (detached, reaped by init). A process's CPU between its last read and its end is counted only from the
 * rest it shows in; where there is none, an agent that ran its work in processes each shorter than a read
 * apart had that work counted as the machine's, and its wait for it given back (a hostile agent's burns of
 * 10 ms one after another beside a busy loop on its core, SIGCHLD ignored: 1.5 s of CPU unseen, its wait for
 * them given back, and it passed at 2.3 s on a 1 s budget).
 */
function outOfSight(before: Counts, now: Counts, left: readonly number[], root: number): string | undefined {
  for (const count of now.values()) {
    if (count.reapsUnseen) return `process ${count.pid} of the agent ignores SIGCHLD: the kernel reaps its children, and their CPU shows in no count`;
  }
  // Ended, to be reaped by a parent not the agent's (init may take a second to): as good as gone. Unless it had
  // ended by the last read, its CPU final and counted: an agent's process that ended leaving its ended children
  // unreaped (init adopts them) hid nothing.
  const ended = [...now.values()].filter((count) => count.ended && !now.has(`${count.ppid}+`) && !before.get(`${count.pid}+`)?.ended).map((count) => count.pid);
  const gone = [...left, ...ended].find((pid) => pid !== root);
  if (gone !== undefined) return `process ${gone} of the agent ended outside its tree (detached, reaped by another): its CPU shows in no count of the agent's`;
  return undefined;
}

/**
 * How often an agent's wait is read while it runs, ms, whatever its budget. A process's wait after its last
 * read goes unseen with it, and a process that starts and ends between two reads is not seen at all: an
 * agent's commands (a test run, a build) take seconds, and read every tenth of a 20 s budget, five commands
 * of 1.2 s each on a quarter of a core were given back a quarter of their wait; read every quarter second, nine
 * tenths (bench/agent-wait-cadence.ts). A read costs as many processes as the agent runs (treeBelow).
 */
export const WAIT_READ_EVERY_MS = 250;

/** What to do when an agent's budget, stretched by `givenMs` so far, runs out. */
export type AtBudget = { more: number } | { end: 'budget' } | { end: 'starved'; waitedMs: number };

/** `waitedMs`: the wait CpuWaitMeter read now (undefined: nothing known, the budget is the budget). Pure. */
export function atBudget(budgetMs: number, waitedMs: number | undefined, givenMs: number): AtBudget {
  if (waitedMs === undefined) return { end: 'budget' };
  const owed = Math.min(waitedMs, STARVED_STRETCH * budgetMs) - givenMs;
  if (owed >= SMALL_SHARE * budgetMs) return { more: owed };
  return waitedMs - givenMs > STARVED_SHARE * budgetMs ? { end: 'starved', waitedMs } : { end: 'budget' };
}
