// Outputs as the front ends render them (src/report/): a view presented from a head run and its
// comparison, then a reporter.
import type { ComparedResults } from '../../src/results/read.ts';
import { buildHtmlReport, type HtmlReportOptions } from '../../src/report/html/write.ts';
import { renderMarkdown, type MarkdownOptions } from '../../src/report/markdown.ts';
import { present, wholeRun, type BaseRun } from '../../src/report/view.ts';
import type { Comparison } from '../../src/schemas/comparison.ts';
import type { Results } from '../../src/schemas/results.ts';

type Notes = { notes?: readonly string[] };

/** The comment on `comparison` of `head`: the PR comment, and report.md of a gated run. */
export function commentOf(head: ComparedResults, comparison: Comparison, options: MarkdownOptions & Notes = {}): string {
  const { notes, ...rest } = options;
  return renderMarkdown(present({ head, comparison, ...(notes ? { notes } : {}) }), rest);
}

/** report.md of `head` shown alone. */
export function runMarkdownOf(head: ComparedResults, options: MarkdownOptions & Notes = {}): string {
  const { notes, ...rest } = options;
  return renderMarkdown(present({ head, ...(notes ? { notes } : {}) }), rest);
}

/** report.html of whole results and their comparison (none: the run alone). */
export function pageOf(
  head: Results,
  comparison: Comparison | null,
  options: HtmlReportOptions & Notes & { runDir: string; bases?: readonly BaseRun[] },
): Promise<string> {
  const { notes, runDir, bases, ...tuning } = options;
  return buildHtmlReport(present({ ...wholeRun(head), comparison, runDir, ...(bases ? { bases } : {}), ...(notes ? { notes } : {}) }), tuning);
}
