// The CLI as an ordinary user (`nobody` when the tests run as root): what a permission does to trialgate
// shows only where it is not root, who reads a file of mode 000 all the same. The CLI is bundled from
// this source into the project directory, which that user may not otherwise be able to read.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './fixtures.ts';

export const NOBODY = 65534;

/** Run `trialgate …args` in `dir` as an ordinary user; `dir` is opened to that user first. */
export async function runAsUser(dir: string, args: readonly string[], env: Record<string, string> = {}): Promise<SpawnSyncReturns<string>> {
  const cli = join(dir, 'cli.mjs');
  await build({
    entryPoints: [join(ROOT, 'src', 'cli', 'bin.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);" },
  });
  await chmod(dir, 0o777);
  spawnSync('chmod', ['-R', 'a+rwX', dir]);
  const node = [process.execPath, cli, ...args];
  const command = process.getuid?.() === 0 ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', ...node] : node;
  return spawnSync(command[0]!, command.slice(1), { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir, ...env } });
}
