// One zod issue of a configuration file in trialgate's words, not zod's: what the file gives (read from the
// file itself), what the field expects (read from its schema: "a whole number from 1 to 256", not "number"),
// and, where the mistake has one obvious repair, the line to write instead. Every kind of issue a
// configuration file can raise is worded here; a schema's own message (`.regex(…, 'an environment variable
// name')`) is its expectation, in the schema author's words.
import { isMap, isScalar, isSeq } from 'yaml';
import type { z } from 'zod';
import { looksSecret, quoted, quotedWhole } from './inert.ts';
import { nearest } from './nearest.ts';
import { defOf, unwrap, type Check } from './zod-def.ts';

export type Syntax = 'yaml' | 'json';

/** zod's own English messages: any other message was written by the schema's author, and is kept. */
const ZOD_WORDING = /^(Invalid (input|option|string|number|key|value|discriminator)|Too (big|small):|Invalid [\w ]+$)/;

/**
 * The message of `issue` at a value the file gives as `node` (a YAML node, JSON read as YAML), for a field
 * whose schemas are `schemas` (several where a union leaves it open).
 */
export function issueMessage(issue: z.core.$ZodIssue, node: unknown, schemas: readonly z.ZodType[], syntax: Syntax): string {
  const message = wordedIssue(issue, node, schemas, syntax);
  const value = isScalar(node) ? node.value : node;
  return typeof value === 'string' && looksSecret(value) ? `${message}; ${SECRET_ADVICE}` : message;
}

const SECRET_ADVICE = "a secret's value belongs in the environment (a repository secret in CI), never in this file";

/** How a message names a string the file gives: quoted, or, for one that looks like a credential, its length only. */
function shownString(value: string): string {
  return looksSecret(value) ? `what looks like a secret's value (${value.length} characters, not shown)` : quoted(value);
}

function wordedIssue(issue: z.core.$ZodIssue, node: unknown, schemas: readonly z.ZodType[], syntax: Syntax): string {
  const given = givenText(node);
  const own = ZOD_WORDING.test(issue.message) ? null : issue.message;
  const field = schemas.length ? expectedText(schemas) : null;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = field ?? typeNoun(issue.expected);
      return `given ${given}; expected ${expected}${typeFix(issue.expected, node, issue.path, syntax)}`;
    }
    case 'too_small':
    case 'too_big':
    case 'not_multiple_of':
      return `given ${given}; expected ${own ?? (field && issue.code !== 'not_multiple_of' ? field : boundText(issue))}`;
    case 'invalid_format':
      return `given ${given}; expected ${own ?? formatText(issue)}`;
    case 'invalid_value':
      return valueText(issue.values, node, given);
    case 'invalid_union': {
      if ('options' in issue && Array.isArray(issue.options) && issue.options.length > 0) return valueText(issue.options, node, given);
      // Each option's own type error at this value: the first that has a repair names it.
      const types = issue.errors.flatMap((option) =>
        option.filter((i) => i.code === 'invalid_type' && i.path.length === 0).map((i) => (i as z.core.$ZodIssueInvalidType).expected),
      );
      const fix = types.map((type) => typeFix(type, node, issue.path, syntax)).find(Boolean) ?? '';
      return `given ${given}; expected ${field ?? 'another form of value (see the schema)'}${fix}`;
    }
    case 'invalid_key':
      return `the key ${quoted(String(issue.path.at(-1)))} is not a valid name here; expected a name of ${keyExpected(issue.issues[0])}`;
    case 'invalid_element':
      return `given ${given}; one of its entries is not valid (${issue.issues[0]?.message ?? issue.message})`;
    default:
      return own ?? `given ${given}; ${issue.message}`;
  }
}

/** What a mapping's key must be, from the issue its name raised. */
function keyExpected(inner: z.core.$ZodIssue | undefined): string {
  if (!inner) return 'another form';
  if (!ZOD_WORDING.test(inner.message)) return inner.message;
  if (inner.code === 'invalid_format') return formatText(inner);
  if (inner.code === 'too_small' || inner.code === 'too_big') return boundText(inner);
  return 'another form';
}

