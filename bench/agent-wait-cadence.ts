// How much of a starved agent's wait for a core is seen, by how often it is read (starvation.ts): an agent
// that runs one command after another, each pinned to core 0 beside three busy loops (a quarter of the core),
// its wait read by a CpuWaitMeter every 2 s (a tenth of a 20 s budget, the cadence before), 1 s, 0.5 s and
// 0.25 s (now). A command's wait after its last read goes unseen with it, and one that starts and ends
// between two reads is not seen at all. The true wait is the agent's wall time less its CPU (all of it on
// core 0, runnable throughout) and its closing sleep. Interleaved round by round; medians.
// Run: node --import tsx bench/agent-wait-cadence.ts [rounds]
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { CpuWaitMeter } from '../src/agent/starvation.ts';
import { machine, median, writeResult } from './support.ts';

const ROUNDS = Number(process.argv[2] ?? 3);
const CADENCES_MS = [2000, 1000, 500, 250];
const COMMANDS = 5;
const BURN_MS = 300;
const CLOSING_SLEEP_MS = 300;
const BURN = `const want = Number(process.env.BURN_MS) * 1000; const at = process.cpuUsage(); for (;;) { const u = process.cpuUsage(at); if (u.user + u.system >= want) break; }`;

/** The agent's CPU so far, ms: its own and its reaped children's (/proc/<pid>/stat, in ticks). */
function treeCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * 10;
  } catch {
    return undefined;
  }
}

async function agentRun(everyMs: number): Promise<{ seen: number; truth: number }> {
  const command = Array.from({ length: COMMANDS }, () => `taskset -c 0 node -e '${BURN}'`).join('; ') + `; sleep ${CLOSING_SLEEP_MS / 1000}`;
  const started = performance.now();
  const agent = spawn('sh', ['-c', command], { env: { ...process.env, BURN_MS: String(BURN_MS) }, stdio: 'ignore' });
  const meter = new CpuWaitMeter(agent.pid!);
  let seen = 0;
  let cpuMs = 0;
  const reads = setInterval(() => void meter.read().then((w) => (seen = w ?? seen)), everyMs);
  const cpu = setInterval(() => (cpuMs = treeCpuMs(agent.pid!) ?? cpuMs), 20);
  await once(agent, 'exit');
  clearInterval(reads);
  clearInterval(cpu);
  return { seen, truth: performance.now() - started - cpuMs - CLOSING_SLEEP_MS };
}

const loops: ChildProcess[] = [];
for (let i = 0; i < 3; i++) loops.push(spawn('taskset', ['-c', '0', process.execPath, '-e', 'for (;;);'], { stdio: 'ignore' }));
const shares = new Map<number, number[]>(CADENCES_MS.map((c) => [c, []]));
try {
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let round = 0; round < ROUNDS; round++) {
    for (const everyMs of CADENCES_MS) {
      const { seen, truth } = await agentRun(everyMs);
      shares.get(everyMs)!.push(seen / truth);
      console.log(`round ${round + 1}, every ${everyMs} ms: ${(seen / 1000).toFixed(2)} s of ${(truth / 1000).toFixed(2)} s seen`);
    }
  }
} finally {
  for (const loop of loops) loop.kill('SIGKILL');
}

const rows = CADENCES_MS.map((c) => `| ${c} | ${(100 * median(shares.get(c)!)).toFixed(0)} % |`);
await writeResult(
  'agent-wait-cadence',
  `# How much of a starved agent's wait is seen, by how often it is read

${new Date().toISOString()} · ${machine()} · ${ROUNDS} interleaved rounds, medians · ${COMMANDS} commands in turn, each ${BURN_MS} ms of CPU on a quarter of core 0

| read every, ms | wait seen (and given back) |
|---|---|
${rows.join('\n')}

Before, a budget was read every tenth of it (2 s for a 20 s budget, 30 s at most); now every 250 ms. What is
not seen is a command's wait after its last read and the whole wait of one that ends between two reads: less
given back, never more.
`,
);
