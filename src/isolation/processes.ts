// Every process trialgate starts for a trial is registered here, so that none outlives trialgate: when
// it exits, or is interrupted, each live one is ended. Also the unisolated fallback's sweep of /proc for
// processes that detached from their group but still carry their sandbox's marker.
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
