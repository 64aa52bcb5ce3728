// A YAML configuration file validated by a zod schema, with errors a user can act on: each names the
// line of the offending key itself (an unknown key's own line, a bad value's line, the unclosed bracket's
// line), says an unknown key is unknown and which valid key is nearest, and every problem is listed at once.
import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document, type YAMLError } from 'yaml';
import type { z } from 'zod';
import { expectedText, issueMessage, type Syntax } from './config-issues.ts';
import { issuePath, UserInputError } from './errors.ts';
import { nearest } from './nearest.ts';
import { defOf, unwrap } from './zod-def.ts';

const MAX_PROBLEMS = 10;

export function parseYamlConfig<S extends z.ZodType>(schema: S, text: string, file: string): z.infer<S> {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    // Errors found at the same place describe one mistake: blame the last line any of them spans.
    const span = Math.max(...doc.errors.filter((e) => e.pos[0] === yamlError.pos[0]).map((e) => e.pos[1]));
    const { line, hint } = syntaxErrorLine(text, { ...yamlError, pos: [yamlError.pos[0], span] } as YAMLError, lines);
    throw new UserInputError(`${file}:${line}`, '', `not valid YAML: ${yamlError.message.split('\n')[0]}${hint}`);
  }
  const parsed = schema.safeParse(doc.toJS());
  if (parsed.success) return parsed.data;
  throw problemsError(file, schemaProblems(parsed.error, doc, lines, schema, 'yaml'));
}

/**
 * Every problem of a failed parse of `text` (YAML, or JSON, which YAML reads with the same positions),
 * each with the line of the offending key or value: unknown keys first (a misspelt key is also the
 * reason its correct spelling is "missing"), each with the nearest known key.
 */
export function configProblems(schema: z.ZodType, error: z.ZodError, text: string): Problem[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  return schemaProblems(error, doc, lines, schema, 'json');
}

