// `trialgate compare` as a user runs it, 2,000 tasks × 5 trials against 1 and 6 base runs (and 20,000
// tasks against 6): whole-process wall time against a bare `node -e ''`, and peak memory, which must not
// grow with the number of base runs (the CLI reads, folds and drops one base file at a time).
// Run: node --import tsx bench/compare-speed.ts [runs, default 7]
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { machine, median, ROOT, writeResult } from './support.ts';

const RUNS = Number(process.argv[2] ?? 7);
const dir = await mkdtemp(join(tmpdir(), 'trialgate-compare-speed-'));
const cli = join(dir, 'cli.mjs');
await build({
  entryPoints: [join(ROOT, 'src', 'cli', 'bin.ts')],
  outfile: cli,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
});

/** A results.json as `trialgate run` writes it: every field, 5 trials a task, four checks and a fault each. */
function results(tasks: number, run: number): string {
  const trial = (t: number, i: number) => ({
    trial: i,
    outcome: 'pass',
    stop_reason: 'completed',
    layers: { final_state: { ok: true, failures: [] }, constraints: { ok: true, failures: [] }, tool_contract: { ok: null, failures: [] }, trajectory: { steps: 12, notes: [] } },
    judgements: [{ fault: 'double-reserve', verdict: 'defect_detected', against: 'variant' }],
    checks: { pass: true, 'detect:double-reserve': (t + i + run) % 97 !== 0, 'detect:oversell': true, 'constraint:protected-files': true },
    usage: { input_tokens: 9000, output_tokens: 1000, cost_usd: 0.01 },
    wall_ms: 1234,
    agent_ms: 1000,
    candidate_sha256: 'c'.repeat(64),
    evidence: `task-${t}/trial-00${i}`,
  });
  return JSON.stringify({
    schema: 'trialgate/results@1',
    trial_set: { name: 'speed', sha256: 's'.repeat(64) },
    run: { git_sha: String(run).repeat(40).slice(0, 40), ref: 'refs/heads/main', tool_version: '0.1.0', started_at: `2025-01-0${run + 1}T00:00:00Z`, finished_at: '2025-01-09T00:00:00Z', seed: 1, k: 5 },
    watched: { sha256: 'w'.repeat(64), files: {} },
    agent: { command: 'agent --run' },
    tasks: Array.from({ length: tasks }, (_, t) => ({
      id: `task-${String(t).padStart(5, '0')}`,
      set: 'dev',
      fixture: `fixtures/task-${t}`,
      fixture_sha256: 'f'.repeat(64),
      acceptor_version: 'http-cases@1',
      budget: { wall_seconds: 600 },
      faults: [{ id: 'double-reserve', label: 'duplicate request reserves twice (idempotency)' }, { id: 'oversell', label: 'reserves more than is in stock' }],
      trials: Array.from({ length: 5 }, (_, i) => trial(t, i + 1)),
      summary: { k: 5, n: 5, launched: 5, passes: 5, pass_at_1: 1, pass_at_k: 1, pass_pow_k: 1, detections: {}, env_errors: 0, unexecuted: 0, wall_ms: 6170, tokens: 50000, cost_usd: 0.05 },
    })),
  });
}

async function files(tasks: number, bases: number): Promise<string[]> {
  const paths: string[] = [];
  for (let r = 0; r <= bases; r++) {
    const path = join(dir, `${tasks}-${r}.json`);
    await writeFile(path, results(tasks, r));
    paths.push(path);
  }
  return paths;
}

/** Wall ms and peak RSS (KiB) of one process, by GNU time. */
function measure(args: string[]): { ms: number; kib: number } {
  const started = performance.now();
  const out = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (out.status !== 0 && out.status !== 1) throw new Error(`${args.join(' ')} exited ${out.status}: ${out.stderr}`);
  return { ms, kib: Number(out.stderr.trim().split('\n').pop()) };
}

const cases = [
  { tasks: 2000, bases: 1 },
  { tasks: 2000, bases: 6 },
  { tasks: 20000, bases: 6 },
];
const made = new Map<string, string[]>();
for (const c of cases) made.set(`${c.tasks}/${c.bases}`, await files(c.tasks, c.bases));

const bare: number[] = [];
const samples = new Map<string, { ms: number[]; kib: number[] }>(cases.map((c) => [`${c.tasks}/${c.bases}`, { ms: [], kib: [] }]));
for (let i = 0; i < RUNS; i++) {
  bare.push(measure(['-e', '']).ms);
  for (const c of cases) {
    if (c.tasks === 20000 && i >= 3) continue;
    const [head, ...bases] = made.get(`${c.tasks}/${c.bases}`)!;
    const m = measure([cli, 'compare', ...bases.flatMap((b) => ['--base', b]), '--head', head!, '--out', join(dir, 'out.md')]);
    samples.get(`${c.tasks}/${c.bases}`)!.ms.push(m.ms);
    samples.get(`${c.tasks}/${c.bases}`)!.kib.push(m.kib);
  }
}

const node = median(bare);
const rows = cases.map((c) => {
  const s = samples.get(`${c.tasks}/${c.bases}`)!;
  const ms = median(s.ms);
  return `| ${c.tasks.toLocaleString('en-US')} | ${c.bases} | ${s.ms.length} | ${ms.toFixed(0)} | ${(ms - node).toFixed(0)} | ${(ms / node).toFixed(1)}× | ${(median(s.kib) / 1024).toFixed(0)} |`;
});
const one = median(samples.get('2000/1')!.kib);
const six = median(samples.get('2000/6')!.kib);
await writeResult(
  'compare-speed',
  [
    '# `trialgate compare`: whole process, memory',
    '',
    `${new Date().toISOString()} · ${machine()} · the CLI bundled by esbuild as \`npm run build\` does · results files with every field a run writes (${(results(2000, 0).length / 1e6).toFixed(1)} MB per 2,000 tasks) · markdown written to a file · medians`,
    '',
    `Bare \`node -e ''\`: **${node.toFixed(0)} ms** (median of ${bare.length}).`,
    '',
    '| tasks | base runs | runs | wall ms | beyond node start, ms | ÷ bare node | peak RSS MiB |',
    '| - | - | - | - | - | - | - |',
    ...rows,
    '',
    `Peak memory with 6 base runs ÷ with 1: ${(six / one).toFixed(2)}× (each base file is read, checked, folded into counts and dropped before the next).`,
    'Validation checks by hand only the fields compare reads (src/compare/read-results.ts); zod on every trial object took most of the time before.',
    '',
    'Written by bench/compare-speed.ts.',
    '',
  ].join('\n'),
);
