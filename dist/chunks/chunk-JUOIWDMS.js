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
var QUOTED_CHARS = 60;
function quoted(value) {
  const json = markHidden(JSON.stringify(value), (c) => `\\u{${c.codePointAt(0).toString(16)}}`, "");
  const chars = [...json];
  return chars.length > QUOTED_CHARS ? `${chars.slice(0, QUOTED_CHARS - 3).join("")}\u2026"` : json;
}
function quotedWhole(value) {
  return quoted(value) === JSON.stringify(value) && !/[\\"]/.test(value);
}
var SECRET_PREFIX = /^(sk-|sk_(live|test)_|rk_(live|test)_|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|AKIA|ASIA|AIza|hf_|npm_|eyJ)/;
function looksSecret(value) {
  if (value.length < 20 || /\s/.test(value)) return false;
  if (SECRET_PREFIX.test(value)) return true;
  return value.length >= 32 && /^[\w+=-]+$/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}

// src/util/errors.ts
var UserInputError = class extends Error {
  constructor(file, field, expected) {
    super(`${file}: ${field || "(top level)"}: ${expected}`);
    this.file = file;
    this.field = field;
    this.expected = expected;
  }
  file;
  field;
  expected;
  name = "UserInputError";
};
var EnvironmentError = class extends Error {
  constructor(message, rule) {
    super(message);
    this.rule = rule;
  }
  rule;
  name = "EnvironmentError";
};
var MACHINERY_RULE = "trialgate\u2019s own machinery failed twice (a service it started, reset or reached, the acceptance sandbox, or a limit it set): an environment failure on this machine, not the agent\u2019s; excluded from pass rates";
var MachineryError = class extends EnvironmentError {
  constructor(message, rule = MACHINERY_RULE) {
    super(message, rule);
  }
};
function failedTwice(first, again) {
  return again === first ? `${again} (the same on the first run)` : `${again} (and on the first run: ${first})`;
}
var TrialCrashed = class extends Error {
  constructor(task, trial, cause, holdout = false) {
    const said = cause instanceof Error ? cause.message : String(cause);
    super(
      holdout ? `the run stopped at holdout task ${task} trial ${trial}: an unexpected error, its text withheld because it may name the held-out task; a maintainer reproduces it by running the task with set: dev, locally` : `the run stopped at task ${task} trial ${trial}: ${said}`,
      { cause }
    );
    this.task = task;
    this.trial = trial;
  }
  task;
  trial;
  name = "TrialCrashed";
};
function diskFull(e) {
  const code = e?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}
function issuePath(path) {
  let out = "";
  for (const key of path) {
    const text = String(key);
    const name = typeof key === "number" ? key : looksSecret(text) ? `(a key that looks like a secret, ${text.length} characters)` : quotedWhole(text) ? text : quoted(text);
    out += typeof name === "number" ? `[${name}]` : out ? `.${name}` : name;
  }
  return out;
}
function firstIssue(file, error) {
  const issue = error.issues[0];
  if (!issue) return new UserInputError(file, "", "invalid");
  return new UserInputError(file, issuePath(issue.path), issue.message);
}
function parseOrThrow(schema, data, file) {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw firstIssue(file, parsed.error);
  return parsed.data;
}
function allIssues(file, error, cap = 20) {
  const lines = error.issues.slice(0, cap).map((issue) => `${file}: ${issuePath(issue.path) || "(top level)"}: ${issue.message}`);
  if (error.issues.length > cap) lines.push(`${file}: \u2026 and ${error.issues.length - cap} more problems`);
  return lines;
}

// src/util/nearest.ts
function nearest(word, candidates, maxEdits = Math.max(2, Math.floor(word.length / 3))) {
  let best;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== void 0 && bestDistance <= maxEdits ? best : void 0;
}
function noSuchTask(id, names, file) {
  const meant = nearest(id, names);
  return new UserInputError(`--task ${id}`, `no such task in ${file}`, `${meant ? `did you mean ${meant}? ` : ""}(tasks: ${names.join(", ")})`);
}
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length];
}
function closestToPatterns(patterns, candidates, count) {
  const parts = patterns.map((p) => p.split("*").filter(Boolean));
  const score = (candidate) => Math.min(...parts.map((chunks) => chunks.reduce((sum, chunk) => sum + substringDistance(chunk, candidate), 0)));
  return candidates.map((candidate, i) => ({ candidate, i, d: score(candidate) })).sort((a, b) => a.d - b.d || a.i - b.i).slice(0, count).map((c) => c.candidate);
}
function substringDistance(part, text) {
  let previous = Array.from({ length: text.length + 1 }, () => 0);
  for (let i = 1; i <= part.length; i++) {
    const row = [i];
    for (let j = 1; j <= text.length; j++) row.push(Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (part[i - 1] === text[j - 1] ? 0 : 1)));
    previous = row;
  }
  return Math.min(...previous);
}

export {
  codePoint,
  markHidden,
  terminalText,
  quoted,
  quotedWhole,
  looksSecret,
  UserInputError,
  EnvironmentError,
  MACHINERY_RULE,
  MachineryError,
  failedTwice,
  TrialCrashed,
  diskFull,
  issuePath,
  firstIssue,
  parseOrThrow,
  allIssues,
  nearest,
  noSuchTask,
  closestToPatterns
};
