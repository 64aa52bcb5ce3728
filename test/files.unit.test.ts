import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { matchFiles } from '../src/util/files.ts';
import { tempDir } from './support/fixtures.ts';

it('matches literal paths, globs below their fixed prefix, and globs into a sibling directory', async () => {
  const root = await tempDir();
  for (const file of ['a/service/server.mjs', 'a/service/lib/x.mjs', 'a/notes.md', 'shared/s.mjs', 'a/node_modules/big/index.js']) {
    await mkdir(join(root, file, '..'), { recursive: true });
    await writeFile(join(root, file), file);
  }
  const a = join(root, 'a');
  assert.deepEqual(await matchFiles(a, ['service/server.mjs', 'missing.txt']), ['service/server.mjs']);
  assert.deepEqual(await matchFiles(a, ['service/**']), ['service/lib/x.mjs', 'service/server.mjs']);
  assert.deepEqual(await matchFiles(a, ['service/*.mjs', 'service/server.mjs']), ['service/server.mjs']);
  assert.deepEqual(await matchFiles(a, ['../shared/**']), ['../shared/s.mjs']);
  assert.deepEqual(await matchFiles(a, ['**/*.md']), ['notes.md']);
});
