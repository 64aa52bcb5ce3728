// The kinds' declarations, one line each (src/schemas/kinds/<kind>.ts): what `acceptance` may be, which
// sections fixture.json may have, and the files kinds add to the formats list are composed from this
// list, never from kinds named one by one. Each line has its implementation in src/kinds/registry.ts.
import { z } from 'zod';
import type { EvidenceFile, FileFormat, KindSchema, RunEvidenceFile } from './kind-schema.ts';
import { codeSchema } from './kinds/code.ts';
import { commandSchema } from './kinds/command.ts';
import { httpCasesSchema } from './kinds/http-cases.ts';
import { toolsSchema } from './kinds/tools.ts';

export const KIND_SCHEMAS = [httpCasesSchema, commandSchema, toolsSchema, codeSchema] as const;

type Declared = (typeof KIND_SCHEMAS)[number];
const declared: readonly KindSchema[] = KIND_SCHEMAS;

/** Every kind's settings, the members of `acceptance`, as a tuple (what a discriminated union is made of). */
function settingsOf<T extends readonly [KindSchema, ...KindSchema[]]>(kinds: T): { -readonly [I in keyof T]: T[I]['settings'] } {
  return kinds.map((k) => k.settings) as { -readonly [I in keyof T]: T[I]['settings'] };
}
export const KIND_SETTINGS = settingsOf(KIND_SCHEMAS);

/** Earlier spellings of a kind's name, read as the kind they became. */
export const FORMER_NAMES: Readonly<Record<string, string>> = Object.fromEntries(declared.flatMap((k) => (k.formerNames ?? []).map((n) => [n, k.name])));

/** How each kind's settings are written, for the error that lists them: the names alone first, then those that take fields. */
const spelled = [...declared.filter((k) => !k.spelled.startsWith('{')), ...declared.filter((k) => k.spelled.startsWith('{'))].map((k) => k.spelled);
export const SETTINGS_SPELLED = `${spelled.slice(0, -1).join(', ')} or ${spelled.at(-1)}`;

/** The kinds' sections of fixture.json, each optional under its key. */
type SectionShape = {
  [D in Declared as D['section'] extends { key: infer K extends string } ? K : never]: D['section'] extends { schema: infer S extends z.ZodType }
    ? z.ZodOptional<S>
    : never;
};
export const FIXTURE_SECTIONS = Object.fromEntries(declared.flatMap((k) => (k.section ? [[k.section.key, k.section.schema.optional()]] : []))) as SectionShape;

/** The kind whose section a fixture has, with the section's value; undefined when it has none. */
export function sectionOf(manifest: Record<string, unknown>): { kind: KindSchema; value: unknown } | undefined {
  for (const kind of declared) if (kind.section && manifest[kind.section.key] !== undefined) return { kind, value: manifest[kind.section.key] };
  return undefined;
}

/** Which kinds' sections stand in for a service, as the error that asks for one says it: `(or, for a code task, a code section)`. */
export const SERVICE_STAND_INS = declared
  .filter((k) => k.section?.standsInForService)
  .map((k) => ` (or, for a ${k.name} task, a ${k.section!.key} section)`)
  .join('');

/** The files kinds add, in two groups: what is written by you or the agent, and what a run writes (after the run's own). */
export const KIND_FORMATS: { given: FileFormat[]; run: FileFormat[] } = {
  given: declared.flatMap((k) => (k.formats ?? []).filter((f) => f.root !== 'run')),
  run: declared.flatMap((k) => (k.formats ?? []).filter((f) => f.root === 'run')),
};

/** Every kind's evidence files that have a view (report.html reads each one a trial holds). */
export const KIND_EVIDENCE: readonly EvidenceFile[] = declared.flatMap((k) => k.evidence ?? []);

/** Every kind's files of one agent run (report.html reads a trial's runs through these). */
export const KIND_RUN_EVIDENCE: readonly RunEvidenceFile[] = declared.flatMap((k) => k.runEvidence ?? []);
