// Comparing and rendering 2,000 tasks × 5 trials: the median of several timed runs after a warm-up.
// Run: node --import tsx bench/compare-speed.mjs   → bench/results/compare-speed.md
import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { compareResults } from '../src/compare/compare.ts';
import { renderComparisonMarkdown } from '../src/report/markdown.ts';
import { largeRun } from '../test/support/scenarios.ts';

const TASKS = 2000;
const RUNS = 9;
const { bases, head } = largeRun(TASKS);

function time(fn) {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

const samples = [];
for (let i = 0; i <= RUNS; i++) {
  const compare = time(() => compareResults(bases, head));
  const render = time(() => renderComparisonMarkdown(compare.value));
  // The first run warms the JIT and the log-factorial cache; it is not counted.
  if (i > 0) samples.push({ compare: compare.ms, render: render.ms, total: compare.ms + render.ms, chars: render.value.length });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const row = (name, key) => `| ${name} | ${fmt(median(samples.map((s) => s[key])))} | ${fmt(Math.min(...samples.map((s) => s[key])))} | ${fmt(Math.max(...samples.map((s) => s[key])))} |`;

const text = [
  '# Compare speed',
  '',
  `${TASKS.toLocaleString('en-US')} tasks × 5 trials, one base run, ${RUNS} timed runs after one warm-up, Node ${process.version} on ${process.platform}/${process.arch}. The markdown is cut to ${samples[0].chars.toLocaleString('en-US')} characters.`,
  '',
  '| step | median | min | max |',
  '| - | - | - | - |',
  row('compareResults', 'compare'),
  row('renderComparisonMarkdown (with cutting)', 'render'),
  row('both', 'total'),
  '',
  'Written by bench/compare-speed.mjs.',
  '',
].join('\n');

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/compare-speed.md', import.meta.url), text);
process.stdout.write(text);
