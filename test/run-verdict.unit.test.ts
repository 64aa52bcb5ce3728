import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { readTrialVerdict } from '../src/cli/run.ts';
import { UserInputError } from '../src/util/errors.ts';
import { tempDir } from './support/fixtures.ts';

it("reads a trial's verdict.json through its schema: none is null, a broken one names the file (and the field)", async () => {
  const runDir = await tempDir();
  const trial = { evidence: 'task/trial-001' };
  const file = join(runDir, trial.evidence, 'evidence', 'verdict.json');
  assert.equal(await readTrialVerdict(runDir, trial), null);

  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, '{\n  "trial": 1,\n  "outcome": \n}');
  await assert.rejects(
    readTrialVerdict(runDir, trial),
    (e: Error) => e instanceof UserInputError && e.message.startsWith(file) && /not valid JSON/.test(e.message),
  );

  await writeFile(file, '{\n  "trial": "one"\n}');
  await assert.rejects(readTrialVerdict(runDir, trial), (e: Error) => e instanceof UserInputError && e.message.includes(file) && /trial/.test(e.message));
});
