// The comment's optional chart: trial pass rates per compared task, base against head, as a Mermaid
// xychart that GitHub draws (bars the base, a line the head: xychart has no legend, so the title says
// which is which). Left out when nothing changed, and when there are too many tasks to read. Pure.
import type { Comparison } from '../schemas/comparison.ts';

/** Past this many tasks the bars are too thin and the labels unreadable at a comment's width. */
export const MAX_CHART_TASKS = 15;
const MAX_LABEL = 24;

/** The chart as a markdown block, or '' when it is left out. */
export function passRateChart(c: Comparison): string {
  if (c.verdict !== 'pass' && c.verdict !== 'fail' && c.verdict !== 'undecided') return '';
  const tasks = c.tasks.filter((t) => t.status === 'compared' && t.base && t.head && t.base.n > 0 && t.head.n > 0);
  if (tasks.length === 0 || tasks.length > MAX_CHART_TASKS) return '';
  const rate = (passes: number, executed: number) => Math.round((1000 * passes) / executed) / 10;
  const base = tasks.map((t) => rate(t.base!.passes, t.base!.n));
  const head = tasks.map((t) => rate(t.head!.passes, t.head!.n));
  if (base.every((b, i) => b === head[i])) return '';
  return [
    '#### Trial pass rate per task',
    '',
    '```mermaid',
    'xychart-beta',
    '  title "Trial pass rate (%): bars = base, line = head"',
    `  x-axis [${tasks.map((t) => `"${label(t.id)}"`).join(', ')}]`,
    '  y-axis "pass rate (%)" 0 --> 100',
    `  bar [${base.join(', ')}]`,
    `  line [${head.join(', ')}]`,
    '```',
  ].join('\n');
}

/**
 * A task id as a chart label: only characters with no meaning to Mermaid or markdown (no quote,
 * bracket, backtick or `@` that would mention someone), cut to a readable length.
 */
function label(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9._ -]/g, '_');
  return safe.length > MAX_LABEL ? `${safe.slice(0, MAX_LABEL - 1)}…` : safe;
}
