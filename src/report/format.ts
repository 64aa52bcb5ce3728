// Small formatting pieces shared by the markdown renderers. Every figure comes from the input, so the
// same input renders byte for byte the same text.
//
// Every string a user or a file supplied (task ids, check names, fault labels, env error rules, paths,
// names, refs) goes through md(), html() or code() before it reaches markdown: none of them can mention
// anyone, link, emphasise, open raw HTML or break a line, a table row or a code span.
import { createHash } from 'node:crypto';
import type { Count } from '../schemas/comparison.ts';
import { codePoint, markHidden } from '../util/inert.ts';
import { thousands } from '../util/counted.ts';
export { plural, thousands } from '../util/counted.ts';

/** Text that renders as itself in markdown and HTML alike: letters, digits and quiet punctuation. */
const QUIET = /^[\p{L}\p{N} .,:;()/'"+=\-–—×→]*$/u;
const LINKISH = /www\.|[a-z][a-z0-9+.-]*:\/\//i;
const BREAKS = /[\r\n\u2028\u2029\u0085]+/g;

/** One line of a user string: breaks as spaces, and every character that draws nothing as a visible mark (util/inert.ts). */
function flatten(text: string): string {
  return markHidden(text.replace(BREAKS, ' '), (c) => `[${codePoint(c)}]`, '');
}

/** A user string as inline markdown: itself when it is quiet, else a code span (no mention, link or HTML renders there). */
export function md(text: string): string {
  const flat = flatten(text);
  return QUIET.test(flat) && !LINKISH.test(flat) ? flat : code(flat);
}

/** A code span that holds any text: the fence is longer than every backtick run in it, line breaks are spaces. */
export function code(text: string): string {
  const flat = flatten(text);
  if (flat === '') return '';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || /^ .* $/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A user string inside an HTML block (a <summary>), where markdown does not render but mentions would. */
export function html(text: string): string {
  const flat = flatten(text);
  const escaped = flat.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return QUIET.test(flat) && !LINKISH.test(flat) ? escaped : `<code>${escaped}</code>`;
}

/**
 * At most `max` characters, the cut marked and made unique by a hash of the whole. Never inside a code
 * span: a cut that would leave one open is made before its opening backtick.
 */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = text.slice(0, max - 12);
  if ((kept.match(/`/g) ?? []).length % 2 === 1) kept = kept.slice(0, kept.lastIndexOf('`')).trimEnd();
  return `${kept}…${createHash('sha256').update(text).digest('hex').slice(0, 10)}`;
}

/** A piece of a note: plain text, a code span (`span`, its text), or a link into this repository. */
export type NotePart = { kind: 'text'; text: string } | { kind: 'span'; text: string; raw: string } | { kind: 'link'; label: string; url: string; raw: string };

/**
 * A line of caller-written markdown (a note) in its pieces: its code spans, and its links to a commit
 * (`[abc1234](https://…)`) or to a shard's artefact (`[2/8](https://…)`) that point into this repository on
 * its GitHub server; everything else is text, whatever part of the line a user supplied (a zip entry name, a
 * branch, a results file's text): a link a results file carries, dressed as a commit link, points elsewhere
 * and is text. The comment (safeLine) and report.html (noteHtml) render the same pieces.
 */
export function noteParts(text: string): NotePart[] {
  const flat = flatten(text);
  const home = repositoryUrl();
  const parts: NotePart[] = [];
  let last = 0;
  const plain = (to: number) => {
    if (to > last) parts.push({ kind: 'text', text: flat.slice(last, to) });
  };
  for (const m of flat.matchAll(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)|\[([0-9a-f]{7,40}|\d+\/\d+)\]\((https?:\/\/[^\s()<>]+)\)/g)) {
    if (m[4] !== undefined && !(home && m[4].startsWith(home))) continue;
    plain(m.index);
    parts.push(m[4] === undefined ? { kind: 'span', text: m[2]!.replace(/^ (.*) $/, '$1'), raw: m[0] } : { kind: 'link', label: m[3]!, url: m[4], raw: m[0] });
    last = m.index + m[0].length;
  }
  plain(flat.length);
  return parts;
}

/**
 * A note of at most about `max` characters, cut between its pieces or inside plain text at a word, never
 * inside a code span or a link, the cut marked with … .
 */
export function boundedNote(text: string, max: number): NotePart[] {
  const parts = noteParts(text);
  const out: NotePart[] = [];
  let used = 0;
  for (const part of parts) {
    const size = part.kind === 'text' ? part.text.length : part.raw.length;
    if (used + size <= max) {
      out.push(part);
      used += size;
      continue;
    }
    if (part.kind === 'text') {
      const room = part.text.slice(0, Math.max(0, max - used));
      const word = room.replace(/\s+\S*$/, '');
      out.push({ kind: 'text', text: `${word || room}…` });
    } else out.push({ kind: 'text', text: '…' });
    break;
  }
  return out;
}

/** A note made safe as one line of markdown: outside its code spans and links no markdown, HTML, autolink or mention survives. */
export function safeLine(text: string, max = Infinity): string {
  return (max === Infinity ? noteParts(text) : boundedNote(text, max)).map((p) => (p.kind === 'text' ? quiet(p.text) : p.raw)).join('');
}

/** `https://github.com/owner/repo/` in GitHub Actions (where links in notes are made), else undefined. */
function repositoryUrl(): string | undefined {
  const repository = process.env.GITHUB_REPOSITORY;
  if (!repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) return undefined;
  return `${(process.env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '')}/${repository}/`;
}

function quiet(text: string): string {
  return text
    .replace(/[\\`*_~[\]#|]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@[\p{L}\p{N}_][\p{L}\p{N}_./-]*|\b(?:https?:\/\/|www\.)\S+/gu, (inert) => code(inert));
}

/** A table cell: pipes escaped (also inside code spans, as GFM tables want). */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/**
 * A table as lines: header, delimiter, then one line per row. Delimiters are not aligned, so a row's
 * text does not depend on the other rows and rows can be dropped one by one to fit a length limit.
 * Cells are markdown already (user strings through md()).
 */
export function tableLines(header: readonly string[], rows: readonly (readonly string[])[]): { head: string[]; rows: string[] } {
  const line = (cells: readonly string[]) => `|${cells.map((c) => (c === '' ? ' ' : ` ${cell(c)} `)).join('|')}|`;
  return { head: [line(header), line(header.map(() => '-'))], rows: rows.map(line) };
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

/** Where a task's evidence is in report.html: an anchor the page and the comment agree on, by the view's order (never the task's id, a user's text). */
export function taskAnchor(index: number): string {
  return `t-${index}`;
}