/** What the file gives, as a person reads it there. */
export function givenText(node: unknown): string {
  if (isSeq(node)) return node.items.length ? `a list of ${node.items.length}` : 'an empty list';
  if (isMap(node)) return 'a mapping';
  const value = isScalar(node) ? node.value : node;
  if (value === null || value === undefined) return 'no value';
  if (typeof value === 'string') return value === '' ? 'empty text ""' : looksSecret(value) ? shownString(value) : `text ${quoted(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  return String(value);
}

/** What a field of `schemas` expects, read from them: type, bounds, choices. */
export function expectedText(schemas: readonly z.ZodType[]): string {
  return [...new Set(schemas.flatMap(unwrap).map(schemaNoun))].join(' or ');
}

function schemaNoun(schema: z.ZodType): string {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'number': {
      const whole = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
      return `${whole ? 'a whole number' : 'a number'}${numberRange(checks)}`;
    }
    case 'string': {
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      return min >= 1 ? 'non-empty text' : 'text';
    }
    case 'boolean':
      return 'true or false';
    case 'array': {
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const of = def.element ? elementNoun(def.element) : '';
      return `a list${of}${min >= 1 ? ` (at least ${min} item${min === 1 ? '' : 's'})` : ''}`;
    }
    case 'object':
      return def.shape && Object.keys(def.shape).length ? `a mapping (keys: ${Object.keys(def.shape).join(', ')})` : 'a mapping';
    case 'record':
      return 'a mapping';
    case 'enum':
      return `one of ${Object.values(def.entries ?? {}).join(', ')}`;
    case 'literal':
      return (def.values ?? []).map((v) => JSON.stringify(v)).join(' or ');
    default:
      return typeNoun(def.type);
  }
}

function elementNoun(element: z.ZodType): string {
  const types = unwrap(element).map((s) => defOf(s).type);
  if (types.every((t) => t === 'string')) return ' of text';
  if (types.every((t) => t === 'object' || t === 'record')) return ' of mappings';
  return '';
}

function numberRange(checks: Check[]): string {
  const low = checks.find((c) => c.check === 'greater_than');
  const high = checks.find((c) => c.check === 'less_than');
  if (low && high && low.inclusive && high.inclusive) return ` from ${String(low.value)} to ${String(high.value)}`;
  const parts = [
    ...(low ? [low.inclusive ? `of ${String(low.value)} or more` : `above ${String(low.value)}`] : []),
    ...(high ? [high.inclusive ? `at most ${String(high.value)}` : `below ${String(high.value)}`] : []),
  ];
  return parts.length ? ` ${parts.join(' and ')}` : '';
}

function typeNoun(type: string): string {
  const nouns: Record<string, string> = {
    number: 'a number',
    int: 'a whole number',
    string: 'text',
    boolean: 'true or false',
    array: 'a list',
    object: 'a mapping',
    record: 'a mapping',
    map: 'a mapping',
    null: 'no value',
  };
  return nouns[type] ?? `a value of type ${type}`;
}

function boundText(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig | z.core.$ZodIssueNotMultipleOf): string {
  if (issue.code === 'not_multiple_of') return `a multiple of ${String(issue.divisor)}`;
  const small = issue.code === 'too_small';
  const bound = Number(small ? issue.minimum : issue.maximum);
  const exact = issue.exact ? 'exactly' : small ? 'at least' : 'at most';
  const unit = { string: 'character', array: 'item', set: 'item', map: 'entry', file: 'byte' }[issue.origin as string];
  if (unit) return `${exact} ${bound} ${bound === 1 ? unit : unit === 'entry' ? 'entries' : `${unit}s`}`;
  if (issue.exact) return `exactly ${bound}`;
  if (small) return issue.inclusive ? `a number of ${bound} or more` : `a number above ${bound}`;
  return issue.inclusive ? `a number of at most ${bound}` : `a number below ${bound}`;
}

function formatText(issue: z.core.$ZodIssueInvalidStringFormat | z.core.$ZodIssue): string {
  const i = issue as { format?: string; pattern?: string; prefix?: string; suffix?: string; includes?: string };
  if (i.format === 'regex') return `text matching ${String(i.pattern)}`;
  if (i.format === 'starts_with') return `text that starts with ${JSON.stringify(i.prefix)}`;
  if (i.format === 'ends_with') return `text that ends with ${JSON.stringify(i.suffix)}`;
  if (i.format === 'includes') return `text that includes ${JSON.stringify(i.includes)}`;
  return `${/^[aeiou]/i.test(i.format ?? '') ? 'an' : 'a'} ${i.format ?? 'valid'} value`;
}

/** A value outside its choices: the value given, every choice and, for a typo, the choice meant. */
function valueText(values: readonly unknown[], node: unknown, given: string): string {
  const choices = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const value = isScalar(node) ? node.value : undefined;
  const meant = typeof value === 'string' ? nearest(value, choices) : undefined;
  const expected = choices.length === 1 ? choices[0]! : `one of ${choices.join(', ')}`;
  if (typeof value === 'string') return `${shownString(value)} is not ${expected}${meant ? `; did you mean ${meant}?` : ''}`;
  return `given ${given}; expected ${expected}`;
}

/** The repair of a value of the wrong type, where there is one obvious repair: the line to write instead. */
function typeFix(expected: string, node: unknown, path: readonly PropertyKey[], syntax: Syntax): string {
  if (!isScalar(node) || node.value === null) return '';
  const key = path.at(-1);
  // The line to write repeats the value: only one the message can show whole, as it is written.
  if (typeof key !== 'string' || !quotedWhole(key) || (typeof node.value === 'string' && (!quotedWhole(node.value) || looksSecret(node.value)))) return '';
  const value = node.value;
  const entry = (text: string) => (syntax === 'json' ? `${JSON.stringify(key)}: ${text}` : `${key}: ${text}`);
  const scalar = (v: unknown) => (syntax === 'json' || typeof v !== 'string' ? JSON.stringify(v) : v);
  if (expected === 'array' && (typeof value === 'string' || typeof value === 'number')) return `; write it as a list: ${entry(`[${scalar(value)}]`)}`;
  if ((expected === 'number' || expected === 'int') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return `; write the number without quotes: ${entry(String(Number(value)))}`;
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean'))
    return `; quote it to make it text: ${entry(JSON.stringify(String(value)))}`;
  if (expected === 'boolean' && typeof value === 'string' && /^(true|false)$/i.test(value)) return `; write it without quotes: ${entry(value.toLowerCase())}`;
  return '';
}
