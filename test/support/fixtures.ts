// Temporary copies of the built-in fixtures that a test may break on purpose.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * `node --import` this to run trialgate's TypeScript as the test runner does: compiled once, cached
 * (scripts/ts-register.mjs), about 0.5 s of CPU less a process than tsx; a URL, so it loads from any directory.
 */
export const TS_LOADER = pathToFileURL(join(ROOT, 'scripts', 'ts-register.mjs')).href;
export const INVENTORY = join(ROOT, 'fixtures', 'inventory');

export async function tempDir(prefix = 'trialgate-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** A copy of the inventory fixture, with `edit` applied to its fixture.json. */
export async function inventoryCopy(edit?: (manifest: Record<string, any>) => void): Promise<string> {
  const dir = join(await tempDir(), 'inventory');
  await cp(INVENTORY, dir, { recursive: true });
  if (edit) {
    const path = join(dir, 'fixture.json');
    const manifest = JSON.parse(await readFile(path, 'utf8'));
    edit(manifest);
    await writeFile(path, JSON.stringify(manifest, null, 2));
  }
  return dir;
}

/** A copy of the reference answers with `edit` applied to spec.json and cases.json. */
export async function referenceCopy(edit: (spec: Record<string, any>, cases: Record<string, any>) => void): Promise<string> {
  const dir = await tempDir('trialgate-candidate-');
  const spec = JSON.parse(await readFile(join(INVENTORY, 'reference', 'spec.json'), 'utf8'));
  const cases = JSON.parse(await readFile(join(INVENTORY, 'reference', 'cases.json'), 'utf8'));
  edit(spec, cases);
  await writeFile(join(dir, 'spec.json'), JSON.stringify(spec, null, 2));
  await writeFile(join(dir, 'cases.json'), JSON.stringify(cases, null, 2));
  return dir;
}
