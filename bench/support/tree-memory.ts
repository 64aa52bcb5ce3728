// Memory of a whole process tree, sampled from /proc: the proportional set size (PSS: each shared page
// counted once over the processes that share it) of a root and every process below it, in total and
// without the subtrees a predicate names (the agents'), at each sample; the peaks are kept. Reading
// smaps_rollup walks a process's mappings, so the interval is coarse: a peak between two samples is missed.
// Linux only.
import { readFileSync } from 'node:fs';

export interface TreeMemory {
  /** Peak PSS of the whole tree, MiB. */
  peakPssMb: number;
  /** Peak PSS of the tree without the subtrees `isApart` names, MiB. */
  peakPssBesideMb: number;
  /** Most processes alive at once, and of them in the named subtrees. */
  peakProcesses: number;
  peakApart: number;
}

function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter((t) => t.trim())
      .map(Number);
  } catch {
    return [];
  }
}

/** Sample `root` and its descendants every `intervalMs`; a process whose command line `isApart` accepts counts apart, with everything below it. */
export function sampleTreeMemory(root: number, isApart: (cmdline: string) => boolean, intervalMs = 200): { stop(): TreeMemory } {
  const peak: TreeMemory = { peakPssMb: 0, peakPssBesideMb: 0, peakProcesses: 0, peakApart: 0 };
  const tick = () => {
    let total = 0;
    let beside = 0;
    let processes = 0;
    let apart = 0;
    const frontier: { pid: number; apart: boolean }[] = [{ pid: root, apart: false }];
    while (frontier.length) {
      const { pid, apart: above } = frontier.pop()!;
      const isApartHere = above || isApart(cmdline(pid));
      const kb = pssKb(pid);
      processes++;
      total += kb;
      if (isApartHere) apart++;
      else beside += kb;
      for (const child of children(pid)) frontier.push({ pid: child, apart: isApartHere });
    }
    peak.peakPssMb = Math.max(peak.peakPssMb, total / 1024);
    peak.peakPssBesideMb = Math.max(peak.peakPssBesideMb, beside / 1024);
    peak.peakProcesses = Math.max(peak.peakProcesses, processes);
    peak.peakApart = Math.max(peak.peakApart, apart);
  };
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { ...peak };
    },
  };
}
