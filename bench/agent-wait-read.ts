// What reading an unisolated agent's processes costs while it runs (its wait for a core, starvation.ts), with
// a runner's other processes around it: each read lists /proc, reads every process's stat (its parent) and,
// for the sandbox's marker, its environment. Measured with 0, 400 and 800 sleeping processes beside it:
//   - the way before: each /proc file read asynchronously, one await at a time, every environment every read;
//   - now: /proc read synchronously, each process's environment once (by its pid and start).
// CPU of this process per read, and wall per read, interleaved round by round.
// Run: node --import tsx bench/agent-wait-read.ts [rounds]
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { CpuWaitMeter } from '../src/agent/starvation.ts';
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
const meter = new CpuWaitMeter(agent.child.pid!, agent.processes!.bind(agent));
const crowd: ChildProcess[] = [];
const rows: string[] = [];
try {
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const size of CROWDS) {
    while (crowd.length < size) crowd.push(spawn('sleep', ['600'], { stdio: 'ignore' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const processes = (await readdir('/proc')).filter((p) => /^\d+$/.test(p)).length;
    const before: { wallMs: number; cpuMs: number }[] = [];
    const now: { wallMs: number; cpuMs: number }[] = [];
    await meter.read();
    for (let round = 0; round < ROUNDS; round++) {
      before.push(await timed(() => readBefore(agent.child.pid!, 'TRIALGATE_BENCH_NO_MARKER=1')));
      now.push(await timed(() => meter.read()));
    }
    const m = (xs: { wallMs: number; cpuMs: number }[], key: 'wallMs' | 'cpuMs') => median(xs.map((x) => x[key]));
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : '–');
    rows.push(
      `| ${processes} | ${m(before, 'wallMs').toFixed(1)} · ${m(before, 'cpuMs').toFixed(1)} | ${m(now, 'wallMs').toFixed(1)} · ${m(now, 'cpuMs').toFixed(1)} | ${ratio(m(before, 'wallMs'), m(now, 'wallMs'))} · ${ratio(m(before, 'cpuMs'), m(now, 'cpuMs'))} |`,
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

| processes on the machine | before: wall · CPU, ms | now: wall · CPU, ms | before ÷ now |
|---|---|---|---|
${rows.join('\n')}

A 3 s budget is read every 300 ms; a read slower than that queued the next before the fix, and the read at
the budget came after them all. The figures are this process's alone: on a busy runner each of the
asynchronous reads also waited its turn for the event loop and the thread pool, which the medians on a quiet
machine do not show (in CI's full suite a read took seconds).
`,
);
