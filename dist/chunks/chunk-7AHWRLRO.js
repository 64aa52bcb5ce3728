import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/util/inert.ts
var HIDDEN = new RegExp("(\\p{Extended_Pictographic}\\uFE0F)|[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\p{Cs}\\p{Noncharacter_Code_Point}\\u2800]", "gu");
var LINES = "	\n";
function codePoint(c) {
  return `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
function markHidden(text, mark, keep = LINES) {
  return text.replace(HIDDEN, (c, emoji) => emoji || keep.includes(c) ? c : mark(c));
}
var TERMINAL_NAMES = { "	": "\\t", "\n": "\\n", "\r": "\\r", "\x1B": "\\e", "\x07": "\\a", "\b": "\\b" };
var WORKFLOW_COMMAND = /^([^\S\n]*):(?=:)|(?<=#)#(?=\[)/gm;
function terminalText(text, oneLine = false) {
  const marked = markHidden(
    text,
    (c) => TERMINAL_NAMES[c] ?? (c.codePointAt(0) < 256 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}` : `\\u{${c.codePointAt(0).toString(16)}}`),
    oneLine ? "" : LINES
  );
  return marked.replace(WORKFLOW_COMMAND, (_, blank) => blank === void 0 ? "\\x23" : `${blank}\\x3a`);
}

export {
  codePoint,
  markHidden,
  terminalText
};
