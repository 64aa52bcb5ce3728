// Text from a candidate, a log, a label or an id enters report.html only through these functions.
// Besides the five HTML metacharacters, characters that would make the page lie are shown, not
// obeyed: bidi controls (which reorder what follows them, "Trojan Source") and other invisible
// controls appear as a visible `U+XXXX` mark.

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const replaceHtml = (c: string) => HTML[c]!;

/** Bidi controls, zero-width and byte-order marks, line/paragraph separators, and C0/C1 controls but tab and newline. */
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2028\u2029\u2060\u2066-\u2069\uFEFF]/g;

const codePoint = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Text as HTML element content (never an attribute: quotes stay, which keeps candidate files, mostly
 * JSON, from growing by a third); invisible controls as visible marks.
 */
export function text(value: string): string {
  return value.replace(/[&<>]/g, replaceHtml).replace(INVISIBLE, (c) => `<span class="ctl">${codePoint(c)}</span>`);
}

/** An attribute value (always quoted by the caller); no markup may appear in it, so marks are plain. */
export function attr(value: string): string {
  return value.replace(/[&<>"']/g, replaceHtml).replace(INVISIBLE, codePoint);
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
