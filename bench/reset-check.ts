// Issue 19 benchmark: what the check after each use of a reused service costs (its state probe, a reset,
// a replay of the reference answers, a reset), beside what it saves: starting a fresh instance for that
// use. Then whole trials of the inventory task at concurrency 1, reused and checked against every use
// starting fresh (the same fixture without its state probe), interleaved round by round.
// Run: node --import tsx bench/reset-check.ts [samples] [rounds] [trials-per-round]
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadFixture } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import { kindOf } from '../src/kinds/registry.ts';
import { startService } from '../src/service/launch.ts';
import { ResetProver } from '../src/service/reset-proof.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { machine, median, ROOT, writeResult } from './support.ts';

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

/** One use (the reference answers' cases), the check after it, and a fresh start and stop, per sample. */
async function perUse(): Promise<{ use: number; check: number; fresh: number; exchanges: number }> {
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
  await service!.stop();
  await spare!.stop();
  await sandbox.dispose();
  return { use: median(uses), check: median(checks), fresh: median(fresh), exchanges: proof.variants[0]!.replayed };
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
resets it again; an instance that differs is replaced (service/reset-proof.ts).

| per use of one variant's service | median ms |
|---|---|
| the use itself (the reference answers' cases) | ${one.use.toFixed(1)} |
| the check after it | ${one.check.toFixed(1)} |
| a fresh start and stop instead (what reuse saves) | ${one.fresh.toFixed(1)} |

| per trial | median ms | service processes started |
|---|---|---|
| reused, checked after every use | ${t.reused.toFixed(0)} | ${started.reused} |
| every use starts fresh (no state probe) | ${t.fresh.toFixed(0)} | ${started.fresh} |

The check costs ${((one.check / one.fresh) * 100).toFixed(0)}% of the fresh start it replaces; reuse with the check is ${((1 - t.reused / t.fresh) * 100).toFixed(0)}% faster per trial than fresh starts.
`,
);
