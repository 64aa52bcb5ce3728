// Small formatting pieces shared by the markdown renderers. Every figure comes from the input, so the
// same input renders byte for byte the same text.
import { markdownTable } from 'markdown-table';
import type { Count } from '../schemas/comparison.ts';

/** Text safe inside a table cell or a <summary>: no pipes, line breaks or HTML tags of the input's own. */
export function inline(text: string): string {
  return text.replace(/</g, '&lt;').replace(/\|/g, '\\|').replace(/\s*\r?\n\s*/g, ' ');
}

/**
 * A table as lines: header, delimiter, then one line per row. Delimiters are not aligned, so a row's
 * text does not depend on the other rows and rows can be dropped one by one to fit a length limit.
 */
export function tableLines(header: readonly string[], rows: readonly (readonly string[])[]): { head: string[]; rows: string[] } {
  const lines = markdownTable([header.map(inline), ...rows.map((r) => r.map(inline))], { alignDelimiters: false }).split('\n');
  return { head: lines.slice(0, 2), rows: lines.slice(2) };
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const { head, rows: body } = tableLines(header, rows);
  return [...head, ...body].join('\n');
}

export function ratio(c: Count | null | undefined): string {
  return c ? `${c.successes}/${c.n}` : '–';
}

export function change(base: Count | null | undefined, head: Count | null | undefined): string {
  return `${ratio(base)} → ${ratio(head)}`;
}

export function thousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${thousands(n)} ${n === 1 ? one : many}`;
}

export function fraction(x: number | null | undefined): string {
  return x === null || x === undefined ? '' : x.toFixed(2);
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function usd(x: number | undefined): string {
  if (x === undefined) return '';
  return x < 0.01 && x > 0 ? `$${x.toFixed(4)}` : `$${x.toFixed(2)}`;
}

export function tokens(x: number | undefined): string {
  return x === undefined ? '' : thousands(x);
}
