// CPU time of every process below a root, sampled from /proc. A sandbox with its own PID namespace is
// never waited for by bubblewrap's monitor, so the kernel's children accounting (getrusage) loses the
// agents and services inside; sampling their /proc/<pid>/stat finds them. What a process spends after
// the last sample before it exits is missed (at most one interval per process). Linux only.
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on every Linux that Node supports

interface Seen {
  cpuMs: number;
  /** In a subtree the caller's predicate names (an agent's). */
  apart: boolean;
  /** Samples taken of it: its command line is read again for the first few, as it may not have exec'd yet. */
  samples: number;
}

const LOOKS = 10;

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
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

/**
 * Start sampling the descendants of `root` (not `root` itself); `stop()` returns their CPU ms so far, and
 * `apartMs()` (after it) the part of it in the subtrees whose command line `isApart` accepts.
 */
export function sampleDescendantsCpu(root: number, intervalMs = 5, isApart?: (cmdline: string) => boolean): { stop(): number; apartMs(): number } {
  const seen = new Map<string, Seen>();
  const tick = () => {
    const frontier = children(root).map((pid) => ({ pid, above: false }));
    while (frontier.length) {
      const { pid, above } = frontier.pop()!;
      const s = stat(pid);
      if (!s) continue;
      const key = `${pid}/${s.start}`;
      let known = seen.get(key);
      if (!known) seen.set(key, (known = { cpuMs: s.cpuMs, apart: false, samples: 0 }));
      else known.cpuMs = Math.max(known.cpuMs, s.cpuMs);
      if (isApart && !known.apart && (above || (known.samples < LOOKS && isApart(cmdline(pid))))) known.apart = true;
      known.samples++;
      frontier.push(...children(pid).map((child) => ({ pid: child, above: known.apart })));
    }
  };
  const timer = setInterval(tick, intervalMs);
  const sum = (all: boolean) => [...seen.values()].reduce((total, s) => total + (all || s.apart ? s.cpuMs : 0), 0);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return sum(true);
    },
    apartMs: () => sum(false),
  };
}
