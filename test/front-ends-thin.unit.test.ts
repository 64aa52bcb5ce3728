// Issue 36: the action and `trialgate gate` are thin (at most 60 lines each: they gather inputs, build the
// gate's ports and map its outcome), and a run has one shape on every path: nothing in src/ reads a run it
// recorded back whole. Read from the source.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './support/fixtures.ts';

const SRC = join(ROOT, 'src');

async function sources(dir = SRC): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(path)));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const lines = async (file: string) => (await readFile(join(SRC, file), 'utf8')).trimEnd().split('\n').length;

describe('the gate’s front ends', () => {
  it('are at most 60 lines each', async () => {
    for (const file of ['action/main.ts', 'cli/gate.ts']) assert.ok((await lines(file)) <= 60, `${file} has ${await lines(file)} lines`);
  });

  it('hold a run as recordTrialSet returns it: runTrialSet (a run read back whole) is called nowhere in src/', async () => {
    const callers: string[] = [];
    for (const file of await sources()) if (/\brunTrialSet\(/.test(await readFile(file, 'utf8'))) callers.push(relative(SRC, file));
    assert.deepEqual(callers, ['trial/run-set.ts']);
  });

  it('read whole only the runs they did not record: base runs, shards, archived runs and the files compare is given', async () => {
    const readers: string[] = [];
    for (const file of await sources()) if (/\breadResultsFile\(/.test(await readFile(file, 'utf8'))) readers.push(relative(SRC, file));
    assert.deepEqual(readers.sort(), [
      'action/baselines.ts', // the baseline workflow's artefacts
      'action/shards.ts', // the shards' artefacts, joined
      'cli/compare.ts', // `trialgate compare BASE HEAD`
      'cli/failures.ts', // runs given to the failure archive
      'gate/local-bases.ts', // the base runs `trialgate gate` is given
      'results/read.ts', // where it is defined
      'trial/run-set.ts', // runTrialSet, for tests and benches
    ]);
  });
});
