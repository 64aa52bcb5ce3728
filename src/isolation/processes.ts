// Every process trialgate starts for a trial is registered here, so that none outlives trialgate: when
// it exits, or is interrupted, each live one is ended. Also the unisolated fallback's sweep of /proc for
// processes that detached from their group but still carry their sandbox's marker.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterPendingReads, pendingReadsDone } from '../util/pending-reads.ts';

const live = new Set<() => void>();
let hooked = false;

/** Register `kill` until the returned function is called. */
export function trackProcess(kill: () => void): () => void {
  hookExit();
  live.add(kill);
  return () => live.delete(kill);
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const kill of live) kill();
    live.clear();
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // A front end that handles the signal itself (the CLI: it ends the processes with endTracked and says so) keeps it.
    if (process.listenerCount(signal) > 0) continue;
    process.once(signal, () => {
      killAll();
      // Then die of the same signal, as the default handler would have.
      process.kill(process.pid, signal);
    });
  }
}

/**
 * End every registered process now and wait, up to `waitMs`, until each has exited and its clean-up ran
 * (an interrupted command ends its trials this way before it exits). Returns how many were running.
 */
export async function endTracked(waitMs = 10_000): Promise<number> {
  const running = live.size;
  for (const kill of live) kill();
  const deadline = Date.now() + waitMs;
  while (live.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return running;
}

/** Sweeps of /proc at most for one SIGKILL: enough for a chain of processes each starting the next as it ends. */
const KILL_SWEEPS = 8;
const SWEEP_PAUSE_MS = 10;

/**
 * Send `signal` (SIGKILL) to every process whose environment holds `marker` (`NAME=value`). A marked process
 * may start another between the listing of /proc and its own end, so SIGKILL sweeps again until a sweep finds
 * none. Linux only; best effort.
 */
export async function killMarked(marker: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<number> {
  let killed = 0;
  for (let sweep = 0; sweep < (signal === 'SIGKILL' ? KILL_SWEEPS : 1); sweep++) {
    const found = signalMarked(marker, signal);
    killed += found;
    if (found === 0) break;
    // A moment for the signalled to end (and for one that started another meanwhile to show it).
    await new Promise((resolve) => setTimeout(resolve, SWEEP_PAUSE_MS));
  }
  return killed;
}

/** The processes whose environment holds `marker` (`NAME=value`), but this one. Linux only; best effort. */
export function markedProcesses(marker: string): number[] {
  return new MarkedProcesses(marker).listed(processIds());
}

/**
 * The processes whose environment holds a marker, each process's environment read once: a meter asks four
 * times a second, and reading every process's environment each time cost seconds of CPU a read among a busy
 * runner's hundreds of processes.
 */
export class MarkedProcesses {
  private readonly known = new Map<number, boolean>();
  private readonly needle: Buffer;

  constructor(marker: string) {
    this.needle = Buffer.from(`${marker}\0`);
  }

  /**
   * The processes of `pids` (a listing of /proc: processIds, recentProcessIds) that hold the marker: each
   * one's environment read when it first shows in a listing, and forgotten once it is gone from one. A meter's
   * read costs only the processes started since the last listing, so the marked are found at every read, not
   * every 2 s with the whole table: a loop the agent detached that lived under 2 s was not seen at all, its CPU
   * then reaped by init, out of the agent's count, and the agent's wait for it was given back (a hostile
   * agent's burns detached one after the other: 1.2 s of the 1.5 s they ran counted as the machine's).
   */
  listed(pids: readonly number[]): number[] {
    const found: number[] = [];
    const live = new Set<number>();
    for (const pid of pids) {
      if (pid === process.pid) continue;
      live.add(pid);
      let marked = this.known.get(pid);
      if (marked === undefined) {
        marked = this.holds(pid);
        this.known.set(pid, marked);
      }
      if (marked) found.push(pid);
    }
    for (const pid of this.known.keys()) if (!live.has(pid)) this.known.delete(pid);
    return found;
  }

  private holds(pid: number): boolean {
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      return false;
    }
    return environ.indexOf(this.needle) === 0 || environ.indexOf(Buffer.concat([Buffer.from([0]), this.needle])) >= 0;
  }
}

function signalMarked(marker: string, signal: NodeJS.Signals): number {
  let killed = 0;
  for (const pid of markedProcesses(marker)) {
    try {
      process.kill(pid, signal);
      killed++;
    } catch {
      // gone already
    }
  }
  return killed;
}

/**
 * Watch a started child: registered until it exits and `after` (clean-up that must precede the end) is
 * done, then its pipes are drained and closed. The returned promise resolves once all that is done.
 */
export function supervise(
  child: ChildProcess,
  kill: () => void,
  after?: () => Promise<void> | void,
  drainMs = PIPE_DRAIN_MS,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const untrack = trackProcess(kill);
  child.on('error', () => undefined);
  return (async () => {
    const [code, signal] = (await once(child, 'exit').catch(() => [127, null])) as [number | null, NodeJS.Signals | null];
    try {
      await after?.();
    } finally {
      // Tracked until its clean-up is done too: an interrupted command waits for both before it exits.
      untrack();
    }
    await drainPipes(child, drainMs);
    return { code, signal };
  })();
}

/**
 * How long a command's pipes may stay open after it exited and its clean-up ran. Only a leftover holds them
 * then (a sandbox's end takes every process in it along; the unisolated fallback's clean-up ends its marked
 * ones), so this bounds one that escaped both; it is no wait for output already written, which a busy
 * machine may read late (200 ms once lost an agent's `trialgate-env-error:` line so).
 */
const PIPE_DRAIN_MS = 10_000;

/** Read stdout/stderr to their end, then close them: a detached leftover holding them must not hold a trial. */
async function drainPipes(child: ChildProcess, drainMs: number): Promise<void> {
  const read = () => child.stdout?.readableEnded !== false && child.stderr?.readableEnded !== false;
  if (read()) return;
  const closed = once(child, 'close').catch(() => undefined);
  let timeout: NodeJS.Timeout | undefined;
  const timer = new Promise((resolve) => (timeout = setTimeout(resolve, drainMs).unref()));
  await Promise.race([closed, timer]);
  clearTimeout(timeout);
  // The bound may pass with the pipes' ends already there to read: the event loop runs a due timer before it
  // reads, so trialgate held off its core past the bound would lose them.
  if (!read()) await pendingReadsDone();
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/** Send `signal` to the process group `child` leads (it was spawned detached). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone
  }
}

/** One process as /proc/<pid>/stat says: its parent and command name. */
export interface ProcessEntry {
  ppid: number;
  comm: string;
}

export type ProcessTable = ReadonlyMap<number, ProcessEntry>;

/**
 * Every process now, from /proc. Read synchronously: procfs is the kernel's memory, not a disk, and each
 * asynchronous read waits its turn on a busy machine (hundreds of processes read one at a time took seconds
 * a read). Empty without /proc.
 */
export function processTable(): ProcessTable {
  const table = new Map<number, ProcessEntry>();
  for (const pid of processIds()) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // `pid (comm) state ppid …`: the name may hold spaces and parentheses, so split at the last ')'.
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    table.set(pid, { ppid: Number(stat.slice(close + 2).split(' ')[1]), comm: stat.slice(stat.indexOf('(') + 1, close) });
  }
  return table;
}

/** Every process's id now, listed in /proc. Empty without /proc. */
export function processIds(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

let recent: { at: number; pids: number[] } | undefined;

/**
 * Every process's id now, as listed in /proc at most `maxAgeMs` ago: one listing shared by every agent's meter
 * (a listing of a runner's hundreds of processes costs a fraction of a millisecond; their stat files, the
 * whole table, 15 ms). Empty without /proc.
 */
export function recentProcessIds(maxAgeMs: number): number[] {
  const now = performance.now();
  if (!recent || now - recent.at > maxAgeMs) recent = { at: now, pids: processIds() };
  return recent.pids;
}

/** The processes below `root` (its descendants), parents before children, each with its command name. Linux only. */
export function descendants(root: number, table: ProcessTable = processTable()): { pid: number; comm: string }[] {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: { pid: number; comm: string }[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    queue.push(...(children.get(pid) ?? []));
    found.push({ pid, comm: table.get(pid)?.comm ?? '' });
  }
  return found;
}

/** Whether the kernel lists each thread's children (/proc/<pid>/task/<tid>/children, CONFIG_PROC_CHILDREN). */
const CHILDREN_LISTED = (() => {
  try {
    readFileSync(`/proc/${process.pid}/task/${process.pid}/children`);
    return true;
  } catch {
    return false;
  }
})();

/**
 * The processes below `root` (its descendants), parents before children. From the kernel's list of each
 * thread's children where it keeps one: what that costs grows with the agent's own tree, not with every
 * process on the machine (a busy runner's hundreds, read four times a second for each agent's wait). Else
 * from the whole table. Linux only.
 */
export function treeBelow(root: number): number[] {
  if (!CHILDREN_LISTED) return descendants(root).map((d) => d.pid);
  const found: number[] = [];
  const seen = new Set([root]);
  const parents = [root];
  for (let next = 0; next < parents.length; next++) {
    const pid = parents[next]!;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone: its children, if any, were reparented
    }
    for (const tid of tids) {
      let children: string;
      try {
        children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const word of children.split(' ')) {
        const child = Number(word);
        if (!Number.isInteger(child) || child <= 0 || seen.has(child)) continue;
        seen.add(child);
        found.push(child);
        parents.push(child);
      }
    }
  }
  return found;
}

/**
 * Send `signal` to every process below `root` except those `spare` names by their command name: how a
 * signal reaches the processes inside a sandbox, which live in a session and process group of their own.
 * Linux only; best effort.
 */
export function signalDescendants(root: number, signal: NodeJS.Signals, spare: (comm: string) => boolean = () => false): number {
  let signalled = 0;
  for (const { pid, comm } of descendants(root)) {
    if (spare(comm)) continue;
    try {
      process.kill(pid, signal);
      signalled++;
    } catch {
      // gone already
    }
  }
  return signalled;
}

/** A time limit on one command: `timedOut()` says whether the limit, not the command, ended it. */
export interface CommandLimit {
  timedOut(): boolean;
  clear(): void;
}

/**
 * Whether `pid` has not ended, as the kernel says now (not yet reaped is ended): a process's end reaches
 * node's event loop late on a busy machine, after a timer due at the same time. Unknown (no /proc): running.
 */
export function stillRunning(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return !existsSync('/proc/self/stat');
  }
  // `pid (comm) state …`: Z a zombie, X dead.
  return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
}

/**
 * End `command` (kill()) when it runs past `ms`. The limit ended it only if it had not exited by then: the event
 * loop runs a due timer before it reads what arrived, so a command that exited while trialgate was kept off its
 * core (a busy machine) would be called past its limit at its very end. Its exit is read first.
 */
export function limitCommand(command: { child: ChildProcess; kill(): void }, ms: number): CommandLimit {
  let timedOut = false;
  const timer = setTimeout(
    () =>
      afterPendingReads(() => {
        // The kernel's word too: an exit can reach the event loop after this decision however long it waits.
        if (command.child.exitCode === null && command.child.signalCode === null && (command.child.pid === undefined || stillRunning(command.child.pid)))
          timedOut = true;
        command.kill();
      }),
    ms,
  );
  return { timedOut: () => timedOut, clear: () => clearTimeout(timer) };
}
