// The suite's recorded runs (test/support/recorded.ts): built once per description and shared, rebuilt
// when what they are built from changes, and built by one holder of the lock while the others wait.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { copyOf, recorded, recordingDir, withContentOf } from './support/recorded.ts';

/** No pid is this large (Linux's pid_max is at most 2^22): a process that has gone. */
const GONE = 2 ** 22 + 1;

describe('recorded runs', () => {
  let builds: string[];
  const build = (label: string) => async (dir: string) => {
    builds.push(label);
    await writeFile(join(dir, 'made-by'), label);
  };

  beforeEach(async () => {
    process.env.TRIALGATE_TEST_RUNS = await mkdtemp(join(tmpdir(), 'trialgate-recorded-test-'));
    builds = [];
  });

  it('are built once for the same description, again for another', async () => {
    const first = await recorded({ trials: 2 }, build('a'));
    const again = await recorded({ trials: 2 }, build('b'));
    assert.equal(again, first);
    assert.equal(await readFile(join(again, 'made-by'), 'utf8'), 'a');
    const other = await recorded({ trials: 3 }, build('c'));
    assert.notEqual(other, first);
    assert.deepEqual(builds, ['a', 'c']);
  });

  it('are one recording for one description, however its keys are ordered, at any depth', async () => {
    const first = await recorded({ event: 'push', trials: 1, agent: { env: { A: '1' }, isolation: 'none' } }, build('a'));
    const reordered = await recorded({ agent: { isolation: 'none', env: { A: '1' } }, trials: 1, event: 'push' }, build('b'));
    assert.equal(reordered, first);
    assert.deepEqual(builds, ['a']);
    assert.notEqual(recordingDir({ list: [1, 2] }), recordingDir({ list: [2, 1] }), 'a list keeps its order');
  });

  it('are rebuilt when a file or directory the description reads in changes, not when only its path does', async () => {
    const fixture = await mkdtemp(join(tmpdir(), 'trialgate-recorded-fixture-'));
    await writeFile(join(fixture, 'service.mjs'), 'v1');
    const twin = await mkdtemp(join(tmpdir(), 'trialgate-recorded-fixture-'));
    await writeFile(join(twin, 'service.mjs'), 'v1');
    const described = (dir: string) => withContentOf({ trials: 1, extra: { tasks: [{ id: 't', fixture: dir }] }, skill: '/not/a/path/to/read' }, ['fixture']);
    await recorded(described(fixture), build('v1'));
    await recorded(described(twin), build('twin'));
    await writeFile(join(fixture, 'service.mjs'), 'v2');
    await recorded(described(fixture), build('v2'));
    assert.deepEqual(builds, ['v1', 'v2']);
  });

  it('wait while another process builds, and use what it built', async () => {
    const dir = recordingDir({ shared: true });
    await mkdir(`${dir}.lock`, { recursive: true });
    await writeFile(join(`${dir}.lock`, 'pid'), String(process.pid));
    const waiting = recorded({ shared: true }, build('waiter'));
    // The other process finishes: its recording, then the lock released.
    await mkdir(dir);
    await writeFile(join(dir, 'made-by'), 'other');
    await writeFile(join(dir, '.recorded'), '');
    await rm(`${dir}.lock`, { recursive: true });
    assert.equal(await readFile(join(await waiting, 'made-by'), 'utf8'), 'other');
    assert.deepEqual(builds, []);
  });

  it('take over the lock of a process that died while building, and build it again', async () => {
    const dir = recordingDir({ orphan: true });
    await mkdir(`${dir}.lock`, { recursive: true });
    await writeFile(join(`${dir}.lock`, 'pid'), String(GONE));
    await mkdir(dir);
    await writeFile(join(dir, 'made-by'), 'half');
    const made = await recorded({ orphan: true }, build('mine'));
    assert.equal(await readFile(join(made, 'made-by'), 'utf8'), 'mine');
    assert.deepEqual(builds, ['mine']);
  });

  it('are not kept when the build fails: the next caller builds', async () => {
    await assert.rejects(
      recorded({ failing: true }, async () => {
        throw new Error('the run failed');
      }),
      /the run failed/,
    );
    await recorded({ failing: true }, build('retry'));
    assert.deepEqual(builds, ['retry']);
  });

  it('are handed out as copies: a caller that edits its copy changes no one else’s', async () => {
    const made = await recorded({ copied: true }, build('x'));
    const mine = await copyOf(made);
    await writeFile(join(mine, 'made-by'), 'edited');
    assert.equal(await readFile(join(made, 'made-by'), 'utf8'), 'x');
    assert.equal(await readFile(join(await copyOf(made), 'made-by'), 'utf8'), 'x');
  });
});
