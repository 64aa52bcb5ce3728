// Which TCP ports a started service really listens on, read from Linux's /proc: the sockets its
// processes hold, matched against the listening sockets of their network namespace. It turns "no answer
// on PORT" into "it listens on 8080, not on PORT=41234". Elsewhere (no /proc) it knows nothing.
import { readdir, readFile, readlink } from 'node:fs/promises';
import { descendants } from '../isolation/processes.ts';

/** Ports that the process `pid` and every process it started listen on; empty when that cannot be read. */
export async function listeningPorts(pid: number): Promise<number[]> {
  const tree = [pid, ...descendants(pid).map((d) => d.pid)];
  const inodes = new Set<string>();
  for (const p of tree) {
    const fds = await readdir(`/proc/${p}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${p}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode) inodes.add(inode);
    }
  }
  const ports = new Set<number>();
  for (const p of tree) {
    for (const table of ['tcp', 'tcp6']) {
      const text = await readFile(`/proc/${p}/net/${table}`, 'utf8').catch(() => '');
      for (const line of text.split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        // local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is the tenth field.
        if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.add(Number.parseInt(fields[1]!.split(':').pop()!, 16));
      }
    }
  }
  return [...ports].sort((a, b) => a - b);
}
