// Errors that reach a user name the file, the field and the fix. Environment failures are typed
// apart from them, because verdicts depend on telling the two apart (an env error is never a detection).
import type { z } from 'zod';

/** Bad input from the user: a file or field that must be fixed. Exit code 2 at the CLI. */
export class UserInputError extends Error {
  override readonly name = 'UserInputError';
  constructor(
    readonly file: string,
    readonly field: string,
    readonly expected: string,
  ) {
    super(`${file}: ${field || '(top level)'}: ${expected}`);
  }
}

/** The environment failed (service did not start, acceptor missing, disk full): not the candidate's fault. */
export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError';
  constructor(
    message: string,
    /** The rule that excludes the affected trial from pass rates, shown to the user. */
    readonly rule: string,
  ) {
    super(message);
  }
}

/** `$.cases[2].steps[0].request.path` style path of a zod issue. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out;
}

/** The first problem of a failed zod parse, as a UserInputError naming file and field. */
export function firstIssue(file: string, error: z.ZodError): UserInputError {
  const issue = error.issues[0];
  if (!issue) return new UserInputError(file, '', 'invalid');
  return new UserInputError(file, issuePath(issue.path), issue.message);
}

/** Parse `data` with `schema` or throw the first problem as a UserInputError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown, file: string): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw firstIssue(file, parsed.error);
  return parsed.data;
}

/** Every problem of a failed zod parse (up to `cap`), one `file: path: message` line each. */
export function allIssues(file: string, error: z.ZodError, cap = 20): string[] {
  const lines = error.issues.slice(0, cap).map((issue) => `${file}: ${issuePath(issue.path) || '(top level)'}: ${issue.message}`);
  if (error.issues.length > cap) lines.push(`${file}: … and ${error.issues.length - cap} more problems`);
  return lines;
}
