// Issue 2 benchmark: the whole `trialgate demo` process against a bare `node -e ''` start, and against
// starting the four service variants alone. Runs interleaved so machine noise hits all alike.
// Run: npm run build && node --import tsx bench/demo-startup.ts [runs]
import { join } from 'node:path';
import { loadFixture, variantsOf } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import { startService } from '../src/service/launch.ts';
import { machine, median, ROOT, timeProcess, writeResult } from './support.ts';

const runs = Number(process.argv[2] ?? 9);
const fixture = await loadFixture(join(ROOT, 'fixtures', 'inventory'));
const sandbox = await openSandbox('auto');

async function startFourVariants(): Promise<number> {
  const started = performance.now();
  const services = await Promise.all(variantsOf(fixture).map((fault) => startService(sandbox, fixture, fault)));
  const ms = performance.now() - started;
  await Promise.all(services.map((s) => s.stop()));
  return ms;
}

const bare: number[] = [];
const demo: number[] = [];
const services: number[] = [];
for (let i = 0; i < runs; i++) {
  bare.push(timeProcess(process.execPath, ['-e', '']));
  demo.push(timeProcess(process.execPath, ['dist/cli.js', 'demo', '--out', join('/tmp', `trialgate-bench-demo-${process.pid}-${i}`)]));
  services.push(await startFourVariants());
}

const m = { bare: median(bare), demo: median(demo), services: median(services) };
await writeResult(
  'demo-startup',
  `# trialgate demo: whole process vs a bare node start

${new Date().toISOString()} · ${machine()} · ${runs} interleaved runs, medians

| what | median ms |
|---|---|
| \`node -e ''\` | ${m.bare.toFixed(0)} |
| start the 4 service variants (in parallel, to ready) | ${m.services.toFixed(0)} |
| \`node dist/cli.js demo\` (10 cases × 4 variants, reports, judgement) | ${m.demo.toFixed(0)} |

- demo / bare node start: **${(m.demo / m.bare).toFixed(1)}×**
- demo − (node start + service starts) = ${(m.demo - m.bare - m.services).toFixed(0)} ms for loading the CLI, running 40 cases and writing 4 reports
`,
);
await sandbox.dispose();
