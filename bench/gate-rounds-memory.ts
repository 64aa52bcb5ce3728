// The memory of a gate's confirmation round joined to its first round, as the gate writes the head's
// results.json: before (every round's results.json read whole, joined, written from memory) and now (the
// rounds held as digests, results/stored-run.ts: each trial read from its round's file when written).
// Each way runs in its own process; its peak resident memory is reported beside a process that only loads
// the same modules. Trials are as large as a run's with long layers (20 KB of notes each).
// Run: node --import tsx bench/gate-rounds-memory.ts [task counts, default 200,800]
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readResultsFile } from '../src/results/read.ts';
import { appendRound } from '../src/results/merge.ts';
import { summarizeTask } from '../src/results/metrics.ts';
import { appendStored, digestOf, evidenceUnder, storedAt, writeStored } from '../src/results/stored-run.ts';
import { writeResults } from '../src/results/write.ts';
import { RESULTS_SCHEMA, type Results, type RunDigest, type TrialResult } from '../src/schemas/results.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { machine, ROOT, writeResult } from './support.ts';

const ROUND = 'confirmation-6-10';

/** A round of `tasks` tasks, trials from+1 … from+k, each with 20 KB of trajectory notes. */
function round(tasks: number, from: number, k: number): Results {
  const trial = (t: number, i: number): TrialResult => ({
    trial: from + i,
    outcome: i % 3 ? 'pass' : 'fail',
    stop_reason: 'completed',
    layers: {
      final_state: { ok: i % 3 !== 0, failures: i % 3 ? [] : [`task-${t}: expected 200, got 500`] },
      constraints: { ok: true, failures: [] },
      tool_contract: { ok: null, failures: [] },
      trajectory: { notes: Array.from({ length: 40 }, (_, n) => `step ${n}: ${'x'.repeat(500)}`) },
    },
    judgements: [],
    checks: { pass: i % 3 !== 0, 'detect:a': true },
    wall_ms: 1000,
    evidence: `task-${t}/trial-${String(from + i).padStart(3, '0')}`,
  });
  return {
    schema: RESULTS_SCHEMA,
    trial_set: { name: 'bench', sha256: 'a'.repeat(64) },
    run: { git_sha: 'b'.repeat(40), ref: null, tool_version: '0.1.0', started_at: '2026-01-01T00:00:00Z', finished_at: '2026-01-01T00:00:00Z', seed: 1, k: 5 },
    watched: { sha256: 'c'.repeat(64), files: {} },
    agent: { command: 'agent' },
    tasks: Array.from({ length: tasks }, (_, t) => {
      const trials = Array.from({ length: k }, (_, i) => trial(t, i + 1));
      return {
        id: `task-${t}`,
        set: 'dev' as const,
        fixture: `fixtures/task-${t}`,
        fixture_sha256: 'd'.repeat(64),
        acceptor_version: 'http-cases@1',
        budget: { wall_seconds: 600 },
        faults: [{ id: 'a', label: 'detect' }],
        trials,
        summary: summarizeTask(trials, k, ['a']),
      };
    }),
  };
}

async function child(way: string, dir: string): Promise<void> {
  const [first, second] = [join(dir, 'run', 'results.json'), join(dir, 'run', ROUND, 'results.json')];
  if (way === 'before') {
    const [a, b] = [await readResultsFile(first), await readResultsFile(second)];
    const moved = { ...b, tasks: b.tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, evidence: `${ROUND}/${x.evidence}` })) })) };
    await writeResults(join(dir, 'out'), appendRound(a, moved), Scrubber.none);
  } else if (way === 'now') {
    // The digests are what the rounds' runs kept in memory (recordTrialSet's RunRecord).
    const digest = async (name: string) => JSON.parse(await readFile(join(dir, name), 'utf8')) as RunDigest;
    const head = appendStored(storedAt(first, await digest('first.digest.json')), evidenceUnder(ROUND, storedAt(second, await digest('second.digest.json'))));
    await writeStored(join(dir, 'out'), head, Scrubber.none);
  }
  process.stdout.write(String(process.resourceUsage().maxRSS * 1024));
}

if (process.argv[2] === 'child') {
  await child(process.argv[3]!, process.argv[4]!);
} else {
  const sizes = (process.argv[2] ?? '200,800').split(',').map(Number);
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  const rows: string[] = [];
  let modules = 0;
  for (const tasks of sizes) {
    const dir = await mkdtemp(join(tmpdir(), 'trialgate-gate-rounds-'));
    await mkdir(join(dir, 'run', ROUND), { recursive: true });
    await mkdir(join(dir, 'out'));
    const [a, b] = [round(tasks, 0, 5), round(tasks, 5, 5)];
    await writeResults(join(dir, 'run'), a);
    await writeResults(join(dir, 'run', ROUND), b);
    await writeFile(join(dir, 'first.digest.json'), JSON.stringify(digestOf(a)));
    await writeFile(join(dir, 'second.digest.json'), JSON.stringify(digestOf(b)));
    const size = (await stat(join(dir, 'run', 'results.json'))).size + (await stat(join(dir, 'run', ROUND, 'results.json'))).size;
    const peak = (way: string) => {
      const out = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'gate-rounds-memory.ts'), 'child', way, dir], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      if (out.status !== 0) throw new Error(out.stderr);
      return Number(out.stdout) / 2 ** 20;
    };
    modules ||= peak('none');
    const [before, now] = [peak('before'), peak('now')];
    rows.push(`| ${tasks} × 10 | ${mb(size / 2 ** 20)} | ${mb(before)} (+${mb(before - modules)}) | ${mb(now)} (+${mb(now - modules)}) |`);
    await rm(dir, { recursive: true, force: true });
  }
  const lines = [
    '# The head’s results.json after a confirmation round: memory',
    '',
    `${machine()}. Tasks × 5 trials in the first round and 5 more in a confirmation round, each trial with 20 KB of notes. Peak resident memory of a process that joins the two rounds and writes the head's results.json (bench/gate-rounds-memory.ts); in brackets, over a process that only loads the same modules (${mb(modules)}).`,
    '',
    '| tasks × trials | results.json of both rounds | before | now |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    'Before: every round read whole (zod on every trial), joined, written from memory. Now: the rounds held as digests, each trial read from its round’s file by its place as the head’s results.json is written (src/results/stored-run.ts): what grows with the run is its digests.',
    '',
  ];
  await writeResult('gate-rounds-memory', lines.join('\n'));
}
