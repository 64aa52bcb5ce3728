// The task kinds are one contract: outside src/kinds/ nothing tests a kind's name or imports an
// implementation, so that a new kind touches its own folder, its settings schema and the registry, and
// nothing the runner, the verdict, the comparison or the report is made of.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './support/fixtures.ts';

const SRC = join(ROOT, 'src');
const NAMES = ['http-cases', 'command', 'reservation-tools', 'tools', 'code'];

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

describe('one task-kind contract', () => {
  it('no module outside src/kinds/ (and the schemas that define the settings) names a kind or tests a kind’s name', async () => {
    const found: string[] = [];
    for (const { path, text } of await sources()) {
      if (path.startsWith('kinds/') || path.startsWith('schemas/')) continue;
      for (const name of NAMES) {
        // The shell's own `command` builtin, which the agent command's parser skips as a prefix: not the kind.
        if (name === 'command' && path === 'util/command-paths.ts') continue;
        if (text.includes(`'${name}'`) || text.includes(`"${name}"`)) found.push(`${path}: '${name}'`);
      }
      if (/(kind\.name|acceptance\??\.kind|settings\.kind)\s*[!=]==/.test(text)) found.push(`${path}: tests a kind's name`);
    }
    assert.deepEqual(found, []);
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
