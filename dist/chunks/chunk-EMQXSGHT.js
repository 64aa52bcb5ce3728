import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

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
function issuePath(path) {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${String(key)}` : String(key);
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

export {
  UserInputError,
  EnvironmentError,
  issuePath,
  firstIssue,
  parseOrThrow,
  allIssues
};
