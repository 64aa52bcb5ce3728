// Issue 15 benchmark, sharding: the same trial set (the repository's, `trials` trials) run by the action as
// 1, 2, 4 and 8 shards and merged, simulated locally: every job is a real `node dist/index.js` against a
// loopback GitHub (artefacts included), one after the other. Shards of a matrix run at once on machines of
// their own, so a sharded run takes its slowest shard plus the merge; a shard's fixed cost is the
// intercept of its wall time over the trials it ran. Run: npm run build && node --import tsx bench/shards.ts [trials]
import { spawn } from 'node:child_process';
import { startFakeGitHub } from '../test/support/fake-github.ts';
import { machine, ROOT, writeResult } from './support.ts';

const trials = Number(process.argv[2] ?? 48);
const COUNTS = [1, 2, 4, 8];
const NAME = 'trialgate-results';
const fake = await startFakeGitHub();
fake.state.event = {
  name: 'push',
  payload: { ref: 'refs/heads/main', after: 'b'.repeat(40), repository: { full_name: 'acme/agent', default_branch: 'main' } },
};

async function job(inputs: Record<string, string>): Promise<number> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...fake.env({ GITHUB_WORKSPACE: ROOT }),
    'INPUT_GITHUB-TOKEN': fake.token,
    INPUT_CONFIG: 'trialgate.yml',
    INPUT_TRIALS: String(trials),
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/index.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out = (out + d).slice(-4000)));
  child.stderr.resume();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0 || /::error::/.test(out)) throw new Error(`the job ${JSON.stringify(inputs)} failed: ${out}`);
  return performance.now() - started;
}

const sizeOf = (run: number, test: (name: string) => boolean) => {
  const artifacts = fake.state.artifacts.filter((a) => a.run_id === run && test(a.name));
  return { bytes: artifacts.reduce((n, a) => n + a.zip.length, 0), files: artifacts.reduce((n, a) => n + (a.files?.size ?? 0), 0) };
};

const rows: {
  count: number;
  shards: number[];
  merge: number;
  total: number;
  moved: { bytes: number; files: number };
  linked: { bytes: number; files: number };
}[] = [];
const points: [number, number][] = [];
for (const count of COUNTS) {
  fake.state.runId = 9000 + count;
  if (count === 1) {
    const whole = await job({});
    rows.push({ count, shards: [whole], merge: 0, total: whole, moved: sizeOf(fake.state.runId, (n) => n === NAME), linked: { bytes: 0, files: 0 } });
    points.push([trials, whole]);
    continue;
  }
  const shards: number[] = [];
  for (let i = 1; i <= count; i++) {
    shards.push(await job({ shard: `${i}/${count}` }));
    points.push([Math.ceil((trials - i + 1) / count), shards.at(-1)!]);
  }
  const merge = await job({ mode: 'merge', shard: String(count) });
  rows.push({
    count,
    shards,
    merge,
    total: Math.max(...shards) + merge,
    moved: sizeOf(fake.state.runId, (n) => n === NAME || /-shard-\d+-of-\d+$/.test(n)),
    linked: sizeOf(fake.state.runId, (n) => n.endsWith('-trials')),
  });
}
await fake.close();

// Least squares of a shard job's wall time over its trials: the intercept is what a shard costs anyway.
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const [mx, my] = [mean(points.map((p) => p[0])), mean(points.map((p) => p[1]))];
const slope = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
const fixed = my - slope * mx;
const one = rows[0]!.total;
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

await writeResult(
  'shards',
  `# Sharding: ${trials} trials of the repository's trial set as 1, 2, 4 and 8 shards

${new Date().toISOString()} · ${machine()} · every job a real \`node dist/index.js\` (push to main) against a loopback GitHub, one after the other; a sharded run takes its slowest shard plus the merge

| shards | slowest shard s | merge s | run s | speed-up | the merge downloads and uploads | left in the shards' artefacts, linked |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.count} | ${(Math.max(...r.shards) / 1000).toFixed(1)} | ${(r.merge / 1000).toFixed(1)} | ${(r.total / 1000).toFixed(1)} | **${(one / r.total).toFixed(2)}×** | ${r.count === 1 ? '–' : `${kib(r.moved.bytes)} in ${r.moved.files} files`} | ${r.count === 1 ? '–' : `${kib(r.linked.bytes)} in ${r.linked.files} files`} |`).join('\n')}

- fixed cost of a shard job (the intercept of its wall time over its trials): **${(fixed / 1000).toFixed(1)} s**; each trial adds ${(slope / 1000).toFixed(2)} s
- the merge moves only results: each shard's \`results.json\`, \`junit.xml\` and \`report.md\` down, the merged ones up; the trial directories stay in the shards' \`-trials\` artefacts, which the comment links
`,
);
