// The reporters trialgate ships (reporters/ in the package: pytest, Jest, Vitest, node:test, go test, cargo test), shown
// read-only to every `command` acceptor as $TRIALGATE_REPORTERS, so a fixture loads one by name with
// nothing copied in. Their bytes are part of the acceptor's version when its command names them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from '../../util/hash.ts';

export const REPORTERS_VARIABLE = 'TRIALGATE_REPORTERS';

let found: string | undefined;

/** reporters/ of the package: the nearest ancestor of this file (src/kinds/command/ or dist/) that has it. */
export function reportersDir(): string {
  if (found) return found;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'reporters', 'trialgate_pytest.py'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('trialgate: cannot find its reporters/ next to the package');
    dir = parent;
  }
  return (found = join(dir, 'reporters'));
}

let digest: string | undefined;

/** One hash of every shipped reporter: a reporter that changes changes the acceptor that uses it. */
export function reportersSha256(): string {
  if (digest) return digest;
  const dir = reportersDir();
  const files = readdirSync(dir)
    .filter((name) => !name.startsWith('.') && name !== '__pycache__')
    .sort();
  return (digest = sha256(files.map((name) => `${name}\0${sha256(readFileSync(join(dir, name)))}`).join('\n')));
}
