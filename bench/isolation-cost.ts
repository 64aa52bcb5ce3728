// Issue 9 benchmark: what isolation costs per trial. The same trial (the inventory task, the scripted
// agent, four service variants) run isolated (bubblewrap: the agent, every service and their relays in
// sandboxes) and unisolated, interleaved round by round so machine noise hits both alike; plus the cost
// of one sandboxed `true` against a plain spawn, the floor of the mechanism itself.
// Run: node --import tsx bench/isolation-cost.ts [rounds] [trials-per-round]
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { openSandbox } from '../src/isolation/open.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { machine, median, ROOT, writeResult } from './support.ts';

const rounds = Number(process.argv[2] ?? 5);
const trials = Number(process.argv[3] ?? 4);

const project = await mkdtemp(join(tmpdir(), 'trialgate-bench-isolation-'));
await cp(join(ROOT, 'fixtures', 'inventory'), join(project, 'fixture'), { recursive: true });
await writeFile(
  join(project, 'trialgate.yml'),
  stringify({
    version: 1,
    name: 'bench',
    trials,
    concurrency: 1,
    budget: { wall_seconds: 60 },
    agent: { command: 'node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"', files: ['fixture/agent'] },
    watch: ['fixture/agent/skills/**'],
    tasks: [{ id: 'inventory', fixture: 'fixture' }],
  }),
);

async function perTrial(isolation: 'required' | 'none'): Promise<number> {
  const out = join(project, `run-${isolation}-${Math.random().toString(36).slice(2)}`);
  const started = performance.now();
  const { results } = await runTrialSet({ configPath: join(project, 'trialgate.yml'), outDir: out, isolation });
  const ms = (performance.now() - started) / trials;
  if (results.tasks[0]!.trials.some((t) => t.outcome !== 'pass')) throw new Error(`${isolation}: a trial did not pass`);
  await rm(out, { recursive: true, force: true });
  return ms;
}

/** One sandboxed `true` (bubblewrap up and down) against a plain `true`. */
async function spawnCost(): Promise<{ plain: number; sandboxed: number }> {
  const sandbox = await openSandbox('required');
  const plain: number[] = [];
  const sandboxed: number[] = [];
  for (let i = 0; i < 30; i++) {
    let t = performance.now();
    spawnSync('true');
    plain.push(performance.now() - t);
    t = performance.now();
    await sandbox.spawn({ argv: ['true'], cwd: '/', env: { PATH: process.env.PATH! }, mounts: [], network: 'host' }).exited;
    sandboxed.push(performance.now() - t);
  }
  await sandbox.dispose();
  return { plain: median(plain), sandboxed: median(sandboxed) };
}

const isolated: number[] = [];
const unisolated: number[] = [];
await perTrial('required'); // warm caches once, uncounted
for (let r = 0; r < rounds; r++) {
  isolated.push(await perTrial('required'));
  unisolated.push(await perTrial('none'));
}
const spawn = await spawnCost();
await rm(project, { recursive: true, force: true });

const m = { isolated: median(isolated), unisolated: median(unisolated) };
await writeResult(
  'isolation-cost',
  `# Isolation: cost per trial

${new Date().toISOString()} · ${machine()} · ${rounds} interleaved rounds of ${trials} trials (concurrency 1), medians

| what | median ms |
|---|---|
| one trial, unisolated (\`--isolation none\`) | ${m.unisolated.toFixed(0)} |
| one trial, isolated (bubblewrap: agent, 4 services with relays) | ${m.isolated.toFixed(0)} |
| plain \`spawn true\` | ${spawn.plain.toFixed(1)} |
| sandboxed \`true\` (bubblewrap up and down) | ${spawn.sandboxed.toFixed(1)} |

- isolated / unisolated per trial: **${(m.isolated / m.unisolated).toFixed(2)}×** (${(m.isolated - m.unisolated).toFixed(0)} ms per trial, for 5 sandboxes: the agent and 4 services)
- one sandbox costs ${(spawn.sandboxed - spawn.plain).toFixed(1)} ms over a plain spawn
`,
);
