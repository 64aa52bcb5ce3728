// Issue 19 benchmark: what the check after each use of a reused service costs (its state probe, a reset,
// a replay of the reference answers, a reset), beside what it saves: starting a fresh instance for that
// use. The check as a run makes it (its requests sent at once on one connection, issue 35) beside the same
// exchanges one by one (the check before), alternated in blocks, with the CPU of this process and of the
// service's processes (its relay and the service) per check. Then whole trials of the inventory task at
// concurrency 1, reused and checked against every use starting fresh (the same fixture without its state
// probe), interleaved round by round.
// Run: node --import tsx bench/reset-check.ts [samples] [rounds] [trials-per-round]
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadFixture } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import { kindOf } from '../src/kinds/registry.ts';
import { resetService } from '../src/service/control.ts';
import { startService } from '../src/service/launch.ts';
import { probeState } from '../src/service/pool.ts';
import { ResetProver } from '../src/service/reset-proof.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { machine, median, ROOT, writeResult } from './support.ts';
import { sampleDescendantsCpu } from './support/tree-cpu.ts';

const samples = Number(process.argv[2] ?? 30);
const rounds = Number(process.argv[3] ?? 3);
const trials = Number(process.argv[4] ?? 6);

const project = await mkdtemp(join(tmpdir(), 'trialgate-bench-reset-'));
await cp(join(ROOT, 'fixtures', 'inventory'), join(project, 'fixture'), { recursive: true });
await cp(join(ROOT, 'fixtures', 'inventory'), join(project, 'fresh'), { recursive: true });
const manifestPath = join(project, 'fresh', 'fixture.json');
const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
delete manifest.service.stateProbe;
await writeFile(manifestPath, JSON.stringify(manifest, null, 2));

/** Per check: wall ms, this process's CPU ms, and its service's processes' CPU ms (each a median over blocks). */
interface CheckCost {
  ms: number;
  cpuMs: number;
  serviceCpuMs: number;
}

