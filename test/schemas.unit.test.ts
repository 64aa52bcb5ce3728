// The JSON Schemas the build generates (scripts/build.ts, one per format of src/schemas/formats.ts) explain
// every field, so that an editor can: each carries a title and a description, and so does every property,
// however deep. What the repository points editors and readers at (a `$schema` of a template, a doc's
// dist/schemas/… path) is a schema the build writes.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FILE_FORMATS, jsonSchemaOf } from '../src/schemas/formats.ts';
import { ROOT } from './support/fixtures.ts';

type Node = Record<string, unknown>;

/** The path of every property below `node` that has no description. */
function undescribed(node: unknown, path: string, out: string[] = []): string[] {
  if (!node || typeof node !== 'object') return out;
  const n = node as Node;
  for (const [name, property] of Object.entries((n.properties as Record<string, Node> | undefined) ?? {})) {
    if (typeof property.description !== 'string' || property.description.trim() === '') out.push(`${path}.${name}`);
    undescribed(property, `${path}.${name}`, out);
  }
  if (n.items) undescribed(n.items, `${path}[]`, out);
  if (n.additionalProperties) undescribed(n.additionalProperties, `${path}{}`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const option of (n[key] as Node[] | undefined) ?? []) undescribed(option, path, out);
  return [...new Set(out)];
}

describe('the generated JSON Schemas explain every field', () => {
  it('name each format once', () => {
    const names = FILE_FORMATS.map((f) => f.name);
    assert.deepEqual(names, [...new Set(names)]);
  });

  for (const format of FILE_FORMATS) {
    it(`${format.name}.schema.json (${format.title})`, () => {
      const schema = jsonSchemaOf(format);
      assert.equal(schema.title, format.title);
      assert.ok(format.description.length > 20 && schema.description === format.description);
      assert.deepEqual(undescribed(schema, format.name), []);
    });
  }

  it('the results schema describes every property, the figures and the trials’ layers included', () => {
    const schema = jsonSchemaOf(FILE_FORMATS.find((f) => f.name === 'results')!) as Node;
    const task = ((schema.properties as Node).tasks as Node).items as Node;
    const summary = (task.properties as Node).summary as Node;
    assert.match(String((summary.properties as Record<string, Node>).pass_at_k!.description), /at least one of k trials passes/);
    assert.deepEqual(undescribed(schema, 'results'), []);
  });

  it('what templates and docs point at is a schema the build writes', async () => {
    const built = new Set(FILE_FORMATS.map((f) => `${f.name}.schema.json`));
    const files = [
      'README.md',
      'action.yml',
      'trialgate.yml',
      ...(await readdir(join(ROOT, 'docs'))).map((f) => join('docs', f)),
      ...(await readdir(join(ROOT, 'templates'), { recursive: true })).map((f) => join('templates', String(f))).filter((f) => /\.(json|ya?ml|md)$/.test(f)),
    ];
    const named: string[] = [];
    for (const file of files) {
      const text = await readFile(join(ROOT, file), 'utf8').catch(() => '');
      for (const match of text.matchAll(/dist\/schemas\/([a-z-]+\.schema\.json)/g)) named.push(`${file}: ${match[1]}`);
    }
    assert.ok(named.some((n) => n.endsWith('fixture.schema.json')) && named.some((n) => n.endsWith('trialgate.schema.json')));
    assert.deepEqual(
      named.filter((n) => !built.has(n.split(': ')[1]!)),
      [],
    );
  });
});

describe('a file of another format version', () => {
  it('is told which version this trialgate reads, in trialgate.yml and fixture.json', async () => {
    const { TrialSetFile } = await import('../src/schemas/trialset.ts');
    const { FixtureManifest } = await import('../src/schemas/fixture.ts');
    const messageOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      r.error!.issues.find((i) => i.path[0] === 'version')!.message;
    assert.match(messageOf(TrialSetFile.safeParse({ version: 2 })), /this trialgate reads version 1 of trialgate\.yml: write version: 1/);
    assert.match(messageOf(FixtureManifest.safeParse({ version: 3 })), /this trialgate reads version 1 of fixture\.json: write "version": 1/);
  });
});
