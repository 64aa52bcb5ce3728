// report.html in a real browser: Debian's Chromium, headless, driven by playwright-core. The page is
// opened from disk as a user opens it from the downloaded artefact; the test checks the DOM after the
// script ran, that filtering and expanding work, that nothing but the file is loaded and no script but
// the page's own runs, and takes screenshots (written to $TRIALGATE_SCREENSHOTS or a temporary
// directory, printed below) to look at. Skipped, saying so, where /usr/bin/chromium is missing;
// docs/report-html.md says how to run it locally.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { main } from '../src/cli/main.ts';
import { compareResults } from '../src/compare/compare.ts';
import { passRateChart } from '../src/report/chart.ts';
import { MATRIX_ROWS } from '../src/report/html/render.ts';
import { HOSTILE, hostileRuns } from './support/evidence-run.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { pageOf } from './support/outputs.ts';
import { captureIo } from './support/io.ts';
import { recordedRun } from './support/recorded-runs.ts';
import * as scenarios from './support/scenarios.ts';
import { BUILTIN_SKILL } from './support/trialset.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const skip = existsSync(CHROMIUM) ? false : `no ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium) to run the browser tests`;
if (skip) process.stdout.write(`# report.html browser tests SKIPPED: ${skip}\n`);

/** A fresh profile per browser, so no state of an earlier run (or of the user's) plays a part. */
async function launch(javaScriptEnabled = true): Promise<BrowserContext> {
  return chromium.launchPersistentContext(await tempDir('trialgate-chromium-'), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
  });
}

interface Watched {
  page: Page;
  requests: string[];
  problems: string[];
}

