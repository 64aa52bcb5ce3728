// A JSON file validated by a zod schema (fixture.json, an acceptor's report), with errors as good as
// trialgate.yml's: a syntax error names its line, and every schema problem is listed at once, each with
// the line of its key and, for an unknown key, the nearest known one (the machinery of yaml-config.ts:
// JSON is YAML, read with the same positions).
import type { z } from 'zod';
import { UserInputError } from './errors.ts';
import { configProblems, problemsError } from './yaml-config.ts';

export type JsonRead<T> = { ok: true; data: T } | { ok: false; problems: string[] };

/** `text` parsed and validated; otherwise every problem, each `file:line: field: message`. */
export function readJsonConfig<S extends z.ZodType>(schema: S, text: string, file: string): JsonRead<z.infer<S>> {
  try {
    return { ok: true, data: parseJsonConfig(schema, text, file) };
  } catch (e) {
    if (!(e instanceof UserInputError)) throw e;
    return { ok: false, problems: e.message.split('\n').map((line) => line.trim()) };
  }
}

/** `text` parsed and validated, or one UserInputError: the first problem names file, line and field; the rest follow. */
export function parseJsonConfig<S extends z.ZodType>(schema: S, text: string, file: string): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const { line, message } = syntaxError(text, e as Error);
    throw new UserInputError(`${file}${line ? `:${line}` : ''}`, '', `not valid JSON: ${message}`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw problemsError(file, configProblems(schema, parsed.error, text));
}

/** V8 names the offset of a JSON syntax error ("… at position 41"); the line is what a person looks for. */
function syntaxError(text: string, error: Error): { line?: number; message: string } {
  const message = error.message.replace(/^JSON\.parse: /, '');
  const position = /at position (\d+)/.exec(message)?.[1];
  const atEnd = /Unexpected end of JSON input/.test(message);
  const offset = position !== undefined ? Number(position) : atEnd ? text.length : undefined;
  if (offset === undefined) return { message };
  const line = text.slice(0, offset).split('\n').length;
  return { line, message: message.replace(/ in JSON at position \d+( \(line \d+ column \d+\))?/, '') };
}
