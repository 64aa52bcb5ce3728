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
    process.once(signal, () => {
      killAll();
      // Then die of the same signal, as the default handler would have.
      process.kill(process.pid, signal);
    });
  }
}

/** Send SIGKILL to every process whose environment holds `marker` (`NAME=value`). Linux only; best effort. */
export async function killMarked(marker: string): Promise<number> {
  const pids = await readdir('/proc').catch(() => [] as string[]);
  const needle = Buffer.from(`${marker}\0`);
  let killed = 0;
  for (const pid of pids) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const environ = await readFile(`/proc/${pid}/environ`).catch(() => null);
    if (!environ || (environ.indexOf(needle) !== 0 && environ.indexOf(Buffer.concat([Buffer.from([0]), needle])) < 0)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      killed++;
    } catch {
      // gone already
    }
  }
  return killed;
}

/**
 * Watch a started child: registered until it exits, then `after` (clean-up that must precede the end),
 * then its pipes are closed. The returned promise resolves once all that is done.
 */
export function supervise(child: ChildProcess, kill: () => void, after?: () => Promise<void> | void): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const untrack = trackProcess(kill);
  child.on('error', () => undefined);
  return (async () => {
    const [code, signal] = (await once(child, 'exit').catch(() => [127, null])) as [number | null, NodeJS.Signals | null];
    untrack();
    await after?.();
    await drainPipes(child);
    return { code, signal };
  })();
}

/** How long a command's pipes may stay open after it exited (a leftover child may hold them). */
const PIPE_DRAIN_MS = 200;

/** Wait briefly for stdout/stderr to close, then close them: a detached leftover must not hold a trial. */
async function drainPipes(child: ChildProcess): Promise<void> {
  if (child.stdout?.readableEnded !== false && child.stderr?.readableEnded !== false) return;
  const closed = once(child, 'close').catch(() => undefined);
  const timer = new Promise((resolve) => setTimeout(resolve, PIPE_DRAIN_MS).unref());
  await Promise.race([closed, timer]);
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
