// The test runner behind `npm test`, `npm run test:unit`, `npm run test:e2e` and CI's shards: node:test's
// run() over the test files, each in a process of its own, with what node's command-line runner cannot give:
//
// - every file loads the TypeScript ts-cache.mjs compiled (filled here in one batch), not through tsx;
// - one directory of recorded runs for the whole run (TRIALGATE_TEST_RUNS, test/support/recorded.ts),
//   removed at the end, so end-to-end files build a baseline once instead of once each;
// - no wall-clock limit a busy machine can trip: a file fails when it has run for --file-limit seconds of
//   a clock that slows down with the machine (scaled-clock.ts); a hang still ends the run, naming the file;
// - the slowest files first, from the times of the last measured run (test/file-times.json): a long file
//   started last would be the suite's tail; a shard (--shard i/n) gets an even share of those times;
// - the wall and CPU time of each file (its own and its processes', file-usage.mjs), the slowest printed at
//   the end (all of them with --times FILE; --save-times writes them to test/file-times.json).
//
// Usage: node --import ./scripts/ts-register.mjs scripts/test.ts [--unit | --e2e] [--shard i/n]
//        [--concurrency n] [--file-limit seconds] [--times FILE] [--save-times] [test files…]
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { finished } from 'node:stream/promises';
import { setTimeout } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { transform } from 'esbuild';
import { scaledClock } from './scaled-clock.ts';
import { longestFirst, shardOf, type FileTimes } from './schedule.ts';
import { cachedPath, keep, transformOptions } from './ts-cache.mjs';
import { sweepGroups } from './cpu-groups.mjs';

const ROOT = join(import.meta.dirname, '..');
/** What every test file's process loads besides the file: the compiled TypeScript, and a unit file's guard. */
const PRELOADS = ['./scripts/ts-register.mjs', './scripts/file-usage.mjs', './test/support/no-processes.ts'];
/** Each file's wall seconds in the last run saved with --save-times, by its path from the root. */
const TIMES_FILE = join(ROOT, 'test', 'file-times.json');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    unit: { type: 'boolean', default: false },
    e2e: { type: 'boolean', default: false },
    shard: { type: 'string' },
    // Twice the cores: a file waiting on its processes (an agent's budget, a tool's held answer, a browser)
    // leaves its core to another. Four times was measured slower on a clean clone of 129 files (28.7 and
    // 30.2 min against 24.7 with 121 files at twice): the files' processes then fight for the cores.
    concurrency: { type: 'string', default: String(2 * availableParallelism()) },
    // Several times the slowest file's time on an idle machine: a file near it is too slow for this suite anyway.
    'file-limit': { type: 'string', default: String(20 * 60) },
    times: { type: 'string' },
    'save-times': { type: 'boolean', default: false },
  },
});

const isUnit = (file: string) => file.endsWith('.unit.test.ts');

/**
 * Each file's CPU seconds, its own and its processes' (user + system), as file-usage.mjs left them, and
 * whether every file's count is exact (a cgroup of its own) rather than what /proc saw waited for.
 */
async function cpuSeconds(dir: string): Promise<{ seconds: Map<string, number>; exact: boolean }> {
  const seconds = new Map<string, number>();
  let exact = true;
  for (const name of await readdir(dir)) {
    const usage = JSON.parse(await readFile(join(dir, name), 'utf8')) as { file: string; user: number; sys: number; exact?: boolean };
    seconds.set(usage.file, (seconds.get(usage.file) ?? 0) + usage.user + usage.sys);
    exact &&= usage.exact === true;
  }
  return { seconds, exact };
}

async function testFiles(): Promise<string[]> {
  if (positionals.length > 0) return positionals.map((file) => resolve(file));
  const all = (await readdir(join(ROOT, 'test'))).filter((name) => name.endsWith('.test.ts')).sort();
  const chosen = values.unit ? all.filter(isUnit) : values.e2e ? all.filter((name) => !isUnit(name)) : all;
  return chosen.map((name) => join(ROOT, 'test', name));
}

async function lastTimes(): Promise<Map<string, number>> {
  const text = await readFile(TIMES_FILE, 'utf8').catch(() => '{}');
  return new Map(Object.entries(JSON.parse(text) as Record<string, number>).map(([file, seconds]) => [join(ROOT, file), seconds]));
}

/** The files to run, the slowest first; with --shard i/n, the i-th of n shards of even time. */
function scheduled(files: string[], times: FileTimes): string[] {
  if (!values.shard) return longestFirst(files, times);
  const match = /^(\d+)\/(\d+)$/.exec(values.shard);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!(total >= 1 && index >= 1 && index <= total)) throw new Error(`--shard ${values.shard}: expected i/n with 1 ≤ i ≤ n, e.g. --shard 2/3`);
  return shardOf(files, times, index, total);
}

/** Compile every .ts file of src/, test/ and scripts/ that ts-cache.mjs does not hold yet, in one esbuild service. */
async function fillCompiledCache(): Promise<void> {
  const sources: string[] = [];
  for (const dir of ['src', 'test', 'scripts']) {
    for (const entry of await readdir(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) sources.push(join(entry.parentPath, entry.name));
    }
  }
  await Promise.all(
    sources.map(async (path) => {
      const source = await readFile(path, 'utf8');
      const cached = cachedPath(path, source);
      if (
        !(await readFile(cached).then(
          () => true,
          () => false,
        ))
      )
        keep(cached, (await transform(source, transformOptions(path))).code);
    }),
  );
}

