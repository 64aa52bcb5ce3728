// Issues 2 and 15 benchmark: the whole `trialgate demo` process against its floor (a process that only
// starts the demo's service instances, bench/support/demo-floor.ts, bundled like dist/) and against a
// bare `node -e ''`; `--help` and `--version` against the bare start. Runs interleaved so machine noise
// hits all alike; the bin is run through its own first line, with its own flags.
// Run: npm run build && node --import tsx bench/demo-startup.ts [runs]
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { machine, median, ROOT, timeProcess, writeResult } from './support.ts';

const runs = Number(process.argv[2] ?? 11);
const floorScript = join(tmpdir(), `trialgate-demo-floor-${process.pid}.mjs`);
// The flags the bin's first line gives Node (`#!/usr/bin/env -S node FLAGS…`), for the floor to start with.
const BIN_FLAGS = readFileSync(join(ROOT, 'dist', 'cli.js'), 'utf8')
  .split('\n')[0]!
  .split(' ')
  .slice(3);
await build({
  entryPoints: [join(ROOT, 'bench', 'support', 'demo-floor.ts')],
  outfile: floorScript,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
});

const bin = join(ROOT, 'dist', 'cli.js');
const times: Record<'bare' | 'version' | 'help' | 'floor' | 'demo', number[]> = { bare: [], version: [], help: [], floor: [], demo: [] };
for (let i = 0; i < runs; i++) {
  times.bare.push(timeProcess(process.execPath, ['-e', '']));
  times.version.push(timeProcess(bin, ['--version']));
  times.help.push(timeProcess(bin, ['--help']));
  times.floor.push(timeProcess(process.execPath, [...BIN_FLAGS, floorScript, ROOT]));
  const out = join(tmpdir(), `trialgate-bench-demo-${process.pid}-${i}`);
  times.demo.push(timeProcess(bin, ['demo', '--out', out]));
  await rm(out, { recursive: true, force: true });
}
await rm(floorScript, { force: true });

const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<keyof typeof times, number>;
await writeResult(
  'demo-startup',
  `# trialgate demo, --help and --version: whole processes against their floors

${new Date().toISOString()} · ${machine()} · ${runs} interleaved runs, medians

| what | median ms |
|---|---|
| \`node -e ''\` | ${m.bare.toFixed(0)} |
| \`trialgate --version\` | ${m.version.toFixed(0)} |
| \`trialgate --help\` | ${m.help.toFixed(0)} |
| the demo's floor: start its 8 service instances (4 variants × 2, in their sandboxes, to ready) and stop them | ${m.floor.toFixed(0)} |
| \`trialgate demo\` (10 cases × 4 variants, the reset proof's replay and probes, reports, judgement) | ${m.demo.toFixed(0)} |

- demo / its floor: **${(m.demo / m.floor).toFixed(2)}×** (target ≤ 1.3×); demo / bare node start: ${(m.demo / m.bare).toFixed(1)}×
- \`--version\` / bare node start: **${(m.version / m.bare).toFixed(2)}×**, \`--help\`: **${(m.help / m.bare).toFixed(2)}×** (target ≤ 1.5×)
`,
);
