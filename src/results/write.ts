// Writes a run's files: results.json (validated against its schema before it is written), junit.xml,
// report.md (the markdown of the run alone, as a PR comment without a baseline would show it) and
// report.html (the run's evidence to look at, docs/report-html.md).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compareResults } from '../compare/compare.ts';
import { Results } from '../schemas/results.ts';
import { writeHtmlReport } from '../report/html/write.ts';
import { renderRunMarkdown } from '../report/markdown.ts';
import { renderJunit } from './junit.ts';

export async function writeRunFiles(runDir: string, results: Results): Promise<string> {
  const valid = Results.parse(results);
  const resultsPath = join(runDir, 'results.json');
  await writeFile(resultsPath, JSON.stringify(valid, null, 2) + '\n');
  await writeFile(join(runDir, 'junit.xml'), renderJunit(valid));
  await writeFile(join(runDir, 'report.md'), renderRunMarkdown(valid));
  await writeHtmlReport(join(runDir, 'report.html'), valid, compareResults([], valid), { runDir });
  return resultsPath;
}
