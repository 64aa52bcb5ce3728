// Golden files: compare with test/golden/<name>, or (re)write it when UPDATE_GOLDEN=1.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export async function assertGolden(name: string, actual: string): Promise<void> {
  const path = fileURLToPath(new URL(`../golden/${name}`, import.meta.url));
  if (process.env.UPDATE_GOLDEN === '1') {
    await writeFile(path, actual);
    return;
  }
  const expected = await readFile(path, 'utf8').catch(() => {
    throw new Error(`golden file test/golden/${name} is missing: run the test with UPDATE_GOLDEN=1, then read it`);
  });
  assert.equal(actual, expected, `output differs from test/golden/${name} (UPDATE_GOLDEN=1 rewrites it)`);
}
