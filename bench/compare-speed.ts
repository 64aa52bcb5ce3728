// `trialgate compare` as a user runs it, 2,000 tasks × 5 trials against 1 to 12 base runs (and 20,000
// tasks against 6): whole-process time against a bare `node -e ''`, and peak memory, which must not grow
// with the number of base runs (the CLI reads, folds and drops one base file at a time). The machine is
// shared, so CPU time (user + system) is reported beside wall time: it is the work done, whatever waited.
// Run: node --import tsx bench/compare-speed.ts [runs, default 7]
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BaseFold } from '../src/compare/fold.ts';
import { readComparedResults } from '../src/results/read.ts';
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

// Before: the CLI as built at the commit this work started from (trialgate 0.1, zod on every object).
const BEFORE_COMMIT = '5568688';
const before = join(dir, 'before.mjs');
await writeFile(before, spawnSync('git', ['show', `${BEFORE_COMMIT}:dist/cli.js`], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 }).stdout);

/** A results.json as `trialgate run` writes it: every field, 5 trials a task, four checks and a fault each. */
function results(tasks: number, run: number): string {
  const trial = (t: number, i: number) => ({
    trial: i,
    outcome: 'pass',
    stop_reason: 'completed',
    layers: {
      final_state: { ok: true, failures: [] },
      constraints: { ok: true, failures: [] },
      tool_contract: { ok: null, failures: [] },
      trajectory: { steps: 12, notes: [] },
    },
    judgements: [{ fault: 'double-reserve', verdict: 'defect_detected', reason: 'reserve twice: 409 expected, got 200', detected_by: ['idempotency'] }],
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
    run: {
      git_sha: String(run).repeat(40).slice(0, 40),
      ref: 'refs/heads/main',
      tool_version: '0.1.0',
      started_at: `2025-01-0${run + 1}T00:00:00Z`,
      finished_at: '2025-01-09T00:00:00Z',
      seed: 1,
      k: 5,
    },
    watched: { sha256: 'w'.repeat(64), files: {} },
    agent: { command: 'agent --run' },
    tasks: Array.from({ length: tasks }, (_, t) => ({
      id: `task-${String(t).padStart(5, '0')}`,
      set: 'dev',
      fixture: `fixtures/task-${t}`,
      fixture_sha256: 'f'.repeat(64),
      acceptor_version: 'http-cases@1',
      budget: { wall_seconds: 600 },
      faults: [
        { id: 'double-reserve', label: 'duplicate request reserves twice (idempotency)' },
        { id: 'oversell', label: 'reserves more than is in stock' },
      ],
      trials: Array.from({ length: 5 }, (_, i) => trial(t, i + 1)),
      summary: {
        k: 5,
        n: 5,
        launched: 5,
        passes: 5,
        pass_at_1: 1,
        pass_at_k: 1,
        pass_pow_k: 1,
        detections: {},
        env_errors: 0,
        unexecuted: 0,
        wall_ms: 6170,
        tokens: 50000,
        cost_usd: 0.05,
      },
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

/** Wall ms, CPU ms (user + system) and peak RSS (KiB) of one process, by GNU time. */
function measure(args: string[]): { ms: number; cpu: number; kib: number } {
  const started = performance.now();
  const out = spawnSync('/usr/bin/time', ['-f', '%U %S %M', process.execPath, ...args], { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (out.status !== 0 && out.status !== 1) throw new Error(`${args.join(' ')} exited ${out.status}: ${out.stderr}`);
  const [user, system, kib] = out.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { ms, cpu: (user! + system!) * 1000, kib: kib! };
}

const cases = [
  { tasks: 2000, bases: 1 },
  { tasks: 2000, bases: 3 },
  { tasks: 2000, bases: 6 },
  { tasks: 2000, bases: 12 },
  { tasks: 20000, bases: 6 },
];
const made = new Map<string, string[]>();
for (const c of cases) made.set(`${c.tasks}/${c.bases}`, await files(c.tasks, c.bases));

const beforeCases = [cases[0]!, cases[2]!];
const beforeSamples = new Map<string, { ms: number; cpu: number; kib: number }[]>(beforeCases.map((c) => [`${c.tasks}/${c.bases}`, []]));
const bare: { ms: number; cpu: number }[] = [];
const samples = new Map<string, { ms: number; cpu: number; kib: number }[]>(cases.map((c) => [`${c.tasks}/${c.bases}`, []]));
for (let i = 0; i < RUNS; i++) {
  bare.push(measure(['-e', '']));
  for (const c of cases) {
    if (c.tasks === 20000 && i >= 2) continue;
    const [head, ...bases] = made.get(`${c.tasks}/${c.bases}`)!;
    samples
      .get(`${c.tasks}/${c.bases}`)!
      .push(measure([cli, 'compare', ...bases.flatMap((b) => ['--base', b]), '--head', head!, '--out', join(dir, 'out.md')]));
    if (beforeCases.includes(c))
      beforeSamples
        .get(`${c.tasks}/${c.bases}`)!
        .push(measure([before, 'compare', ...bases.flatMap((b) => ['--base', b]), '--head', head!, '--out', join(dir, 'out.md')]));
  }
}

const node = { ms: median(bare.map((b) => b.ms)), cpu: median(bare.map((b) => b.cpu)) };
const row = (c: { tasks: number; bases: number }, s: { ms: number; cpu: number; kib: number }[], label: string) => {
  const ms = median(s.map((x) => x.ms));
  const cpu = median(s.map((x) => x.cpu));
  return `| ${label} | ${c.tasks.toLocaleString('en-US')} | ${c.bases} | ${s.length} | ${ms.toFixed(0)} (${(ms / node.ms).toFixed(1)}×) | ${cpu.toFixed(0)} | ${(cpu - node.cpu).toFixed(0)} | ${(cpu / node.cpu).toFixed(1)}× | ${(median(s.map((x) => x.kib)) / 1024).toFixed(0)} |`;
};
const rows = [
  ...beforeCases.map((c) => row(c, beforeSamples.get(`${c.tasks}/${c.bases}`)!, `before (${BEFORE_COMMIT})`)),
  ...cases.map((c) => row(c, samples.get(`${c.tasks}/${c.bases}`)!, 'now')),
];
const memory = (key: string) => median(samples.get(key)!.map((x) => x.kib));

/** The heap still reachable after a full GC, at its largest while the CLI's loop folds the base files. */
async function retained(key: string): Promise<number | null> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  const [headPath, ...basePaths] = made.get(key)!;
  const head = await readComparedResults(headPath!);
  const fold = new BaseFold(head);
  let most = 0;
  for (const path of basePaths) {
    fold.add(await readComparedResults(path), path);
    gc();
    most = Math.max(most, process.memoryUsage().heapUsed);
  }
  return most / 2 ** 20;
}
const kept = await Promise.all(['2000/1', '2000/6', '2000/12'].map(retained));
await writeResult(
  'compare-speed',
  [
    '# `trialgate compare`: whole process, memory',
    '',
    `${new Date().toISOString()} · ${machine()} · the CLI bundled by esbuild as \`npm run build\` does · results files with every field a run writes (${(results(2000, 0).length / 1e6).toFixed(1)} MB per 2,000 tasks) · markdown written to a file · medians`,
    '',
    `Bare \`node -e ''\`: **${node.ms.toFixed(0)} ms** wall, **${node.cpu.toFixed(0)} ms** CPU (medians of ${bare.length}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores while measuring).`,
    '',
    '| CLI | tasks | base runs | runs | wall ms (÷ bare node) | CPU ms | CPU beyond node start, ms | CPU ÷ bare node | peak RSS MiB |',
    '| - | - | - | - | - | - | - | - | - |',
    ...rows,
    '',
    `Peak memory of 2,000 tasks against 1, 3, 6 and 12 base runs: ${['2000/1', '2000/3', '2000/6', '2000/12'].map((k) => (memory(k) / 1024).toFixed(0)).join(', ')} MiB (each base file is read, checked, folded into counts and dropped before the next; what remains is the head, one base file and the garbage of the one before).`,
    kept[0] === null
      ? 'Run with `node --expose-gc` (as `npm run bench` does) for the heap kept between base files.'
      : `Heap kept after a full GC between base files, at its largest: ${kept.map((m) => `${m!.toFixed(0)} MiB`).join(', ')} with 1, 6 and 12 base runs: the folded counts, not the runs, stay. Peak RSS above it is garbage V8 has not yet collected.`,
    'Validation checks by hand only the fields compare reads (src/results/read.ts) instead of zod on every object; what is left is mostly JSON.parse of every file and the garbage it leaves, then a cold JIT.',
    '',
    'Written by bench/compare-speed.ts.',
    '',
  ].join('\n'),
);
