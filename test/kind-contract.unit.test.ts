// The task kinds are one contract: outside a kind's folder (src/kinds/<kind>/) and its declaration
// (src/schemas/kinds/<kind>.ts) nothing names a kind, reads its fixture section or its files, tests a
// kind's name or imports an implementation, so that a new kind touches its folder, its declaration and one
// line of each list (schemas/kinds.ts, kinds/registry.ts), and nothing the runner, the schemas, the
// verdict, the comparison or the report is made of. The terms come from the kinds' declarations, so the
// next kind is guarded as these are.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import type { KindSchema } from '../src/schemas/kind-schema.ts';
import { KIND_SCHEMAS } from '../src/schemas/kinds.ts';
import { ROOT } from './support/fixtures.ts';

const SRC = join(ROOT, 'src');
const NAMES = ['http-cases', 'command', 'reservation-tools', 'tools', 'code'];
const kinds: readonly KindSchema[] = KIND_SCHEMAS;

async function sources(): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(SRC, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .map(async (e) => {
        const abs = join(e.parentPath, e.name);
        return { path: relative(SRC, abs), text: await readFile(abs, 'utf8') };
      }),
  );
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What only a kind may name, from every kind's declaration (so a new kind is guarded too): its name and
 * former names as strings, its fixture section read off a manifest, and the files its runs write.
 */
function kindTerms(): { kind: KindSchema; what: string; pattern: RegExp }[] {
  return kinds.flatMap((kind) => {
    const files = [
      ...(kind.formats ?? []).filter((f) => f.root === 'run').flatMap((f) => f.paths),
      ...(kind.evidence ?? []).map((e) => e.path),
      ...(kind.runEvidence ?? []).map((f) => f.path),
    ];
    return [
      ...[kind.name, ...(kind.formerNames ?? [])].map((name) => ({ kind, what: `'${name}'`, pattern: new RegExp(`['"]${escaped(name)}['"]`) })),
      ...(kind.section
        ? [{ kind, what: `its section ${kind.section.key}`, pattern: new RegExp(`manifest\\??\\.${kind.section.key}\\b|\\[['"]${kind.section.key}['"]\\]`) }]
        : []),
      ...files.map((path) => path.split('/').at(-1)!).map((file) => ({ kind, what: file, pattern: new RegExp(`['"\`]${escaped(file)}['"\`]`) })),
    ];
  });
}

/** Where a kind may name itself: its folder and its declaration (a kind renamed keeps its folder, under a former name). */
function ownPlace(path: string, kind: KindSchema): boolean {
  return [kind.name, ...(kind.formerNames ?? [])].some((name) => path.startsWith(`kinds/${name}/`) || path === `schemas/kinds/${name}.ts`);
}

/** Places outside a kind's own that name it, each with why; none may be added. */
const SANCTIONED: { path: string; what: string; why: string }[] = [
  { path: 'kinds/registry.ts', what: "'http-cases'", why: 'the registry: the default kind of a fixture without acceptance or section' },
  { path: 'kinds/registry.ts', what: "'reservation-tools'", why: 'the registry: its line of the tools kind' },
  {
    path: 'util/command-paths.ts',
    what: "'command'",
    why: "the shell's own `command` builtin, which the agent command's parser skips as a prefix: not the kind",
  },
  {
    path: 'schemas/kinds/code.ts',
    what: "'command'",
    why: "the code kind's settings are the command kind's without expose_fault (its acceptor reuses command's)",
  },
];

describe('one task-kind contract', () => {
  it('no module outside a kind’s folder and declaration names the kind, its section or its files (schemas/ too)', async () => {
    const terms = kindTerms();
    assert.ok(terms.length >= kinds.length * 2, 'the kinds’ terms were read from their declarations');
    const found: string[] = [];
    for (const { path, text } of await sources()) {
      for (const { kind, what, pattern } of terms) {
        if (ownPlace(path, kind) || !pattern.test(text)) continue;
        if (SANCTIONED.some((s) => s.path === path && s.what === what)) continue;
        found.push(`${path}: ${what} (${kind.name})`);
      }
      if (/(kind\.name|acceptance\??\.kind|settings\.kind)\s*[!=]==\s*['"]/.test(text)) found.push(`${path}: tests a kind's name`);
    }
    assert.deepEqual(found, []);
  });

  it('every name the guard knows is a declared kind or a former name of one', () => {
    assert.deepEqual([...kinds.flatMap((k) => [k.name, ...(k.formerNames ?? [])])].sort(), [...NAMES].sort());
  });

  it('only the registry imports a kind’s implementation; every other module holds the contract', async () => {
    const found: string[] = [];
    for (const { path, text } of await sources()) {
      for (const m of text.matchAll(/from '([^']*kinds\/(http-cases|command|tools|code)\/[^']*)'/g)) {
        const ownFolder = path.startsWith(`kinds/${m[2]}/`);
        // The code kind runs its hidden tests through the command kind's acceptor: the one sanctioned reuse.
        const reuse = path.startsWith('kinds/code/') && m[2] === 'command';
        if (!ownFolder && !reuse && path !== 'kinds/registry.ts') found.push(`${path} imports ${m[1]}`);
      }
      for (const m of text.matchAll(/from '(\.\.?\/)*(http-cases|command|tools|code)\/[^']*'/g)) {
        if (
          path.startsWith('kinds/') &&
          !path.startsWith(`kinds/${m[2]}/`) &&
          path !== 'kinds/registry.ts' &&
          !(path.startsWith('kinds/code/') && m[2] === 'command')
        )
          found.push(`${path} imports ${m[0]}`);
      }
    }
    assert.deepEqual(found, []);
  });
});