/** CPU ms so far of every process below this one: the service, its relay and sandbox. */
const belowCpuMs = () => sampleDescendantsCpu(process.pid, 60_000).stop();
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** One use (the reference answers' cases), the check after it, and a fresh start and stop, per sample. */
async function perUse(): Promise<{ use: number; check: number; fresh: number; exchanges: number; requests: number; atOnce: CheckCost; oneByOne: CheckCost }> {
  const sandbox = await openSandbox('required');
  const fixture = await loadFixture(join(project, 'fixture'));
  const acceptance = { kind: 'http-cases' as const, timeout_seconds: 120 };
  const use = await kindOf(acceptance).replayableUse!(fixture);
  if (typeof use === 'string') throw new Error(use);
  const prover = new ResetProver(sandbox, fixture);
  const { proof, reset } = await prover.prove(use, ['none']);
  if (!reset) throw new Error(proof.why);
  prover.handOver();
  const [service, spare] = reset.instances.get('none')!;
  const uses: number[] = [];
  const checks: number[] = [];
  const fresh: number[] = [];
  for (let i = 0; i < samples; i++) {
    let t = performance.now();
    await use(service!);
    uses.push(performance.now() - t);
    t = performance.now();
    const difference = await reset.check(service!, 'none');
    checks.push(performance.now() - t);
    if (difference) throw new Error(difference);
    t = performance.now();
    await (await startService(sandbox, fixture, 'none')).stop();
    fresh.push(performance.now() - t);
  }
  // Blocks of `samples` checks, the two ways alternated: the same exchanges at once, then one by one.
  const probe = fixture.manifest.service!.stateProbe;
  const blocks = { atOnce: [] as CheckCost[], oneByOne: [] as CheckCost[] };
  const block = async (check: () => Promise<unknown>): Promise<CheckCost> => {
    const [t, own, below] = [performance.now(), ownCpuMs(), belowCpuMs()];
    for (let i = 0; i < samples; i++) await check();
    return { ms: (performance.now() - t) / samples, cpuMs: (ownCpuMs() - own) / samples, serviceCpuMs: (belowCpuMs() - below) / samples };
  };
  for (let b = 0; b < 5; b++) {
    blocks.atOnce.push(
      await block(async () => {
        const difference = await reset.check(service!, 'none');
        if (difference) throw new Error(difference);
      }),
    );
    blocks.oneByOne.push(
      await block(async () => {
        await probeState(service!, probe);
        await resetService(service!);
        await use(service!);
      }),
    );
  }
  const cost = (costs: CheckCost[]): CheckCost => ({
    ms: median(costs.map((c) => c.ms)),
    cpuMs: median(costs.map((c) => c.cpuMs)),
    serviceCpuMs: median(costs.map((c) => c.serviceCpuMs)),
  });
  await service!.stop();
  await spare!.stop();
  await sandbox.dispose();
  return {
    use: median(uses),
    check: median(checks),
    fresh: median(fresh),
    exchanges: proof.variants[0]!.replayed,
    requests: probe.length + 1 + proof.variants[0]!.replayed,
    atOnce: cost(blocks.atOnce),
    oneByOne: cost(blocks.oneByOne),
  };
}

async function perTrial(fixture: 'fixture' | 'fresh'): Promise<{ ms: number; reused: boolean; started: number }> {
  const config = join(project, `${fixture}.yml`);
  await writeFile(
    config,
    stringify({
      version: 1,
      name: 'bench',
      trials,
      concurrency: 1,
      budget: { wall_seconds: 60 },
      agent: { command: `node "$TRIALGATE_PROJECT/${fixture}/agent/scripted-agent.mjs"`, files: [`${fixture}/agent`] },
      watch: [`${fixture}/agent/skills/**`],
      tasks: [{ id: 'inventory', fixture }],
    }),
  );
  const out = join(project, `run-${fixture}-${Math.random().toString(36).slice(2)}`);
  const started = performance.now();
  const { results } = await runTrialSet({ configPath: config, outDir: out, isolation: 'required' });
  const ms = (performance.now() - started) / trials;
  const task = results.tasks[0]!;
  if (task.trials.some((t) => t.outcome !== 'pass')) throw new Error(`${fixture}: a trial did not pass`);
  await rm(out, { recursive: true, force: true });
  return { ms, reused: task.services!.reused, started: task.services!.started };
}

const one = await perUse();
const reused: number[] = [];
const freshTrials: number[] = [];
const started = { reused: 0, fresh: 0 };
await perTrial('fixture'); // warm caches once, uncounted
for (let r = 0; r < rounds; r++) {
  const a = await perTrial('fixture');
  const b = await perTrial('fresh');
  if (!a.reused || b.reused) throw new Error('the two runs did not differ in reuse');
  reused.push(a.ms);
  freshTrials.push(b.ms);
  started.reused = a.started;
  started.fresh = b.started;
}
await rm(project, { recursive: true, force: true });

const t = { reused: median(reused), fresh: median(freshTrials) };
await writeResult(
  'reset-check',
  `# Reused services: the check after each use

${new Date().toISOString()} · ${machine()} · isolated (bubblewrap) · ${samples} samples per use figure; ${rounds} interleaved rounds of ${trials} trials (concurrency 1, four variants each), medians

After every use of a reused instance, the run reads its state probe, resets it, replays the reference
answers (${one.exchanges} exchanges on the correct service) against the exchanges a fresh start gave them, and
resets it again; an instance that differs is replaced (service/reset-proof.ts). The check sends those
${one.requests} requests at once on one connection, one round trip through the service's relay
(RunningService.requestAll); before, it sent them one by one.

| per use of one variant's service | median ms |
|---|---|
| the use itself (the reference answers' cases) | ${one.use.toFixed(1)} |
| the check after it | ${one.check.toFixed(1)} |
| a fresh start and stop instead (what reuse saves) | ${one.fresh.toFixed(1)} |

| the check after a use, per check (5 alternated blocks of ${samples}, medians) | wall ms | CPU ms, this process | CPU ms, the service and its relay | CPU ms, all |
|---|---|---|---|---|
| its requests at once (a run's check) | ${one.atOnce.ms.toFixed(1)} | ${one.atOnce.cpuMs.toFixed(1)} | ${one.atOnce.serviceCpuMs.toFixed(1)} | ${(one.atOnce.cpuMs + one.atOnce.serviceCpuMs).toFixed(1)} |
| the same exchanges one by one (the check before) | ${one.oneByOne.ms.toFixed(1)} | ${one.oneByOne.cpuMs.toFixed(1)} | ${one.oneByOne.serviceCpuMs.toFixed(1)} | ${(one.oneByOne.cpuMs + one.oneByOne.serviceCpuMs).toFixed(1)} |

| per trial | median ms | service processes started |
|---|---|---|
| reused, checked after every use | ${t.reused.toFixed(0)} | ${started.reused} |
| every use starts fresh (no state probe) | ${t.fresh.toFixed(0)} | ${started.fresh} |

At once, the check takes ${((one.atOnce.cpuMs + one.atOnce.serviceCpuMs) / (one.oneByOne.cpuMs + one.oneByOne.serviceCpuMs)).toFixed(2)}× the CPU and ${(one.atOnce.ms / one.oneByOne.ms).toFixed(2)}× the wall of the same exchanges one by one (load average ${loadavg()[0]!.toFixed(1)} at the end: the machine is shared).
The check costs ${((one.check / one.fresh) * 100).toFixed(0)}% of the fresh start it replaces; reuse with the check is ${((1 - t.reused / t.fresh) * 100).toFixed(0)}% faster per trial than fresh starts.
`,
);
