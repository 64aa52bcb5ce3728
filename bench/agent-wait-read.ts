// What reading an unisolated agent's processes costs while it runs (its wait for a core, starvation.ts), with
// a runner's other processes around it. Measured with 0, 400 and 800 sleeping processes beside it:
//   - async (before 6dea585): each /proc file read asynchronously, one await at a time, every environment every read;
//   - whole table (6dea585 to d1b1dc9): /proc read synchronously, every process's stat each read (its parent),
//     each process's environment once (by its pid and start);
//   - tree (dfe2d47 to now): the agent's tree from its processes' lists of children each read, the whole table
//     (for the processes that left the tree with the marker) every 2 s, so at four reads a second one read in eight;
//   - now: the tree, and at every read a listing of /proc, the environment of each process new to it only.
// CPU of this process per read, and wall per read, interleaved round by round.
// Run: node --import tsx bench/agent-wait-read.ts [rounds]
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { CpuWaitMeter } from '../src/agent/starvation.ts';
import { descendants, MarkedProcesses, processTable, recentProcessIds, treeBelow } from '../src/isolation/processes.ts';
import { Unisolated } from '../src/isolation/unisolated.ts';
import { machine, median, writeResult } from './support.ts';

const ROUNDS = Number(process.argv[2] ?? 15);
const CROWDS = [0, 400, 800];

/** The read before: every /proc file awaited in turn, every environment read each time. */
async function readBefore(root: number, marker: string): Promise<number> {
  const children = new Map<number, number[]>();
  const marked: number[] = [];
  const needle = Buffer.from(`${marker}\0`);
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(pid)]);
  }
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const environ = await readFile(`/proc/${pid}/environ`).catch(() => null);
    if (environ && environ.indexOf(needle) >= 0) marked.push(Number(pid));
  }
  const below: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    queue.push(...(children.get(pid) ?? []));
    below.push(pid);
  }
  const pids = [...new Set([root, ...below, ...marked])];
  for (const pid of pids) await Promise.all(['schedstat', 'stat', 'status'].map((name) => readFile(`/proc/${pid}/${name}`, 'utf8').catch(() => '')));
  return pids.length;
}

async function timed(read: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await read();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const sandbox = new Unisolated({ mechanism: 'none', reason: 'bench' });
const agent = sandbox.spawn({ argv: ['sh', '-c', 'sleep 600 & sleep 600 & wait'], cwd: '/', env: { PATH: process.env.PATH! }, mounts: [], network: 'none' });
const root = agent.child.pid!;
const marked = new MarkedProcesses('TRIALGATE_BENCH_NO_MARKER=1');
const wholeTable = new CpuWaitMeter(root, async () => {
  const table = processTable();
  return [...new Set([root, ...descendants(root, table).map((d) => d.pid), ...marked.listed([...table.keys()])])];
});
const tree = new CpuWaitMeter(root, async () => [root, ...treeBelow(root)]);
// A listing each read (unshared: 0 ms old at most), as one agent alone on a runner reads it.
const listed = new MarkedProcesses('TRIALGATE_BENCH_NO_MARKER=1');
const listing = new CpuWaitMeter(root, async () => [...new Set([root, ...treeBelow(root), ...listed.listed(recentProcessIds(0))])]);
const crowd: ChildProcess[] = [];
const rows: string[] = [];
type Cost = { wallMs: number; cpuMs: number };
try {
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const size of CROWDS) {
    while (crowd.length < size) crowd.push(spawn('sleep', ['600'], { stdio: 'ignore' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const processes = (await readdir('/proc')).filter((p) => /^\d+$/.test(p)).length;
    const costs: Record<'before' | 'whole' | 'tree' | 'listing', Cost[]> = { before: [], whole: [], tree: [], listing: [] };
    await wholeTable.read();
    await tree.read();
    await listing.read();
    for (let round = 0; round < ROUNDS; round++) {
      costs.before.push(await timed(() => readBefore(root, 'TRIALGATE_BENCH_NO_MARKER=1')));
      costs.whole.push(await timed(() => wholeTable.read()));
      costs.tree.push(await timed(() => tree.read()));
      costs.listing.push(await timed(() => listing.read()));
    }
    const m = (xs: Cost[], key: keyof Cost) => median(xs.map((x) => x[key]));
    const both = (xs: Cost[]) => `${m(xs, 'wallMs').toFixed(1)} · ${m(xs, 'cpuMs').toFixed(1)}`;
    // Four reads a second, the whole table in one of eight (every 2 s): CPU ms a second.
    const perSecond = 4 * m(costs.tree, 'cpuMs') + (4 / 8) * Math.max(0, m(costs.whole, 'cpuMs') - m(costs.tree, 'cpuMs'));
    rows.push(
      `| ${processes} | ${both(costs.before)} | ${both(costs.whole)} | ${both(costs.tree)} | ${both(costs.listing)} | ${(4 * m(costs.whole, 'cpuMs')).toFixed(0)} → ${perSecond.toFixed(0)} → ${(4 * m(costs.listing, 'cpuMs')).toFixed(0)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  for (const p of crowd) p.kill('SIGKILL');
  agent.kill();
  await agent.exited;
}

await writeResult(
  'agent-wait-read',
  `# Reading an agent's processes for its wait: what one read costs

${new Date().toISOString()} · ${machine()} · ${ROUNDS} interleaved rounds, medians, an unisolated agent of three processes

| processes on the machine | async, every file awaited: wall · CPU, ms | whole table each read: wall · CPU, ms | the agent's tree: wall · CPU, ms | the tree and a listing of /proc (now): wall · CPU, ms | CPU ms a second at four reads (whole table each read → tree, table every 2 s → tree and listing each read) |
|---|---|---|---|---|---|
${rows.join('\n')}

Every budget is read four times a second (starvation.ts, WAIT_READ_EVERY_MS). Before 6dea585, a read slower
than the time between reads queued the next, and the read at the budget came after them all; on a busy
runner each asynchronous read also waited its turn for the event loop and the thread pool (in CI's full
suite a read took seconds). A whole table costs as many processes as the machine runs; the agent's tree as
many as the agent runs, so reading four times a second costs the same on a quiet runner as on a crowded one,
but for the marked processes. Those were looked for in the whole table every 2 s, and a loop the agent
detached that lived less went unseen, its CPU reaped by init out of the agent's count; now in a listing of
/proc at every read, each process's environment read once, when it first shows (a listing is shared by every
agent's meter for 100 ms; here each read lists).
`,
);
