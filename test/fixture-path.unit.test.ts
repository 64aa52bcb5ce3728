// A task's fixture path that names no directory: said so, with the fixture directory it likely meant.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadFixture } from '../src/fixture/load.ts';
import { tempDir } from './support/fixtures.ts';

test('a misspelt fixture directory is named as missing, with the nearest fixture beside it', async () => {
  const project = await tempDir('trialgate-fixture-path-');
  await mkdir(join(project, 'fixtures', 'slugify'), { recursive: true });
  await writeFile(join(project, 'fixtures', 'slugify', 'fixture.json'), '{}');
  await mkdir(join(project, 'fixtures', 'notes'));
  await assert.rejects(loadFixture(join(project, 'fixtures', 'slugfy'), project), /slugfy: fixture\.json: no such directory; did you mean fixtures\/slugify\?/);
  await assert.rejects(
    loadFixture(join(project, 'fixtures', 'notes'), project),
    /notes: fixture\.json: no fixture here: a fixture directory holds fixture\.json/,
  );
});
