// What a sandboxed process writes, the runner removes after it, even what it made unreadable to the runner's
// own user: a directory of mode 000 in an agent's scratch or a service's socket directory stops `rm -rf` as
// an ordinary user (never as root), and would fail the whole run after its trials. Run as an ordinary user
// (`nobody` when the tests run as root), as trialgate runs on a CI runner.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { build } from 'esbuild';
import { ROOT, tempDir } from './support/fixtures.ts';
import { NOBODY } from './support/unprivileged.ts';

/** Runs `code` (TypeScript importing from src/) as an ordinary user in `dir`: its exit status and stderr. */
async function asOrdinaryUser(dir: string, code: string): Promise<{ status: number | null; stderr: string }> {
  const script = join(dir, 'script.mjs');
  await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts' },
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  const root = process.getuid?.() === 0;
  if (root) spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir]);
  const argv = root ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, script] : [process.execPath, script];
  const done = spawnSync(argv[0]!, argv.slice(1), { cwd: dir, encoding: 'utf8' });
  return { status: done.status, stderr: done.stderr };
}

/** A tree as a hostile sandboxed process leaves it: a locked directory with a file in it, and a link out. */
async function lockedTree(dir: string, outside: string): Promise<string> {
  const tree = join(dir, 'tree');
  await mkdir(join(tree, 'a', 'locked', 'deeper'), { recursive: true });
  await writeFile(join(tree, 'a', 'locked', 'deeper', 'file'), 'x');
  await symlink(outside, join(tree, 'a', 'out'));
  return tree;
}

it('a tree with a directory of mode 000 in it is removed all the same; a link in it is not followed', async () => {
  const dir = await tempDir('trialgate-remove-');
  await chmod(dir, 0o755);
  const outside = join(dir, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'kept'), 'x');
  const tree = await lockedTree(dir, outside);
  const plain = await lockedTree(join(dir, 'plain'), outside);
  const lock = (t: string) =>
    `await import('node:fs/promises').then((fs) => Promise.all([fs.chmod('${join(t, 'a', 'locked', 'deeper')}', 0o000), fs.chmod('${join(t, 'a', 'locked')}', 0o000)]));`;

  const removed = await asOrdinaryUser(dir, `import { removeWritten } from './src/util/files.ts';\n${lock(tree)}\nawait removeWritten('${tree}');`);
  assert.equal(removed.status, 0, removed.stderr);
  assert.ok(!existsSync(tree), 'the tree is gone');
  assert.ok(existsSync(join(outside, 'kept')), 'what its link led to is untouched');

  // What it replaces: node's own recursive removal stops there as the same user.
  const failed = await asOrdinaryUser(dir, `import { rm } from 'node:fs/promises';\n${lock(plain)}\nawait rm('${plain}', { recursive: true, force: true });`);
  assert.notEqual(failed.status, 0, 'a plain recursive removal is refused: the test shows what removeWritten does');
  assert.match(failed.stderr, /EACCES|EPERM/);
});
