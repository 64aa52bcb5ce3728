// The run's check that a task's acceptance copy is still what the run began with (trial/run-integrity.ts),
// asked before every variant's service: a trial's variants ask at the same moment, and one hash of the copy
// made after all of them asked answers each as surely as its own would; one asked after a change finds it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { stringify } from 'yaml';
import { AcceptanceCopyChanged } from '../src/acceptance/accept.ts';
import { copyFixture } from '../src/fixture/load.ts';
import { RunIntegrity } from '../src/trial/run-integrity.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { inventoryCopy, tempDir } from './support/fixtures.ts';

const made: string[] = [];
after(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

async function run() {
  const fixture = await inventoryCopy();
  const project = dirname(fixture);
  made.push(project);
  const config = {
    version: 1,
    name: 'verify',
    trials: 4,
    agent: { command: 'true' },
    watch: ['inventory/agent/skills/**'],
    tasks: [{ id: 'inventory', fixture: 'inventory', acceptance: 'http-cases' }],
  };
  await writeFile(join(project, 'trialgate.yml'), stringify(config));
  const set = await loadTrialSet(join(project, 'trialgate.yml'));
  const task = set.tasks[0]!;
  const copies = await tempDir();
  made.push(copies);
  const copy = await copyFixture(task.fixture, join(copies, 'inventory'));
  return { task, copy, integrity: await RunIntegrity.start(set, set.tasks, (t) => t.spec.id) };
}

describe("a task's acceptance copy verified before each variant", () => {
  it('is hashed once for the verifications asked at the same moment, and again for one asked after them', async () => {
    const { task, copy, integrity } = await run();
    await Promise.all([1, 2, 3, 4].map(() => integrity.verifyAcceptanceCopy(task, copy)));
    assert.equal(integrity.copiesHashed, 1);
    await integrity.verifyAcceptanceCopy(task, copy);
    assert.equal(integrity.copiesHashed, 2);
  });

  it('finds a change made after the verifications were asked, before they read the copy, in every one of them', async () => {
    const { task, copy, integrity } = await run();
    const asked = [1, 2, 3, 4].map(() =>
      integrity.verifyAcceptanceCopy(task, copy).then(
        () => 'unchanged',
        (e: unknown) => e,
      ),
    );
    // Changed at once, before anything of this process's reads the copy: as soon after the asking as can be.
    writeFileSync(join(copy.dir, 'task.txt'), 'another task\n');
    for (const found of await Promise.all(asked)) assert.ok(found instanceof AcceptanceCopyChanged, String(found));
    assert.match(integrity.error ?? '', /the acceptance copy of task inventory changed during the run \(changed task\.txt\)/);
  });
});