function schemaProblems(error: z.ZodError, doc: Document, lines: LineCounter, schema: z.ZodType, syntax: Syntax): Problem[] {
  const issues = [...error.issues].sort((a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'));
  return issues.flatMap((issue) => describe(issue, doc, lines, schema, syntax)).slice(0, MAX_PROBLEMS);
}

/** One `file:line: field: message` line per problem. */
function problemLines(file: string, problems: readonly Problem[]): string[] {
  return problems.map((p) => `${file}${p.line ? `:${p.line}` : ''}: ${p.field || '(top level)'}: ${p.message}`);
}

/** The problems as one UserInputError: the first names file, line and field; the rest follow, one a line. */
export function problemsError(file: string, problems: readonly Problem[]): UserInputError {
  const [first, ...rest] = problems;
  const more = problemLines(file, rest)
    .map((line) => `\n  ${line}`)
    .join('');
  return new UserInputError(`${file}${first!.line ? `:${first!.line}` : ''}`, first!.field, `${first!.message}${more}`);
}

export interface Problem {
  line?: number;
  field: string;
  message: string;
}

function describe(issue: z.core.$ZodIssue, doc: Document, lines: LineCounter, schema: z.ZodType, syntax: Syntax): Problem[] {
  const path = issue.path as (string | number)[];
  if (issue.code === 'unrecognized_keys') {
    const known = keysAt(schema, path);
    const map = doc.getIn(path, true);
    return issue.keys.map((key) => {
      const pair = isMap(map) ? map.items.find((p) => isScalar(p.key) && String(p.key.value) === key) : undefined;
      const offset = isNode(pair?.key) ? pair.key.range?.[0] : undefined;
      const guess = nearest(key, known);
      return {
        ...(offset === undefined ? {} : { line: lines.linePos(offset).line }),
        field: issuePath([...path, key]),
        message: `unknown key${guess ? `; did you mean ${guess}?` : ''}${known.length ? ` (known here: ${known.join(', ')})` : ''}`,
      };
    });
  }
  const node = doc.getIn(path, true);
  if (node === undefined && path.length > 0) {
    // A missing key: the line of the mapping it belongs in.
    const parent = doc.getIn(path.slice(0, -1), true);
    const offset = isNode(parent) ? parent.range?.[0] : undefined;
    const line = offset === undefined || path.length === 1 ? undefined : lines.linePos(offset).line;
    const wanted = schemasAt(schema, path, doc.toJS());
    return [
      { ...(line ? { line } : {}), field: issuePath(path), message: `required, and missing${wanted.length ? `: expected ${expectedText(wanted)}` : ''}` },
    ];
  }
  const offset = isNode(node) ? node.range?.[0] : undefined;
  const message = issueMessage(issue, node, schemasAt(schema, path, doc.toJS()), syntax);
  return [{ ...(offset === undefined ? {} : { line: lines.linePos(offset).line }), field: issuePath(path), message }];
}

/**
 * The line to blame for a syntax error: the last line an error spans (where a mis-indented key sits),
 * or, for a flow collection left open, the line where its bracket was opened.
 */
function syntaxErrorLine(text: string, error: YAMLError, lines: LineCounter): { line: number; hint: string } {
  const end = lines.linePos(Math.max(error.pos[0], error.pos[1] - 1)).line;
  if (/Flow (sequence|map)/.test(error.message)) {
    const opened = unclosedBracketLine(text.split('\n').slice(0, lines.linePos(error.pos[0]).line - 1));
    if (opened) return { line: opened, hint: ` (the bracket opened on line ${opened} is not closed)` };
  }
  return { line: end, hint: '' };
}

function unclosedBracketLine(lines: string[]): number | undefined {
  let depth = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.replace(/(["'])(?:\\.|(?!\1).)*\1/g, '').replace(/#.*$/, '');
    for (const c of [...line].reverse()) {
      if (c === ']' || c === '}') depth++;
      else if ((c === '[' || c === '{') && depth-- === 0) return i + 1;
    }
  }
  return undefined;
}

/** The keys a mapping may hold at `path` of `schema` (every option's, for a union). */
export function keysAt(schema: z.ZodType, path: readonly (string | number)[]): string[] {
  return [
    ...new Set(
      schemasAt(schema, path)
        .flatMap((s) => unwrap(s))
        .flatMap((s) => Object.keys(defOf(s).shape ?? {})),
    ),
  ];
}

/**
 * The schemas of the value at `path` of `schema` (several where a union leaves it open; none past what it
 * declares). Given the file's `value`, a union of mappings is narrowed to the options whose fixed keys (a
 * `kind: code`) the file's mapping holds.
 */
function schemasAt(schema: z.ZodType, path: readonly (string | number)[], value?: unknown): z.ZodType[] {
  let current: z.ZodType[] = [schema];
  let at = value;
  for (const segment of path) {
    current = narrowed(
      current.flatMap((s) => unwrap(s)),
      at,
    ).flatMap((s) => child(s, segment));
    at = at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[segment] : undefined;
  }
  return current;
}

function narrowed(options: z.ZodType[], value: unknown): z.ZodType[] {
  if (options.length < 2 || value === null || typeof value !== 'object') return options;
  const fits = options.filter((option) =>
    Object.entries(defOf(option).shape ?? {}).every(([key, field]) => {
      const def = defOf(field);
      return def.type !== 'literal' || (def.values ?? []).includes((value as Record<string, unknown>)[key]);
    }),
  );
  return fits.length ? fits : options;
}

function child(schema: z.ZodType, segment: string | number): z.ZodType[] {
  const def = defOf(schema);
  if (def.shape && typeof segment === 'string' && def.shape[segment]) return [def.shape[segment]];
  if (def.element && typeof segment === 'number') return [def.element];
  if (def.valueType && typeof segment === 'string') return [def.valueType];
  return [];
}
