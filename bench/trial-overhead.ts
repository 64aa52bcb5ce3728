// Issue 3 benchmark: harness overhead per trial and peak memory for trial sets of 50 and 200 trials,
// with a no-op agent and with the scripted agent, against the cost of starting the service variants a
// trial needs. Run: node --expose-gc --import tsx bench/trial-overhead.ts [small] [large]
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadFixture, variantsOf } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import { startService } from '../src/service/launch.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { mapPool } from '../src/util/pool.ts';
import { machine, median, ROOT, writeResult } from './support.ts';

const sizes = [Number(process.argv[2] ?? 50), Number(process.argv[3] ?? 200)];
const CONCURRENCY = 2;
const TRIALS_PER_TASK = 10;
const fixtureDir = join(ROOT, 'fixtures', 'inventory');
const agents = {
  'no-op (`true`)': 'true',
  scripted: 'node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"',
};

/** What one trial's acceptance must pay at least: starting each variant, two at a time, as trials do. */
async function variantStartCost(): Promise<number> {
  const fixture = await loadFixture(fixtureDir);
  const sandbox = await openSandbox('auto');
  const samples: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await mapPool(variantsOf(fixture), 2, async (fault) => (await startService(sandbox, fixture, fault)).stop());
    samples.push(performance.now() - started);
  }
  await sandbox.dispose();
  return median(samples);
}

async function measure(command: string, trials: number) {
  const dir = await mkdtemp(join(tmpdir(), 'trialgate-bench-'));
  await cp(fixtureDir, join(dir, 'fixture'), { recursive: true });
  const tasks = Array.from({ length: trials / TRIALS_PER_TASK }, (_, i) => ({ id: `inventory-${i + 1}`, fixture: 'fixture' }));
  await writeFile(join(dir, 'skill.md'), '');
  await writeFile(
    join(dir, 'trialgate.yml'),
    stringify({
      version: 1,
      name: 'bench',
      trials: TRIALS_PER_TASK,
      concurrency: CONCURRENCY,
      budget: { wall_seconds: 60 },
      agent: { command, files: ['fixture/agent'] },
      watch: ['skill.md'],
      tasks,
    }),
  );
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
  const started = performance.now();
  const { results } = await runTrialSet({ configPath: join(dir, 'trialgate.yml'), outDir: join(dir, 'run') });
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  // What the run keeps once garbage is collected: flat means evidence went to disk, not to memory.
  global.gc?.();
  const retainedMb = process.memoryUsage().heapUsed / 2 ** 20;
  const all = results.tasks.flatMap((t) => t.trials);
  const overhead = median(all.map((t) => t.wall_ms - (t.agent_ms ?? 0)));
  const agentMs = all.reduce((s, t) => s + (t.agent_ms ?? 0), 0);
  await rm(dir, { recursive: true, force: true });
  return { wallMs, overhead, wallPerTrial: (wallMs - agentMs / CONCURRENCY) / trials, peakRssMb: peakRss / 2 ** 20, retainedMb };
}

const startCost = await variantStartCost();
const rows: string[] = [];
const peaks: Record<string, number[]> = {};
const retained: Record<string, number[]> = {};
for (const [name, command] of Object.entries(agents)) {
  for (const trials of sizes) {
    global.gc?.();
    const m = await measure(command, trials);
    (peaks[name] ??= []).push(m.peakRssMb);
    (retained[name] ??= []).push(m.retainedMb);
    rows.push(
      `| ${name} | ${trials} | ${(m.wallMs / 1000).toFixed(1)} | ${m.overhead.toFixed(0)} | ${(m.overhead / startCost).toFixed(2)}× | ${m.wallPerTrial.toFixed(0)} | ${(m.wallPerTrial / startCost).toFixed(2)}× | ${m.peakRssMb.toFixed(0)} | ${m.retainedMb.toFixed(0)} |`,
    );
  }
}

await writeResult(
  'trial-overhead',
  `# Harness overhead per trial and memory, ${sizes.join(' and ')} trials

${new Date().toISOString()} · ${machine()} · concurrency ${CONCURRENCY}, ${TRIALS_PER_TASK} trials per task

Cost of starting the ${4} service variants one trial needs (two at a time, to ready), median of 7: **${startCost.toFixed(0)} ms**

| agent | trials | run wall s | per-trial harness time, median ms (trial wall − agent) | ÷ variant start cost | run wall per trial minus agent time, ms | ÷ variant start cost | peak RSS MB | heap after GC MB |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Growth from ${sizes[0]} to ${sizes[1]} trials: peak RSS ${Object.entries(peaks)
    .map(([name, [a, b]]) => `${name} ${a!.toFixed(0)} → ${b!.toFixed(0)} MB (${(b! / a!).toFixed(2)}×)`)
    .join('; ')}; heap retained after GC ${Object.entries(retained)
    .map(([name, [a, b]]) => `${name} ${a!.toFixed(0)} → ${b!.toFixed(0)} MB (${(b! / a!).toFixed(2)}×)`)
    .join('; ')}.
Per-trial harness time is measured inside each trial while two trials (and their services) share the two
cores; the run wall per trial is the throughput figure. Run with \`node --expose-gc --import tsx\` for the heap column.
The no-op agent writes nothing, so its trials stop at the format check and start no service: its row is the
cost of the trial directory, the integrity snapshots and the bookkeeping alone.
`,
);
