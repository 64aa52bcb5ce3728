// What a task kind declares of itself as data, below everything that parses a file: its settings (its
// member of `acceptance`), its section of fixture.json and what that section means to the fixture's
// loader, and the files it adds with their formats and, for evidence files, their view. Each kind's
// declaration is src/schemas/kinds/<kind>.ts, listed once in src/schemas/kinds.ts; its implementation is
// src/kinds/<kind>/, listed once in src/kinds/registry.ts. Every generic part (the fixture schema and its
// loader, the formats list, report.html) reads these declarations, never a kind's name.
import { z } from 'zod';
import { described } from './doc.ts';
import type { Exchange } from './tools.ts';

export const PassEnv = z
  .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'))
  .default([])
  .register(...described("Names of variables taken from the runner's environment; their values are scrubbed from everything written."));

/**
 * Where a file's `paths` are relative to: a run directory, the project (the directory of trialgate.yml), a
 * fixture, a trial's candidate/; `elsewhere` for a file whose place its writer chooses.
 */
export type FormatRoot = 'run' | 'project' | 'fixture' | 'candidate' | 'elsewhere';

export interface FileFormat {
  /** Its JSON Schema is dist/schemas/<name>.schema.json. */
  name: string;
  /** The file as a reader knows it. */
  title: string;
  /** Who writes it and what it holds. */
  description: string;
  root: FormatRoot;
  /** Globs relative to `root`; the first format whose glob matches a file is the file's. */
  paths: readonly string[];
  schema: z.ZodType;
}

/** A path below a trial's directory, as a glob relative to the run directory. */
export const inTrial = (path: string) => `*/trial-+([0-9])/${path}`;

/** What a reader is shown of one evidence file: lines, and a table. Plain text, escaped where rendered. */
export interface EvidenceSection {
  lines: string[];
  table?: { header: string[]; rows: string[][] };
}

/**
 * An evidence file a kind writes, with its format and how a reader sees it: report.html reads it through
 * this (bounded, never through a link, in its schema) and shows `view` of what it holds.
 */
export interface EvidenceFile {
  /** Its format's name (dist/schemas/<name>.schema.json). */
  name: string;
  /** Below the trial's evidence/, e.g. `checks.json`. */
  path: string;
  /** What the page's heading calls it. */
  title: string;
  /** Who writes it and what it holds. */
  description: string;
  schema: z.ZodType;
  /** What a reader sees of a value of `schema`: pure. */
  view(value: unknown): EvidenceSection;
}

/** An evidence file typed by its schema: `view` gets what the schema parsed. */
export function evidenceFile<T>(file: Omit<EvidenceFile, 'schema' | 'view'> & { schema: z.ZodType<T>; view(value: T): EvidenceSection }): EvidenceFile {
  return file as EvidenceFile;
}

/**
 * A file of one agent run, for a kind that runs the agent more than once (evidence/<run>/<path>, beside the
 * run's agent.log), with its format and the part of the run's view on report.html it fills: the run's
 * verdict and findings, its timeline of tool calls, or what it was given (every version). A file that
 * shows nothing is kept, not read. A directory of evidence/ holding a file that shows something is a run.
 */
export type RunEvidenceFile = {
  /** Its format's name (dist/schemas/<name>.schema.json). */
  name: string;
  /** Below the run's directory, e.g. `calls.json`. */
  path: string;
  /** Who writes it and what it holds. */
  description: string;
} & (
  | { shows: 'judgement'; schema: z.ZodType<{ accepted: boolean; findings: { kind: string; text: string }[] }> }
  | { shows: 'calls'; schema: z.ZodType<Exchange[]> }
  | { shows: 'given'; schema: z.ZodType<Record<string, unknown>[]> }
  | { shows?: undefined; schema: z.ZodType }
);

/** The paths a fixture's section makes part of the fixture, for its loader. */
export interface SectionPaths {
  /** Directories that must exist, each with the field that names it: the answers `validate` and the preflight run. */
  answers: [field: string, dir: string][];
  /** Directories protected (hashed with the fixture) whatever `protected` says. */
  protectedDirs: string[];
  /** Directories whose files the agent is given (beside inputs/ and task.txt). */
  given: string[];
  /** When the section stands in for `service`: the files whose hash names a variant, and the field that names them. */
  variantFiles?: { field: string; globs: string[] };
}

/** A kind's section of fixture.json, under its own key. */
export interface FixtureSection<Key extends string = string, Schema extends z.ZodType = z.ZodType> {
  key: Key;
  schema: Schema;
  /** What the section makes part of the fixture (default: the reference answers must exist). */
  paths(section: z.infer<Schema>): SectionPaths;
  /** A fixture with this section needs no `service`: `paths` gives its `variantFiles`. */
  standsInForService?: boolean;
  /** Said when the fixture's `acceptance` is not this kind's: what to declare. */
  acceptanceNeeded?: string;
}

export interface KindSchema<
  Name extends string = string,
  Settings extends z.ZodObject = z.ZodObject,
  Section extends FixtureSection | undefined = FixtureSection | undefined,
> {
  name: Name;
  /** The kind's member of `acceptance` (discriminated by `kind`). */
  settings: Settings;
  /** How the settings are written, for the error that lists every kind. */
  spelled: string;
  /** Earlier spellings of the kind's name, read as it. */
  formerNames?: readonly string[];
  /** Its section of fixture.json, when it has one: a fixture with it is a task of this kind by default. */
  section: Section;
  /** Files it adds besides evidence (what the agent writes as a candidate, what it is given). */
  formats?: readonly FileFormat[];
  /** Evidence files its trials hold, each with its format and view. */
  evidence?: readonly EvidenceFile[];
  /** Files each of its agent runs writes, when it runs the agent more than once (in evidence/<run>/). */
  runEvidence?: readonly RunEvidenceFile[];
}

/** A kind's declaration, its types kept. */
export function kindSchema<Name extends string, Settings extends z.ZodObject, Section extends FixtureSection | undefined = undefined>(
  declaration: KindSchema<Name, Settings, Section>,
): KindSchema<Name, Settings, Section> {
  return declaration;
}

/** A fixture section, its types kept. */
export function fixtureSection<Key extends string, Schema extends z.ZodType>(section: FixtureSection<Key, Schema>): FixtureSection<Key, Schema> {
  return section;
}

/** The format of an evidence file, as the formats list holds it. */
export function evidenceFormat(file: EvidenceFile): FileFormat {
  return {
    name: file.name,
    title: `evidence/${file.path}`,
    description: file.description,
    root: 'run',
    paths: [inTrial(`evidence/${file.path}`)],
    schema: file.schema,
  };
}

/** The format of a run's evidence file, as the formats list holds it. */
export function runEvidenceFormat(file: RunEvidenceFile): FileFormat {
  return {
    name: file.name,
    title: `evidence/<variant>/${file.path}`,
    description: file.description,
    root: 'run',
    paths: [inTrial(`evidence/*/${file.path}`)],
    schema: file.schema,
  };
}
