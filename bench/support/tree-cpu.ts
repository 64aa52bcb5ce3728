// CPU time of every process below a root, sampled from /proc. A sandbox with its own PID namespace is
// never waited for by bubblewrap's monitor, so the kernel's children accounting (getrusage) loses the
// agents and services inside; sampling their /proc/<pid>/stat finds them. What a process spends after
// the last sample before it exits is missed (at most one interval per process). Linux only.
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on every Linux that Node supports

interface Seen {
  cpuMs: number;
}

function stat(pid: number): { cpuMs: number; start: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // utime, stime are fields 14 and 15 (1-based), starttime 22: here 11, 12 and 19.
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS, start: fields[19]! };
  } catch {
    return undefined;
  }
}

function children(pid: number): number[] {
  try {
    const out: number[] = [];
    for (const tid of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ')) if (tid.trim()) out.push(Number(tid));
    return out;
  } catch {
    return [];
  }
}

/** Start sampling the descendants of `root` (not `root` itself); `stop()` returns their CPU ms so far. */
export function sampleDescendantsCpu(root: number, intervalMs = 5): { stop(): number } {
  const seen = new Map<string, Seen>();
  const tick = () => {
    const frontier = children(root);
    while (frontier.length) {
      const pid = frontier.pop()!;
      const s = stat(pid);
      if (!s) continue;
      const key = `${pid}/${s.start}`;
      const known = seen.get(key);
      if (!known) seen.set(key, { cpuMs: s.cpuMs });
      else known.cpuMs = Math.max(known.cpuMs, s.cpuMs);
      frontier.push(...children(pid));
    }
  };
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return [...seen.values()].reduce((sum, s) => sum + s.cpuMs, 0);
    },
  };
}
