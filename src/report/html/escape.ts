// Text from a candidate, a log, a label or an id enters report.html only through these functions.
// Besides the five HTML metacharacters, characters that would make the page lie are shown, not
// obeyed: bidi controls (which reorder what follows them, "Trojan Source"), tag characters and every
// other character that draws nothing appear as a visible `U+XXXX` mark (the class: util/inert.ts).
import { codePoint, markHidden } from '../../util/inert.ts';

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const replaceHtml = (c: string) => HTML[c]!;

/**
 * Text as HTML element content (never an attribute: quotes stay, which keeps candidate files, mostly
 * JSON, from growing by a third); invisible controls as visible marks.
 */
export function text(value: string): string {
  // CRLF is a line break as any other; a carriage return on its own is marked.
  return markHidden(value.replace(/[&<>]/g, replaceHtml).replace(/\r\n/g, '\n'), (c) => `<span class="ctl">${codePoint(c)}</span>`);
}

/** An attribute value (always quoted by the caller); no markup may appear in it, so marks are plain. */
export function attr(value: string): string {
  return markHidden(value.replace(/[&<>"']/g, replaceHtml), codePoint, '');
}

/**
 * JSON safe as the content of <script type="application/json">: no `<` (so no `</script>` or `<!--`),
 * no `>` or `&`, and no U+2028/U+2029 (line terminators in older JavaScript). JSON.parse reads it unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A one-line value cut to `max` characters, saying how much was cut. */
export function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length - max} more characters)`;
}
