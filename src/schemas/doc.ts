// Field descriptions, which the generated JSON Schemas (scripts/build.ts) carry so that an editor explains
// each field. A schema made where it is described takes `.register(...described('…'))`: the text is
// registered on the schema itself, where zod's `.describe()` would build a copy of it to carry the text,
// and building schemas is most of what loading them costs (the action's first steps load them). A shared
// schema (a named one, used in several places) takes `.describe()` at each use: described in place, every
// use would show the last text. So does z.json(), whose JSON Schema is a reference to one shared definition.
import { z } from 'zod';

/** What `.register()` takes to describe the schema it is called on: the text, written on one line or across lines. */
export function described(text: string): [typeof z.globalRegistry, { description: string }];
export function described(strings: TemplateStringsArray, ...values: readonly (string | number)[]): [typeof z.globalRegistry, { description: string }];
export function described(first: string | TemplateStringsArray, ...values: readonly (string | number)[]): [typeof z.globalRegistry, { description: string }] {
  return [z.globalRegistry, { description: typeof first === 'string' ? first : doc(first, ...values) }];
}

/** A description written across lines, as one paragraph: every run of whitespace one space, the ends trimmed. */
export function doc(strings: TemplateStringsArray, ...values: readonly (string | number)[]): string {
  return strings
    .reduce((text, part, i) => text + part + (i < values.length ? String(values[i]) : ''), '')
    .replace(/\s+/g, ' ')
    .trim();
}
