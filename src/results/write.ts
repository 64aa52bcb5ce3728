// Writes a run's files: results.json (validated against its schema before it is written), junit.xml,
// report.md (the markdown of the run alone, as a PR comment without a baseline would show it) and
// report.html (the run's evidence to look at, docs/report-html.md).
import { join } from 'node:path';
import { compareResults } from '../compare/compare.ts';
import { Results } from '../schemas/results.ts';
import { buildHtmlReport } from '../report/html/write.ts';
import { renderRunMarkdown } from '../report/markdown.ts';
import { renderJunit } from './junit.ts';
import { writeInside } from '../util/safe-write.ts';
import { Scrubber } from '../util/scrub.ts';

/** Written through `scrubber` (no secret reaches a file) and never through a link planted in the run directory. */
export async function writeRunFiles(runDir: string, results: Results, scrubber: Scrubber = Scrubber.none): Promise<string> {
  const valid = Results.parse(results);
  const resultsPath = await writeInside(runDir, 'results.json', JSON.stringify(valid, null, 2) + '\n', scrubber);
  await writeInside(runDir, 'junit.xml', renderJunit(valid), scrubber);
  await writeInside(runDir, 'report.md', renderRunMarkdown(valid), scrubber);
  const html = await buildHtmlReport(valid, compareResults([], valid), { runDir, redact: (text) => scrubber.text(text) });
  await writeInside(runDir, 'report.html', html, scrubber);
  return resultsPath;
}
