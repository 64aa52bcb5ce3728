// Issue 35, "the harness itself got slower": the inventory task, 20 scripted trials at concurrency 2, run
// by `trialgate run` of this checkout, of main and of d484159 (the code before the pool's check after each
// use), alternated within one run so that the ratios survive a shared machine's load. Per run: its wall,
// when the first agent started and the last trial ended, the CPU of the harness process and of everything
// below it (sandboxes, relays, services, agents; sampled from /proc), and the load average beside it.
// Medians over the rounds. Both other versions are bundled as dist/ ships (support/bundle.ts).
// Run: node --import tsx bench/trial-speed.ts [--rounds R] [--trials N] [--rev REV]...
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { machine, median, ROOT, writeResult } from './support.ts';
import { bundleCurrent, bundleRevision, privateTmp } from './support/bundle.ts';
import { sampleDescendantsCpu } from './support/tree-cpu.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const ROUNDS = Number(option('--rounds', '3'));
const TRIALS = Number(option('--trials', '20'));
const CONCURRENCY = 2;
const revs = args.flatMap((a, i) => (args[i - 1] === '--rev' ? [a] : []));
const REVISIONS = revs.length ? revs : ['main', 'd484159'];

async function project(): Promise<string> {
  const dir = join(tmpdir(), `trialgate-bench-speed-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'skills'), { recursive: true });
  await cp(join(ROOT, 'fixtures', 'inventory'), join(dir, 'fixture'), { recursive: true });
  await cp(join(ROOT, 'fixtures', 'inventory', 'agent', 'skills', 'inventory-testing.md'), join(dir, 'skills', 'inventory-testing.md'));
  const config = {
    version: 1,
    name: 'trial-speed',
    trials: TRIALS,
    seed: 1,
    concurrency: CONCURRENCY,
    budget: { wall_seconds: 300 },
    agent: {
      command: 'node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"',
      env: { AGENT_SKILL: '${TRIALGATE_PROJECT}/skills/inventory-testing.md' },
      files: ['fixture/agent'],
    },
    watch: ['skills/**'],
    tasks: [{ id: 'inventory', fixture: 'fixture', acceptance: 'http-cases' }],
  };
  await writeFile(join(dir, 'trialgate.yml'), stringify(config));
  return join(dir, 'trialgate.yml');
}

interface Measured {
  version: string;
  round: number;
  wallMs: number;
  load: [number, number];
  harnessCpuMs: number;
  belowCpuMs: number;
  firstAgentMs: number;
  lastTrialMs: number;
  outcomes: string;
  started: number;
  /** Why the services were not reused, when they were not (a reset proof the busy machine failed). */
  fresh?: string;
}

async function measure(version: string, cli: string, config: string, round: number): Promise<Measured> {
  const out = join(tmpdir(), `trialgate-bench-speed-run-${process.pid}`);
  await rm(out, { recursive: true, force: true });
  const usageFile = join(tmpdir(), `trialgate-bench-speed-usage-${process.pid}.json`);
  const load = loadavg()[0]!;
  const startedAt = Date.now();
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'run', '--config', config, '--out', out], {
    cwd: ROOT,
    env: { ...(await privateTmp()), TRIALGATE_BENCH_USAGE: usageFile, NODE_OPTIONS: `--import=${join(ROOT, 'bench', 'support', 'usage.mjs')}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const below = sampleDescendantsCpu(child.pid!);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  const wallMs = performance.now() - started;
  const belowCpuMs = below.stop();
  if (code !== 0) throw new Error(`${version} exited ${code}: ${stderr}`);
  const self = JSON.parse(await readFile(usageFile, 'utf8')) as { selfMs: number };
  const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as {
    tasks: { trials: { outcome: string; evidence: string }[]; services?: { started: number; reused: boolean; why: string } }[];
  };
  const trials = results.tasks[0]!.trials;
  const at = async (evidence: string, file: string) => (await stat(join(out, evidence, file))).mtimeMs - startedAt;
  const firsts = await Promise.all(trials.map((t) => at(t.evidence, 'config.json')));
  const lasts = await Promise.all(trials.map((t) => at(t.evidence, 'evidence/verdict.json')));
  const tally = new Map<string, number>();
  for (const t of trials) tally.set(t.outcome, (tally.get(t.outcome) ?? 0) + 1);
  await rm(out, { recursive: true, force: true });
  return {
    version,
    round,
    wallMs,
    load: [load, loadavg()[0]!],
    harnessCpuMs: self.selfMs,
    belowCpuMs,
    firstAgentMs: Math.min(...firsts),
    lastTrialMs: Math.max(...lasts),
    outcomes: [...tally].map(([o, n]) => `${n} ${o}`).join(', '),
    started: results.tasks[0]!.services?.started ?? 0,
    ...(results.tasks[0]!.services?.reused === false ? { fresh: results.tasks[0]!.services.why } : {}),
  };
}

const config = await project();
const versions: { name: string; cli: string }[] = [{ name: 'this checkout', cli: await bundleCurrent('speed') }];
for (const rev of REVISIONS) {
  const bundled = await bundleRevision(rev);
  versions.push({ name: `${rev} (${bundled.commit.slice(0, 12)})`, cli: bundled.cli });
}
const runs: Measured[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Each round starts with another version: none is always first after the machine's quiet moments.
  for (let i = 0; i < versions.length; i++) {
    const v = versions[(round + i) % versions.length]!;
    const m = await measure(v.name, v.cli, config, round + 1);
    runs.push(m);
    console.log(`${m.version} round ${m.round}: ${(m.wallMs / 1000).toFixed(1)} s, load ${m.load[0].toFixed(1)}`);
  }
}

const s = (ms: number) => (ms / 1000).toFixed(1);
const of = (name: string) => runs.filter((r) => r.version === name);
const med = (name: string, f: (r: Measured) => number) => median(of(name).map(f));
const cpu = (r: Measured) => r.harnessCpuMs + r.belowCpuMs;
const base = versions[versions.length - 1]!.name;
const summary = versions.map(
  ({ name }) =>
    `| ${name} | ${of(name).length} | **${s(med(name, (r) => r.wallMs))}** | ${(med(name, (r) => r.wallMs) / med(base, (r) => r.wallMs)).toFixed(2)} | ${s(med(name, (r) => r.firstAgentMs))} | ${s(med(name, (r) => r.lastTrialMs - r.firstAgentMs))} | ${s(med(name, (r) => r.harnessCpuMs))} | ${s(med(name, (r) => r.belowCpuMs))} | **${s(med(name, cpu))}** | ${(med(name, cpu) / med(base, cpu)).toFixed(2)} | ${(med(name, cpu) / TRIALS).toFixed(0)} |`,
);
const row = (r: Measured) =>
  `| ${r.round} | ${r.version} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} | ${s(r.wallMs)} | ${s(r.firstAgentMs)} · ${s(r.lastTrialMs)} | ${s(r.harnessCpuMs)} | ${s(r.belowCpuMs)} | ${r.started}${r.fresh ? ` (not reused: ${r.fresh.slice(0, 160)})` : ''} | ${r.outcomes} |`;

await writeResult(
  'trial-speed',
  `# The harness per trial: ${TRIALS} scripted trials of the inventory task at concurrency ${CONCURRENCY}, beside earlier versions

${new Date().toISOString()} · ${machine()} · \`trialgate run\` of each version in turn, ${ROUNDS} rounds alternated within one run (each round starts with the next version), medians; the load average (1 min) beside every run: the machine is shared, and its other work takes cores from all versions alike within a round.

| version | runs | wall s (median) | wall ÷ ${base.split(' ')[0]} | first agent starts, s | first agent start → last trial end, s | harness CPU s | CPU below it s (sandboxes, relays, services, agents) | CPU s, all | CPU ÷ ${base.split(' ')[0]} | CPU ms per trial |
|---|---|---|---|---|---|---|---|---|---|---|
${summary.join('\n')}

Every run:

| round | version | load average | wall s | first agent start · last trial end, s | harness CPU s | CPU below it s | services started | outcomes |
|---|---|---|---|---|---|---|---|---|
${runs.map(row).join('\n')}

On two cores with a CPU-bound scripted agent, the run is bound by its CPU: the CPU columns are the figures that
load moves least. What the CPU below the harness is made of (per trial, the inventory task's four variants):
the agent's node process, and per variant one use (the cases: ~39 exchanges, each through the service's relay) and,
since d484159, the check after it (the state probe, a reset and a replay of the reference answers: ~45 exchanges),
which is what a reused instance's reset being proved after every use costs: on main one round trip each, since
issue 35 all sent at once on one connection (bench/results/reset-check.md: ~5 ms of CPU per check against ~29).
The proof's eight service starts are the run's, not a trial's.
`,
);