/** A page that records every request and every console error or page error (a CSP refusal is one). */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const watched: Watched = { page, requests: [], problems: [] };
  page.on('request', (r) => watched.requests.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && watched.problems.push(m.text()));
  page.on('pageerror', (e) => watched.problems.push(e.message));
  page.on('dialog', (d) => {
    watched.problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return watched;
}

describe('report.html in headless Chromium', { skip }, () => {
  let context: BrowserContext;
  let shots: string;
  let hostileFile: string;

  before(async () => {
    context = await launch();
    shots = process.env.TRIALGATE_SCREENSHOTS ?? (await tempDir('trialgate-screenshots-'));
    await mkdir(shots, { recursive: true });
    process.stdout.write(`# report.html screenshots in ${shots}\n`);
    const runs = await hostileRuns();
    hostileFile = join(runs.head.dir, 'report.html');
    const html = await pageOf(runs.head.results, compareResults([runs.base.results], runs.head.results, { policy: 'strict' }), {
      runDir: runs.head.dir,
      bases: [runs.base],
      notes: [HOSTILE.mention],
      inlineLimit: 0,
    });
    await writeFile(hostileFile, html);
  });
  after(async () => {
    await context?.close();
  });

  it('opens from disk: loads nothing else, runs only its own script, and no hostile string becomes markup', async () => {
    const { page, requests, problems } = await watchedPage(context);
    await page.goto(pathToFileURL(hostileFile).href);
    assert.equal(await page.isVisible('#toolbar'), true, 'the page’s own script ran under its Content Security Policy');
    assert.equal(await page.textContent('#shown'), '2 of 2 tasks shown');
    assert.match((await page.textContent('#verdict'))!, /^3 regressions/);
    await page.screenshot({ path: join(shots, 'hostile-overview.png') });

    for (const summary of await page.locator('details.task > summary').all()) await summary.click();
    for (const d of await page.locator('details.sub').all()) await d.evaluate((el) => ((el as HTMLDetailsElement).open = true));
    assert.equal(await page.locator('details.trial').count(), 5, 'every trial was filled in from its JSON block');
    const page1 = await page.evaluate(() => ({
      pwned: (window as unknown as { pwned?: number }).pwned,
      elements: [...document.querySelectorAll('img, iframe, object, embed, [onerror], [onload], [style]:not([style=""])')].map((e) =>
        e.outerHTML.slice(0, 200),
      ),
      scripts: document.scripts.length,
      text: document.body.innerText,
      blobsLeft: document.querySelectorAll('details[open] > [data-blob]').length,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    assert.equal(page1.pwned, undefined, 'no injected script ran');
    assert.deepEqual(page1.elements, [], 'no injected element or inline style');
    for (const needle of [HOSTILE.script, HOSTILE.img, HOSTILE.style, HOSTILE.scriptEnd, HOSTILE.mention, 'U+202E']) {
      assert.ok(page1.text.includes(needle), `${JSON.stringify(needle.slice(0, 24))} is visible as text`);
    }
    assert.ok(!page1.text.includes('\u202E'), 'the bidi override is shown as a mark, not obeyed');
    assert.equal(page1.blobsLeft, 0, 'every opened file and log was filled in');
    assert.ok(page1.overflow <= 0, `very long strings wrap instead of widening the page (${page1.overflow}px too wide)`);
    await page.screenshot({ path: join(shots, 'hostile-expanded.png'), fullPage: true });
    const fileUrl = pathToFileURL(hostileFile).href;
    assert.deepEqual(
      requests.filter((u) => u !== fileUrl),
      [],
      'no request but the file itself',
    );
    assert.deepEqual(problems, [], 'no console error, CSP refusal, page error or dialog');
  });

  it('filters by task id and by state, and expands the shown tasks', async () => {
    const { page, problems } = await watchedPage(context);
    await page.goto(pathToFileURL(hostileFile).href);
    await page.fill('#filter', 'invent');
    assert.equal(await page.textContent('#shown'), '1 of 2 tasks shown');
    assert.equal(await page.locator('#matrix tbody tr:visible').count(), 1);
    assert.equal(await page.locator('details.task:visible').count(), 1);
    await page.screenshot({ path: join(shots, 'filtered-by-id.png') });
    await page.fill('#filter', '');
    await page.click('#toolbar button[data-state="regressed"]');
    assert.equal(await page.getAttribute('#toolbar button[data-state="regressed"]', 'aria-pressed'), 'false');
    assert.equal(await page.textContent('#shown'), '1 of 2 tasks shown');
    assert.equal(await page.locator('#matrix tbody tr[data-state="regressed"]:visible').count(), 0);
    await page.click('#expand');
    assert.equal(await page.locator('details.task[open]').count(), 1, 'only the shown task opened');
    // A lazy task's body is inserted after the click: wait for it rather than count at once, for as long as it takes
    // (no limit of its own: a busy machine's browser may take longer than any; the runner's scaled limit ends a hang).
    await page.locator('details.task[open] details.trial').first().waitFor({ timeout: 0 });
    await page.click('#collapse');
    assert.equal(await page.locator('details.task[open]').count(), 0);
    assert.deepEqual(problems, []);
  });

  it('a large run: "show all" and a filter bring in the matrix rows past the first page', async () => {
    const { bases, head } = scenarios.largeRun(MATRIX_ROWS + 50);
    const file = join(await tempDir(), 'report.html');
    await writeFile(file, await pageOf(head, compareResults(bases, head, FIXED_K), { runDir: dirname(file) }));
    const { page, problems } = await watchedPage(context);
    await page.goto(pathToFileURL(file).href);
    assert.equal(await page.locator('#matrix tbody tr').count(), MATRIX_ROWS);
    const last = head.tasks.at(-1)!.id;
    await page.fill('#filter', last);
    assert.equal(await page.locator('#matrix tbody tr').count(), MATRIX_ROWS + 50, 'filtering inserted the remaining rows');
    assert.deepEqual(await page.locator('#matrix tbody tr:visible th a').allTextContents(), [last]);
    assert.equal(await page.isVisible('#more-rows'), false);
    await page.fill('#filter', '');
    await page.screenshot({ path: join(shots, 'large-run.png') });
    assert.deepEqual(problems, []);
  });

  it('a link to a task (#t-N) opens it, from the matrix or from outside the page', async () => {
    const { page } = await watchedPage(context);
    await page.goto(`${pathToFileURL(hostileFile).href}#t-1`);
    assert.equal(await page.locator('#t-1').evaluate((el) => (el as HTMLDetailsElement).open), true);
    await page.click('#matrix tbody tr:first-child th a');
    assert.equal(await page.locator('#t-0').evaluate((el) => (el as HTMLDetailsElement).open), true);
    assert.ok((await page.locator('#t-0 details.trial').count()) === 3);
  });

  it('without JavaScript the summary and the matrix read, and each task of a large page lists its trial directories', async () => {
    const noScript = await launch(false);
    try {
      const page = await noScript.newPage();
      await page.goto(pathToFileURL(hostileFile).href);
      assert.equal(await page.isVisible('#toolbar'), false);
      assert.match((await page.textContent('#verdict'))!, /^3 regressions/);
      assert.equal(await page.locator('#matrix tbody tr').count(), 2);
      await page.click('#t-0 > summary');
      assert.ok((await page.locator('#t-0').innerText()).includes("This task's checks, figures and trials' evidence open with JavaScript"));
      await page.screenshot({ path: join(shots, 'no-javascript.png'), fullPage: true });
    } finally {
      await noScript.close();
    }
  });

  it('a real run and compare --html: the lost idempotency case shows in the diff against the base candidate', async () => {
    const skill = await readFile(BUILTIN_SKILL, 'utf8');
    const { runDir: baseOut } = await recordedRun({ trials: 2 });
    const { runDir: headOut } = await recordedRun({ trials: 2, skill: skill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '') });
    const html = join(headOut, 'compare.html');
    assert.equal(
      await main(
        [
          'compare',
          '--base',
          join(baseOut, 'results.json'),
          '--head',
          join(headOut, 'results.json'),
          '--html',
          html,
          '--confirm-trials',
          '0',
          '--policy',
          'strict',
        ],
        captureIo(),
      ),
      1,
    );

    const { page, problems } = await watchedPage(context);
    await page.goto(pathToFileURL(html).href);
    assert.equal(await page.textContent('#matrix tbody tr td.cell.s-regressed'), '2/2 → 0/2');
    await page.click('#t-0 > summary');
    const diff = await page.locator('#t-0 details.trial').first().locator('.d-del').allTextContents();
    assert.ok(
      diff.some((line) => line.includes('"id": "idempotent-repeat"')),
      'the removed idempotency case is in the diff',
    );
    await page.screenshot({ path: join(shots, 'real-run-compare.png'), fullPage: true });
    assert.deepEqual(problems, []);

    const run = await watchedPage(context);
    await run.page.goto(pathToFileURL(join(headOut, 'report.html')).href);
    assert.match((await run.page.textContent('#verdict'))!, /^0\/2 executed trials passed/);
    await run.page.screenshot({ path: join(shots, 'real-run.png') });
  });

  it('the comment’s pass-rate chart is valid Mermaid and draws a bar and a point per task', async () => {
    const markdown = passRateChart(compareResults(scenarios.idempotencyRegression().bases, scenarios.idempotencyRegression().head, FIXED_K));
    const source = markdown.slice(markdown.indexOf('```mermaid\n') + '```mermaid\n'.length, markdown.lastIndexOf('```'));
    const { page, problems } = await watchedPage(context);
    await page.setContent('<!doctype html><body><div id="chart"></div></body>');
    await page.addScriptTag({ path: join(ROOT, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js') });
    const drawn = await page.evaluate(async (src) => {
      const m = (window as unknown as { mermaid: { initialize(o: object): void; render(id: string, s: string): Promise<{ svg: string }> } }).mermaid;
      m.initialize({ startOnLoad: false });
      const { svg } = await m.render('passrate', src);
      document.getElementById('chart')!.innerHTML = svg;
      return {
        bars: document.querySelectorAll('#chart [class^="bar-plot"] rect').length,
        lines: document.querySelectorAll('#chart [class^="line-plot"] path').length,
        text: document.getElementById('chart')!.textContent,
      };
    }, source);
    assert.equal(drawn.bars, 3);
    assert.equal(drawn.lines, 1);
    assert.ok(drawn.text!.includes('inventory-reserve') && drawn.text!.includes('bars = base, line = head'));
    await page.locator('#chart').screenshot({ path: join(shots, 'comment-chart.png') });
    assert.deepEqual(problems, []);
  });
});
