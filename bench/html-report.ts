// report.html at 2,000 tasks × 5 trials: how long it takes to write, how big the file is, and how fast
// Chromium shows it (first contentful paint, DOMContentLoaded, load) and opens a task from its JSON.
// Every trial directory holds what a real inventory trial holds (four variant reports, an agent log,
// the reference playbook as its candidate), made unique per trial so that nothing is shared: the worst
// case for the page's size budget.
// Run: node --import tsx bench/html-report.ts   → bench/results/html-report.md  (needs /usr/bin/chromium)
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { compareResults } from '../src/compare/compare.ts';
import { buildHtmlReport } from '../src/report/html/write.ts';
import { present, wholeRun } from '../src/report/view.ts';
import type { Results } from '../src/schemas/results.ts';
import { report, writeTrialDir } from '../test/support/evidence-run.ts';
import { largeRun } from '../test/support/scenarios.ts';
import { machine, median, ROOT, writeResult } from './support.ts';

const TASKS = 2000;
const BUILDS = 3;
const LOADS = 5;
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

const spec = await readFile(join(ROOT, 'fixtures/inventory/reference/spec.json'), 'utf8');
const cases = await readFile(join(ROOT, 'fixtures/inventory/reference/cases.json'), 'utf8');
const records = JSON.parse(cases).cases.map((c: { id: string }) => ({ test: c.id, status: 'passed' as const, branches: ['item.read'], duration_ms: 12 }));

async function writeRun(dir: string, results: Results, side: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'results.json'), JSON.stringify(results));
  for (const task of results.tasks) {
    for (const trial of task.trials) {
      const tag = `${side} ${task.id} trial ${trial.trial}`;
      const failed = [
        {
          test: 'idempotent-repeat',
          status: 'failed' as const,
          assertion: 'step 3: $.available == 16',
          traceback: 'expected 16, got 12',
          branches: ['reserve.replayed'],
        },
      ];
      await writeTrialDir(dir, trial.evidence, {
        reports: ['none', 'double-reserve', 'oversell'].map((fault) => report(fault, fault === 'none' ? records : [...records.slice(1), ...failed])),
        log: Array.from({ length: 40 }, (_, i) => `${tag}: step ${i} reading inputs/requirements.md and writing candidate/cases.json`).join('\n') + '\n',
        candidate: { 'spec.json': `${spec}\n// ${tag}\n`, 'cases.json': `${cases}\n// ${tag}\n` },
      });
    }
  }
}

const { bases, head } = largeRun(TASKS);
// BENCH_HTML_DIR keeps the run directories between runs (writing them takes about a minute).
const root = process.env.BENCH_HTML_DIR ?? (await mkdtemp(join(tmpdir(), 'trialgate-bench-html-')));
const [baseDir, headDir] = [join(root, 'base'), join(root, 'head')];
const writing = performance.now();
if (!existsSync(join(headDir, 'results.json'))) {
  await writeRun(baseDir, bases[0]!, 'base');
  await writeRun(headDir, head, 'head');
}
const writeSeconds = (performance.now() - writing) / 1000;
const comparison = compareResults(bases, head);

const builds: number[] = [];
let html = '';
for (let i = 0; i < BUILDS; i++) {
  const started = performance.now();
  // The view is part of the build: its states and order are what the page is planned by.
  html = await buildHtmlReport(present({ ...wholeRun(head), comparison, runDir: headDir, bases: [{ dir: baseDir, results: bases[0]! }] }));
  builds.push(performance.now() - started);
}
const file = join(headDir, 'report.html');
await writeFile(file, html);
const bytes = (await stat(file)).size;
const omitted = (html.match(/left out of this page, which keeps its size bounded/g) ?? []).length;