// The CPU groups an earlier run's leftover processes kept (file-usage.mjs): gone before any file makes its own.
sweepGroups();
const times = await lastTimes();
const files = scheduled(await testFiles(), times);
const fileLimit = Number(values['file-limit']);
await fillCompiledCache();
// run() gives each file's process the runner's own execArgv (node 20 has no option for it).
for (const preload of PRELOADS) if (!process.execArgv.includes(preload)) process.execArgv.push('--import', preload);
const recordings = await mkdtemp(join(tmpdir(), 'trialgate-recorded-'));
process.env.TRIALGATE_TEST_RUNS = recordings;
// The files reach nothing but loopback; a CA bundle a machine names for its registry proxy makes every node
// process they start read it first (0.13 s of CPU per start against 0.07 s without, on this 2-core machine).
delete process.env.NODE_EXTRA_CA_CERTS;
// The files' own wall-clock limits give way to this runner's machine-scaled one (test/support/time-limit.ts).
process.env.TRIALGATE_TEST_SCALED_LIMIT = String(fileLimit);
const usages = await mkdtemp(join(tmpdir(), 'trialgate-usage-'));
process.env.TRIALGATE_TEST_USAGE = usages;

const abort = new AbortController();
const clock = scaledClock();
const started = new Map<string, { wall: number; scaled: number }>();
const durations = new Map<string, number>();
const lastReported = new Map<string, string>();
let failed = 0;
let hung: string | undefined;
const watchdog = setInterval(() => {
  const now = clock.seconds();
  for (const [file, start] of started) {
    if (durations.has(file) || now - start.scaled < fileLimit || hung) continue;
    const wallMinutes = ((Date.now() - start.wall) / 60_000).toFixed(0);
    hung =
      `${relative(ROOT, file)} ran past ${fileLimit} s of the machine-scaled clock (${wallMinutes} min of wall time; ` +
      `the last test it reported: ${lastReported.get(file) ?? 'none'}): a hang, or a file too slow for this suite`;
    abort.abort();
  }
}, 2000);

const suiteStart = Date.now();
const reporter = new spec();
reporter.pipe(process.stdout);
try {
  for await (const event of run({ files, concurrency: Number(values.concurrency), signal: abort.signal })) {
    reporter.write(event);
    const data = event.data as { file?: string; name?: string; nesting?: number; todo?: unknown; details?: { duration_ms?: number } };
    if (!data.file) continue;
    const ofFile = data.nesting === 0 && data.name === data.file;
    if (event.type === 'test:dequeue' && ofFile) started.set(data.file, { wall: Date.now(), scaled: clock.seconds() });
    else if (event.type === 'test:complete' && ofFile) durations.set(data.file, data.details?.duration_ms ?? 0);
    else if (event.type === 'test:pass' || event.type === 'test:fail') lastReported.set(data.file, data.name ?? '');
    if (event.type === 'test:fail' && !data.todo) failed++;
  }
} finally {
  reporter.end();
  await finished(reporter);
  clearInterval(watchdog);
  await rm(recordings, { recursive: true, force: true });
}

// A file's count is written as its process exits, which can be just after the runner heard the file end.
for (let waited = 0; waited < 5000 && (await readdir(usages)).length < durations.size; waited += 100) await setTimeout(100);
const { seconds: cpu, exact: cpuExact } = await cpuSeconds(usages);
await rm(usages, { recursive: true, force: true });
const totalCpu = [...cpu.values()].reduce((sum, seconds) => sum + seconds, 0);
const table = [
  `${files.length} test files in ${((Date.now() - suiteStart) / 1000).toFixed(0)} s, at concurrency ${values.concurrency} ` +
    `(load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores at the end); ` +
    `${totalCpu.toFixed(0)} s of CPU (user + system) in the files' processes` +
    (cpuExact ? ' (exact: a cgroup each)' : ' (what /proc saw waited for: a sandbox ended rather than waited for is missed)'),
  '',
  '| file | seconds | CPU seconds |',
  '|---|---|---|',
  ...[...durations]
    .sort((a, b) => b[1] - a[1])
    .map(([file, ms]) => `| ${relative(ROOT, file)} | ${(ms / 1000).toFixed(1)} | ${cpu.get(file)?.toFixed(1) ?? '?'} |`),
];
if (values.times) await writeFile(values.times, table.join('\n') + '\n');
if (values['save-times']) {
  const saved = new Map([...times].map(([file, seconds]) => [relative(ROOT, file), seconds]));
  for (const [file, ms] of durations) saved.set(relative(ROOT, file), Math.round(ms / 100) / 10);
  // One decimal on every line, 2.0 as well as 2.5 (JSON.stringify would write 2): a file saved again
  // changes only the lines whose times changed.
  const lines = [...saved].sort((a, b) => a[0].localeCompare(b[0])).map(([file, seconds]) => `  ${JSON.stringify(file)}: ${seconds.toFixed(1)}`);
  await writeFile(TIMES_FILE, `{\n${lines.join(',\n')}\n}\n`);
}
console.log(`\n${table.slice(0, 4 + 15).join('\n')}`);
if (hung) console.error(`\ntrialgate tests: ${hung}`);
process.exitCode = failed > 0 || hung ? 1 : 0;
