// What an author's tools leave in a fixture (Python's bytecode, pytest's and mypy's caches, a JS build
// tool's node_modules/.cache) is no part of the task: the fixture hashes the same on a laptop that ran the
// tests as on a fresh CI checkout, and the acceptance copy leaves it out, as the code kind's snapshots do.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { access, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { copyFixture, loadFixture } from '../src/fixture/load.ts';
import { tempDir } from './support/fixtures.ts';
import { NODE_TEST_SUITE, suiteFixture } from './support/suites.ts';

const run = promisify(execFile);

test('a fixture hashes the same after its author ran its tests, and its acceptance copy holds no tool cache', async () => {
  const dir = await suiteFixture({ service: 'python', reference: { 'tally.test.mjs': NODE_TEST_SUITE }, acceptance: { command: 'true' } });
  const clean = await loadFixture(dir);
  // The author runs the service's own tests with pytest, as on a laptop: bytecode and pytest's cache appear.
  await writeFile(join(dir, 'service', 'test_tally.py'), 'def test_nothing():\n    assert True\n');
  const fresh = await loadFixture(dir);
  await run('python3', ['-m', 'pytest', '-q', 'test_tally.py'], { cwd: join(dir, 'service') });
  await run('python3', ['-m', 'py_compile', 'tally.py'], { cwd: join(dir, 'service') });
  const left = await readdir(join(dir, 'service'));
  assert.ok(left.includes('__pycache__') && left.includes('.pytest_cache'), `pytest left ${left.join(', ')}`);
  for (const cache of ['service/.mypy_cache/3.12/tally.meta.json', 'service/node_modules/.cache/babel-loader/x.json']) {
    await mkdir(join(dir, cache, '..'), { recursive: true });
    await writeFile(join(dir, cache), '{}');
  }
  const after = await loadFixture(dir);
  assert.equal(after.sha256, fresh.sha256, 'the fixture hash ignores tool caches');
  assert.equal(after.serviceSha256, fresh.serviceSha256);
  assert.deepEqual(Object.keys(after.protectedFiles), Object.keys(fresh.protectedFiles));

  const copy = await copyFixture(after, await tempDir());
  assert.equal(copy.sha256, fresh.sha256);
  for (const cache of ['__pycache__', '.pytest_cache', '.mypy_cache', 'node_modules/.cache'])
    await assert.rejects(access(join(copy.dir, 'service', cache)), `${cache} is left out of the acceptance copy`);
  await access(join(copy.dir, 'service', 'test_tally.py'));

  // A change to the source still changes the task.
  await writeFile(join(dir, 'service', 'test_tally.py'), 'def test_nothing():\n    assert 1\n');
  assert.notEqual((await loadFixture(dir)).sha256, clean.sha256);
  assert.notEqual((await loadFixture(dir)).sha256, fresh.sha256);
});
