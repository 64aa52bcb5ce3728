import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readResultsFile } from '../src/compare/read-results.ts';
import { UserInputError } from '../src/util/errors.ts';
import { buildResults } from './support/results-builder.ts';

const dir = await mkdtemp(join(tmpdir(), 'trialgate-read-'));
const file = async (name: string, text: string) => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};
const good = buildResults({ tasks: [{ id: 't', checks: { pass: '11' } }] });

async function rejects(path: string, field: string, message: RegExp): Promise<void> {
  await assert.rejects(readResultsFile(path), (e: unknown) => {
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
  await rejects(join(dir, 'absent.json'), '', /file not found/);
  await rejects(await file('broken.json', '{"schema": "trialgate/results@1",'), '', /not valid JSON/);
});

test('another schema version says newer or older and what to do', async () => {
  await rejects(await file('newer.json', JSON.stringify({ ...good, schema: 'trialgate/results@2' })), 'schema', /newer trialgate.*upgrade trialgate/);
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
