// Text from a trial (a candidate, a log, a report, a judge's reason) is shown inert wherever it appears:
// the characters that draw nothing, or that change how the text around them is drawn or obeyed, are
// shown as marks instead. One class for every surface (report.html, the markdown comment, the terminal),
// taken from Unicode's categories rather than listed: controls (Cc: C0, DEL, C1, so CR, BEL and ESC
// sequences), format characters (Cf: bidi controls, zero-width characters, the soft hyphen, invisible
// operators such as U+2062, U+180E, tag characters U+E0000–E007F), line and paragraph separators,
// default-ignorable code points (variation selectors, Hangul fillers, U+034F…), lone surrogates,
// noncharacters (U+FFFE, U+FFFF and the rest: XML forbids the first two, so junit.xml would not parse), and
// the blank braille pattern U+2800. A surface that keeps lines keeps tab and newline; one emoji variation
// selector (U+FE0F) right after a pictograph stays, being how emoji such as ⚠️ are written.

const HIDDEN = /(\p{Extended_Pictographic}\uFE0F)|[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cs}\p{Noncharacter_Code_Point}\u2800]/gu;
/** What a surface that keeps lines leaves as it is. */
export const LINES = '\t\n';

/** `U+200B`, `U+E0041`: how a hidden character is named. */
export function codePoint(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `text` with each hidden character replaced by `mark(c)`, but for those in `keep` (default: tab and
 * newline; '' for one line). Pure. Marks are inserted as given: the caller makes them safe on its surface.
 */
export function markHidden(text: string, mark: (c: string) => string, keep = LINES): string {
  return text.replace(HIDDEN, (c, emoji: string | undefined) => (emoji || keep.includes(c) ? c : mark(c)));
}

const TERMINAL_NAMES: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\x1b': '\\e', '\x07': '\\a', '\b': '\\b' };

/**
 * A CI log obeys workflow commands: GitHub's runner takes a line whose first non-blank characters are
 * `::` (`::error::`, `::add-mask::`, `::stop-commands::`; any Unicode blank counts) and a `##[` anywhere in
 * a line (the old form) as one. The first colon, and the second hash, are written as escapes instead.
 */
const WORKFLOW_COMMAND = /^([^\S\n]*):(?=:)|(?<=#)#(?=\[)/gm;

/**
 * Text for a terminal (or a CI log, which renders the same escapes): nothing in it can move the cursor,
 * clear, recolour, retitle, ring or reorder, nor be obeyed as a workflow command. Hidden characters are
 * written as escapes: `\r`, `\e`, `\a`, `\x7f`, `\u{200b}`; a command's `::` and `##[` as `\x3a:` and
 * `#\x23[`. With `oneLine`, tab and newline as well (a table cell, a log line).
 */
export function terminalText(text: string, oneLine = false): string {
  const marked = markHidden(
    text,
    (c) => TERMINAL_NAMES[c] ?? (c.codePointAt(0)! < 0x100 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u{${c.codePointAt(0)!.toString(16)}}`),
    oneLine ? '' : LINES,
  );
  return marked.replace(WORKFLOW_COMMAND, (_, blank: string | undefined) => (blank === undefined ? '\\x23' : `${blank}\\x3a`));
}

/** The most of a quoted value a message shows, quotes and escapes included. */
const QUOTED_CHARS = 60;

/**
 * A value read from a file, as a message quotes it: JSON-quoted, every hidden character written as an
 * escape (JSON.stringify leaves C1 controls, bidi and zero-width characters as they are), and clipped to
 * QUOTED_CHARS with `…` (a value of a megabyte is not repeated in every surface that shows the error).
 */
export function quoted(value: string): string {
  const json = markHidden(JSON.stringify(value), (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`, '');
  const chars = [...json];
  return chars.length > QUOTED_CHARS ? `${chars.slice(0, QUOTED_CHARS - 3).join('')}…"` : json;
}

/** Whether `quoted(value)` shows `value` whole and as it is written (short, nothing hidden, nothing JSON escapes). */
export function quotedWhole(value: string): boolean {
  return quoted(value) === JSON.stringify(value) && !/[\\"]/.test(value);
}

/**
 * Credentials by their issuers' prefixes (OpenAI, Anthropic, Stripe, GitHub, GitLab, Slack, AWS, Google,
 * Hugging Face, npm, a JWT), or a long run of letters and digits in both cases, as keys are and names,
 * paths, hashes and ids are not.
 */
const SECRET_PREFIX = /^(sk-|sk_(live|test)_|rk_(live|test)_|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|AKIA|ASIA|AIza|hf_|npm_|eyJ)/;

/** Whether a value the file gives looks like a credential: a message never quotes it (a log, a comment and an issue would repeat it). */
export function looksSecret(value: string): boolean {
  if (value.length < 20 || /\s/.test(value)) return false;
  if (SECRET_PREFIX.test(value)) return true;
  return value.length >= 32 && /^[\w+=-]+$/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}
