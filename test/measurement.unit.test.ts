// What measures a run, as results.json records it and the gate holds a pull request's against the base's.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { measurementChanges, measurementOf } from '../src/trial/measurement.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { ROOT } from './support/fixtures.ts';

it("a task's judge items and their labelled set measure: rewording, narrowing or removing an item, or relabelling, is a change of the ruler", async () => {
  // The repository's own trial set, whose inventory task gates judge:covers-idempotency.
  const set = await loadTrialSet(join(ROOT, 'trialgate.yml'));
  const base = await measurementOf(set);
  const task = set.tasks.find((t) => t.spec.id === 'inventory-reservations')!;
  const judge = task.spec.judge!;
  const changed = async (edit: () => void) => {
    const saved = structuredClone(judge);
    edit();
    try {
      return measurementChanges(base, await measurementOf(set)).map((c) => c.what);
    } finally {
      for (const key of Object.keys(judge)) if (!(key in saved)) delete (judge as Record<string, unknown>)[key];
      Object.assign(judge, saved);
    }
  };
  const field = 'tasks.inventory-reservations.judge';
  assert.deepEqual(await changed(() => (judge.items[0]!.question = 'Does the test plan mention anything at all?')), [field], 'an easier question');
  assert.deepEqual(await changed(() => (judge.items[0]!.candidate = ['nothing.md'])), [field], 'shown another file');
  assert.deepEqual(await changed(() => judge.items.splice(0, 1)), [field], 'an item removed: its check would vanish from the head');
  assert.deepEqual(await changed(() => {}), [], 'unchanged, nothing');

  // The labelled set the items are calibrated against: other labels are another ruler.
  const labels = await mkdtemp(join(tmpdir(), 'trialgate-labels-'));
  await cp(join(set.dir, judge.labels!), labels, { recursive: true });
  judge.labels = labels;
  const copied = await measurementOf(set);
  await writeFile(
    join(labels, 'labels.json'),
    (await readFile(join(labels, 'labels.json'), 'utf8')).replace('"covers-idempotency": true', '"covers-idempotency": false'),
  );
  assert.deepEqual(
    measurementChanges(copied, await measurementOf(set)).map((c) => c.what),
    [field],
    'a label flipped',
  );
});

it('the judge measures by its endpoint, its gate and what it is shown, besides its model, command and calibration', async () => {
  const set = await loadTrialSet(join(ROOT, 'trialgate.yml'));
  const base = await measurementOf(set);
  const judge = set.config.judge!;
  const changed = async (edit: () => void) => {
    const saved = structuredClone(judge);
    edit();
    try {
      return measurementChanges(base, await measurementOf(set)).map((c) => c.what);
    } finally {
      for (const key of Object.keys(judge)) if (!(key in saved)) delete (judge as Record<string, unknown>)[key];
      Object.assign(judge, saved);
    }
  };
  // A bar no item meets, or a prompt no calibration was made for, ungates every item: their losses would pass.
  assert.deepEqual(await changed(() => (judge.gate = { ...judge.gate, min_kappa: 1 })), ['judge']);
  assert.deepEqual(await changed(() => (judge.gate = { ...judge.gate, min_labels: 1000 })), ['judge']);
  assert.deepEqual(await changed(() => (judge.max_file_chars = 10)), ['judge']);
  assert.deepEqual(await changed(() => (judge.max_tokens = 1)), ['judge'], 'a budget that leaves every item unjudged');
  // Another endpoint under the same model name is another judge (one that answers yes to everything).
  assert.deepEqual(await changed(() => (judge.base_url = 'https://judge.example/v1')), ['judge']);
  assert.deepEqual(await changed(() => (judge.pairs = 1)), [], 'how many pairs the blind comparison shows measures nothing');
});

it("a task's acceptor named in trialgate.yml measures by every setting, not its command alone; one named in fixture.json is in its hash", async () => {
  const set = await loadTrialSet(join(ROOT, 'trialgate.yml'));
  const task = set.tasks[0]!;
  const field = `tasks.${task.spec.id}.acceptance.settings`;
  delete task.spec.acceptance;
  const fixtureOwn = await measurementOf(set);
  task.spec.acceptance = { kind: 'http-cases', timeout_seconds: 120 };
  const named = await measurementOf(set);
  assert.deepEqual(
    measurementChanges(fixtureOwn, named).map((c) => c.what),
    [field],
    'moved from fixture.json to trialgate.yml',
  );
  task.spec.acceptance = { kind: 'http-cases', timeout_seconds: 5 };
  assert.deepEqual(measurementChanges(named, await measurementOf(set)), [{ what: field, base: '{"timeout_seconds":120}', head: '{"timeout_seconds":5}' }]);
});