const context = await chromium.launchPersistentContext(await mkdtemp(join(tmpdir(), 'trialgate-bench-chromium-')), {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  viewport: { width: 1280, height: 900 },
});
const loads: { fcp: number; dcl: number; load: number; busy: number; nodes: number; open: number; filter: number }[] = [];
const load = loadavg()[0]!;
let browserVersion = '';
for (let i = 0; i <= LOADS; i++) {
  const page = await context.newPage();
  // The renderer's main-thread busy time (CPU, not wall): steadier than wall times on a shared machine.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  browserVersion = await page.evaluate(() => /Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1] ?? '');
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { fcp: fcp ? fcp.startTime : NaN, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
  });
  // Opening the most severe task: parse its JSON block, insert its trials, fill the open ones.
  const open = await page.evaluate(async () => {
    const started = performance.now();
    (document.querySelector('details.task') as HTMLDetailsElement).open = true;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    if (document.querySelectorAll('details.task[open] details.trial').length === 0) throw new Error('no trial rendered');
    return performance.now() - started;
  });
  const filter = await page.evaluate(async () => {
    const started = performance.now();
    const input = document.getElementById('filter') as HTMLInputElement;
    input.value = 'task-19';
    input.dispatchEvent(new Event('input'));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - started;
  });
  await page.close();
  // The first load warms the browser's caches; it is not counted.
  if (i > 0) loads.push({ ...timing, busy: metrics.TaskDuration! * 1000, nodes: metrics.Nodes!, open, filter });
}
await context.close();
if (!process.env.BENCH_HTML_DIR) await rm(root, { recursive: true, force: true });

const ms = (x: number) => `${Math.round(x).toLocaleString('en-US')} ms`;
const row = (name: string, key: keyof (typeof loads)[number]) => {
  const xs = loads.map((l) => l[key]);
  return `| ${name} | ${ms(median(xs))} | ${ms(Math.min(...xs))} | ${ms(Math.max(...xs))} |`;
};
await writeResult(
  'html-report',
  [
    '# report.html at 2,000 tasks × 5 trials',
    '',
    `${TASKS.toLocaleString('en-US')} tasks × 5 trials (head) against one base run of the same size; every trial directory holds four variant reports of 11 records, a 40-line agent log and the inventory reference playbook (23 KB) made unique per trial, so nothing is shared between trials. ${machine()}; Chromium ${browserVersion}; the machine is shared and noisy (load average ${load.toFixed(1)} on its 2 cores when the loads began): medians, one run.`,
    '',
    ...(writeSeconds > 1 ? [`Trial directories written in ${writeSeconds.toFixed(0)} s (not part of the figures below).`, ''] : []),
    '| figure | value |',
    '| - | - |',
    `| report.html size | ${(bytes / 1024 / 1024).toFixed(1)} MiB (${bytes.toLocaleString('en-US')} bytes) |`,
    `| trials with their evidence in the page | ${(10_000 - omitted).toLocaleString('en-US')} of 10,000 (the size budget keeps the most severe tasks first; the rest name their trial directory) |`,
    `| trial details | ${html.includes('data-lazy=') ? 'in JSON blocks, filled in when a task is opened' : 'inlined'} |`,
    `| buildHtmlReport (read evidence, diff, render), median of ${BUILDS} | ${ms(median(builds))} (min ${ms(Math.min(...builds))}, max ${ms(Math.max(...builds))}) |`,
    `| DOM nodes after load | ${Math.round(median(loads.map((l) => l.nodes))).toLocaleString('en-US')} |`,
    '',
    `Chromium, the page opened from disk (file://), ${LOADS} loads after one warm-up, each in a fresh tab:`,
    '',
    '| step | median | min | max |',
    '| - | - | - | - |',
    row('first contentful paint', 'fcp'),
    row('DOMContentLoaded', 'dcl'),
    row('load', 'load'),
    row('renderer main-thread busy time up to load (CPU)', 'busy'),
    row('open the most severe task (JSON → trials)', 'open'),
    row('filter the 2,000 rows by id', 'filter'),
    '',
    'Written by bench/html-report.ts.',
    '',
  ].join('\n'),
);
