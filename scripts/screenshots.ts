// The screenshots of docs/screenshots/ (shown in the README): the PR comment as GitHub renders it and
// report.html, for each pull request of test/support/comment-scenarios.ts. Run by hand, with Debian's
// chromium at /usr/bin/chromium: `node --import tsx scripts/screenshots.ts`. The comment is rendered with
// marked (GitHub Flavored Markdown) inside GitHub's own stylesheet (github-markdown-css) at a comment's
// width; its <details> stay collapsed, as a reader first sees them.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { chromium } from 'playwright-core';
import { buildHtmlReport } from '../src/report/html/write.ts';
import { renderText, REPORTERS } from '../src/report/reporters.ts';
import { commentScenarios } from '../test/support/comment-scenarios.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs', 'screenshots');
const EVIDENCE = 'https://github.com/acme/shop/actions/runs/7/artifacts/9';

const work = await mkdtemp(join(tmpdir(), 'trialgate-shots-'));
const css = await readFile(join(ROOT, 'node_modules', 'github-markdown-css', 'github-markdown-light.css'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const s of await commentScenarios(work)) {
    const markdown = await renderText(REPORTERS.markdown, s.view, { evidenceUrl: EVIDENCE, fullReportUrl: EVIDENCE });
    const page = await browser.newPage({ viewport: { width: 900, height: 600 }, deviceScaleFactor: 1 });
    const body = await marked.parse(markdown, { gfm: true });
    const html = `<!doctype html><meta charset="utf-8"><style>${css}
      body { margin: 0; background: #fff; } .comment { width: 820px; margin: 16px; border: 1px solid #d1d9e0; border-radius: 6px; }
      .head { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; font: 14px -apple-system, "Segoe UI", sans-serif; color: #59636e; }
      .markdown-body { padding: 16px; }</style>
      <div class="comment"><div class="head"><b>github-actions</b> bot commented · ${s.title}</div><div class="markdown-body">${body}</div></div>`;
    const file = join(work, `${s.name}.html`);
    await writeFile(file, html);
    await page.goto(`file://${file}`);
    await page.locator('.comment').screenshot({ path: join(OUT, `comment-${s.name}.png`) });
    await page.close();

    const report = await buildHtmlReport(s.view);
    const reportFile = join(work, `${s.name}-report.html`);
    await writeFile(reportFile, report);
    const pageHtml = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    await pageHtml.goto(`file://${reportFile}`);
    await pageHtml.screenshot({ path: join(OUT, `report-${s.name}.png`) });
    if (s.name === 'seed-regression') {
      // The comment's link: the task opened at its anchor, the lost case in the diff against the base's candidate.
      await pageHtml.goto(`file://${reportFile}#t-0`);
      await pageHtml
        .locator('#t-0 details.sub')
        .last()
        .evaluate((el) => ((el as HTMLDetailsElement).open = true));
      await pageHtml
        .locator('#t-0 .trial')
        .first()
        .screenshot({ path: join(OUT, `report-${s.name}-task.png`) });
    }
    await pageHtml.close();
    process.stdout.write(`${s.name}: comment-${s.name}.png, report-${s.name}.png\n`);
  }
} finally {
  await browser.close();
}
