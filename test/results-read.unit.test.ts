import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readComparedResults, readResultsFile } from '../src/results/read.ts';
import { UserInputError } from '../src/util/errors.ts';
import { buildResults } from './support/results-builder.ts';

const dir = await mkdtemp(join(tmpdir(), 'trialgate-read-'));
const file = async (name: string, text: string) => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};
const good = buildResults({ tasks: [{ id: 't', checks: { pass: '11' } }] });

async function rejects(path: string, field: string, message: RegExp, read: (path: string) => Promise<unknown> = readResultsFile): Promise<void> {
  await assert.rejects(read(path), (e: unknown) => {
    assert.ok(e instanceof UserInputError);
    assert.equal(e.file, path);
    assert.equal(e.field, field);
    assert.match(e.message, message);
    return true;
  });
}

test('a valid file reads back as it was written', async () => {
  assert.deepEqual(await readResultsFile(await file('ok.json', JSON.stringify(good))), good);
});

test('a missing file and broken JSON name the file', async () => {
  await rejects(join(dir, 'absent.json'), '', /no such file: a run writes its results\.json/);
  await rejects(await file('broken.json', '{"schema": "trialgate/results@1",'), '', /not valid JSON/);
});

test('another schema version says newer or older and what to do', async () => {
  await rejects(await file('newer.json', JSON.stringify({ ...good, schema: 'trialgate/results@4' })), 'schema', /newer trialgate.*upgrade trialgate/);
  await rejects(await file('older.json', JSON.stringify({ ...good, schema: 'trialgate/results@0' })), 'schema', /older trialgate.*rerun the trials/);
  await rejects(await file('other.json', JSON.stringify({ ...good, schema: 'stryker/report@1' })), 'schema', /not a trialgate results file/);
  await rejects(await file('none.json', JSON.stringify({ tasks: [] })), 'schema', /is missing/);
  await rejects(await file('array.json', '[]'), '', /found an array/);
});

test('a wrong field is named by its path', async () => {
  const bad = structuredClone(good) as unknown as { tasks: { trials: { outcome: string }[] }[] };
  bad.tasks[0]!.trials[1]!.outcome = 'maybe';
  await rejects(await file('field.json', JSON.stringify(bad)), 'tasks[0].trials[1].outcome', /Invalid option/);
});

test('both readers refuse a task id or a trial number twice, naming the file and the id', async () => {
  const twice = { ...good, tasks: [good.tasks[0]!, { ...good.tasks[0]! }] };
  const path = await file('twice.json', JSON.stringify(twice));
  for (const read of [readResultsFile, readComparedResults])
    await rejects(path, 'tasks[1].id', /task id "t" appears twice \(tasks\[0\] and tasks\[1\]\)/, read);
  const trials = structuredClone(good);
  trials.tasks[0]!.trials[1]!.trial = 1;
  await rejects(await file('trials.json', JSON.stringify(trials)), 'tasks[0].trials[1].trial', /trial 1 of task "t" appears twice/, readComparedResults);
});

test('the compared reader checks what compare uses, names its path, and lets added fields through', async () => {
  const added = {
    ...good,
    run: { ...good.run, runner: 'container' },
    tasks: good.tasks.map((t) => ({ ...t, kind: 'command', trials: t.trials.map((x) => ({ ...x, sandbox: { id: 1 } })) })),
  };
  const read = await readComparedResults(await file('added.json', JSON.stringify(added)));
  assert.equal(read.tasks[0]!.trials.length, 2);
  const cases: [(d: any) => void, string, RegExp][] = [
    [(d) => (d.tasks[0].trials[1].outcome = 'maybe'), 'tasks[0].trials[1].outcome', /one of pass \| fail/],
    [(d) => (d.tasks[0].trials[0].checks.pass = 'yes'), 'tasks[0].trials[0].checks.pass', /true or false/],
    [(d) => (d.tasks[0].summary.tokens = -1), 'tasks[0].summary.tokens', /a number ≥ 0/],
    [(d) => (d.run.k = 0), 'run.k', /an integer ≥ 1/],
    // Every output says when a run was not isolated: what it says is read and checked too.
    [(d) => (d.run.isolation = { mechanism: 'container' }), 'run.isolation.mechanism', /"bubblewrap" or "none"/],
    [(d) => delete d.tasks[0].fixture_sha256, 'tasks[0].fixture_sha256', /a string/],
    [(d) => (d.tasks = {}), 'tasks', /an array/],
  ];
  for (const [spoil, field, message] of cases) {
    const data = structuredClone(good) as any;
    spoil(data);
    await rejects(await file(`${field}.json`, JSON.stringify(data)), field, message, readComparedResults);
  }
});

test('a results@1 file (before repairs) is still read, by both readers', async () => {
  const { readComparedResults, readResultsFile } = await import('../src/results/read.ts');
  const path = await file('v1.json', JSON.stringify({ ...good, schema: 'trialgate/results@1' }));
  assert.equal((await readResultsFile(path)).schema, 'trialgate/results@1');
  assert.equal((await readComparedResults(path)).tasks.length, good.tasks.length);
});

test('a task summary past any sum of bounded figures is refused where compare reads it, naming the field', async () => {
  const results = buildResults({ tasks: [{ id: 't', checks: { pass: '111' } }] });
  (results.tasks[0]!.summary as { tokens?: number }).tokens = 1e300;
  const path = await file('huge-summary.json', JSON.stringify(results));
  await assert.rejects(readComparedResults(path), /huge-summary\.json: tasks\[0\]\.summary\.tokens: expected a sum of bounded figures/);
});
