// Issue 12 benchmark: what the semantic layer costs a trial when the judge endpoint answers at once.
// The inventory task with the scripted agent, with and without its three judge items; the judge is the
// scripted stand-in, started by trialgate (judge.command) and called over loopback HTTP, as in the
// repository's own trial set. Cold: every trial asks its three prompts (one trial per run, so nothing is
// cached). Warm: ten trials in one run, where the deterministic agent's repeated prompts hit the cache.
// Run: node --import tsx bench/judge-cost.ts [rounds]
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { runTrialSet } from '../src/trial/run-set.ts';
import { machine, median, ROOT, writeResult } from './support.ts';

const ROUNDS = Number(process.argv[2] ?? 15);
const WARM_TRIALS = 10;
const repo = parse(await readFile(join(ROOT, 'trialgate.yml'), 'utf8'));
const judgeItems = repo.tasks[0].judge.items;

async function project(withJudge: boolean): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'trialgate-bench-judge-'));
  await cp(join(ROOT, 'fixtures', 'inventory'), join(dir, 'fixture'), { recursive: true });
  await writeFile(
    join(dir, 'trialgate.yml'),
    stringify({
      version: 1,
      name: 'bench-judge',
      trials: 1,
      concurrency: 1,
      budget: { wall_seconds: 60 },
      agent: { command: 'node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"', files: ['fixture/agent'] },
      watch: ['fixture/agent/skills/**'],
      ...(withJudge
        ? { judge: { model: 'scripted-judge-1', command: 'node fixture/judge/scripted-judge.mjs', calibration: 'fixture/judge/calibration.json' } }
        : {}),
      tasks: [
        {
          id: 'inventory-reservations',
          fixture: 'fixture',
          acceptance: 'http-cases',
          ...(withJudge ? { judge: { labels: 'fixture/judge/labels', items: judgeItems } } : {}),
        },
      ],
    }),
  );
  return join(dir, 'trialgate.yml');
}

interface Sample {
  trialMs: number;
  judgeMs: number;
  runMs: number;
  calls: number;
  cached: number;
}

async function run(config: string, trials: number): Promise<Sample[]> {
  const out = await mkdtemp(join(tmpdir(), 'trialgate-bench-run-'));
  const started = performance.now();
  const { results, runDir } = await runTrialSet({ configPath: config, outDir: out, trials });
  const runMs = performance.now() - started;
  const task = results.tasks[0]!;
  const samples: Sample[] = [];
  for (const trial of task.trials) {
    if (trial.outcome !== 'pass') throw new Error(`trial ${trial.trial} did not pass: ${trial.outcome}`);
    const timings = JSON.parse(await readFile(join(runDir, trial.evidence, 'evidence', 'timings.json'), 'utf8'));
    const judged = trial.judge ?? [];
    samples.push({
      trialMs: trial.wall_ms,
      judgeMs: timings.judge_ms ?? 0,
      runMs,
      calls: judged.filter((r) => r.asked && !r.cached).length,
      cached: judged.filter((r) => r.cached).length,
    });
  }
  await rm(out, { recursive: true, force: true });
  return samples;
}

const [plain, judged] = [await project(false), await project(true)];
const cold = { plain: [] as Sample[], judged: [] as Sample[] };
// Interleaved, so drift of the shared machine falls on both sides alike.
for (let i = 0; i < ROUNDS; i++) {
  cold.plain.push(...(await run(plain, 1)));
  cold.judged.push(...(await run(judged, 1)));
}
const warm = { plain: await run(plain, WARM_TRIALS), judged: await run(judged, WARM_TRIALS) };
await rm(join(plain, '..'), { recursive: true, force: true });
await rm(join(judged, '..'), { recursive: true, force: true });

const m = (xs: Sample[], pick: (s: Sample) => number) => median(xs.map(pick));
const row = (name: string, side: { plain: Sample[]; judged: Sample[] }) => {
  const [p, j] = [m(side.plain, (s) => s.trialMs), m(side.judged, (s) => s.trialMs)];
  const calls = side.judged.reduce((s, x) => s + x.calls, 0);
  const cached = side.judged.reduce((s, x) => s + x.cached, 0);
  return `| ${name} | ${side.plain.length} | ${p.toFixed(0)} | ${j.toFixed(0)} | ${(j / p).toFixed(3)}× | ${(j - p).toFixed(0)} | ${m(side.judged, (s) => s.judgeMs).toFixed(0)} | ${calls} | ${cached} |`;
};
const runCost = m(cold.judged, (s) => s.runMs) - m(cold.plain, (s) => s.runMs);

await writeResult(
  'judge-cost',
  `# The semantic layer's cost per trial, judge answering at once

${new Date().toISOString()} · ${machine()} · inventory task, scripted agent, 3 judge items, concurrency 1

| trials | trials per side | trial wall without judge, median ms | with judge, median ms | ratio | difference ms | judge layer inside the trial (timings.json judge_ms), median ms | endpoint calls | answers from the cache |
|---|---|---|---|---|---|---|---|---|
${row(`cold: 1 trial per run, ${ROUNDS} runs per side, interleaved`, cold)}
${row(`warm: ${WARM_TRIALS} trials in one run`, warm)}

Per run, not per trial: starting the judge endpoint (judge.command, a node process) and reading the
calibration adds ${runCost.toFixed(0)} ms to the median run wall (cold runs: ${m(cold.judged, (s) => s.runMs).toFixed(0)} against ${m(cold.plain, (s) => s.runMs).toFixed(0)} ms).
The trial wall includes the agent, the acceptance of four service variants and the judge layer; the
judge layer is re-reading the candidate and the evidence, three chat calls to the loopback endpoint (or
the cache) and three transcripts written to evidence/judge/. A real model's latency comes on top of it.
`,
);
