// Where what ships with trialgate is (the built-in fixtures, the agent adapters): beside the package,
// whether this code runs from src/ or bundled in dist/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: the nearest ancestor of this file (src/util/ or dist/) with the built-in fixtures. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'fixtures', 'inventory', 'fixture.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('trialgate: cannot find its built-in fixtures/ next to the package');
    dir = parent;
  }
  return dir;
}
