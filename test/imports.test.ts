// The structure the imports draw (docs: README's table of parts): no folder of src/ imports one that
// imports it back, so the folders stack as layers and nothing runs back up; GitHub is reached only from
// the action, so the CLI and the engine run without it. Read from the source, as `farm-studio look` reads it.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './support/fixtures.ts';

const SRC = join(ROOT, 'src');

interface Import {
  file: string;
  /** The module named: relative to src/ when it is one of ours (`local`), else as written. */
  target: string;
  local: boolean;
}

/** Every import of every source file. */
async function imports(): Promise<Import[]> {
  const found: Import[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.ts')) {
        const text = await readFile(path, 'utf8');
        for (const m of text.matchAll(/(?:^import[^;]*?from|^export[^;]*?from|import\()\s*'([^']+)'/gms)) {
          const local = m[1]!.startsWith('.');
          found.push({ file: relative(SRC, path), target: local ? relative(SRC, resolve(dirname(path), m[1]!)) : m[1]!, local });
        }
      }
    }
  };
  await walk(SRC);
  return found;
}

/** A file's part: its folder under src/, or the file itself at the top. */
const part = (path: string) => path.split('/')[0]!;

/** Folders that import each other today, each pair with why: none (repairs say what they need of a task themselves). */
const KNOWN_CYCLES: [string, string][] = [];

describe('the imports', () => {
  it('no folder imports one that imports it back, directly or around a circle', async () => {
    const edges = new Map<string, Set<string>>();
    for (const { file, target, local } of await imports()) {
      if (!local || part(file) === part(target)) continue;
      if (KNOWN_CYCLES.some(([a, b]) => (part(file) === a && part(target) === b) || (part(file) === b && part(target) === a))) continue;
      if (!edges.has(part(file))) edges.set(part(file), new Set());
      edges.get(part(file))!.add(part(target));
    }
    assert.ok(edges.get('trial')?.size, 'the imports were read');
    // Depth first: a part met again while its own imports are being walked closes a circle.
    const circles: string[] = [];
    const done = new Set<string>();
    const walk = (node: string, path: string[]): void => {
      if (path.includes(node)) circles.push([...path.slice(path.indexOf(node)), node].join(' → '));
      if (path.includes(node) || done.has(node)) return;
      for (const next of edges.get(node) ?? []) walk(next, [...path, node]);
      done.add(node);
    };
    for (const node of edges.keys()) walk(node, []);
    assert.deepEqual(circles, []);
  });

  it('outputs, comparison and results stay below what runs: results imports no comparison or report, compare no report', async () => {
    const below: Record<string, string[]> = { results: ['compare', 'report', 'trial', 'gate'], compare: ['report', 'trial', 'gate'], semantic: ['trial'] };
    const upward = (await imports()).filter(({ file, target, local }) => local && below[part(file)]?.includes(part(target)));
    assert.deepEqual(upward, []);
  });

  it('only the action reaches GitHub: nothing else imports src/github/ or @actions/*', async () => {
    const reaching = (await imports()).filter(
      ({ file, target, local }) => ((local && part(target) === 'github') || target.startsWith('@actions/')) && !['action', 'github'].includes(part(file)),
    );
    assert.deepEqual(reaching, []);
  });

  it('age (and its post-quantum curves) is loaded where a holdout is sealed or opened, not imported where every run starts', async () => {
    const statically: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.name.endsWith('.ts') && /^import[^;]*?from\s*'age-encryption'/m.test(await readFile(path, 'utf8'))) statically.push(relative(SRC, path));
      }
    };
    await walk(SRC);
    // The holdout command's own module makes keys; the engine's seal.ts imports age when it seals or opens.
    assert.deepEqual(statically, ['cli/holdout.ts']);
  });
});
