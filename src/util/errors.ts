// Errors that reach a user name the file, the field and the fix. Environment failures are typed
// apart from them, because verdicts depend on telling the two apart (an env error is never a detection).
import type { z } from 'zod';
import { looksSecret, quoted, quotedWhole } from './inert.ts';

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

/** The rule of a trial whose acceptance met trialgate's own machinery failing twice. */
export const MACHINERY_RULE =
  'trialgate’s own machinery failed twice (a service it started, reset or reached, the acceptance sandbox, or a limit it set): an environment failure on this machine, not the agent’s; excluded from pass rates';

/**
 * trialgate's own machinery failed, whatever the candidate did: a fixture's service it started (its start,
 * reset, readiness probe, or a connection to it: a timeout, a reset, a refusal), the sandbox an acceptor
 * runs in, or an acceptor it ended at its own limit. A busy machine does this; the step is run once more,
 * and a second failure makes the trial an env_error under MACHINERY_RULE, never the candidate's failure.
 */
export class MachineryError extends EnvironmentError {
  constructor(message: string, rule = MACHINERY_RULE) {
    super(message, rule);
  }
}

/**
 * What trialgate's machinery said when it failed on both runs of one step: the first said again only when it
 * differs (a service that cannot start says the same words twice, which would read as two failures).
 */
export function failedTwice(first: string, again: string): string {
  return again === first ? `${again} (the same on the first run)` : `${again} (and on the first run: ${first})`;
}

/**
 * An error trialgate did not expect while it ran one trial (a bug, never the agent's or the environment's
 * doing): the run stops and says which trial, rather than filing the trial as an environment error, which
 * would take it out of the pass rate. A holdout task is named by its pseudonym, and what went wrong is
 * withheld, as its text may name the task's files (docs/holdout.md); the cause stays on the error.
 */
export class TrialCrashed extends Error {
  override readonly name = 'TrialCrashed';
  constructor(
    /** The task as the run shows it: a holdout task's pseudonym. */
    readonly task: string,
    readonly trial: number,
    cause: unknown,
    holdout = false,
  ) {
    const said = cause instanceof Error ? cause.message : String(cause);
    super(
      holdout
        ? `the run stopped at holdout task ${task} trial ${trial}: an unexpected error, its text withheld because it may name the held-out task; a maintainer reproduces it by running the task with set: dev, locally`
        : `the run stopped at task ${task} trial ${trial}: ${said}`,
      { cause },
    );
  }
}

/** A failed system call whose code says the machine's disk is full: the environment's failure, never the trial's. */
export function diskFull(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** `$.cases[2].steps[0].request.path` style path of a zod issue. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    // A key is the file's text: one that cannot be shown whole and as it is written is quoted (util/inert.ts),
    // and one that looks like a credential (an API key pasted as a key) is never shown.
    const text = String(key);
    const name =
      typeof key === 'number'
        ? key
        : looksSecret(text)
          ? `(a key that looks like a secret, ${text.length} characters)`
          : quotedWhole(text)
            ? text
            : quoted(text);
    out += typeof name === 'number' ? `[${name}]` : out ? `.${name}` : name;
  }
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
