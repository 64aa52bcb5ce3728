// Every process trialgate starts for a trial is registered here, so that none outlives trialgate: when
// it exits, or is interrupted, each live one is ended. Also the unisolated fallback's sweep of /proc for
// processes that detached from their group but still carry their sandbox's marker.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';

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

/**
 * Send `signal` (SIGKILL) to every process whose environment holds `marker` (`NAME=value`). A marked process
 * may start another between the listing of /proc and its own end, so SIGKILL sweeps again until a sweep finds
 * none. Linux only; best effort.
 */
export async function killMarked(marker: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<number> {
  let killed = 0;
  for (let sweep = 0; sweep < (signal === 'SIGKILL' ? KILL_SWEEPS : 1); sweep++) {
    const found = await signalMarked(marker, signal);
    killed += found;
    if (found === 0) break;
  }
  return killed;
}

/** The processes whose environment holds `marker` (`NAME=value`), but this one. Linux only; best effort. */
export async function markedProcesses(marker: string): Promise<number[]> {
  const pids = await readdir('/proc').catch(() => [] as string[]);
  const needle = Buffer.from(`${marker}\0`);
  const found: number[] = [];
  for (const pid of pids) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const environ = await readFile(`/proc/${pid}/environ`).catch(() => null);
    if (!environ || (environ.indexOf(needle) !== 0 && environ.indexOf(Buffer.concat([Buffer.from([0]), needle])) < 0)) continue;
    found.push(Number(pid));
  }
  return found;
}

async function signalMarked(marker: string, signal: NodeJS.Signals): Promise<number> {
  let killed = 0;
  for (const pid of await markedProcesses(marker)) {
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
  if (child.stdout?.readableEnded !== false && child.stderr?.readableEnded !== false) return;
  const closed = once(child, 'close').catch(() => undefined);
  let timeout: NodeJS.Timeout | undefined;
  const timer = new Promise((resolve) => (timeout = setTimeout(resolve, drainMs).unref()));
  await Promise.race([closed, timer]);
  clearTimeout(timeout);
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

/** The processes below `root` (its descendants, from /proc), parents before children, each with its command name. Linux only. */
export async function descendants(root: number): Promise<{ pid: number; comm: string }[]> {
  const children = new Map<number, number[]>();
  const comms = new Map<number, string>();
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // `pid (comm) state ppid …`: the name may hold spaces and parentheses, so split at the last ')'.
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    comms.set(Number(pid), stat.slice(stat.indexOf('(') + 1, close));
    children.set(ppid, [...(children.get(ppid) ?? []), Number(pid)]);
  }
  const found: { pid: number; comm: string }[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    queue.push(...(children.get(pid) ?? []));
    found.push({ pid, comm: comms.get(pid) ?? '' });
  }
  return found;
}

/**
 * Send `signal` to every process below `root` except those `spare` names by their command name: how a
 * signal reaches the processes inside a sandbox, which live in a session and process group of their own.
 * Linux only; best effort.
 */
export async function signalDescendants(root: number, signal: NodeJS.Signals, spare: (comm: string) => boolean = () => false): Promise<number> {
  let signalled = 0;
  for (const { pid, comm } of await descendants(root)) {
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
